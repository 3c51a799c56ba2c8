/**
 * An admin list (users, alerts): its heading, the search bar with its filters, the paged table.
 * The tabs differ only in their filters, columns and rows.
 */
import { observer } from 'mobx-react-lite';
import type { ComponentProps, ReactNode } from 'react';
import { PagedTable } from '../../components/ui/PagedTable';
import { SearchBar } from '../../components/ui/SearchBar';
import { SelectField } from '../../components/ui/SelectField';
import type { PagedList } from '../../stores/PagedList';

type SearchableQuery = { search: string } & Record<string, string>;

function AdminListSectionView<Query extends SearchableQuery>({
  id,
  title,
  searchLabel,
  list,
  filters,
  ...table
}: {
  id: string;
  title: string;
  searchLabel: string;
  list: PagedList<{ id: string }, Query>;
  /** The selects beside the search box (`ListFilter`). */
  filters: ReactNode;
} & Omit<ComponentProps<typeof PagedTable>, 'list' | 'caption'>) {
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="visually-hidden">
        {title}
      </h2>
      <SearchBar
        label={searchLabel}
        value={list.query.search}
        onChange={(search) => list.setQuery('search', search as Query['search'])}
        onSubmit={() => void list.apply()}
      >
        {filters}
      </SearchBar>
      <PagedTable list={list} caption={title} {...table} />
    </section>
  );
}

export const AdminListSection = observer(AdminListSectionView) as typeof AdminListSectionView;

/** A filter of an admin list: all (`''`, labelled `allLabel`) or one of `options`. */
function ListFilterView<Query extends SearchableQuery, Key extends keyof Query & string>({
  list,
  name,
  label,
  allLabel,
  options,
}: {
  list: PagedList<{ id: string }, Query>;
  name: Key;
  label: string;
  allLabel: string;
  options: readonly { value: Query[Key]; label: string }[];
}) {
  return (
    <SelectField<Query[Key]>
      label={label}
      value={list.query[name]}
      options={[{ value: '' as Query[Key], label: allLabel }, ...options]}
      onChange={(value) => void list.filter(name, value)}
    />
  );
}

export const ListFilter = observer(ListFilterView) as typeof ListFilterView;
