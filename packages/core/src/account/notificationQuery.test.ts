import { describe, expect, it } from 'vitest';
import type { NotificationDto } from '../api/types';
import {
  DEFAULT_NOTIFICATION_VIEW,
  hasNotificationFilters,
  liveNotificationPlacement,
  notificationApiQuery,
  notificationExportQuery,
  notificationSearchFromView,
  notificationViewFromSearch,
  prependNotification,
} from './notificationQuery';
import type { NotificationView } from './notificationQuery';

const ALERT_A = '6f1c1a52-3a4e-4c43-9f61-1f7f3c0c2b11';
const ALERT_B = '7a2d2b63-4b5f-4d54-8a72-2a8a4d1d3c22';

const view = (overrides: Partial<NotificationView> = {}): NotificationView => ({
  ...DEFAULT_NOTIFICATION_VIEW,
  ...overrides,
});
const parse = (search: string) => notificationViewFromSearch(new URLSearchParams(search).entries());

describe('notification view ↔ URL', () => {
  it.each<[string, string, Partial<NotificationView>]>([
    ['nothing', '', {}],
    ['a search term', 'searchTerm=fiets', { searchTerm: 'fiets' }],
    ['alerts, comma-separated', `alertIds=${ALERT_A},${ALERT_B}`, { alertIds: [ALERT_A, ALERT_B] }],
    ['one alert as alertId', `alertId=${ALERT_A}`, { alertIds: [ALERT_A] }],
    ['a platform', 'platform=2dehands', { platform: '2dehands' }],
    ['a price range', 'minPrice=10&maxPrice=99.5', { minPrice: 10, maxPrice: 99.5 }],
    [
      'dates',
      'startDate=2026-03-01&endDate=2026-03-02',
      { startDate: '2026-03-01', endDate: '2026-03-02' },
    ],
    ['sort and order', 'sortBy=price&sortOrder=asc', { sortBy: 'price', sortOrder: 'asc' }],
    ['a page', 'page=3', { page: 3 }],
  ])('%s', (_case, search, expected) => {
    const parsed = parse(search);
    expect(parsed).toEqual(view(expected));
    // And back: the same query (alertId is written as alertIds).
    const written = new URLSearchParams(notificationSearchFromView(parsed)).toString();
    expect(parse(written)).toEqual(parsed);
  });

  it.each([
    ['a page that is no number', 'page=abc&platform=marktplaats', { platform: 'marktplaats' }],
    ['an unknown platform', 'platform=ebay&searchTerm=x', { searchTerm: 'x' }],
    ['an unknown sort field', 'sortBy=colour', {}],
    ['an inverted price range', 'minPrice=50&maxPrice=10&page=2', { page: 2, maxPrice: 10 }],
    [
      'an inverted date range',
      'startDate=2026-03-05&endDate=2026-03-01',
      { startDate: '2026-03-05' },
    ],
    ['a bad alert id', 'alertIds=nope', {}],
  ] as const)('drops %s and keeps the rest', (_case, search, expected) => {
    expect(parse(search)).toEqual(view(expected as Partial<NotificationView>));
  });

  it('writes no defaults and no empty filters', () => {
    expect(notificationSearchFromView(view())).toEqual([]);
    expect(notificationSearchFromView(view({ page: 2, sortOrder: 'asc' }))).toEqual([
      ['sortOrder', 'asc'],
      ['page', '2'],
    ]);
  });
});

describe('the API query', () => {
  it('asks for pages of 10 with the filters of the view', () => {
    expect(
      notificationApiQuery(view({ page: 2, platform: 'marktplaats', alertIds: [ALERT_A] })),
    ).toEqual({
      page: 2,
      limit: 10,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      platform: 'marktplaats',
      alertIds: [ALERT_A],
    });
  });

  it('exports every match: filters and sort, no page', () => {
    expect(notificationExportQuery(view({ page: 4, minPrice: 5, sortBy: 'title' }))).toEqual({
      sortBy: 'title',
      sortOrder: 'desc',
      minPrice: 5,
    });
  });
});

describe('live notifications', () => {
  it.each<[string, Partial<NotificationView>, 'prepend' | 'count']>([
    ['page 1, newest first, no filters', {}, 'prepend'],
    ['page 2', { page: 2 }, 'count'],
    ['oldest first', { sortOrder: 'asc' }, 'count'],
    ['sorted by price', { sortBy: 'price' }, 'count'],
    ['a search term', { searchTerm: 'fiets' }, 'count'],
    ['an alert filter', { alertIds: [ALERT_A] }, 'count'],
    ['a platform filter', { platform: 'marktplaats' }, 'count'],
    ['a minimum price', { minPrice: 0 }, 'count'],
    ['an end date', { endDate: '2026-03-01' }, 'count'],
  ])('%s → %s', (_case, overrides, placement) => {
    expect(liveNotificationPlacement(view(overrides))).toBe(placement);
    expect(hasNotificationFilters(view(overrides))).toBe(
      !['page 1, newest first, no filters', 'page 2', 'oldest first', 'sorted by price'].includes(
        _case,
      ),
    );
  });

  const note = (id: string) => ({ id }) as NotificationDto;

  it('prepends, keeps the page size and counts the new one', () => {
    const page = {
      notifications: [note('b'), note('c')],
      pagination: { page: 1, limit: 2, total: 2, totalPages: 1 },
    };
    expect(prependNotification(page, note('a'))).toEqual({
      notifications: [note('a'), note('b')],
      pagination: { page: 1, limit: 2, total: 3, totalPages: 2 },
    });
  });

  it('does not repeat a notification already shown', () => {
    const page = {
      notifications: [note('a')],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
    };
    expect(prependNotification(page, note('a'))).toBe(page);
  });
});
