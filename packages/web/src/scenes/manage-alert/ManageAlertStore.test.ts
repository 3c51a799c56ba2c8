import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FEED_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  ALERT_TEXTS,
  API_TEXTS,
  CSRF_COOKIE,
  GUEST_FALLBACK_CAPABILITIES,
  MANAGE_ALERT_TEXTS,
  SCHEDULE_TEXTS,
  postalCodeMessage,
} from '@prijsalarm/core';
import type {
  AlertDto,
  CapabilitiesData,
  ManageAlertResponse,
  NotificationDto,
} from '@prijsalarm/core';
import { RecordingNavigator, flush, startHttpDouble, testStore } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { capabilities as capabilitiesFor, categoryDto } from '../../test/screens';
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
    notifyPush: false,
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
  capabilities: CapabilitiesData = GUEST_FALLBACK_CAPABILITIES,
): ManageAlertResponse {
  return {
    alert: { ...alertDto(alert), refreshUrl: `https://prijsalarm.nl/manage/${TOKEN}/refresh/r1` },
    notifications: {
      items,
      pagination: { page, limit: 10, total: 25, totalPages: 3 },
    },
    capabilities,
  };
}

const CATEGORIES = '/api/categories';
const CARS = categoryDto(1, "Auto's", 91);
const BIKES = categoryDto(2, 'Fietsen en Brommers', 445);
const AUDI = categoryDto(11, 'Audi', 93, 1);

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
    server.script('GET', MANAGE, { status: 404, body: { error: ALERT_TEXTS.notFound } });
    await manage.start(null);
    expect(manage.status).toBe('not_found');
  });

  it('another failure can be retried', async () => {
    const { manage } = setup();
    server.script('GET', MANAGE, { status: 500, body: { error: API_TEXTS.internalError } });
    await manage.start(null);
    expect(manage.status).toBe('failed');
    expect(manage.loadError).toBe(API_TEXTS.internalError);
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
      body: { alert: alertDto(), message: ALERT_TEXTS.confirmed },
    });
    server.script('GET', MANAGE, { body: manageResponse() });
    await Promise.all([manage.start('c1'), manage.start('c1')]);
    expect(server.requests.map((r) => r.path)).toEqual(['/api/alerts/confirm/c1', MANAGE]);
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: ALERT_TEXTS.confirmed }),
    ]);
    expect(navigator.visited).toEqual([`/manage/${TOKEN}`]);
    expect(manage.alert?.status).toBe('active');
  });

  it('a spent or expired link says so, and the alert still opens', async () => {
    const { manage, store } = setup();
    server.script('GET', '/api/alerts/confirm/old', {
      status: 404,
      body: { error: ALERT_TEXTS.confirmLinkInvalid },
    });
    server.script('GET', MANAGE, { body: manageResponse({ status: 'pending_confirmation' }) });
    await manage.start('old');
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'error', message: ALERT_TEXTS.confirmLinkInvalid }),
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
    server.script('DELETE', MANAGE, { body: { message: ALERT_TEXTS.deleted } });
    await manage.confirmDelete();
    expect(server.requests.map((r) => r.method)).toEqual(['DELETE']);
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: ALERT_TEXTS.deleted }),
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
    server.script('DELETE', MANAGE, { status: 500, body: { error: API_TEXTS.internalError } });
    await manage.confirmDelete();
    expect(navigator.visited).toEqual([]);
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'error', message: API_TEXTS.internalError }),
    ]);
  });
});

/** The details as label → value, with Intl's no-break spaces read as spaces. */
function detailsOf(manage: ManageAlertStore): Record<string, string | readonly string[]> {
  return Object.fromEntries(
    manage.description.map(({ label, value }) => [
      label,
      typeof value === 'string' ? value.replace(/\u00a0/g, ' ') : value,
    ]),
  );
}

describe("a guest's alert", () => {
  async function editing() {
    const context = setup();
    server.script('GET', MANAGE, { body: manageResponse() });
    await context.manage.start(null);
    server.reset();
    server.script('GET', CATEGORIES, { body: [CARS, BIKES] });
    context.manage.startEdit();
    await flush();
    const editor = context.manage.editor!;
    return { ...context, editor };
  }

  it('starts with the alert as it is', async () => {
    const { editor } = await editing();
    expect(editor.form).toMatchObject({
      platform: 'marktplaats',
      searchTerm: 'gazelle',
      minPrice: '',
      maxPrice: '250',
      postalCode: '3511 AB',
      distance: 10,
    });
    expect(editor.schedule).toEqual({ mode: 'instant', quietHours: null });
    // The guest profile: no minimum price, no price drops.
    expect(editor.minPriceLock).toBe(ACCESS_TEXTS.availableFromPlan('Geregistreerd'));
    expect(editor.priceDrop.locked).toBe(ACCESS_TEXTS.proOnly);
  });

  it.each([
    ['searchTerm', '', ALERT_FIELD_TEXTS.searchTermRequired],
    ['searchTerm', 'a > b', ALERT_FIELD_TEXTS.searchTermNoAngleBrackets],
    ['maxPrice', '10000000', ALERT_FIELD_TEXTS.priceTooHigh],
    ['postalCode', '35', postalCodeMessage(['marktplaats'])],
    ['maxPrice', 'abc', ALERT_FIELD_TEXTS.priceInvalid],
    ['maxPrice', '1,500', ALERT_FIELD_TEXTS.priceSeparators],
  ] as const)('%s %j is refused with %j before sending', async (field, value, message) => {
    const { manage, editor } = await editing();
    if (field === 'postalCode') editor.setPostalCode(value);
    else if (field === 'maxPrice') editor.setMaxPrice(value);
    else editor.setSearchTerm(value);
    server.reset();
    expect(await manage.save()).toBe(false);
    expect(editor.error(field)).toBe(message);
    expect(server.requests).toEqual([]);
  });

  it('shows every bad field at once, the postal code with its example', async () => {
    const { manage, editor } = await editing();
    editor.setSearchTerm('');
    editor.setMaxPrice('abc');
    editor.setPostalCode('35');
    server.reset();
    expect(await manage.save()).toBe(false);
    expect(editor.errors).toEqual({
      searchTerm: ALERT_FIELD_TEXTS.searchTermRequired,
      maxPrice: ALERT_FIELD_TEXTS.priceInvalid,
      postalCode: 'Ongeldige postcode, bijv. 1234 AB',
    });
    expect(editor.fields.failedAttempts).toBe(1);
    expect(server.requests).toEqual([]);
  });

  it('sends a price typed the Dutch way as euros, and shows its cents with a comma', async () => {
    const { manage, editor } = await editing();
    editor.setMaxPrice('€ 1.000,50');
    server.reset();
    server.script('PUT', MANAGE, { body: { alert: alertDto({ maxPrice: 1000.5 }) } });
    expect(await manage.save()).toBe(true);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ maxPrice: 1000.5 });
    server.script('GET', CATEGORIES, { body: [CARS, BIKES] });
    manage.startEdit();
    await flush();
    expect(manage.editor!.form.maxPrice).toBe('1000,50');
  });

  it("shows the server's Dutch field messages", async () => {
    const { manage, editor } = await editing();
    server.script('PUT', MANAGE, {
      status: 400,
      body: {
        error: API_TEXTS.validationFailed,
        fields: { searchTerm: ALERT_FIELD_TEXTS.searchTermTooLong },
      },
    });
    expect(await manage.save()).toBe(false);
    expect(editor.error('searchTerm')).toBe(ALERT_FIELD_TEXTS.searchTermTooLong);
    expect(editor.fields.formError).toBe(API_TEXTS.validationFailed);
    expect(manage.editing).toBe(true);
  });

  it('saves what changed with PUT and shows the new alert', async () => {
    const { manage, store, editor } = await editing();
    editor.setSearchTerm('batavus');
    editor.setPostalCode('1012ab');
    server.script('PUT', MANAGE, {
      body: { alert: alertDto({ searchTerm: 'batavus', postalCode: '1012 AB' }) },
    });
    expect(await manage.save()).toBe(true);
    const put = server.requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({ searchTerm: 'batavus', postalCode: '1012 AB' });
    expect(manage.editing).toBe(false);
    expect(manage.alert?.searchTerm).toBe('batavus');
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'success', message: ALERT_FORM_TEXTS.edit.saved }),
    ]);
  });

  it('saves a daily digest with quiet hours; bad times are refused in Dutch before sending', async () => {
    const { manage, editor } = await editing();
    editor.setSchedule({
      mode: 'daily',
      dailyHour: 7,
      quietHours: { start: '23:00', end: '23:00' },
    });
    expect(await manage.save()).toBe(false);
    expect(editor.error('schedule.quietHours.end')).toBe(SCHEDULE_TEXTS.errors.quietSameTimes);
    expect(server.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    const schedule = {
      mode: 'daily',
      dailyHour: 7,
      quietHours: { start: '23:00', end: '07:00' },
    } as const;
    editor.setSchedule(schedule);
    expect(editor.error('schedule.quietHours.end')).toBeUndefined();
    server.script('PUT', MANAGE, { body: { alert: alertDto({ schedule }) } });
    expect(await manage.save()).toBe(true);
    const put = server.requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({ schedule });
    expect(manage.alert?.schedule).toEqual(schedule);
  });

  it('clearing the postal code clears the distance', async () => {
    const { editor } = await editing();
    editor.setPostalCode('');
    expect(editor.form.distance).toBeNull();
    expect(editor.distanceEnabled).toBe(false);
  });
});

describe("a user's alert", () => {
  const carAlert: Partial<AlertDto> = {
    email: null,
    l1CategoryId: CARS.id,
    l2CategoryId: AUDI.id,
    customFilters: { adverteerder: 'private', mileageMax: 150000, yearMin: 2015, fuel: ['petrol'] },
    onlyWithImages: true,
    includePaidAds: true,
  };

  async function editing(capabilities: CapabilitiesData) {
    const context = setup();
    server.script('GET', MANAGE, { body: manageResponse(carAlert, [], 1, capabilities) });
    server.script('GET', CATEGORIES, { body: [CARS, BIKES, AUDI] });
    await context.manage.start(null);
    await flush();
    server.script('GET', CATEGORIES, { body: [CARS, BIKES] });
    server.script('GET', CATEGORIES, { body: [AUDI] });
    context.manage.startEdit();
    // The editor has the alert's categories once both lists arrived (two requests: on a busy
    // machine more than a few ticks).
    await vi.waitFor(() => expect(context.manage.editor?.form.category.l2).toBeTruthy());
    return { ...context, editor: context.manage.editor! };
  }

  it('shows every field in words, the car and advanced filters with their units', async () => {
    const { manage } = await editing(capabilitiesFor('PRO'));
    expect(detailsOf(manage)).toMatchObject({
      Categorie: "Auto's › Audi",
      Prijs: 'tot € 250',
      'Type verkoper': 'alleen particuliere verkopers',
      Filters: [
        'tot 150.000 km',
        'bouwjaar vanaf 2015',
        'brandstof: benzine',
        'alleen met foto',
        'ook betaalde advertenties',
      ],
      'Meldingen via': 'e-mail',
    });
  });

  it('edits every field of it under the owner’s plan, sending what changed', async () => {
    const { manage, editor } = await editing(capabilitiesFor('PRO'));
    expect(editor.form).toMatchObject({
      category: { l1: { id: CARS.id }, l2: { id: AUDI.id } },
      categoryFilters: { adverteerder: 'private', mileageMax: 150000, yearMin: 2015 },
      onlyWithImages: true,
      includePaidAds: true,
    });
    editor.selectPlatform('2dehands');
    editor.setCarNumber('mileageMax', '90000');
    editor.toggleFuel('diesel', true);
    editor.setIncludePaidAds(false);
    editor.priceDrop.setEnabled(true);
    server.script('PUT', MANAGE, { body: { alert: alertDto(carAlert) } });
    expect(await manage.save()).toBe(true);
    const put = server.requests.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(put.body)).toEqual({
      platforms: ['2dehands'],
      // The Dutch postal code does not fit 2dehands: it goes, and the distance with it.
      postalCode: null,
      distance: null,
      customFilters: {
        adverteerder: 'private',
        mileageMax: 90000,
        yearMin: 2015,
        fuel: ['petrol', 'diesel'],
      },
      includePaidAds: false,
      priceDrop: { enabled: true },
    });
  });

  it('keeps what a former plan allowed, says so, and locks what the plan lacks', async () => {
    const { editor } = await editing(capabilitiesFor('REGISTERED'));
    // The alert already filters paid ads: kept, with a note, and it can be switched off and on.
    expect(editor.featureLock('paidAdsFilter')).toBeNull();
    expect(editor.keptNote('paidAdsFilter')).toBe(
      ALERT_FORM_TEXTS.edit.keptFromPlan(ACCESS_TEXTS.proOnly),
    );
    editor.setIncludePaidAds(false);
    editor.setIncludePaidAds(true);
    expect(editor.form.includePaidAds).toBe(true);
    // Price drops are PRO and the alert has none: locked.
    expect(editor.priceDrop.locked).toBe(ACCESS_TEXTS.proOnly);
    editor.priceDrop.setEnabled(true);
    expect(editor.priceDrop.enabled).toBe(false);
    // 2dehands is not this plan's: choosing it changes nothing.
    expect(editor.selectPlatform('2dehands')).toBe(false);
    expect(editor.changes).toEqual({});
  });
});
