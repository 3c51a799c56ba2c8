import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERT_FEED_TEXTS,
  CSRF_COOKIE,
  MANAGE_ALERT_TEXTS,
  SCHEDULE_TEXTS,
  STRINGS,
  postalCodeMessage,
} from '@prijsalarm/core';
import type { AlertDto, ManageAlertResponse, NotificationDto } from '@prijsalarm/core';
import { RecordingNavigator, startHttpDouble, testStore } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { ManageAlertStore } from './ManageAlertStore';

const TOKEN = 'manage-token';
const MANAGE = `/api/alerts/manage/${TOKEN}`;

function alertDto(overrides: Partial<AlertDto> = {}): AlertDto {
  return {
    id: 'a1',
    searchTerm: 'gazelle',
    platforms: ['marktplaats'],
    minPrice: null,
    maxPrice: 250,
    postalCode: '3511 AB',
    distance: 10,
    l1CategoryId: null,
    l2CategoryId: null,
    customFilters: {},
    deliveryMethod: 'both',
    onlyWithImages: false,
    includePaidAds: false,
    sellerType: 'all',
    notifyEmail: true,
    notifyTelegram: false,
    schedule: { mode: 'instant', quietHours: null },
    status: 'active',
    isActive: true,
    email: 'anna@example.nl',
    checkIntervalMinutes: 30,
    validityDays: 3,
    expiresAt: '2026-03-05T10:00:00.000Z',
    lastCheckedAt: null,
    nextCheckAt: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    manageUrl: `https://prijsalarm.nl/manage/${TOKEN}`,
    feedUrl: 'https://prijsalarm.nl/api/alerts/feed/feed-token',
    priceDrop: { enabled: false },
    notificationCount: 0,
    ...overrides,
  };
}

function manageResponse(
  alert: Partial<AlertDto> = {},
  items: NotificationDto[] = [],
  page = 1,
): ManageAlertResponse {
  return {
    alert: { ...alertDto(alert), refreshUrl: `https://prijsalarm.nl/manage/${TOKEN}/refresh/r1` },
    notifications: {
      items,
      pagination: { page, limit: 10, total: 25, totalPages: 3 },
    },
  };
}

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted).toEqual([]));

function setup() {
  const navigator = new RecordingNavigator(`/manage/${TOKEN}`);
  const { store } = testStore({ server, navigator, cookies: new Map([[CSRF_COOKIE, 'c']]) });
  return { store, navigator, manage: new ManageAlertStore(store, TOKEN) };
}

describe('opening the page', () => {
  it('loads the alert with the first page of its notifications', async () => {
    const { manage } = setup();
    server.script('GET', MANAGE, { body: manageResponse() });
    await manage.start(null);
    expect(server.requests[0]!.search).toBe('?notificationsPage=1&notificationsLimit=10');
    expect(manage.status).toBe('ready');
    expect(manage.alert?.searchTerm).toBe('gazelle');
    expect(manage.extendPath).toBe(`/manage/${TOKEN}/refresh/r1`);
  });

  it('an unknown token is not found', async () => {
    const { manage } = setup();
    server.script('GET', MANAGE, { status: 404, body: { error: STRINGS.alerts.notFound } });
    await manage.start(null);
    expect(manage.status).toBe('not_found');
  });

  it('another failure can be retried', async () => {
    const { manage } = setup();
    server.script('GET', MANAGE, { status: 500, body: { error: STRINGS.api.internalError } });
    await manage.start(null);
    expect(manage.status).toBe('failed');
    expect(manage.loadError).toBe(STRINGS.api.internalError);
    server.script('GET', MANAGE, { body: manageResponse() });
    await manage.load();
    expect(manage.status).toBe('ready');
  });

  it('pages through the notifications', async () => {
    const { manage } = setup();
    server.script('GET', MANAGE, { body: manageResponse() });
    await manage.start(null);
    server.script('GET', MANAGE, { body: manageResponse({}, [], 2) });
    await manage.goToPage(2);
    expect(server.requests[1]!.search).toBe('?notificationsPage=2&notificationsLimit=10');
    expect(manage.pagination?.page).toBe(2);
  });
});

describe('the confirmation link (?bevestig=)', () => {
  it('confirms first, shows the answer, drops the spent token from the address, then loads', async () => {
    const { manage, store, navigator } = setup();
    server.script('GET', '/api/alerts/confirm/c1', {
      body: { alert: alertDto(), message: STRINGS.alerts.confirmed },
    });
    server.script('GET', MANAGE, { body: manageResponse() });
    await Promise.all([manage.start('c1'), manage.start('c1')]);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/alerts/confirm/c1', MANAGE]);
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: STRINGS.alerts.confirmed }),
    ]);
    expect(navigator.visited).toEqual([`/manage/${TOKEN}`]);
    expect(manage.alert?.status).toBe('active');
  });

  it('a spent or expired link says so, and the alert still opens', async () => {
    const { manage, store } = setup();
    server.script('GET', '/api/alerts/confirm/old', {
      status: 404,
      body: { error: STRINGS.alerts.confirmLinkInvalid },
    });
    server.script('GET', MANAGE, { body: manageResponse({ status: 'pending_confirmation' }) });
    await manage.start('old');
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'error', message: STRINGS.alerts.confirmLinkInvalid }),
    ]);
    expect(manage.status).toBe('ready');
  });
});

describe('actions', () => {
  async function opened() {
    const context = setup();
    server.script('GET', MANAGE, { body: manageResponse() });
    await context.manage.start(null);
    server.reset();
    return context;
  }

  it.each([
    [true, false, MANAGE_ALERT_TEXTS.paused, 'paused'],
    [false, true, MANAGE_ALERT_TEXTS.resumed, 'active'],
  ] as const)(
    'toggle from active=%s: PATCH, then the new state and %j',
    async (_from, isActive, message, status) => {
      const { manage, store } = await opened();
      server.script('PATCH', `${MANAGE}/toggle`, {
        body: { alert: alertDto({ isActive, status }) },
      });
      await manage.toggle();
      expect(server.requests[0]!.headers['x-csrf-token']).toBe('c');
      expect(manage.alert).toMatchObject({ isActive, status });
      // The refresh link stays known (the toggle answer has none).
      expect(manage.extendPath).toBe(`/manage/${TOKEN}/refresh/r1`);
      expect(store.toasts.toasts).toEqual([expect.objectContaining({ type: 'success', message })]);
    },
  );

  it('delete asks first; confirmed, it deletes and goes home', async () => {
    const { manage, store, navigator } = await opened();
    manage.askDelete();
    expect(manage.deleteAsked).toBe(true);
    manage.cancelDelete();
    expect(server.requests).toEqual([]);

    manage.askDelete();
    server.script('DELETE', MANAGE, { body: { message: STRINGS.alerts.deleted } });
    await manage.confirmDelete();
    expect(server.requests.map((r) => r.method)).toEqual(['DELETE']);
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: STRINGS.alerts.deleted }),
    ]);
    expect(navigator.visited).toEqual(['/']);
  });

  it('a new RSS link: POST …/feed/renew, then the new link and the server’s message', async () => {
    const { manage, store } = await opened();
    const feedUrl = 'https://prijsalarm.nl/api/alerts/feed/new-feed-token';
    server.script('POST', `${MANAGE}/feed/renew`, {
      body: { alert: alertDto({ feedUrl }), message: ALERT_FEED_TEXTS.link.renewed },
    });
    await manage.renewFeed();
    expect(server.requests[0]!.headers['x-csrf-token']).toBe('c');
    expect(manage.alert?.feedUrl).toBe(feedUrl);
    expect(manage.extendPath).toBe(`/manage/${TOKEN}/refresh/r1`);
    expect(manage.busy).toBeNull();
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: ALERT_FEED_TEXTS.link.renewed }),
    ]);
  });

  it('a failed delete keeps the page and says why', async () => {
    const { manage, store, navigator } = await opened();
    manage.askDelete();
    server.script('DELETE', MANAGE, { status: 500, body: { error: STRINGS.api.internalError } });
    await manage.confirmDelete();
    expect(navigator.visited).toEqual([]);
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'error', message: STRINGS.api.internalError }),
    ]);
  });
});

describe('editing', () => {
  async function editing() {
    const context = setup();
    server.script('GET', MANAGE, { body: manageResponse() });
    await context.manage.start(null);
    server.reset();
    context.manage.startEdit();
    return context;
  }

  it('starts with the alert as it is', async () => {
    const { manage } = await editing();
    expect(manage.edit.values).toEqual({
      searchTerm: 'gazelle',
      minPrice: '',
      maxPrice: '250',
      postalCode: '3511 AB',
      distance: 10,
      schedule: { mode: 'instant', quietHours: null },
    });
  });

  it.each([
    ['searchTerm', '', STRINGS.alertForm.searchTermRequired],
    ['searchTerm', 'a > b', STRINGS.alertForm.searchTermNoAngleBrackets],
    ['maxPrice', '10000000', STRINGS.alertForm.priceTooHigh],
    ['postalCode', '35', postalCodeMessage(['marktplaats'])],
    ['maxPrice', 'abc', STRINGS.alertForm.priceInvalid],
    ['maxPrice', '1,500', STRINGS.alertForm.priceSeparators],
  ] as const)('%s %j is refused with %j before sending', async (field, value, message) => {
    const { manage } = await editing();
    if (field === 'postalCode') manage.setPostalCode(value);
    else manage.edit.set(field, value);
    expect(await manage.save()).toBe(false);
    expect(manage.edit.error(field)).toBe(message);
    expect(server.requests).toEqual([]);
  });

  it('shows every bad field at once, the postal code with its example', async () => {
    const { manage } = await editing();
    manage.edit.set('searchTerm', '');
    manage.edit.set('maxPrice', 'abc');
    manage.setPostalCode('35');
    expect(await manage.save()).toBe(false);
    expect(manage.edit.errors).toEqual({
      searchTerm: STRINGS.alertForm.searchTermRequired,
      maxPrice: STRINGS.alertForm.priceInvalid,
      postalCode: 'Ongeldige postcode, bijv. 1234 AB',
    });
    expect(manage.edit.failedAttempts).toBe(1);
    expect(server.requests).toEqual([]);
  });

  it('sends a price typed the Dutch way as euros, and shows its cents with a comma', async () => {
    const { manage } = await editing();
    manage.edit.set('maxPrice', '€ 1.000,50');
    server.script('PUT', MANAGE, { body: { alert: alertDto({ maxPrice: 1000.5 }) } });
    expect(await manage.save()).toBe(true);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ maxPrice: 1000.5 });
    manage.startEdit();
    expect(manage.edit.values.maxPrice).toBe('1000,50');
  });

  it("shows the server's Dutch field messages", async () => {
    const { manage } = await editing();
    server.script('PUT', MANAGE, {
      status: 400,
      body: {
        error: STRINGS.api.validationFailed,
        fields: { searchTerm: STRINGS.alertForm.searchTermTooLong },
      },
    });
    expect(await manage.save()).toBe(false);
    expect(manage.edit.error('searchTerm')).toBe(STRINGS.alertForm.searchTermTooLong);
    expect(manage.edit.formError).toBe(STRINGS.api.validationFailed);
    expect(manage.editing).toBe(true);
  });

  it('saves with PUT and shows the new alert', async () => {
    const { manage, store } = await editing();
    manage.edit.set('searchTerm', 'batavus');
    manage.setPostalCode('1012ab');
    server.script('PUT', MANAGE, {
      body: { alert: alertDto({ searchTerm: 'batavus', postalCode: '1012 AB' }) },
    });
    expect(await manage.save()).toBe(true);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      searchTerm: 'batavus',
      minPrice: null,
      maxPrice: 250,
      postalCode: '1012 AB',
      distance: 10,
      schedule: { mode: 'instant', quietHours: null },
    });
    expect(manage.editing).toBe(false);
    expect(manage.alert?.searchTerm).toBe('batavus');
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: MANAGE_ALERT_TEXTS.saved }),
    ]);
  });

  it('saves a daily digest with quiet hours; bad times are refused in Dutch before sending', async () => {
    const { manage } = await editing();
    manage.setSchedule({
      mode: 'daily',
      dailyHour: 7,
      quietHours: { start: '23:00', end: '23:00' },
    });
    expect(await manage.save()).toBe(false);
    expect(manage.edit.error('schedule.quietHours.end')).toBe(SCHEDULE_TEXTS.errors.quietSameTimes);
    expect(server.requests).toEqual([]);

    manage.setSchedule({
      mode: 'daily',
      dailyHour: 7,
      quietHours: { start: '23:00', end: '07:00' },
    });
    expect(manage.edit.error('schedule.quietHours.end')).toBeUndefined();
    const schedule = {
      mode: 'daily',
      dailyHour: 7,
      quietHours: { start: '23:00', end: '07:00' },
    } as const;
    server.script('PUT', MANAGE, { body: { alert: alertDto({ schedule }) } });
    expect(await manage.save()).toBe(true);
    expect(JSON.parse(server.requests[0]!.body).schedule).toEqual(schedule);
    expect(manage.alert?.schedule).toEqual(schedule);
  });

  it('clearing the postal code clears the distance', async () => {
    const { manage } = await editing();
    manage.setPostalCode('');
    expect(manage.edit.values.distance).toBeNull();
    expect(manage.distanceEnabled).toBe(false);
  });
});

describe('filters in words', () => {
  it('lists what the alert filters on', async () => {
    const { manage } = setup();
    server.script('GET', MANAGE, {
      body: manageResponse({
        sellerType: 'private',
        deliveryMethod: 'pickup',
        onlyWithImages: true,
        customFilters: { excludeWords: ['schade'], conditions: ['new', 'used'] },
        priceDrop: { enabled: true, percent: 10 },
      }),
    });
    await manage.start(null);
    expect(manage.filterLabels).toEqual([
      'Verkoper: Particulier',
      'Levering: Alleen ophalen',
      "Alleen met foto's",
      'Staat: Nieuw, Gebruikt',
      'Zonder: schade',
      'Meldt prijsdalingen vanaf 10%',
    ]);
  });
});
