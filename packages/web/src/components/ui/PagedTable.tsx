import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { EMPTY_STATE_TEXTS } from '@prijsalarm/core';
import type { ListQuery, PagedList } from '../../stores/PagedList';
import { DataTable } from './DataTable';
import { EmptyState } from './EmptyState';
import type { IconName } from './Icon';
import { LoadError, Loading } from './LoadError';
import { Pager } from './Pager';

/**
 * A paged list (the admin's users and alerts): loading, error and empty states, the table with its
 * header, the pager. Empty after a search or filter, it offers to clear them.
 */
export const PagedTable = observer(function PagedTable({
  list,
  rowCount,
  emptyText,
  empty,
  caption,
  columns,
  children,
}: {
  list: Pick<
    PagedList<never, ListQuery>,
    'status' | 'error' | 'pagination' | 'load' | 'goToPage' | 'isFiltered' | 'clearFilters'
  >;
  rowCount: number;
  /** What an empty answer to a search or filter says. */
  emptyText: string;
  /** What an empty list says when nothing was searched (default: `emptyText`). */
  empty?: { symbol: IconName; title: string; text: string };
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <>
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && list.error && (
        <LoadError message={list.error} onRetry={() => void list.load()} />
      )}
      {list.status === 'ready' &&
        rowCount === 0 &&
        (list.isFiltered || !empty ? (
          <EmptyState
            symbol="search"
            title={emptyText}
            action={
              list.isFiltered
                ? {
                    label: EMPTY_STATE_TEXTS.admin.clearFilters,
                    onClick: () => void list.clearFilters(),
                  }
                : undefined
            }
          >
            {list.isFiltered && <p>{EMPTY_STATE_TEXTS.admin.filteredText}</p>}
          </EmptyState>
        ) : (
          <EmptyState symbol={empty.symbol} title={empty.title}>
            <p>{empty.text}</p>
          </EmptyState>
        ))}
      {rowCount > 0 && (
        <DataTable caption={caption} columns={columns}>
          {children}
        </DataTable>
      )}
      {list.pagination && (
        <Pager
          page={list.pagination.page}
          totalPages={list.pagination.totalPages}
          onPage={(n) => void list.goToPage(n)}
        />
      )}
    </>
  );
});
