import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket, WebSocketServer } from 'ws';
import { runInAction } from 'mobx';
import {
  ALERT_FIELD_TEXTS,
  API_TEXTS,
  DEFAULT_RETENTION,
  NOTIFICATION_STATS_DAYS,
  PRICE_DROP_TEXTS,
  RETENTION_TEXTS,
  SCREEN_TEXTS,
  VALIDATION_TEXTS,
  applySetting,
  formatDayShort,
} from '@prijsalarm/core';
import type { NotificationDto, NotificationStatsOverview } from '@prijsalarm/core';
import type { DownloadableFile } from '../../platform/download';
import { browserDownload } from '../../platform/download';
import { LiveEventsStore } from '../../stores/LiveEventsStore';
import { RecordingNavigator, startHttpDouble, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { startLiveEventsServer, wsFactory } from '../../test/liveEvents';
import type { LiveEventsServer } from '../../test/liveEvents';
import { appNavigator, renderApp } from '../../test/render';
import {
  ALERT_ID,
  ALERT_ID_2,
  capabilities,
  notificationDto,
  signedInStore,
} from '../../test/screens';
import { NotificationsStore } from './NotificationsStore';

let server: HttpDouble;
let live: LiveEventsServer;
let sockets: WebSocketServer;
let socketUrl: string;
beforeAll(async () => {
  server = await startHttpDouble();
  live = await startLiveEventsServer();
  ({ sockets, url: socketUrl } = live);
});
afterAll(async () => {
  await server.close();
  await live.close();
});
beforeEach(() => server.reset());
afterEach(() => {
  live.reset();
  expect(server.unscripted).toEqual([]);
});

const texts = SCREEN_TEXTS.notifications;
const page = (notifications: NotificationDto[], total = notifications.length, pageNo = 1) => ({
  notifications,
  pagination: { page: pageNo, limit: 10, total, totalPages: Math.ceil(total / 10) },
});
const note = (n: number, overrides: Partial<NotificationDto> = {}) =>
  notificationDto({
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`,
    listing: { ...notificationDto().listing, title: `Fiets ${n}` },
    ...overrides,
  });

async function storeAt(search = '') {
  const navigator = new RecordingNavigator(`/notifications${search}`);
  const { store: root } = await signedInStore(server, { navigator });
  const downloads: DownloadableFile[] = [];
  const store = new NotificationsStore(root, (file) => downloads.push(file));
  return { root, store, navigator, downloads };
}

describe('NotificationsStore: the view in the URL and the query', () => {
  it.each([
    ['', '?page=1&limit=10&sortBy=createdAt&sortOrder=desc'],
    ['?page=2', '?page=2&limit=10&sortBy=createdAt&sortOrder=desc'],
    ['?searchTerm=gazelle', '?page=1&limit=10&sortBy=createdAt&sortOrder=desc&searchTerm=gazelle'],
    [
      `?alertIds=${ALERT_ID},${ALERT_ID_2}`,
      `?page=1&limit=10&sortBy=createdAt&sortOrder=desc&alertIds=${ALERT_ID},${ALERT_ID_2}`,
    ],
    ['?platform=2dehands', '?page=1&limit=10&sortBy=createdAt&sortOrder=desc&platform=2dehands'],
    [
      '?minPrice=10&maxPrice=99',
      '?page=1&limit=10&sortBy=createdAt&sortOrder=desc&minPrice=10&maxPrice=99',
    ],
    [
      '?startDate=2026-03-01&endDate=2026-03-02',
      '?page=1&limit=10&sortBy=createdAt&sortOrder=desc&startDate=2026-03-01&endDate=2026-03-02',
    ],
    ['?sortBy=price&sortOrder=asc', '?page=1&limit=10&sortBy=price&sortOrder=asc'],
    ['?page=zero&platform=ebay', '?page=1&limit=10&sortBy=createdAt&sortOrder=desc'],
  ])('the URL %s asks GET /notifications%s', async (search, query) => {
    const { store } = await storeAt(search);
    server.script('GET', '/api/notifications', { body: page([note(1)]) });
    await store.showSearch(search);
    expect(server.requestsTo('GET', '/api/notifications')[0]?.search).toBe(query);
    expect(store.notifications).toHaveLength(1);
  });

  it.each([
    ['searchTerm', 'gazelle', '/notifications?searchTerm=gazelle'],
    ['platform', 'marktplaats', '/notifications?platform=marktplaats'],
    ['minPrice', '12,50', '/notifications?minPrice=12.5'],
    ['maxPrice', '300', '/notifications?maxPrice=300'],
    ['maxPrice', '1.000', '/notifications?maxPrice=1000'],
    ['maxPrice', '€ 400,-', '/notifications?maxPrice=400'],
    ['startDate', '2026-03-01', '/notifications?startDate=2026-03-01'],
    ['endDate', '2026-03-02', '/notifications?endDate=2026-03-02'],
    ['alertIds', [ALERT_ID], `/notifications?alertIds=${ALERT_ID}`],
  ] as const)('the filter %s = %s goes into the URL as %s (page 1)', async (field, value, path) => {
    const { store, navigator } = await storeAt('?page=3');
    server.script('GET', '/api/notifications', { body: page([], 30, 3) });
    await store.showSearch('?page=3');
    store.filters.set(field, value as never);
    await store.applyFilters();
    expect(navigator.visited.at(-1)).toBe(path);
  });

  it.each([
    ['minPrice', '50', 'maxPrice', '10', 'minPrice', ALERT_FIELD_TEXTS.minAboveMax],
    ['minPrice', 'veel', 'maxPrice', '', 'minPrice', ALERT_FIELD_TEXTS.priceInvalid],
    ['minPrice', '1.000', 'maxPrice', '400', 'minPrice', ALERT_FIELD_TEXTS.minAboveMax],
    ['minPrice', '', 'maxPrice', '1,500', 'maxPrice', ALERT_FIELD_TEXTS.priceSeparators],
    [
      'startDate',
      '2026-03-05',
      'endDate',
      '2026-03-01',
      'endDate',
      VALIDATION_TEXTS.dateRangeInverted,
    ],
  ] as const)('refuses %s %s with %s %s in Dutch', async (a, aValue, b, bValue, field, message) => {
    const { store, navigator } = await storeAt();
    store.filters.set(a, aValue);
    store.filters.set(b, bValue);
    await store.applyFilters();
    expect(store.filters.error(field)).toBe(message);
    expect(navigator.visited).toEqual([]);
  });

  it('shows a price filter from the URL as a Dutch user writes it', async () => {
    const { store } = await storeAt();
    server.script('GET', '/api/notifications', { body: page([]) });
    await store.showSearch('?minPrice=12.5&maxPrice=1000');
    expect(store.filters.values).toMatchObject({ minPrice: '12,50', maxPrice: '1000' });
  });

  it('pages, sorts and resets through the URL, keeping the other choices', async () => {
    const { store, navigator } = await storeAt();
    server.script('GET', '/api/notifications', { body: page([note(1)], 25) });
    await store.showSearch('?platform=marktplaats&sortOrder=asc');
    expect(store.totalPages).toBe(3);
    store.goToPage(3);
    expect(navigator.visited.at(-1)).toBe(
      '/notifications?platform=marktplaats&sortOrder=asc&page=3',
    );
    store.setSort('price', 'desc');
    expect(navigator.visited.at(-1)).toBe('/notifications?platform=marktplaats&sortBy=price');
    store.resetFilters();
    expect(navigator.visited.at(-1)).toBe('/notifications?sortOrder=asc');
  });

  it('marks a new notification viewed (PUT …/viewed) and counts one less unread', async () => {
    const { store } = await storeAt();
    server.script('GET', '/api/notifications', { body: page([note(1)]) });
    server.script('GET', '/api/notifications/stats/overview', {
      body: { total: 1, unread: 1, perAlert: [], perPlatform: [], perDay: [] },
    });
    await store.showSearch('');
    await store.loadStats();
    const target = store.notifications[0]!;
    server.script('PUT', `/api/notifications/${target.id}/viewed`, {
      body: { notification: { ...target, viewed: true, viewedAt: '2026-03-02T10:00:00.000Z' } },
    });
    await store.markViewed(target);
    expect(store.notifications[0]?.viewed).toBe(true);
    expect(store.stats?.unread).toBe(0);
    // Already viewed: no second call.
    await store.markViewed(store.notifications[0]!);
    expect(server.requestsTo('PUT', `/api/notifications/${target.id}/viewed`)).toHaveLength(1);
  });

  it('an answer sent before "Alles als gelezen markeren" lands read, not unread again', async () => {
    const { store } = await storeAt();
    let answerList!: () => void;
    let answerStats!: () => void;
    server.script('GET', '/api/notifications', {
      body: page([note(1), note(2)]),
      holdUntil: new Promise<void>((resolve) => (answerList = resolve)),
    });
    server.script('GET', '/api/notifications/stats/overview', {
      body: { total: 2, unread: 2, perAlert: [], perPlatform: [], perDay: [] },
      holdUntil: new Promise<void>((resolve) => (answerStats = resolve)),
    });
    const listed = store.showSearch('');
    const counted = store.loadStats();
    await vi.waitFor(() => {
      expect(server.requestsTo('GET', '/api/notifications')).toHaveLength(1);
      expect(server.requestsTo('GET', '/api/notifications/stats/overview')).toHaveLength(1);
    });
    server.script('POST', '/api/notifications/mark-all-viewed', { body: { marked: 2 } });
    await store.markAllViewed();
    answerList();
    answerStats();
    await Promise.all([listed, counted]);
    expect(store.notifications.map((n) => n.viewed)).toEqual([true, true]);
    expect(store.stats?.unread).toBe(0);
  });

  it("exports the view's filters (no page) and downloads under the server's filename", async () => {
    const { store, downloads, root } = await storeAt();
    server.script('GET', '/api/notifications', { body: page([note(1)]) });
    await store.showSearch('?platform=marktplaats&page=2');
    server.script('GET', '/api/notifications/export', {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="meldingen-2026-03-02.csv"',
      },
      body: 'Datum;Titel\n2026-03-02;Fiets\n',
    });
    await store.exportCsv();
    expect(server.requestsTo('GET', '/api/notifications/export')[0]?.search).toBe(
      '?sortBy=createdAt&sortOrder=desc&platform=marktplaats',
    );
    expect(downloads).toEqual([
      {
        content: 'Datum;Titel\n2026-03-02;Fiets\n',
        filename: 'meldingen-2026-03-02.csv',
        contentType: 'text/csv; charset=utf-8',
      },
    ]);
    expect(root.toasts.toasts.map((t) => t.message)).toContain(texts.exported);
  });

  it.each([
    ['page 1, newest first, no filters', '', 'prepend'],
    ['page 2', '?page=2', 'count'],
    ['sorted by price', '?sortBy=price', 'count'],
    ['filtered', '?searchTerm=gazelle', 'count'],
  ])('a live notification on %s: %s', async (_case, search, placement) => {
    const { store } = await storeAt(search);
    server.script('GET', '/api/notifications', { body: page([note(1)], 11) });
    await store.showSearch(search);
    store.receiveLive(note(99));
    expect(store.announcement).toBe(texts.liveArrived('Fiets 99'));
    if (placement === 'prepend') {
      expect(store.notifications.map((n) => n.listing.title)).toEqual(['Fiets 99', 'Fiets 1']);
      expect(store.pagination?.total).toBe(12);
      expect(store.pendingLive).toBe(0);
    } else {
      expect(store.notifications.map((n) => n.listing.title)).toEqual(['Fiets 1']);
      store.receiveLive(note(100));
      expect(store.pendingLive).toBe(2);
    }
  });
});

describe('browserDownload', () => {
  it('saves a Blob through an object URL with the filename', () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    browserDownload({ content: 'a;b\n', filename: 'meldingen.csv', contentType: 'text/csv' });
    expect(create).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicked.map((a) => [a.download, a.getAttribute('href')])).toEqual([
      ['meldingen.csv', 'blob:x'],
    ]);
    click.mockRestore();
    create.mockRestore();
  });
});

describe('LiveEventsStore (a real WebSocket)', () => {
  it('hands over notifications and reconnects after a drop', async () => {
    const { store: root } = await signedInStore(server);
    const live = new LiveEventsStore(root, {
      url: socketUrl,
      createSocket: wsFactory,
      reconnectDelayMs: () => 10,
    });
    const received: string[] = [];
    live.subscribe((notification) => received.push(notification.id));
    const connected = () =>
      new Promise<WebSocket>((resolve) => sockets.once('connection', resolve));
    let socket = connected();
    live.start();
    (await socket).send(JSON.stringify({ type: 'notification', notification: note(1) }));
    await waitFor(() => expect(received).toEqual([note(1).id]));
    expect(live.state).toBe('open');

    socket = connected();
    for (const client of sockets.clients) client.close(1001, 'restart');
    (await socket).send(JSON.stringify({ type: 'notification', notification: note(2) }));
    await waitFor(() => expect(received).toEqual([note(1).id, note(2).id]));
    expect(live.attempts).toBe(0);
    live.stop();
    expect(live.state).toBe('stopped');
  });

  it('a refused handshake refreshes the session once; a refused refresh stops it', async () => {
    const { store: root } = await signedInStore(server);
    server.script('POST', '/api/auth/refresh', {
      status: 401,
      body: { error: API_TEXTS.unauthenticated },
    });
    // Nothing listens there: the socket never opens, as when the server answers 401.
    const live = new LiveEventsStore(root, {
      url: 'ws://127.0.0.1:1/ws/events',
      createSocket: wsFactory,
      reconnectDelayMs: () => 5,
    });
    live.start();
    await waitFor(() => expect(live.state).toBe('stopped'));
    expect(server.requestsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });
});

describe('notification centre page', () => {
  const stats: NotificationStatsOverview = {
    total: 12,
    unread: 1,
    perAlert: [{ alertId: ALERT_ID, searchTerm: 'racefiets', count: 12 }],
    perPlatform: [
      { platform: 'marktplaats', count: 12 },
      { platform: '2dehands', count: 0 },
    ],
    perDay: [{ date: '2026-03-02', count: 12 }],
  };

  async function open(path = '/notifications', user = userDto()) {
    const navigator = appNavigator(path);
    const { store } = await signedInStore(server, {
      navigator,
      user,
      liveEvents: { url: socketUrl, createSocket: wsFactory },
    });
    server.script('GET', '/api/notifications/stats/overview', { body: stats });
    const connection = new Promise<WebSocket>((resolve) => sockets.once('connection', resolve));
    renderApp(store, navigator, path);
    return { store, navigator, connection, user: userEvent.setup() };
  }

  it('shows each notification with its facts, https image, new marker and deliveries', async () => {
    server.script('GET', '/api/notifications', {
      body: page(
        [
          note(1, {
            deliveries: [
              {
                channel: 'telegram',
                status: 'failed',
                attempts: 5,
                lastError: 'Geblokkeerd',
                sentAt: null,
              },
              { channel: 'email', status: 'sent', attempts: 1, lastError: null, sentAt: null },
            ],
          }),
          note(2, {
            viewed: true,
            listing: {
              ...notificationDto().listing,
              title: 'Fiets 2',
              imageUrls: ['http://insecure.example/x.jpg'],
            },
          }),
        ],
        12,
      ),
    });
    await open();
    const first = await screen.findByRole('article', { name: /Fiets 1/ });
    const image = within(first).getByRole('img', { name: 'Fiets 1' });
    expect(image.getAttribute('src')).toBe('https://images.example/m123.jpg');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(within(first).getByText('nieuw')).toBeTruthy();
    expect(first.textContent).toContain('€ 250,00');
    expect(first.textContent).toContain('Utrecht');
    expect(first.textContent).toContain('12 km');
    expect(first.textContent).toContain('Alert: racefiets');
    const deliveries = within(first).getByRole('list', { name: texts.deliveries });
    expect(deliveries.textContent).toBe('E-mail: VerzondenTelegram: MisluktGeblokkeerd');
    const second = screen.getByRole('article', { name: /Fiets 2/ });
    expect(within(second).queryByRole('img')).toBeNull();
    expect(within(second).queryByText('nieuw')).toBeNull();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(texts.results(12));
    // The statistics as an accessible table.
    expect(await screen.findByRole('table', { name: texts.perPlatform })).toBeTruthy();
    // Per day a drawn chart, whose text alternative is a table of the same numbers.
    const perDay = screen.getByRole('figure', { name: texts.perDay(NOTIFICATION_STATS_DAYS) });
    expect(perDay.querySelectorAll('svg rect')).toHaveLength(1);
    const dayTable = within(perDay).getByRole('table', {
      name: texts.perDay(NOTIFICATION_STATS_DAYS),
    });
    expect(
      within(dayTable)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([`${texts.startDate}${texts.count}`, `${formatDayShort('2026-03-02')}12`]);
  });

  it('says how long notifications are kept, for the plan, beside the export', async () => {
    server.script('GET', '/api/notifications', { body: page([note(1)]) });
    const { store } = await open();
    await screen.findByRole('article', { name: /Fiets 1/ });
    const days = DEFAULT_RETENTION.notifications.REGISTERED;
    const kept = screen.getByText(/dagen bewaard/);
    expect(kept.textContent).toBe(
      `${RETENTION_TEXTS.screens.notifications(days)} ${RETENTION_TEXTS.screens.export(days)}`,
    );
    // The number is the live setting's: an admin's change shows without a new request.
    runInAction(() => {
      store.settings.settings = applySetting(store.settings.current, 'retention', {
        ...DEFAULT_RETENTION,
        notifications: { FREE: 14, REGISTERED: 60, PRO: 730 },
      });
    });
    await waitFor(() => expect(kept.textContent).toContain('60 dagen bewaard'));
  });

  it("a Pro user's price history says how long prices are kept", async () => {
    server.script('GET', '/api/notifications', { body: page([note(1)]) });
    const { store, user } = await open('/notifications', userDto({ plan: 'PRO' }));
    server.script('GET', '/api/user-capabilities', { body: capabilities('PRO') });
    await store.capabilities.load({ force: true });
    const article = await screen.findByRole('article', { name: /Fiets 1/ });
    server.script('GET', `/api/notifications/${note(1).id}`, {
      body: {
        notification: {
          ...note(1),
          priceHistory: [{ priceCents: 25_000, at: '2026-03-01T10:00:00.000Z' }],
        },
      },
    });
    await user.click(within(article).getByText(PRICE_DROP_TEXTS.history.heading));
    expect(
      await within(article).findByText(
        RETENTION_TEXTS.screens.priceHistory(DEFAULT_RETENTION.priceHistory),
      ),
    ).toBeTruthy();
  });

  it('opening a notification marks it viewed', async () => {
    server.script('GET', '/api/notifications', { body: page([note(1)]) });
    const { user } = await open();
    const link = await screen.findByRole('link', { name: 'Fiets 1' });
    expect(link.getAttribute('href')).toBe('https://www.marktplaats.nl/v/m123');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    server.script('PUT', `/api/notifications/${note(1).id}/viewed`, {
      body: { notification: { ...note(1), viewed: true } },
    });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(() => expect(screen.queryByText('nieuw')).toBeNull());
    expect(server.requestsTo('PUT', `/api/notifications/${note(1).id}/viewed`)).toHaveLength(1);
  });

  it('"Alles als gelezen markeren" marks every one read, here and in the statistics', async () => {
    server.script('GET', '/api/notifications', { body: page([note(1), note(2)], 12) });
    const { user } = await open();
    await screen.findByRole('article', { name: /Fiets 2/ });
    expect(screen.getAllByText('nieuw')).toHaveLength(2);
    server.script('POST', '/api/notifications/mark-all-viewed', { body: { marked: 2 } });
    await user.click(screen.getByRole('button', { name: texts.markAllViewed }));
    await screen.findByText(texts.markedAllViewed(2));
    expect(screen.queryByText('nieuw')).toBeNull();
    const unread = screen.getByText(texts.unread).nextElementSibling;
    expect(unread?.textContent).toBe('0');
    expect(server.requestsTo('POST', '/api/notifications/mark-all-viewed')).toHaveLength(1);
  });

  it('with nothing unread it says so', async () => {
    server.script('GET', '/api/notifications', { body: page([note(1, { viewed: true })]) });
    const { user } = await open();
    await screen.findByRole('article', { name: /Fiets 1/ });
    server.script('POST', '/api/notifications/mark-all-viewed', { body: { marked: 0 } });
    await user.click(screen.getByRole('button', { name: texts.markAllViewed }));
    expect(await screen.findByText('Je had geen ongelezen meldingen.')).toBeTruthy();
  });

  it('when another tab has read them all, this list shows them read', async () => {
    server.script('GET', '/api/notifications', { body: page([note(1), note(2)], 12) });
    const { connection } = await open();
    await screen.findByRole('article', { name: /Fiets 2/ });
    const socket = await connection;
    socket.send(JSON.stringify({ type: 'unread', unread: 2 }));
    await screen.findAllByRole('link', { name: 'Meldingen, 2 ongelezen' });
    expect(screen.getAllByText('nieuw')).toHaveLength(2);
    socket.send(JSON.stringify({ type: 'unread', unread: 0 }));
    await waitFor(() => expect(screen.queryByText('nieuw')).toBeNull());
    expect(screen.getAllByRole('link', { name: 'Meldingen' }).length).toBeGreaterThan(0);
  });

  it('the pager moves through pages in the URL', async () => {
    server.script(
      'GET',
      '/api/notifications',
      { body: page([note(1)], 25) },
      { body: page([note(11)], 25, 2) },
    );
    const { user, navigator } = await open();
    await screen.findByRole('article', { name: /Fiets 1/ });
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('article', { name: /Fiets 11/ });
    expect(navigator.currentPath()).toBe('/notifications?page=2');
    expect(server.requestsTo('GET', '/api/notifications')[1]?.search).toContain('page=2');
    expect(screen.getByRole('button', { name: 'Pagina 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('a live notification is prepended on page 1 and announced', async () => {
    server.script('GET', '/api/notifications', { body: page([note(1)]) });
    const { connection } = await open();
    await screen.findByRole('article', { name: /Fiets 1/ });
    (await connection).send(JSON.stringify({ type: 'notification', notification: note(7) }));
    await screen.findByRole('article', { name: /Fiets 7/ });
    const articles = screen.getAllByRole('article');
    expect(articles[0]?.getAttribute('aria-labelledby')).toBe(`notification-${note(7).id}`);
    expect(document.querySelector('[aria-live="polite"][aria-atomic="true"]')?.textContent).toBe(
      texts.liveArrived('Fiets 7'),
    );
  });

  it('elsewhere it is counted: "N nieuwe meldingen — vernieuwen" reads page 1 again', async () => {
    server.script(
      'GET',
      '/api/notifications',
      { body: page([note(11)], 11, 2) },
      { body: page([note(7), note(1)], 12) },
    );
    const { connection, user, navigator } = await open('/notifications?page=2');
    await screen.findByRole('article', { name: /Fiets 11/ });
    const socket = await connection;
    socket.send(JSON.stringify({ type: 'notification', notification: note(7) }));
    socket.send(JSON.stringify({ type: 'notification', notification: note(8) }));
    await user.click(await screen.findByRole('button', { name: texts.liveNew(2) }));
    await screen.findByRole('article', { name: /Fiets 7/ });
    expect(navigator.currentPath()).toBe('/notifications');
    expect(screen.queryByRole('button', { name: /nieuwe meldingen/ })).toBeNull();
  });
});
