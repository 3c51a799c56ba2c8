import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_RETENTION,
  DEFAULT_SETTINGS,
  EMPTY_STATE_TEXTS,
  PRICING_MODELS,
  PAYMENT_TEXTS,
  RETENTION_TEXTS,
  SCREEN_TEXTS,
  SETTING_KEYS,
  ADMIN_TEXTS,
  ALERT_FIELD_TEXTS,
  API_TEXTS,
  VALIDATION_TEXTS,
  applySetting,
} from '@prijsalarm/core';
import type { SettingKey } from '@prijsalarm/core';
import { adminStats, adminTrends, startHttpDouble, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';
import { ALERT_ID, alertDto, capabilities, signedInStore } from '../../test/screens';
import { SettingForm, serverFieldErrors } from './AdminSettingsStore';
import { AdminUsersStore } from './AdminUsersStore';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted).toEqual([]));

const texts = SCREEN_TEXTS.admin;
const ADMIN = userDto({
  id: '99999999-9999-4999-8999-999999999999',
  role: 'ADMIN',
  email: 'admin@example.nl',
});
const BOB = userDto({
  id: '33333333-3333-4333-8333-333333333333',
  email: 'bob@example.nl',
  plan: 'FREE',
});
const pagination = (total: number) => ({
  page: 1,
  limit: 20,
  total,
  totalPages: Math.ceil(total / 20),
});
const bodyOf = (method: string, path: string, index = 0) =>
  JSON.parse(server.requestsTo(method, path)[index]?.body ?? 'null') as unknown;

async function open(path: string) {
  const navigator = appNavigator(path);
  const { store } = await signedInStore(server, { navigator, user: ADMIN });
  server.script('GET', '/api/auth/me', { body: { user: ADMIN } });
  renderApp(store, navigator, path);
  // The scene is loaded lazily; its first transform can outlast the default second under load.
  await screen.findByRole('heading', { level: 1, name: 'Beheer' }, { timeout: 5000 });
  return { store, navigator, user: userEvent.setup() };
}

describe('admin: tabs and statistics', () => {
  it('opens on the statistics; the tab is in the URL', async () => {
    server.script('GET', '/api/admin/trends', { body: adminTrends() });
    server.script('GET', '/api/admin/set-aside-listings', { body: { listings: [], total: 0 } });
    server.script('GET', '/api/admin/stats', {
      body: adminStats({
        users: { total: 7, byPlan: { FREE: 3, REGISTERED: 3, PRO: 1 } },
        alerts: { total: 12, active: 9 },
        notifications: { total: 140, last24h: 21 },
        payments: { activeProSubscriptions: 4, revenueThisMonthCents: 3180 },
      }),
    });
    server.script('GET', '/api/admin/users', { body: { users: [BOB], pagination: pagination(1) } });
    const { user, navigator } = await open('/admin');
    const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect((await screen.findByText(texts.activeAlerts)).nextElementSibling?.textContent).toBe('9');
    expect(figure(PAYMENT_TEXTS.admin.activePro)).toBe('4');
    expect(figure(PAYMENT_TEXTS.admin.revenueThisMonth)).toMatch(/^€\s31,80$/);
    expect(screen.getByRole('table', { name: texts.byPlan }).textContent).toContain('Pro1');
    await user.click(screen.getByRole('tab', { name: texts.tabs.users }));
    expect(navigator.currentPath()).toBe('/admin?tab=users');
    expect(await screen.findByRole('rowheader', { name: 'bob@example.nl' })).toBeTruthy();
  });

  it('lists the payments with their users and statuses in the Betalingen tab', async () => {
    server.script('GET', '/api/admin/stats', { body: adminStats() });
    server.script('GET', '/api/admin/trends', { body: adminTrends() });
    server.script('GET', '/api/admin/set-aside-listings', { body: { listings: [], total: 0 } });
    server.script('GET', '/api/admin/payments', {
      body: {
        payments: [
          {
            id: '77777777-7777-4777-8777-777777777777',
            product: 'pro',
            quantity: 1,
            description: PAYMENT_TEXTS.products.pro,
            amountCents: 795,
            currency: 'EUR',
            status: 'failed',
            renewal: false,
            createdAt: '2026-11-24T10:00:00.000Z',
            paidAt: null,
            receipt: null,
            user: { id: BOB.id, email: 'bob@example.nl' },
          },
        ],
        stats: { activeProSubscriptions: 1, revenueThisMonthCents: 795 },
      },
    });
    const { user, navigator } = await open('/admin');
    await screen.findByText(PAYMENT_TEXTS.admin.activePro);
    await user.click(screen.getByRole('tab', { name: 'Betalingen' }));
    expect(navigator.currentPath()).toBe('/admin?tab=payments');
    const table = await screen.findByRole('table', { name: texts.tabs.payments });
    const row = within(table).getByText('bob@example.nl').closest('tr')!;
    expect(row.textContent).toContain(PAYMENT_TEXTS.products.pro);
    expect(row.textContent).toContain(PAYMENT_TEXTS.status.failed);
    expect(row.textContent).toMatch(/€\s7,95/);
  });
});

describe('admin: users', () => {
  it('changes a plan through the select, with a confirmation toast', async () => {
    server.script('GET', '/api/admin/users', { body: { users: [BOB], pagination: pagination(1) } });
    const { user, store } = await open('/admin?tab=users');
    const select = await screen.findByLabelText(texts.planOf('bob@example.nl'));
    server.script('PUT', `/api/admin/users/${BOB.id}/plan`, {
      body: { user: { ...BOB, plan: 'PRO' } },
    });
    await user.selectOptions(select, 'PRO');
    await waitFor(() =>
      expect(store.toasts.toasts.map((t) => t.message)).toContain(
        texts.planChanged('bob@example.nl', 'Pro'),
      ),
    );
    expect(bodyOf('PUT', `/api/admin/users/${BOB.id}/plan`)).toEqual({ plan: 'PRO' });
    expect((select as HTMLSelectElement).value).toBe('PRO');
  });

  it("searches and filters by plan in the API's query", async () => {
    server.script(
      'GET',
      '/api/admin/users',
      { body: { users: [BOB], pagination: pagination(1) } },
      { body: { users: [BOB], pagination: pagination(1) } },
      { body: { users: [], pagination: pagination(0) } },
    );
    const { user } = await open('/admin?tab=users');
    await screen.findByRole('rowheader', { name: 'bob@example.nl' });
    await user.type(screen.getByLabelText(texts.searchUsers), 'bob');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    await user.selectOptions(screen.getByLabelText(texts.plan), 'PRO');
    expect(await screen.findByText(texts.noUsers)).toBeTruthy();
    expect(server.requestsTo('GET', '/api/admin/users').map((r) => r.search)).toEqual([
      '?page=1',
      '?page=1&search=bob',
      '?page=1&search=bob&plan=PRO',
    ]);
  });

  it("an admin changing their own plan: the app's user and capabilities follow", async () => {
    const { store: root } = await signedInStore(server, { user: ADMIN });
    const users = new AdminUsersStore(root);
    server.script('GET', '/api/admin/users', {
      body: { users: [ADMIN], pagination: pagination(1) },
    });
    await users.load();
    server.script('PUT', `/api/admin/users/${ADMIN.id}/plan`, {
      body: { user: { ...ADMIN, plan: 'PRO' } },
    });
    server.script('GET', '/api/user-capabilities', { body: capabilities('PRO') });
    await users.changePlan(users.users[0]!, 'PRO');
    expect(root.auth.user?.plan).toBe('PRO');
    await waitFor(() => expect(server.requestsTo('GET', '/api/user-capabilities')).toHaveLength(1));
  });

  it('a refused change is an error toast and the plan stays', async () => {
    const { store: root } = await signedInStore(server, { user: ADMIN });
    const users = new AdminUsersStore(root);
    server.script('GET', '/api/admin/users', { body: { users: [BOB], pagination: pagination(1) } });
    await users.load();
    server.script('PUT', `/api/admin/users/${BOB.id}/plan`, {
      status: 404,
      body: { error: ADMIN_TEXTS.userNotFound },
    });
    await users.changePlan(users.users[0]!, 'PRO');
    expect(users.users[0]?.plan).toBe('FREE');
    expect(root.toasts.toasts.map((t) => [t.type, t.message])).toContainEqual([
      'error',
      ADMIN_TEXTS.userNotFound,
    ]);
  });
});

describe('admin: alerts', () => {
  const alert = { ...alertDto({ searchTerm: 'bakfiets' }), userEmail: 'bob@example.nl' };

  it('deletes an alert after a yes and reads the list again', async () => {
    server.script(
      'GET',
      '/api/admin/alerts',
      { body: { alerts: [alert], pagination: pagination(1) } },
      { body: { alerts: [], pagination: pagination(0) } },
    );
    const { user, store } = await open('/admin?tab=alerts');
    await user.click(await screen.findByRole('button', { name: texts.deleteAlertFor('bakfiets') }));
    const dialog = await screen.findByRole('dialog', { name: texts.deleteAlertTitle });
    expect(dialog.textContent).toContain(texts.deleteAlertText('bakfiets', 'bob@example.nl'));
    server.script('DELETE', `/api/admin/alerts/${ALERT_ID}`, {
      body: { message: ADMIN_TEXTS.alertDeleted },
    });
    await user.click(within(dialog).getByRole('button', { name: texts.deleteAlert }));
    expect(await screen.findByText(texts.noAlerts)).toBeTruthy();
    expect(store.toasts.toasts.map((t) => t.message)).toContain(ADMIN_TEXTS.alertDeleted);
    expect(server.requestsTo('DELETE', `/api/admin/alerts/${ALERT_ID}`)).toHaveLength(1);
  });

  it('filters by status and platform', async () => {
    // The page may load the list more than once while the admin route settles (it re-reads the
    // user on entry); what counts is that the filters reach the server.
    const page = { body: { alerts: [alert], pagination: pagination(1) } };
    server.script('GET', '/api/admin/alerts', page, page, page, page, page, page);
    const { user } = await open('/admin?tab=alerts');
    await screen.findByRole('rowheader', { name: 'bakfiets' });
    await user.selectOptions(screen.getByLabelText(texts.status), 'paused');
    await user.selectOptions(screen.getByLabelText('Platform'), '2dehands');
    const searches = () => server.requestsTo('GET', '/api/admin/alerts').map((r) => r.search);
    await waitFor(() => expect(searches().at(-1)).toBe('?page=1&status=paused&platform=2dehands'));
    expect(searches()).toContain('?page=1&status=paused');
  });
});

describe('admin: settings (core SETTING_SCHEMAS)', () => {
  async function form(key: SettingKey) {
    const { store: root } = await signedInStore(server, { user: ADMIN });
    return { root, form: new SettingForm(root, key, DEFAULT_SETTINGS) };
  }

  it.each<[SettingKey, string, string, string]>([
    ['alertLimits', 'FREE', '-1', VALIDATION_TEXTS.numberTooSmall(0)],
    ['alertLimits', 'PRO', '2,5', VALIDATION_TEXTS.wholeNumber],
    ['telegramAlertLimits', 'REGISTERED', 'veel', VALIDATION_TEXTS.invalidValue],
    ['checkIntervals', 'FREE', '', VALIDATION_TEXTS.required],
    ['validityPeriods', 'PRO', '1.5', VALIDATION_TEXTS.wholeNumber],
    ['pricing', 'currency', 'eur', VALIDATION_TEXTS.currencyInvalid],
    ['pricing', 'pricePerAlert', '-1', ALERT_FIELD_TEXTS.priceTooLow],
    ['pricing', 'pricePerAlert', 'gratis', ALERT_FIELD_TEXTS.priceInvalid],
    ['pricing', 'subscriptionPrices.PRO', '9,999', ALERT_FIELD_TEXTS.priceSeparators],
    ['pricing', 'subscriptionPrices.PRO', '', VALIDATION_TEXTS.required],
    ['seo.maxFaqItems', '', '2.5', VALIDATION_TEXTS.wholeNumber],
    ['retention', 'notifications.FREE', '3', RETENTION_TEXTS.errors.tooShort],
    ['retention', 'priceHistory', '99999', RETENTION_TEXTS.errors.tooLong],
    ['retention', 'setAside', '7,5', RETENTION_TEXTS.errors.wholeDays],
    ['retention', 'webhookCalls', 'maand', RETENTION_TEXTS.errors.wholeDays],
  ])('%s %s = "%s" is refused: %s', async (key, path, typed, message) => {
    const { form: setting } = await form(key);
    setting.set(path, typed);
    expect(await setting.save()).toBe(false);
    expect(setting.errors[path]).toBe(message);
    expect(server.requests).toEqual([]);
  });

  it.each<[SettingKey, Record<string, string | boolean>, unknown]>([
    ['alertLimits', { PRO: '' }, { FREE: 1, REGISTERED: 5, PRO: null }],
    [
      'features.pricingTool',
      { enabled: false, displayMode: 'hidden' },
      { enabled: false, displayMode: 'hidden' },
    ],
    ['features.filterPaidAds', { '': false }, false],
    ['seo.maxFaqItems', { '': '8' }, 8],
    [
      'retention',
      { 'notifications.REGISTERED': '120', setAside: '14' },
      {
        ...DEFAULT_RETENTION,
        notifications: { FREE: 30, REGISTERED: 120, PRO: 365 },
        setAside: 14,
      },
    ],
    ['pricing', { pricePerAlert: '1,50' }, { ...DEFAULT_SETTINGS.pricing, pricePerAlert: 1.5 }],
    [
      'pricing',
      { pricePerAlert: '€ 2,-', 'subscriptionPrices.PRO': '1.000' },
      {
        ...DEFAULT_SETTINGS.pricing,
        pricePerAlert: 2,
        subscriptionPrices: { ...DEFAULT_SETTINGS.pricing.subscriptionPrices, PRO: 1000 },
      },
    ],
  ])('saves %s with PUT /admin/settings {key, value}', async (key, changes, value) => {
    const { form: setting, root } = await form(key);
    for (const [path, typed] of Object.entries(changes)) setting.set(path, typed);
    const settings = applySetting(DEFAULT_SETTINGS, key, value as never);
    server.script('PUT', '/api/admin/settings', { body: { key, value, settings } });
    server.script('GET', '/api/settings/public', { body: settings });
    expect(await setting.save()).toBe(true);
    expect(bodyOf('PUT', '/api/admin/settings')).toEqual({ key, value });
    expect(root.toasts.toasts.map((t) => t.message)).toContain(texts.saved(texts.settings[key]));
    await waitFor(() => expect(server.requestsTo('GET', '/api/settings/public')).toHaveLength(1));
  });

  it('shows the plan prices with a Dutch decimal comma', async () => {
    const { form: setting } = await form('pricing');
    expect(setting.values['subscriptionPrices.PRO']).toBe('7,95');
    expect(setting.values.pricePerAlert).toBe('1');
  });

  it("shows the server's Dutch field errors at their fields", async () => {
    const { form: setting } = await form('checkIntervals');
    server.script('PUT', '/api/admin/settings', {
      status: 400,
      body: {
        error: API_TEXTS.validationFailed,
        fields: { 'value.REGISTERED': VALIDATION_TEXTS.wholeNumber },
      },
    });
    expect(await setting.save()).toBe(false);
    expect(setting.errors).toEqual({ REGISTERED: VALIDATION_TEXTS.wholeNumber });
    expect(setting.formError).toBe(API_TEXTS.validationFailed);
  });

  it.each([
    [{ 'value.FREE': 'a' }, { FREE: 'a' }],
    [{ value: 'b' }, { _form: 'b' }],
    [{ key: 'c' }, { key: 'c' }],
  ])('server field %o is the form field %o', (fields, mapped) => {
    expect(serverFieldErrors(fields)).toEqual(mapped);
  });

  it('the settings tab has one form per key, each with Dutch labels', async () => {
    server.script('GET', '/api/settings/public', { body: DEFAULT_SETTINGS });
    const { user } = await open('/admin?tab=settings');
    expect(await screen.findByRole('heading', { name: texts.settings.alertLimits })).toBeTruthy();
    expect(screen.getAllByRole('form')).toHaveLength(SETTING_KEYS.length);
    const limits = screen.getByRole('form', { name: texts.settings.alertLimits });
    const free = within(limits).getByLabelText('Gratis');
    await user.clear(free);
    await user.type(free, '-3');
    await user.click(within(limits).getByRole('button', { name: 'Opslaan' }));
    expect(free.getAttribute('aria-invalid')).toBe('true');
    expect(within(limits).getByText(VALIDATION_TEXTS.numberTooSmall(0))).toBeTruthy();

    // The pricing model is a choice of core's values with Dutch labels, never the raw value.
    const pricing = screen.getByRole('form', { name: texts.settings.pricing });
    const model = within(pricing).getByLabelText(texts.fields.model) as HTMLSelectElement;
    expect(model.tagName).toBe('SELECT');
    expect([...model.options].map((option) => [option.value, option.text])).toEqual(
      PRICING_MODELS.map((value) => [value, texts.fields.models[value]]),
    );
    expect(model.value).toBe(DEFAULT_SETTINGS.pricing.model);
    expect(pricing.textContent).not.toContain('per_alert');
  });
});

describe('admin: retention', () => {
  it('the settings tab shows the periods in days, in Dutch, and refuses too short a one at its field', async () => {
    server.script('GET', '/api/settings/public', { body: DEFAULT_SETTINGS });
    const { user } = await open('/admin?tab=settings');
    const form = await screen.findByRole('form', { name: RETENTION_TEXTS.admin.title });
    expect(screen.getByText(RETENTION_TEXTS.admin.hint)).toBeTruthy();
    const fields = RETENTION_TEXTS.admin.fields;
    const pro = within(form).getByLabelText(fields.notifications('Pro')) as HTMLInputElement;
    expect(pro.value).toBe('365');
    expect((within(form).getByLabelText(fields.priceHistory) as HTMLInputElement).value).toBe(
      String(DEFAULT_RETENTION.priceHistory),
    );
    const setAside = within(form).getByLabelText(fields.setAside);
    await user.clear(setAside);
    await user.type(setAside, '2');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(setAside.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText(RETENTION_TEXTS.errors.tooShort)).toBeTruthy();
    expect(server.requestsTo('PUT', '/api/admin/settings')).toEqual([]);
  });

  it('the overview shows the rows held and pruned per kind', async () => {
    server.script('GET', '/api/admin/trends', { body: adminTrends() });
    server.script('GET', '/api/admin/set-aside-listings', { body: { listings: [], total: 0 } });
    const storage = adminStats().storage;
    server.script('GET', '/api/admin/stats', {
      body: adminStats({
        storage: {
          ...storage,
          notifications: { held: 12_345, pruned: 2_000_000 },
          deliveries: { held: 20_000, pruned: 4_100 },
        },
      }),
    });
    await open('/admin');
    const table = await screen.findByRole('table', { name: RETENTION_TEXTS.stats.title });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'SoortBewaardOpgeschoond',
      'Meldingen12.3452.000.000',
      'Verzendingen20.0004.100',
      'Opgeslagen advertenties00',
      'Prijswaarnemingen00',
      'Webhook-aanroepen00',
      'Apart gezette advertenties00',
    ]);
  });
});

describe('admin: the overview at a glance', () => {
  it('shows the last 30 days per figure: a column per day with a count, none for a day of 0', async () => {
    server.script('GET', '/api/admin/stats', { body: adminStats() });
    server.script('GET', '/api/admin/trends', {
      body: adminTrends('2026-03-30', (_date, index) =>
        index === 29
          ? { newUsers: 3, revenueCents: 795 }
          : index === 20
            ? { newUsers: 1, notificationsSent: 12 }
            : {},
      ),
    });
    server.script('GET', '/api/admin/set-aside-listings', { body: { listings: [], total: 0 } });
    await open('/admin');
    const users = await screen.findByRole('figure', { name: /^Nieuwe gebruikers/ });
    // Two days with new users: two columns, the other 28 days (all 0) none.
    expect(users.querySelectorAll('.column-chart__bar')).toHaveLength(2);
    // The value axis from 0 to a round top, the dates under the columns, the total beside.
    const ticks = [...users.querySelectorAll('.column-chart__tick')].map(
      (tick) => tick.textContent,
    );
    expect(ticks).toEqual(['0', '1', '2', '3']);
    expect(users.querySelector('.column-chart__labels')?.textContent).toContain('30 mrt');
    expect(users.querySelector('.column-chart__summary')?.textContent).toBe('4');
    // Screen readers read every day from the table.
    const table = within(users).getByRole('table', { name: texts.trends.newUsers });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    // Revenue in euros; a figure that is 0 all month draws nothing at all.
    const revenue = screen.getByRole('figure', { name: /^Omzet/ });
    expect(revenue.querySelector('.column-chart__summary')?.textContent).toMatch(/^€\s7,95$/);
    expect(revenue.querySelector('.column-chart__tick:last-child')?.textContent).toMatch(/^€\s8$/);
    const alerts = screen.getByRole('figure', { name: /^Nieuwe alerts/ });
    expect(alerts.querySelectorAll('.column-chart__bar')).toHaveLength(0);
    expect(server.requestsTo('GET', '/api/admin/trends')).toHaveLength(1);
  });

  it('lists the ads the engine set aside, with where, why and how they began, as text', async () => {
    server.script('GET', '/api/admin/stats', { body: adminStats() });
    server.script('GET', '/api/admin/trends', { body: adminTrends() });
    server.script('GET', '/api/admin/set-aside-listings', {
      body: {
        listings: [
          {
            id: '55555555-5555-4555-8555-555555555555',
            platform: '2dehands',
            listingId: 'm2100000002',
            stage: 'feed-match',
            reason: 'SQLITE_ERROR: unrecognized token',
            snippet: '{"title":"<b>Bakfiets</b>\\u0000"}',
            createdAt: '2026-11-24T10:00:00.000Z',
          },
        ],
        total: 3,
      },
    });
    await open('/admin');
    const table = await screen.findByRole('table', { name: texts.setAside.title });
    const row = within(table).getByText('m2100000002').closest('tr')!;
    expect(row.textContent).toContain('2dehands');
    expect(row.textContent).toContain(texts.setAside.stages['feed-match']);
    expect(row.textContent).toContain('SQLITE_ERROR: unrecognized token');
    // Marketplace text is shown as it was read, never as markup.
    expect(row.textContent).toContain('{"title":"<b>Bakfiets</b>\\u0000"}');
    expect(row.querySelector('b')).toBeNull();
    expect(screen.getByText(texts.setAside.count(1, 3))).toBeTruthy();
  });

  it('says when nothing was set aside', async () => {
    server.script('GET', '/api/admin/stats', { body: adminStats() });
    server.script('GET', '/api/admin/trends', { body: adminTrends() });
    server.script('GET', '/api/admin/set-aside-listings', { body: { listings: [], total: 0 } });
    await open('/admin');
    expect(await screen.findByText(texts.setAside.none)).toBeTruthy();
  });

  it('a search that finds no one says so and offers to clear it', async () => {
    server.script(
      'GET',
      '/api/admin/users',
      { body: { users: [BOB], pagination: pagination(1) } },
      { body: { users: [], pagination: pagination(0) } },
      { body: { users: [BOB], pagination: pagination(1) } },
    );
    const { user } = await open('/admin?tab=users');
    await screen.findByRole('rowheader', { name: 'bob@example.nl' });
    await user.type(screen.getByLabelText(texts.searchUsers), 'niemand');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByRole('heading', { name: texts.noUsers })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: EMPTY_STATE_TEXTS.admin.clearFilters }));
    expect(await screen.findByRole('rowheader', { name: 'bob@example.nl' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(texts.searchUsers).value).toBe('');
    expect(server.requestsTo('GET', '/api/admin/users').map((r) => r.search)).toEqual([
      '?page=1',
      '?page=1&search=niemand',
      '?page=1',
    ]);
  });

  it('without payments, the next step is the pricing settings', async () => {
    server.script('GET', '/api/admin/payments', {
      body: { payments: [], stats: { activeProSubscriptions: 0, revenueThisMonthCents: 0 } },
    });
    await open('/admin?tab=payments');
    expect(await screen.findByRole('heading', { name: PAYMENT_TEXTS.admin.empty })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: EMPTY_STATE_TEXTS.admin.toPricing }).getAttribute('href'),
    ).toBe('/admin?tab=settings');
  });
});
