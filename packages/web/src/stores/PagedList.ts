import { makeAutoObservable } from 'mobx';
import type { Pagination } from '@prijsalarm/core';
import { latestLoad } from './latestLoad';
import type { LoadState, LoadStatus } from './latestLoad';

/** What a filter may hold: '' is "all" (a select's first option, an empty search box). */
export type ListQuery = Record<string, string>;

/** The query the API is sent: the page, and the filters that say something (trimmed). */
export type PageRequest<Query extends ListQuery> = { page: number } & {
  [K in keyof Query]?: Exclude<Query[K], ''>;
};

/** One page of the list as the server answers it. */
export interface ListPage<Item> {
  items: Item[];
  pagination: Pagination;
}

/**
 * A list the server filters and pages (the admin's users and alerts): the filters as typed, the
 * page shown, its items and pager. A changed filter starts again from page 1; only the answer to
 * the latest request lands, so a slow earlier page never overwrites a newer one.
 */
export class PagedList<Item extends { id: string }, Query extends ListQuery> implements LoadState {
  query: Query;
  page = 1;
  items: Item[] = [];
  pagination: Pagination | null = null;
  status: LoadStatus = 'idle';
  error: string | null = null;
  /** Whether the page shown was asked with a search or a filter (an empty list then says so). */
  isFiltered = false;
  private readonly latest = latestLoad();

  constructor(
    private readonly initialQuery: Query,
    private readonly fetchPage: (request: PageRequest<Query>) => Promise<ListPage<Item>>,
  ) {
    this.query = { ...initialQuery };
    makeAutoObservable<PagedList<Item, Query>, 'latest' | 'fetchPage' | 'initialQuery'>(
      this,
      { latest: false, fetchPage: false, initialQuery: false },
      { autoBind: true },
    );
  }

  /** The search and filters back to "all", from page 1. */
  clearFilters(): Promise<void> {
    this.query = { ...this.initialQuery };
    return this.apply();
  }

  /** The request for the page and filters as they stand now. */
  get request(): PageRequest<Query> {
    const request: Record<string, string | number> = { page: this.page };
    for (const [key, value] of Object.entries(this.query)) {
      if (value.trim() !== '') request[key] = value.trim();
    }
    return request as PageRequest<Query>;
  }

  load(): Promise<void> {
    const request = this.request;
    return this.latest(
      this,
      () => this.fetchPage(request),
      (answer) => {
        this.items = answer.items;
        this.pagination = answer.pagination;
        this.isFiltered = Object.keys(request).some((key) => key !== 'page');
      },
    );
  }

  /** Typing in a filter (the search box): it counts from the next `apply`. */
  setQuery<K extends keyof Query>(key: K, value: Query[K]): void {
    this.query = { ...this.query, [key]: value };
  }

  /** The filters as they stand, from page 1. */
  apply(): Promise<void> {
    this.page = 1;
    return this.load();
  }

  /** A select filter counts at once. */
  filter<K extends keyof Query>(key: K, value: Query[K]): Promise<void> {
    this.setQuery(key, value);
    return this.apply();
  }

  goToPage(page: number): Promise<void> {
    this.page = page;
    return this.load();
  }

  /** An item the server changed (a plan): shown at once, in its place. */
  replace(updated: Item): void {
    this.items = this.items.map((item) => (item.id === updated.id ? updated : item));
  }

  /** An item the server deleted: gone at once, before the page is read again. */
  remove(id: string): void {
    this.items = this.items.filter((item) => item.id !== id);
  }
}
