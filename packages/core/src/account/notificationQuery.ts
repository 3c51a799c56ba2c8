/**
 * The notification centre's view (filters, sort and page) as it lives in the page's URL and
 * as it goes to GET /notifications: parsing with the server's own schema, writing without the
 * defaults, and where a live notification goes.
 */
import type { NotificationDto, Pagination } from '../api/types';
import { NOTIFICATION_PAGE_SIZE } from '../constants';
import { notificationQuerySchema } from '../validation/requests';
import type { NotificationQuery, ParsedNotificationQuery } from '../validation/requests';

/** What the page shows: the parsed query without the page size, which is always 10. */
export type NotificationView = Omit<ParsedNotificationQuery, 'limit'>;

export const DEFAULT_NOTIFICATION_VIEW: NotificationView = {
  page: 1,
  sortBy: 'createdAt',
  sortOrder: 'desc',
  searchTerm: undefined,
  alertIds: undefined,
  platform: undefined,
  minPrice: undefined,
  maxPrice: undefined,
  startDate: undefined,
  endDate: undefined,
  kind: undefined,
};

const FILTER_KEYS = [
  'searchTerm',
  'alertIds',
  'platform',
  'minPrice',
  'maxPrice',
  'startDate',
  'endDate',
  'kind',
] as const satisfies readonly (keyof NotificationView)[];

const MAX_REPAIRS = 12;

/** Query-string pairs (e.g. `URLSearchParams.entries()`) as the schema reads them. */
function rawQuery(entries: Iterable<readonly [string, string]>): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of entries) {
    const known = raw[key];
    if (known === undefined) raw[key] = value;
    else raw[key] = Array.isArray(known) ? [...known, value] : [known, value];
  }
  return raw;
}

/**
 * The view a URL asks for. A value the server's schema refuses (a typed-in `?page=abc`, an
 * inverted price range) is dropped rather than failing the page: the rest still applies.
 */
export function notificationViewFromSearch(
  entries: Iterable<readonly [string, string]>,
): NotificationView {
  const raw: Record<string, unknown> = rawQuery(entries);
  for (let repair = 0; repair < MAX_REPAIRS; repair += 1) {
    const result = notificationQuerySchema.safeParse(raw);
    if (result.success) {
      const { limit: _limit, ...view } = result.data;
      return { ...DEFAULT_NOTIFICATION_VIEW, ...view };
    }
    const badKeys = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    if (![...badKeys].some((key) => key in raw)) break;
    for (const key of badKeys) delete raw[key];
  }
  return { ...DEFAULT_NOTIFICATION_VIEW };
}

/** The URL query of a view; defaults (page 1, newest first) and empty filters are left out. */
export function notificationSearchFromView(view: NotificationView): [string, string][] {
  const pairs: [string, string][] = [];
  const add = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') pairs.push([key, String(value)]);
  };
  add('searchTerm', view.searchTerm);
  if (view.alertIds && view.alertIds.length > 0) add('alertIds', view.alertIds.join(','));
  add('platform', view.platform);
  add('minPrice', view.minPrice);
  add('maxPrice', view.maxPrice);
  add('startDate', view.startDate);
  add('endDate', view.endDate);
  add('kind', view.kind);
  if (view.sortBy !== DEFAULT_NOTIFICATION_VIEW.sortBy) add('sortBy', view.sortBy);
  if (view.sortOrder !== DEFAULT_NOTIFICATION_VIEW.sortOrder) add('sortOrder', view.sortOrder);
  if (view.page !== 1) add('page', view.page);
  return pairs;
}

/** GET /notifications (and the CSV export) for a view: pages of 10. */
export function notificationApiQuery(view: NotificationView): NotificationQuery {
  const query: NotificationQuery = {
    page: view.page,
    limit: NOTIFICATION_PAGE_SIZE,
    sortBy: view.sortBy,
    sortOrder: view.sortOrder,
  };
  for (const key of FILTER_KEYS) {
    const value = view[key];
    if (value !== undefined) Object.assign(query, { [key]: value });
  }
  return query;
}

/** The export takes the filters and the sort, never a page: it holds every match. */
export function notificationExportQuery(view: NotificationView): NotificationQuery {
  const { page: _page, limit: _limit, ...query } = notificationApiQuery(view);
  return query;
}

export function hasNotificationFilters(view: NotificationView): boolean {
  return FILTER_KEYS.some((key) => {
    const value = view[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
}

/**
 * Where a notification that arrives live goes: on the first page of the newest-first list
 * without filters it is shown at once; anywhere else the page would jump, so it is only counted
 * ("N nieuwe meldingen — vernieuwen").
 */
export function liveNotificationPlacement(view: NotificationView): 'prepend' | 'count' {
  const isDefaultSort =
    view.sortBy === DEFAULT_NOTIFICATION_VIEW.sortBy &&
    view.sortOrder === DEFAULT_NOTIFICATION_VIEW.sortOrder;
  return view.page === 1 && isDefaultSort && !hasNotificationFilters(view) ? 'prepend' : 'count';
}

/**
 * The page with a live notification on top: a notification already shown is not repeated, the
 * page keeps its size and the pagination counts the new one.
 */
export function prependNotification(
  page: { notifications: NotificationDto[]; pagination: Pagination },
  notification: NotificationDto,
): { notifications: NotificationDto[]; pagination: Pagination } {
  if (page.notifications.some((known) => known.id === notification.id)) return page;
  const { limit } = page.pagination;
  const total = page.pagination.total + 1;
  return {
    notifications: [notification, ...page.notifications].slice(0, limit),
    pagination: { ...page.pagination, total, totalPages: Math.ceil(total / limit) },
  };
}
