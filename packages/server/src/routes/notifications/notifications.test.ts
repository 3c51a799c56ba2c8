import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TEXTS,
  NOTIFICATION_STATS_DAYS,
  NOTIFICATION_TEXTS,
  SHORT_ID_PATTERN,
  type NotificationDto,
  type NotificationListResponse,
  type NotificationResponse,
  type NotificationStatsOverview,
} from '@prijsalarm/core';
import { loginAs } from '../../../test/auth-helpers';
import {
  createAlert,
  createDelivery,
  createNotification,
  unknownId,
} from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { getBytes, requestWithoutCsrf } from '../../../test/requests';
import { startTestServer, type TestServer } from '../../../test/support';
import { localDate } from '../../lib/calendar';
import type { Alert, Notification, User } from '../../models';
import { EXPORT_BATCH_SIZE } from '../../commands/notifications';

const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let anna: TestClient; // owns the fixture below
let bram: TestClient; // another user: must never see Anna's notifications
let annaUser: User;
let bikes: Alert;
let sofas: Alert;
let bramAlert: Alert;
/** Anna's notifications by short name. */
const n: Record<'gazelle' | 'batavus' | 'chesterfield' | 'hoekbank', Notification> = {} as never;
let bramNotification: Notification;

beforeAll(async () => {
  server = await startTestServer();
  anna = server.client();
  bram = server.client();
  annaUser = await loginAs(server, anna, { plan: 'PRO' });
  const bramUser = await loginAs(server, bram);

  bikes = await createAlert(server.models, { userId: annaUser.id, searchTerm: 'fiets' });
  sofas = await createAlert(server.models, { userId: annaUser.id, searchTerm: 'bank' });
  bramAlert = await createAlert(server.models, { userId: bramUser.id, searchTerm: 'gazelle' });

  n.gazelle = await createNotification(server.models, bikes, {
    title: 'Gazelle fiets blauw',
    priceCents: 12500,
    platform: 'marktplaats',
    createdAt: new Date('2024-05-01T10:00:00Z'),
    viewedAt: new Date('2024-05-01T12:00:00Z'),
  });
  n.batavus = await createNotification(server.models, bikes, {
    title: 'Batavus damesfiets',
    description: 'Mooie fiets met MAND voorop',
    priceCents: 5000,
    platform: '2dehands',
    createdAt: new Date('2024-05-02T10:00:00Z'),
  });
  n.chesterfield = await createNotification(server.models, sofas, {
    // Lower case on purpose: sorting by title must ignore case on both databases.
    title: 'chesterfield bank',
    priceCents: null,
    priceType: 'SEE_DESCRIPTION',
    platform: 'marktplaats',
    createdAt: new Date('2024-05-03T10:00:00Z'),
  });
  n.hoekbank = await createNotification(server.models, sofas, {
    title: 'Hoekbank grijs',
    priceCents: 30000,
    platform: 'marktplaats',
    // 00:30 on 4 May in Amsterdam (summer time), still 3 May in UTC.
    createdAt: new Date('2024-05-03T22:30:00Z'),
  });
  bramNotification = await createNotification(server.models, bramAlert, {
    title: 'Gazelle fiets rood',
    priceCents: 10000,
    createdAt: new Date('2024-05-02T10:00:00Z'),
  });

  await createDelivery(server.models, n.gazelle, {
    channel: 'email',
    status: 'sent',
    attempts: 1,
    sentAt: new Date('2024-05-01T10:00:05Z'),
  });
  await createDelivery(server.models, n.gazelle, {
    channel: 'telegram',
    status: 'failed',
    attempts: 5,
    lastError: 'Forbidden: bot was blocked by the user',
  });
});
afterAll(() => server.stop());

const titles = (body: NotificationListResponse) =>
  body.notifications.map((notification) => notification.listing.title);

async function list(client: TestClient, query: Record<string, string | number> = {}) {
  return client.get<NotificationListResponse>('/api/notifications', { query });
}

describe('GET /notifications', () => {
  it('lists only the caller’s notifications, newest first, 10 per page by default', async () => {
    const res = await list(anna);
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual([
      'Hoekbank grijs',
      'chesterfield bank',
      'Batavus damesfiets',
      'Gazelle fiets blauw',
    ]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1 });
  });

  it('presents a notification with its listing, alert and deliveries', async () => {
    const res = await list(anna, { searchTerm: 'gazelle' });
    const [gazelle] = res.body.notifications;
    expect(gazelle).toEqual<NotificationDto>({
      id: n.gazelle.id,
      alertId: bikes.id,
      alertSearchTerm: 'fiets',
      platform: 'marktplaats',
      listing: {
        itemId: n.gazelle.listingId,
        platform: 'marktplaats',
        title: 'Gazelle fiets blauw',
        description: null,
        priceCents: 12500,
        priceType: 'FIXED',
        url: n.gazelle.url,
        imageUrls: [],
        location: 'Utrecht',
        distanceMeters: null,
        sellerName: 'Verkoper',
        sellerType: 'private',
        isPaid: false,
        postedAt: null,
      },
      viewed: true,
      viewedAt: '2024-05-01T12:00:00.000Z',
      createdAt: '2024-05-01T10:00:00.000Z',
      deliveries: [
        {
          channel: 'email',
          status: 'sent',
          attempts: 1,
          lastError: null,
          sentAt: '2024-05-01T10:00:05.000Z',
        },
        {
          channel: 'telegram',
          status: 'failed',
          attempts: 5,
          lastError: 'Forbidden: bot was blocked by the user',
          sentAt: null,
        },
      ],
      kind: 'new',
      previousPriceCents: null,
    });
  });

  it.each<[string, () => Record<string, string>, string[]]>([
    [
      'searchTerm in the title, any case',
      () => ({ searchTerm: 'GAZELLE' }),
      ['Gazelle fiets blauw'],
    ],
    ['searchTerm in the description', () => ({ searchTerm: 'mand' }), ['Batavus damesfiets']],
    ['searchTerm with a LIKE wildcard is plain text', () => ({ searchTerm: '%' }), []],
    ['alertId', () => ({ alertId: sofas.id }), ['Hoekbank grijs', 'chesterfield bank']],
    [
      'alertIds, comma-separated',
      () => ({ alertIds: `${bikes.id},${sofas.id}` }),
      ['Hoekbank grijs', 'chesterfield bank', 'Batavus damesfiets', 'Gazelle fiets blauw'],
    ],
    ['alertIds of another user’s alert', () => ({ alertIds: bramAlert.id }), []],
    ['platform', () => ({ platform: '2dehands' }), ['Batavus damesfiets']],
    ['minPrice in euros', () => ({ minPrice: '100' }), ['Hoekbank grijs', 'Gazelle fiets blauw']],
    ['maxPrice in euros', () => ({ maxPrice: '100' }), ['Batavus damesfiets']],
    [
      'maxPrice with a Dutch decimal comma, inclusive',
      () => ({ maxPrice: '125,00' }),
      ['Batavus damesfiets', 'Gazelle fiets blauw'],
    ],
    ['minPrice = maxPrice', () => ({ minPrice: '125', maxPrice: '125' }), ['Gazelle fiets blauw']],
    [
      'startDate (local days, inclusive)',
      () => ({ startDate: '2024-05-03' }),
      ['Hoekbank grijs', 'chesterfield bank'],
    ],
    [
      'endDate (the whole local day included)',
      () => ({ endDate: '2024-05-03' }),
      ['chesterfield bank', 'Batavus damesfiets', 'Gazelle fiets blauw'],
    ],
    [
      'startDate = endDate picks one local day',
      () => ({ startDate: '2024-05-04', endDate: '2024-05-04' }),
      ['Hoekbank grijs'],
    ],
    [
      'filters combined',
      () => ({ alertId: bikes.id, platform: 'marktplaats', minPrice: '1' }),
      ['Gazelle fiets blauw'],
    ],
  ])('filters by %s', async (_case, query, expected) => {
    const res = await list(anna, query());
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(expected);
    expect(res.body.pagination.total).toBe(expected.length);
  });

  it.each<[string, string, string[]]>([
    [
      'createdAt',
      'asc',
      ['Gazelle fiets blauw', 'Batavus damesfiets', 'chesterfield bank', 'Hoekbank grijs'],
    ],
    [
      'createdAt',
      'desc',
      ['Hoekbank grijs', 'chesterfield bank', 'Batavus damesfiets', 'Gazelle fiets blauw'],
    ],
    [
      'price',
      'asc',
      ['Batavus damesfiets', 'Gazelle fiets blauw', 'Hoekbank grijs', 'chesterfield bank'],
    ],
    [
      'price',
      'desc',
      ['Hoekbank grijs', 'Gazelle fiets blauw', 'Batavus damesfiets', 'chesterfield bank'],
    ],
    [
      'title',
      'asc',
      ['Batavus damesfiets', 'chesterfield bank', 'Gazelle fiets blauw', 'Hoekbank grijs'],
    ],
    [
      'title',
      'desc',
      ['Hoekbank grijs', 'Gazelle fiets blauw', 'chesterfield bank', 'Batavus damesfiets'],
    ],
    [
      'platform',
      'asc',
      ['Batavus damesfiets', 'Hoekbank grijs', 'chesterfield bank', 'Gazelle fiets blauw'],
    ],
    [
      'platform',
      'desc',
      ['Hoekbank grijs', 'chesterfield bank', 'Gazelle fiets blauw', 'Batavus damesfiets'],
    ],
  ])('sorts by %s %s', async (sortBy, sortOrder, expected) => {
    const res = await list(anna, { sortBy, sortOrder });
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(expected);
  });

  it.each([
    ['the first page', 1, 3, ['Hoekbank grijs', 'chesterfield bank', 'Batavus damesfiets']],
    ['the last page', 2, 3, ['Gazelle fiets blauw']],
    ['a page beyond the last', 3, 3, []],
    [
      'the largest page size',
      1,
      100,
      ['Hoekbank grijs', 'chesterfield bank', 'Batavus damesfiets', 'Gazelle fiets blauw'],
    ],
  ])('pages: %s', async (_case, page, limit, expected) => {
    const res = await list(anna, { page, limit });
    expect(res.status).toBe(200);
    expect(titles(res.body)).toEqual(expected);
    expect(res.body.pagination).toEqual({
      page,
      limit,
      total: 4,
      totalPages: Math.ceil(4 / limit),
    });
  });

  it.each<[string, Record<string, string>, string]>([
    ['a page size above 100', { limit: '101' }, 'limit'],
    ['a page size of 0', { limit: '0' }, 'limit'],
    ['page 0', { page: '0' }, 'page'],
    ['a page that is no number', { page: 'twee' }, 'page'],
    ['an unknown sort field', { sortBy: 'seller' }, 'sortBy'],
    ['an unknown sort order', { sortOrder: 'up' }, 'sortOrder'],
    ['an unknown platform', { platform: 'ebay' }, 'platform'],
    ['an alert id that is no UUID', { alertId: 'abc' }, 'alertId'],
    ['a price that is no number', { minPrice: 'veel' }, 'minPrice'],
    ['a minimum above the maximum', { minPrice: '10', maxPrice: '5' }, 'minPrice'],
    ['an impossible date', { startDate: '2024-02-30' }, 'startDate'],
    ['a date in another format', { endDate: '03-05-2024' }, 'endDate'],
    ['an end before the start', { startDate: '2024-05-03', endDate: '2024-05-01' }, 'endDate'],
    ['a search term that is too long', { searchTerm: 'x'.repeat(501) }, 'searchTerm'],
  ])('refuses %s with a Dutch 400', async (_case, query, field) => {
    const res = await client400(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: API_TEXTS.validationFailed });
    expect(typeof (res.body as { fields: Record<string, string> }).fields[field]).toBe('string');
  });

  async function client400(query: Record<string, string>) {
    return anna.get<{ error: string; fields: Record<string, string> }>('/api/notifications', {
      query,
    });
  }
});

describe('GET /notifications/{id} and PUT …/viewed', () => {
  it('answers the caller’s notification as { notification }', async () => {
    const res = await anna.get<NotificationResponse>(`/api/notifications/${n.batavus.id}`);
    expect(res.status).toBe(200);
    expect(res.body.notification).toMatchObject({
      id: n.batavus.id,
      alertId: bikes.id,
      alertSearchTerm: 'fiets',
      platform: '2dehands',
      viewed: false,
      viewedAt: null,
      deliveries: [],
    });
  });

  it('knows a notification by its short id, and one recorded before short ids by its UUID', async () => {
    expect(n.batavus.id).toMatch(SHORT_ID_PATTERN);
    const older = await createNotification(server.models, bikes, { id: randomUUID() });
    const res = await anna.get<NotificationResponse>(`/api/notifications/${older.id}`);
    expect(res.status).toBe(200);
    expect(res.body.notification.id).toBe(older.id);
    await older.destroy();
  });

  it.each([
    ['another user’s notification', () => bramNotification.id],
    ['an unknown id', () => unknownId()],
    ['an unknown short id', () => 'n0123456789abcdef0123'],
    ['an id that is no UUID', () => 'niet-een-id'],
  ])('answers 404 for %s', async (_case, id) => {
    const res = await anna.get(`/api/notifications/${id()}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: NOTIFICATION_TEXTS.notFound });
  });

  it('marks a notification viewed once, keeping the first moment', async () => {
    const before = Date.now();
    const first = await anna.put<NotificationResponse>(
      `/api/notifications/${n.chesterfield.id}/viewed`,
    );
    expect(first.status).toBe(200);
    expect(first.body.notification.viewed).toBe(true);
    const viewedAt = first.body.notification.viewedAt!;
    expect(Date.parse(viewedAt)).toBeGreaterThanOrEqual(before - 1000);

    const again = await anna.put<NotificationResponse>(
      `/api/notifications/${n.chesterfield.id}/viewed`,
    );
    expect(again.body.notification.viewedAt).toBe(viewedAt);
    const fetched = await anna.get<NotificationResponse>(`/api/notifications/${n.chesterfield.id}`);
    expect(fetched.body.notification).toMatchObject({ viewed: true, viewedAt });

    await n.chesterfield.reload();
    await n.chesterfield.update({ viewedAt: null });
  });

  it('cannot mark another user’s notification viewed (404, unchanged)', async () => {
    const res = await anna.put(`/api/notifications/${bramNotification.id}/viewed`);
    expect(res.status).toBe(404);
    await bramNotification.reload();
    expect(bramNotification.viewedAt).toBeNull();
  });

  it('refuses PUT …/viewed without the CSRF token', async () => {
    const res = await requestWithoutCsrf(anna, 'PUT', `/api/notifications/${n.batavus.id}/viewed`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_TEXTS.csrfInvalid });
    await n.batavus.reload();
    expect(n.batavus.viewedAt).toBeNull();
  });
});

describe('another user', () => {
  it('sees only their own notifications in the list', async () => {
    const res = await list(bram);
    expect(titles(res.body)).toEqual(['Gazelle fiets rood']);
  });

  it('cannot read them even when asking for the owner’s alert', async () => {
    const res = await list(bram, { alertId: bikes.id });
    expect(res.body.notifications).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
  });

  it('counts only their own in the statistics', async () => {
    const res = await bram.get<NotificationStatsOverview>('/api/notifications/stats/overview');
    expect(res.body).toMatchObject({
      total: 1,
      unread: 1,
      perAlert: [{ alertId: bramAlert.id, searchTerm: 'gazelle', count: 1 }],
    });
  });

  it('exports only their own', async () => {
    const res = await bram.get('/api/notifications/export');
    expect(res.text).toContain('Gazelle fiets rood');
    expect(res.text).not.toContain('Gazelle fiets blauw');
  });
});

describe('a guest', () => {
  it.each([
    ['GET', '/api/notifications'],
    ['GET', () => `/api/notifications/${n.gazelle.id}`],
    ['PUT', () => `/api/notifications/${n.gazelle.id}/viewed`],
    ['GET', '/api/notifications/stats/overview'],
    ['GET', '/api/notifications/export'],
  ])('gets 401 for %s %s', async (method, path) => {
    const guest = server.client();
    await guest.get('/api/settings/public'); // a CSRF cookie, so PUT reaches the auth check
    const res = await guest.request(method, typeof path === 'string' ? path : path());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_TEXTS.unauthenticated });
  });
});

describe('GET /notifications/stats/overview', () => {
  it('counts totals, unread, per alert, per platform and per local day', async () => {
    const client = server.client();
    const user = await loginAs(server, client);
    const lamps = await createAlert(server.models, { userId: user.id, searchTerm: 'lamp' });
    const chairs = await createAlert(server.models, { userId: user.id, searchTerm: 'stoel' });
    const empty = await createAlert(server.models, { userId: user.id, searchTerm: 'kast' });
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
    await createNotification(server.models, lamps, { createdAt: at(0), viewedAt: at(0) });
    await createNotification(server.models, lamps, { createdAt: at(1) });
    await createNotification(server.models, lamps, { createdAt: at(1) });
    await createNotification(server.models, chairs, { createdAt: at(2), platform: '2dehands' });
    // Outside the per-day window, still in every total.
    await createNotification(server.models, chairs, { createdAt: at(NOTIFICATION_STATS_DAYS + 5) });

    const res = await client.get<NotificationStatsOverview>('/api/notifications/stats/overview');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.unread).toBe(4);
    expect(res.body.perAlert).toEqual([
      { alertId: lamps.id, searchTerm: 'lamp', count: 3 },
      { alertId: chairs.id, searchTerm: 'stoel', count: 2 },
      { alertId: empty.id, searchTerm: 'kast', count: 0 },
    ]);
    expect(res.body.perPlatform).toEqual([
      { platform: 'marktplaats', count: 4 },
      { platform: '2dehands', count: 1 },
    ]);

    const perDay = res.body.perDay;
    expect(perDay).toHaveLength(NOTIFICATION_STATS_DAYS);
    expect(perDay.at(-1)?.date).toBe(localDate(new Date(now)));
    const counted = Object.fromEntries(
      perDay.filter((d) => d.count > 0).map((d) => [d.date, d.count]),
    );
    const expected: Record<string, number> = {};
    for (const daysAgo of [0, 1, 1, 2]) {
      const day = localDate(at(daysAgo));
      expected[day] = (expected[day] ?? 0) + 1;
    }
    expect(counted).toEqual(expected);
    expect([...perDay].sort((a, b) => a.date.localeCompare(b.date))).toEqual(perDay);
  });

  it('answers zeros for a user without alerts', async () => {
    const client = server.client();
    await loginAs(server, client);
    const res = await client.get<NotificationStatsOverview>('/api/notifications/stats/overview');
    expect(res.body).toMatchObject({ total: 0, unread: 0, perAlert: [] });
    expect(res.body.perDay.every((day) => day.count === 0)).toBe(true);
  });
});

describe('GET /notifications/export', () => {
  const BOM = '\uFEFF';
  const HEADER =
    'Datum;Alert;Platform;Titel;Prijs (€);Prijstype;Locatie;Verkoper;Link;Bekeken;Soort;Vorige prijs (€)\r\n';

  /** Data lines (no header); fine for rows without line breaks in a cell. */
  const dataLines = (text: string) => {
    const content = text.startsWith(BOM) ? text.slice(BOM.length) : text;
    expect(content.startsWith(HEADER)).toBe(true);
    return content.slice(HEADER.length).split('\r\n').slice(0, -1);
  };

  it('is a UTF-8 CSV download for Dutch Excel: BOM, ";" separator, CRLF, Dutch headers', async () => {
    const res = await getBytes(anna, '/api/notifications/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="prijsalarm-meldingen-${localDate(new Date())}.csv"`,
    );
    // Streamed: no Content-Length known up front.
    expect(res.headers.get('content-length')).toBeNull();
    // EF BB BF: the UTF-8 byte-order mark, then UTF-8 text (the € in the header).
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.bytes.toString('utf8');
    expect(text.startsWith(BOM + HEADER)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(dataLines(text)).toEqual([
      `2024-05-04 00:30;bank;Marktplaats;Hoekbank grijs;300,00;;Utrecht;Verkoper;${n.hoekbank.url};Nee;Nieuwe advertentie;`,
      `2024-05-03 12:00;bank;Marktplaats;chesterfield bank;;Zie omschrijving;Utrecht;Verkoper;${n.chesterfield.url};Nee;Nieuwe advertentie;`,
      `2024-05-02 12:00;fiets;2dehands;Batavus damesfiets;50,00;;Utrecht;Verkoper;${n.batavus.url};Nee;Nieuwe advertentie;`,
      `2024-05-01 12:00;fiets;Marktplaats;Gazelle fiets blauw;125,00;;Utrecht;Verkoper;${n.gazelle.url};Ja;Nieuwe advertentie;`,
    ]);
  });

  it.each<[string, () => Record<string, string>, string[]]>([
    ['platform', () => ({ platform: '2dehands' }), ['Batavus damesfiets']],
    ['searchTerm', () => ({ searchTerm: 'bank' }), ['Hoekbank grijs', 'chesterfield bank']],
    ['alertId', () => ({ alertId: bikes.id }), ['Batavus damesfiets', 'Gazelle fiets blauw']],
    [
      'price range',
      () => ({ minPrice: '50', maxPrice: '125' }),
      ['Batavus damesfiets', 'Gazelle fiets blauw'],
    ],
    [
      'dates',
      () => ({ startDate: '2024-05-02', endDate: '2024-05-03' }),
      ['chesterfield bank', 'Batavus damesfiets'],
    ],
    [
      'sort order',
      () => ({ sortBy: 'price', sortOrder: 'asc' }),
      ['Batavus damesfiets', 'Gazelle fiets blauw', 'Hoekbank grijs', 'chesterfield bank'],
    ],
    [
      'page and limit (ignored: the export holds every match)',
      () => ({ page: '2', limit: '1' }),
      ['Hoekbank grijs', 'chesterfield bank', 'Batavus damesfiets', 'Gazelle fiets blauw'],
    ],
  ])('applies the list’s filters: %s', async (_case, query, expected) => {
    const res = await anna.get('/api/notifications/export', { query: query() });
    expect(res.status).toBe(200);
    expect(dataLines(res.text).map((line) => line.split(';')[3])).toEqual(expected);
  });

  it('refuses a bad filter with a Dutch 400 (JSON, no file)', async () => {
    const res = await anna.get('/api/notifications/export', {
      query: { limit: '101', platform: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: API_TEXTS.validationFailed });
  });

  it('quotes per RFC 4180 and defuses cells a spreadsheet would run as a formula', async () => {
    const client = server.client();
    const user = await loginAs(server, client);
    const alert = await createAlert(server.models, { userId: user.id, searchTerm: '=1+1' });
    await createNotification(server.models, alert, {
      title: '=HYPERLINK("http://evil.example";"klik")',
      location: 'Den Haag; centrum',
      sellerName: '@verkoper',
      priceCents: 999,
    });
    await createNotification(server.models, alert, {
      title: 'Tafel "eiken"\r\nmet stoelen',
      location: '+31 Rotterdam',
      sellerName: '-Piet',
    });
    const res = await client.get('/api/notifications/export', {
      query: { sortBy: 'price', sortOrder: 'asc' },
    });
    expect(res.text).toContain(
      `;'=1+1;Marktplaats;"'=HYPERLINK(""http://evil.example"";""klik"")";9,99;;"Den Haag; centrum";'@verkoper;`,
    );
    expect(res.text).toContain(
      `;'=1+1;Marktplaats;"Tafel ""eiken""\r\nmet stoelen";10,00;;'+31 Rotterdam;'-Piet;`,
    );
  });

  it('streams an export larger than one batch, every row exactly once', async () => {
    const client = server.client();
    const user = await loginAs(server, client);
    const alert = await createAlert(server.models, { userId: user.id, searchTerm: 'veel' });
    const count = EXPORT_BATCH_SIZE * 2 + 7;
    const createdAt = new Date('2024-06-01T10:00:00Z'); // all equal: the id must break ties
    const snapshots = await server.models.ListingSnapshot.bulkCreate(
      Array.from({ length: count }, (_, index) => ({
        platform: 'marktplaats' as const,
        listingId: `m${index}`,
        title: `Rij ${index}`,
        url: `https://www.marktplaats.nl/v/a/m${index}`,
      })),
    );
    await server.models.Notification.bulkCreate(
      snapshots.map((snapshot) => ({
        alertId: alert.id,
        userId: user.id,
        platform: 'marktplaats' as const,
        listingId: snapshot.listingId,
        listingSnapshotId: snapshot.id,
        priceType: 'FIXED',
        priceCents: 100,
        createdAt,
      })),
    );
    const res = await client.get('/api/notifications/export');
    const rows = dataLines(res.text).map((line) => line.split(';')[3]);
    expect(rows).toHaveLength(count);
    expect(new Set(rows).size).toBe(count);
  });
});
