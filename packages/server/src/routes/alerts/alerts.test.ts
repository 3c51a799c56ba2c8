/**
 * /api/alerts through the running server: the guest flow with its confirmation mail, the manage
 * link (read, change, pause, extend, delete), my-alerts, token isolation, bad input, CSRF, and that
 * no token reaches the logs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_TEXTS,
  API_TEXTS,
  DEFAULT_SETTINGS,
  PLAN_LABELS,
  PLATFORMS,
  type AlertDto,
  type AlertWithMessageResponse,
  type ApiErrorBody,
  type CategoryDto,
  type CreateAlertResponse,
  type ManageAlertResponse,
  type MyAlertsResponse,
  userCreateAlertSchema,
} from '@prijsalarm/core';
import { createLogger } from '../../logger';
import {
  confirmationLinkFor,
  guestBrowser,
  guestPayload,
  isDaysFromNow,
  manageTokenOf,
  userPayload,
} from '../../../test/alert-helpers';
import { loginAs, uniqueEmail } from '../../../test/auth-helpers';
import { createDelivery, createNotification } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { startTelegramDouble, type TelegramDouble } from '../../../../../tests/doubles/telegram';

const logLines: string[] = [];
let server: TestServer;
let telegram: TelegramDouble;
// The plans' Telegram rules apply on a server that has a bot (the Bot API double).
const TOKEN = '123456:ALERTS-token';

beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN, botUsername: 'PrijsalarmAlertsBot' });
  server = await startTestServer({
    env: { RATE_LIMITS: 'off', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot },
    // Every line the server logs, to prove that no secret link token is among them.
    logger: createLogger({ level: 'debug', destination: { write: (line) => logLines.push(line) } }),
  });
});
afterAll(async () => {
  await server?.stop();
  await telegram?.stop();
});

const guestAlertsOf = (email: string) =>
  server.models.Alert.count({ where: { email: email.toLowerCase(), userId: null } });

/** A guest alert through the API; returns its manage token and the answer. */
async function createGuestAlert(overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('gast');
  const browser = await guestBrowser(server);
  const res = await browser.post<CreateAlertResponse>(
    '/api/alerts',
    guestPayload({ email, ...overrides }),
  );
  expect(res.status, res.text).toBe(201);
  return { browser, email, res, manageToken: manageTokenOf(res.body.alert.manageUrl) };
}

/** A confirmed guest alert. */
async function createConfirmedGuestAlert(overrides: Record<string, unknown> = {}) {
  const created = await createGuestAlert(overrides);
  const { confirmToken } = await confirmationLinkFor(server, created.email);
  const confirm = await created.browser.get(`/api/alerts/confirm/${confirmToken}`);
  expect(confirm.status, confirm.text).toBe(200);
  return created;
}

async function manage(browser: TestClient, token: string) {
  return browser.get<ManageAlertResponse>(`/api/alerts/manage/${token}`);
}

describe('guest alert', () => {
  it('is created, confirmed once through the mailed link, and then shown on its manage page', async () => {
    const browser = await guestBrowser(server);
    const email = uniqueEmail('Gast');
    const created = await browser.post<CreateAlertResponse>(
      '/api/alerts',
      guestPayload({ email, maxPrice: '149,50', postalCode: '3511ab', distance: 10 }),
    );
    expect(created.status).toBe(201);
    const { id, manageUrl } = created.body.alert;
    expect(manageUrl).toMatch(new RegExp(`^${server.baseUrl}/manage/[A-Za-z0-9_-]{43}$`));

    // The mail arrives at the real SMTP server with the agreed link.
    const { link, manageToken, confirmToken } = await confirmationLinkFor(
      server,
      email.toLowerCase(),
    );
    expect(link).toBe(`${manageUrl}?bevestig=${confirmToken}`);
    expect(manageToken).toBe(manageTokenOf(manageUrl));
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const pending = await manage(browser, manageToken);
    expect(pending.status).toBe(200);
    expect(pending.body.alert).toMatchObject({
      id,
      status: 'pending_confirmation',
      searchTerm: 'racefiets',
      platforms: ['marktplaats'],
      maxPrice: 149.5,
      minPrice: null,
      postalCode: '3511 AB',
      distance: 10,
      email: email.toLowerCase(),
      notifyEmail: true,
      notifyTelegram: false,
      expiresAt: null,
      manageUrl,
    });

    // Any browser may follow the link (it is the mail that proves the address).
    const confirmed = await server
      .client()
      .get<AlertWithMessageResponse>(`/api/alerts/confirm/${confirmToken}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(ALERT_TEXTS.confirmed);
    expect(confirmed.body.alert.status).toBe('active');
    expect(
      isDaysFromNow(confirmed.body.alert.expiresAt, DEFAULT_SETTINGS.validityPeriods.FREE),
    ).toBe(true);
    expect(confirmed.body.alert.validityDays).toBe(DEFAULT_SETTINGS.validityPeriods.FREE);
    expect(confirmed.body.alert.checkIntervalMinutes).toBe(DEFAULT_SETTINGS.checkIntervals.FREE);

    const again = await server.client().get<ApiErrorBody>(`/api/alerts/confirm/${confirmToken}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(ALERT_TEXTS.confirmLinkInvalid);

    const page = await manage(browser, manageToken);
    expect(page.body.alert.status).toBe('active');
    expect(page.body.alert.refreshUrl).toMatch(
      new RegExp(`^${manageUrl}/refresh/[A-Za-z0-9_-]{43}$`),
    );
    expect(page.body.notifications).toEqual({
      items: [],
      pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
    });
  });

  it('stores only hashes and nonces, never a raw token', async () => {
    const { manageToken, email } = await createGuestAlert();
    const { confirmToken } = await confirmationLinkFor(server, email);
    const [alerts] = await server.sequelize.query('SELECT * FROM alerts');
    const [tokens] = await server.sequelize.query('SELECT * FROM one_time_tokens');
    const stored = JSON.stringify([alerts, tokens]);
    expect(stored).not.toContain(manageToken);
    expect(stored).not.toContain(confirmToken);
  });

  it.each([
    ['the same address', (email: string) => email],
    ['the same address in capitals', (email: string) => email.toUpperCase()],
  ])('refuses a second free alert for %s, pending or confirmed', async (_name, variant) => {
    const { email } = await createGuestAlert();
    const browser = await guestBrowser(server);
    const second = await browser.post<ApiErrorBody>(
      '/api/alerts',
      guestPayload({ email: variant(email) }),
    );
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(ALERT_TEXTS.guestAlertExists);

    const { confirmToken } = await confirmationLinkFor(server, email);
    await browser.get(`/api/alerts/confirm/${confirmToken}`);
    const third = await browser.post('/api/alerts', guestPayload({ email: variant(email) }));
    expect(third.status).toBe(409);
    expect(await guestAlertsOf(email)).toBe(1);
  });

  it('keeps one alert when two requests for one address arrive together', async () => {
    const email = uniqueEmail('gelijktijdig');
    const browsers = await Promise.all([guestBrowser(server), guestBrowser(server)]);
    const answers = await Promise.all(
      browsers.map((browser) => browser.post('/api/alerts', guestPayload({ email }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await guestAlertsOf(email)).toBe(1);
  });

  it('lets an address start again once its unconfirmed alert can no longer be confirmed', async () => {
    const { email } = await createGuestAlert();
    // Older than the confirmation link's 24 hours.
    await server.sequelize.query('UPDATE alerts SET createdAt = :old WHERE email = :email', {
      replacements: { old: new Date(Date.now() - 25 * 3_600_000), email },
    });
    const browser = await guestBrowser(server);
    const again = await browser.post('/api/alerts', guestPayload({ email }));
    expect(again.status).toBe(201);
    expect(await guestAlertsOf(email)).toBe(1);
  });

  it('answers a Dutch 503 and keeps nothing when the confirmation mail cannot be sent', async () => {
    const email = uniqueEmail('gast');
    const browser = await guestBrowser(server);
    server.mailbox.refuse({ kind: 'permanent', to: email });
    try {
      const res = await browser.post<ApiErrorBody>('/api/alerts', guestPayload({ email }));
      expect(res.status).toBe(503);
      expect(res.body.error).toBe(ALERT_TEXTS.confirmationMailFailed);
      expect(await guestAlertsOf(email)).toBe(0);
    } finally {
      server.mailbox.refuse(null);
    }
    const again = await browser.post('/api/alerts', guestPayload({ email }));
    expect(again.status).toBe(201);
  });

  it('refuses 2dehands for a guest in Dutch', async () => {
    const browser = await guestBrowser(server);
    const res = await browser.post<ApiErrorBody>(
      '/api/alerts',
      guestPayload({ email: uniqueEmail(), platforms: ['2dehands'] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields?.platforms).toBe(
      ACCESS_TEXTS.accountRequiredForPlatform(PLATFORMS['2dehands'].name),
    );
  });

  it('takes the whole create-alert payload the wizard sends, with notifyEmail: true', async () => {
    // Every field the wizard sends: its fresh-form values plus the empty extras.
    const { res } = await createGuestAlert({
      ...userCreateAlertSchema.parse({ searchTerm: 'gazelle', platforms: ['marktplaats'] }),
      ...{ minPrice: null, l1CategoryId: null, l2CategoryId: null, postalCode: '1234AB' },
      ...{ maxPrice: 150, distance: 10 },
    });
    expect(res.body.alert.manageUrl).toContain('/manage/');
    expect(res.body.alert.manageUrl).toContain('/manage/');
  });

  it('refuses what only an account may use with the plan message', async () => {
    const browser = await guestBrowser(server);
    const res = await browser.post<ApiErrorBody>(
      '/api/alerts',
      guestPayload({ email: uniqueEmail(), notifyTelegram: true, minPrice: 5 }),
    );
    expect(res.status).toBe(400);
    const fromRegistered = ACCESS_TEXTS.availableFromPlan(PLAN_LABELS.REGISTERED);
    expect(res.body.fields).toEqual({ notifyTelegram: fromRegistered, minPrice: fromRegistered });
  });

  it('refuses a confirmation link that has expired', async () => {
    const { email, browser } = await createGuestAlert();
    const { confirmToken } = await confirmationLinkFor(server, email);
    await server.models.OneTimeToken.update(
      { expiresAt: new Date(Date.now() - 1000) },
      { where: { email, purpose: 'alert_confirm' } },
    );
    const res = await browser.get<ApiErrorBody>(`/api/alerts/confirm/${confirmToken}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(ALERT_TEXTS.confirmLinkInvalid);
  });
});

describe('manage link', () => {
  it('changes the alert within the guest rules', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const res = await browser.put<{ alert: AlertDto }>(`/api/alerts/manage/${manageToken}`, {
      searchTerm: 'mountainbike',
      maxPrice: 400,
      postalCode: '1012 AB',
      distance: 25,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.alert).toMatchObject({
      searchTerm: 'mountainbike',
      maxPrice: 400,
      postalCode: '1012 AB',
      distance: 25,
      status: 'active',
    });
    expect((await manage(browser, manageToken)).body.alert.searchTerm).toBe('mountainbike');
  });

  it.each<[string, Record<string, unknown>, string, string[]]>([
    [
      'a minimum price',
      { minPrice: 10 },
      ACCESS_TEXTS.availableFromPlan('Geregistreerd'),
      ['REGISTERED', 'PRO'],
    ],
    [
      '2dehands',
      { platforms: ['2dehands'], postalCode: null, distance: null },
      ACCESS_TEXTS.accountRequiredForPlatform('2dehands'),
      ['PRO'],
    ],
    [
      'Telegram',
      { notifyTelegram: true },
      ACCESS_TEXTS.availableFromPlan('Geregistreerd'),
      ['REGISTERED', 'PRO'],
    ],
    [
      'the image filter',
      { onlyWithImages: true },
      ACCESS_TEXTS.availableFromPlan('Geregistreerd'),
      ['REGISTERED', 'PRO'],
    ],
  ])('keeps a guest alert guest-limited: %s → 403', async (_name, change, error, requiredPlans) => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const res = await browser.put<ApiErrorBody>(`/api/alerts/manage/${manageToken}`, change);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error, requiredPlans });
  });

  it('does not let the link change the confirmed e-mail address', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const res = await browser.put<ApiErrorBody>(`/api/alerts/manage/${manageToken}`, {
      email: 'iemand-anders@example.nl',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ email: ALERT_TEXTS.emailNotChangeable });
  });

  it('judges the merged alert: a distance needs the postal code it keeps', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert({
      postalCode: '3511 AB',
      distance: 5,
    });
    const res = await browser.put<ApiErrorBody>(`/api/alerts/manage/${manageToken}`, {
      postalCode: null,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ distance: ALERT_FIELD_TEXTS.distanceNeedsPostalCode });
  });

  it('pauses and resumes', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const paused = await browser.patch<{ alert: AlertDto }>(
      `/api/alerts/manage/${manageToken}/toggle`,
    );
    expect(paused.status).toBe(200);
    expect(paused.body.alert).toMatchObject({ status: 'paused', isActive: false });
    const resumed = await browser.patch<{ alert: AlertDto }>(
      `/api/alerts/manage/${manageToken}/toggle`,
    );
    expect(resumed.body.alert).toMatchObject({ status: 'active', isActive: true });
  });

  it('extends an alert by its plan’s days, once per refresh link, and rotates that link', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const alertId = (await manage(browser, manageToken)).body.alert.id;
    // Nearly expired.
    await server.models.Alert.update(
      { expiresAt: new Date(Date.now() + 3_600_000) },
      { where: { id: alertId } },
    );
    const { refreshUrl } = (await manage(browser, manageToken)).body.alert;
    const apiPath = `/api/alerts${new URL(refreshUrl).pathname}`;

    const refreshed = await browser.get<AlertWithMessageResponse>(apiPath);
    expect(refreshed.status).toBe(200);
    const days = DEFAULT_SETTINGS.validityPeriods.FREE;
    expect(refreshed.body.message).toBe(ALERT_TEXTS.refreshed(days));
    expect(isDaysFromNow(refreshed.body.alert.expiresAt, days)).toBe(true);

    const reused = await browser.get<ApiErrorBody>(apiPath);
    expect(reused.status).toBe(404);
    expect(reused.body.error).toBe(ALERT_TEXTS.refreshLinkInvalid);

    const newRefreshUrl = (await manage(browser, manageToken)).body.alert.refreshUrl;
    expect(newRefreshUrl).not.toBe(refreshUrl);
    expect((await browser.get(`/api/alerts${new URL(newRefreshUrl).pathname}`)).status).toBe(200);
  });

  it('brings an expired alert back to life with its refresh link', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const { id, refreshUrl } = (await manage(browser, manageToken)).body.alert;
    await server.models.Alert.update({ expiresAt: new Date(Date.now() - 1000) }, { where: { id } });
    expect((await manage(browser, manageToken)).body.alert.status).toBe('expired');
    const res = await browser.get<AlertWithMessageResponse>(
      `/api/alerts${new URL(refreshUrl).pathname}`,
    );
    expect(res.body.alert.status).toBe('active');
  });

  it('does not extend an alert that still waits for its confirmation', async () => {
    const { browser, manageToken } = await createGuestAlert();
    const { refreshUrl } = (await manage(browser, manageToken)).body.alert;
    const res = await browser.get<ApiErrorBody>(`/api/alerts${new URL(refreshUrl).pathname}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ALERT_TEXTS.refreshNeedsConfirmation);
  });

  it('deletes the alert with its notifications', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const { id } = (await manage(browser, manageToken)).body.alert;
    const alert = await server.models.Alert.findByPk(id);
    const notification = await createNotification(server.models, alert!);
    await createDelivery(server.models, notification);

    const res = await browser.delete<{ message: string }>(`/api/alerts/manage/${manageToken}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ALERT_TEXTS.deleted);
    expect((await manage(browser, manageToken)).status).toBe(404);
    expect(await server.models.Notification.count({ where: { alertId: id } })).toBe(0);
    expect(await server.models.Delivery.count({ where: { notificationId: notification.id } })).toBe(
      0,
    );
  });

  it('pages the alert’s notifications, newest first, with their deliveries', async () => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const { id } = (await manage(browser, manageToken)).body.alert;
    const alert = (await server.models.Alert.findByPk(id))!;
    const titles: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const notification = await createNotification(server.models, alert, {
        title: `Fiets ${index}`,
        createdAt: new Date(Date.now() - (3 - index) * 60_000),
      });
      await createDelivery(server.models, notification, { channel: 'email', status: 'sent' });
      titles.push(`Fiets ${index}`);
    }
    const page2 = await browser.get<ManageAlertResponse>(`/api/alerts/manage/${manageToken}`, {
      query: { notificationsPage: 2, notificationsLimit: 2 },
    });
    expect(page2.status).toBe(200);
    expect(page2.body.notifications.pagination).toEqual({
      page: 2,
      limit: 2,
      total: 3,
      totalPages: 2,
    });
    expect(page2.body.notifications.items.map((item) => item.listing.title)).toEqual(['Fiets 0']);
    expect(page2.body.notifications.items[0]).toMatchObject({
      alertId: id,
      alertSearchTerm: 'racefiets',
      deliveries: [{ channel: 'email', status: 'sent' }],
    });
    expect(page2.body.alert.notificationCount).toBe(3);
  });

  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['DELETE', ''],
    ['PATCH', '/toggle'],
    ['GET', `/refresh/${'r'.repeat(43)}`],
  ])('answers 404 in Dutch for an unknown token (%s %s)', async (method, suffix) => {
    const browser = await guestBrowser(server);
    const res = await browser.request<ApiErrorBody>(
      method,
      `/api/alerts/manage/${'x'.repeat(43)}${suffix}`,
      method === 'PUT' ? { body: { searchTerm: 'fiets' } } : {},
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(ALERT_TEXTS.notFound);
  });

  it('lets the token of alert A touch nothing of alert B', async () => {
    const a = await createConfirmedGuestAlert({ searchTerm: 'alert a' });
    const b = await createConfirmedGuestAlert({ searchTerm: 'alert b' });
    const pageA = (await manage(a.browser, a.manageToken)).body.alert;
    const pageB = (await manage(b.browser, b.manageToken)).body.alert;
    expect(pageA.searchTerm).toBe('alert a');

    // B's refresh token behind A's manage token.
    const refreshB = new URL(pageB.refreshUrl).pathname.split('/').pop();
    const crossed = await a.browser.get(`/api/alerts/manage/${a.manageToken}/refresh/${refreshB}`);
    expect(crossed.status).toBe(404);

    await a.browser.put(`/api/alerts/manage/${a.manageToken}`, { searchTerm: 'gewijzigd' });
    await a.browser.patch(`/api/alerts/manage/${a.manageToken}/toggle`);
    await a.browser.delete(`/api/alerts/manage/${a.manageToken}`);

    const after = (await manage(b.browser, b.manageToken)).body.alert;
    expect(after).toEqual(pageB);
  });
});

describe('signed-in user', () => {
  it('creates a confirmed alert at once and sees it in my-alerts', async () => {
    const browser = server.client();
    await loginAs(server, browser, { plan: 'REGISTERED' });
    const created = await browser.post<CreateAlertResponse>(
      '/api/alerts',
      userPayload({
        minPrice: '10',
        maxPrice: '99.99',
        deliveryMethod: 'pickup',
        onlyWithImages: true,
      }),
    );
    expect(created.status, created.text).toBe(201);
    const mine = await browser.get<MyAlertsResponse>('/api/alerts/my-alerts');
    expect(mine.status).toBe(200);
    expect(mine.body.alerts).toHaveLength(1);
    expect(mine.body.alerts[0]).toMatchObject({
      id: created.body.alert.id,
      manageUrl: created.body.alert.manageUrl,
      status: 'active',
      minPrice: 10,
      maxPrice: 99.99,
      deliveryMethod: 'pickup',
      onlyWithImages: true,
      email: null,
      notificationCount: 0,
      checkIntervalMinutes: DEFAULT_SETTINGS.checkIntervals.REGISTERED,
      validityDays: DEFAULT_SETTINGS.validityPeriods.REGISTERED,
    });
    expect(
      isDaysFromNow(mine.body.alerts[0]!.expiresAt, DEFAULT_SETTINGS.validityPeriods.REGISTERED),
    ).toBe(true);
    expect(mine.body.capabilities).toMatchObject({
      plan: 'REGISTERED',
      alerts: { current: 1, limit: DEFAULT_SETTINGS.alertLimits.REGISTERED, canCreate: true },
    });
    const stored = await server.models.Alert.findByPk(created.body.alert.id);
    expect(stored).toMatchObject({ minPriceCents: 1000, maxPriceCents: 9999 });
  });

  it('never shows user X the alerts of user Y', async () => {
    const x = server.client();
    const y = server.client();
    await loginAs(server, x, { plan: 'PRO' });
    await loginAs(server, y, { plan: 'PRO' });
    const ofX = await x.post<CreateAlertResponse>(
      '/api/alerts',
      userPayload({ searchTerm: 'van x' }),
    );
    const ofY = await y.post<CreateAlertResponse>(
      '/api/alerts',
      userPayload({ searchTerm: 'van y' }),
    );
    const listX = await x.get<MyAlertsResponse>('/api/alerts/my-alerts');
    const listY = await y.get<MyAlertsResponse>('/api/alerts/my-alerts');
    expect(listX.body.alerts.map((alert) => alert.id)).toEqual([ofX.body.alert.id]);
    expect(listY.body.alerts.map((alert) => alert.id)).toEqual([ofY.body.alert.id]);
  });

  it('asks a guest to log in for my-alerts', async () => {
    const res = await server.client().get<ApiErrorBody>('/api/alerts/my-alerts');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(API_TEXTS.unauthenticated);
  });
});

describe('categories on an alert', () => {
  let cars: CategoryDto;
  let brand: CategoryDto;
  let otherTop: CategoryDto;

  beforeAll(async () => {
    const tops = (
      await server.client().get<CategoryDto[]>('/api/categories', { query: { type: 'L1' } })
    ).body;
    cars = tops.find((category) => category.marktplaatsId === 91)!;
    otherTop = tops.find((category) => category.marktplaatsId !== 91)!;
    const brands = await server.client().get<CategoryDto[]>('/api/categories', {
      query: { type: 'L2', parentId: cars.id },
    });
    brand = brands.body[0]!;
  });

  it('stores the marketplace ids and answers with ours', async () => {
    const browser = server.client();
    await loginAs(server, browser, { plan: 'PRO' });
    const created = await browser.post<CreateAlertResponse>(
      '/api/alerts',
      userPayload({
        l1CategoryId: cars.id,
        l2CategoryId: brand.id,
        customFilters: { mileageMax: 150000, yearMin: 2015, adverteerder: 'private' },
      }),
    );
    expect(created.status, created.text).toBe(201);
    const stored = await server.models.Alert.findByPk(created.body.alert.id);
    expect(stored).toMatchObject({ l1CategoryId: 91, l2CategoryId: brand.marktplaatsId });
    const [listed] = (await browser.get<MyAlertsResponse>('/api/alerts/my-alerts')).body.alerts;
    expect(listed).toMatchObject({
      l1CategoryId: cars.id,
      l2CategoryId: brand.id,
      customFilters: { mileageMax: 150000, yearMin: 2015, adverteerder: 'private' },
    });
  });

  it.each<[string, () => Record<string, unknown>, Record<string, string>]>([
    [
      'an unknown category',
      () => ({ l1CategoryId: 999_999 }),
      { l1CategoryId: ALERT_TEXTS.categoryNotFound },
    ],
    [
      'a subcategory of another category',
      () => ({ l1CategoryId: otherTop.id, l2CategoryId: brand.id }),
      { l2CategoryId: ALERT_TEXTS.subcategoryMismatch },
    ],
    [
      'an L2 category as the top category',
      () => ({ l1CategoryId: brand.id }),
      { l1CategoryId: ALERT_TEXTS.categoryNotFound },
    ],
    [
      'car filters outside the car category',
      () => ({ l1CategoryId: otherTop.id, customFilters: { mileageMax: 1000 } }),
      { customFilters: ALERT_TEXTS.carFiltersNeedCarCategory },
    ],
  ])('refuses %s with a Dutch field error', async (_name, payload, fields) => {
    const browser = server.client();
    await loginAs(server, browser, { plan: 'PRO' });
    const res = await browser.post<ApiErrorBody>('/api/alerts', userPayload(payload()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: API_TEXTS.validationFailed, fields });
  });
});

describe('prices typed the Dutch way', () => {
  it.each<[string, number]>([
    ['1.000', 1000],
    ['1.000,50', 1000.5],
    ['400,-', 400],
    ['€ 400', 400],
    ['400', 400],
    ['12,5', 12.5],
  ])('a guest max price of %j is stored as € %d', async (maxPrice, euros) => {
    const { manageToken, browser } = await createGuestAlert({ maxPrice });
    const res = await manage(browser, manageToken);
    expect(res.body.alert.maxPrice).toBe(euros);
  });

  it.each<[string, string]>([
    ['abc', ALERT_FIELD_TEXTS.priceInvalid],
    ['1,500', ALERT_FIELD_TEXTS.priceSeparators],
    ['-5', ALERT_FIELD_TEXTS.priceTooLow],
  ])('%j is refused with a Dutch 400 and nothing is stored', async (maxPrice, message) => {
    const email = uniqueEmail('prijs');
    const browser = await guestBrowser(server);
    const res = await browser.post<ApiErrorBody>('/api/alerts', guestPayload({ email, maxPrice }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: API_TEXTS.validationFailed,
      fields: { maxPrice: message },
    });
    expect(await guestAlertsOf(email)).toBe(0);
  });

  it('names every bad field in one answer', async () => {
    const browser = await guestBrowser(server);
    const res = await browser.post<ApiErrorBody>(
      '/api/alerts',
      guestPayload({ maxPrice: 'abc', postalCode: '12', email: 'geen-adres' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      maxPrice: ALERT_FIELD_TEXTS.priceInvalid,
      postalCode: 'Ongeldige postcode, bijv. 1234 AB',
      email: ALERT_FIELD_TEXTS.emailInvalid,
    });
  });
});

describe('bad input', () => {
  const longTerm = 'a'.repeat(501);

  it.each<[string, Record<string, unknown> | unknown[], string]>([
    ['a 501-character search term', guestPayload({ searchTerm: longTerm }), 'searchTerm'],
    [
      '<script> in the search term',
      guestPayload({ searchTerm: '<script>alert(1)</script>' }),
      'searchTerm',
    ],
    ['an empty search term', guestPayload({ searchTerm: '   ' }), 'searchTerm'],
    ['a price of 10 000 000', guestPayload({ maxPrice: 10_000_000 }), 'maxPrice'],
    ['a negative price', guestPayload({ maxPrice: -1 }), 'maxPrice'],
    ['a price that is a word', guestPayload({ maxPrice: 'duur' }), 'maxPrice'],
    ['a bad postal code', guestPayload({ postalCode: 'ABCD' }), 'postalCode'],
    ['a Belgian postal code on Marktplaats', guestPayload({ postalCode: '1000' }), 'postalCode'],
    [
      'a distance that is not offered',
      guestPayload({ postalCode: '3511 AB', distance: 7 }),
      'distance',
    ],
    ['no e-mail address', guestPayload({ email: undefined }), 'email'],
    ['a bad e-mail address', guestPayload({ email: 'geen-adres' }), 'email'],
    ['a number as search term', guestPayload({ searchTerm: 42 }), 'searchTerm'],
    ['a field the guest form does not have', guestPayload({ minPrice: 5 }), 'minPrice'],
    ['a list instead of an object', [guestPayload()], '_form'],
  ])('POST /alerts as a guest: %s → 400', async (_name, body, field) => {
    const browser = await guestBrowser(server);
    const res = await browser.post<ApiErrorBody>('/api/alerts', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.validationFailed);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a 501-character search term', userPayload({ searchTerm: longTerm }), 'searchTerm'],
    ['<script> in the search term', userPayload({ searchTerm: '<script>' }), 'searchTerm'],
    ['a price of 10 000 000', userPayload({ maxPrice: 10_000_000 }), 'maxPrice'],
    ['a minimum above the maximum', userPayload({ minPrice: 300, maxPrice: 200 }), 'minPrice'],
    ['a bad postal code', userPayload({ postalCode: '0123 AB' }), 'postalCode'],
    ['no platform', userPayload({ platforms: [] }), 'platforms'],
    ['an unknown platform', userPayload({ platforms: ['ebay'] }), 'platforms.0'],
    ['no way to be notified', userPayload({ notifyEmail: false }), 'notifyEmail'],
    ['a flag that is text', userPayload({ onlyWithImages: 'ja' }), 'onlyWithImages'],
    ['an unknown filter', userPayload({ customFilters: { kleur: 'rood' } }), 'customFilters.kleur'],
    ['a category id that is text', userPayload({ l1CategoryId: 'auto' }), 'l1CategoryId'],
  ])('POST /alerts as a user: %s → 400', async (_name, body, field) => {
    const browser = server.client();
    await loginAs(server, browser, { plan: 'PRO' });
    const res = await browser.post<ApiErrorBody>('/api/alerts', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.validationFailed);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a 501-character search term', { searchTerm: longTerm }, 'searchTerm'],
    ['<script> in the search term', { searchTerm: '<script>' }, 'searchTerm'],
    ['a price of 10 000 000', { maxPrice: 10_000_000 }, 'maxPrice'],
    ['a bad postal code', { postalCode: '12' }, 'postalCode'],
    ['an unknown field', { kleur: 'rood' }, 'kleur'],
  ])('PUT /alerts/manage/{token}: %s → 400', async (_name, body, field) => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const res = await browser.put<ApiErrorBody>(`/api/alerts/manage/${manageToken}`, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a page that is a word', { notificationsPage: 'een' }, 'notificationsPage'],
    ['page 0', { notificationsPage: '0' }, 'notificationsPage'],
    ['101 per page', { notificationsLimit: '101' }, 'notificationsLimit'],
  ])('GET /alerts/manage/{token}: %s → 400', async (_name, query, field) => {
    const { browser, manageToken } = await createGuestAlert();
    const res = await browser.get<ApiErrorBody>(`/api/alerts/manage/${manageToken}`, { query });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
  });

  it.each([
    ['POST', '/api/alerts', '{"searchTerm": "fiets",'],
    ['PUT', '/api/alerts/manage/TOKEN', '{"searchTerm": "fiets",'],
    ['POST', '/api/alerts', '"racefiets"'],
    ['PUT', '/api/alerts/manage/TOKEN', '12'],
  ])('%s %s with malformed JSON %s → 400 in Dutch', async (method, path, body) => {
    const { browser, manageToken } = await createGuestAlert();
    const res = await browser.request<ApiErrorBody>(method, path.replace('TOKEN', manageToken), {
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.invalidJson);
  });

  it('never answers 500 to a deeply nested body', async () => {
    const browser = await guestBrowser(server);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await browser.post('/api/alerts', `{"searchTerm": ${deep}, "email": "a@b.nl"}`);
    expect(res.status).toBe(400);
  });
});

describe('CSRF', () => {
  it.each([
    ['POST', '/api/alerts', guestPayload({ email: 'csrf@example.nl' })],
    ['PUT', '/api/alerts/manage/TOKEN', { searchTerm: 'fiets' }],
    ['DELETE', '/api/alerts/manage/TOKEN', undefined],
    ['PATCH', '/api/alerts/manage/TOKEN/toggle', undefined],
  ])('refuses %s %s without the CSRF header, or with a wrong one', async (method, path, body) => {
    const { browser, manageToken } = await createConfirmedGuestAlert();
    const before = (await manage(browser, manageToken)).body.alert;
    const url = path.replace('TOKEN', manageToken);
    for (const options of [{ csrf: false }, { headers: { 'x-csrf-token': 'vervalst' } }]) {
      const res = await browser.request<ApiErrorBody>(method, url, { body, ...options });
      expect(res.status).toBe(403);
      expect(res.body.error).toContain('CSRF');
    }
    expect((await manage(browser, manageToken)).body.alert).toEqual(before);
    expect(await guestAlertsOf('csrf@example.nl')).toBe(0);
  });

  it('refuses a signed-in user’s POST /alerts without the CSRF header', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser, { plan: 'PRO' });
    const res = await browser.post<ApiErrorBody>('/api/alerts', userPayload(), { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('CSRF');
    expect(await server.models.Alert.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('logs', () => {
  it('never contain a manage, refresh or confirmation token', async () => {
    const { browser, email, manageToken } = await createGuestAlert();
    const { confirmToken } = await confirmationLinkFor(server, email);
    await browser.get(`/api/alerts/confirm/${confirmToken}`);
    const { refreshUrl } = (await manage(browser, manageToken)).body.alert;
    const refreshToken = refreshUrl.split('/').pop()!;
    await browser.get(`/api/alerts/manage/${manageToken}/refresh/${refreshToken}`);
    await browser.put(`/api/alerts/manage/${manageToken}`, { searchTerm: 'fiets' });

    const logs = logLines.join('');
    expect(logs).toContain('/api/alerts/manage/[redacted]');
    for (const token of [manageToken, confirmToken, refreshToken])
      expect(logs).not.toContain(token);
  });
});
