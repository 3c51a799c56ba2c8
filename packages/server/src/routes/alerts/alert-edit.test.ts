/**
 * Changing a saved alert through the running server: the owner's edit wizard (GET and PUT
 * /api/alerts/my-alerts/{id}) and the manage link take every field the wizard sets, check the
 * merged alert like a new one, refuse in Dutch, and judge only what the change adds by the owner's
 * plan. The manage answer carries the owner's capabilities for its form.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_TEXTS,
  VALIDATION_TEXTS,
  type AlertResponse,
  type ApiErrorBody,
  type CategoryDto,
  type CreateAlertResponse,
  type ManageAlertResponse,
  type Plan,
} from '@prijsalarm/core';
import {
  guestBrowser,
  guestPayload,
  manageTokenOf,
  userPayload,
} from '../../../test/alert-helpers';
import { loginAs } from '../../../test/auth-helpers';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { startTelegramDouble, type TelegramDouble } from '../../../../../tests/doubles/telegram';

let server: TestServer;
let telegram: TelegramDouble;
let cars: CategoryDto;
let brand: CategoryDto;
let bikes: CategoryDto;

// Telegram is among the fields the wizard sets, and a server offers it only with a bot (the Bot
// API double).
const TOKEN = '123456:EDIT-token';
beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN, botUsername: 'PrijsalarmEditBot' });
  server = await startTestServer({
    env: { RATE_LIMITS: 'off', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot },
  });
  const tops = (
    await server.client().get<CategoryDto[]>('/api/categories', { query: { type: 'L1' } })
  ).body;
  cars = tops.find((category) => category.marktplaatsId === 91)!;
  bikes = tops.find((category) => category.marktplaatsId !== 91)!;
  brand = (
    await server.client().get<CategoryDto[]>('/api/categories', {
      query: { type: 'L2', parentId: cars.id },
    })
  ).body[0]!;
});
afterAll(async () => {
  await server?.stop();
  await telegram?.stop();
});

async function ownerOf(plan: Plan, options: { telegram?: boolean } = {}) {
  const browser = server.client();
  const user = await loginAs(server, browser, { plan });
  if (options.telegram) {
    await user.update({ telegramChatId: randomUUID().slice(0, 12), telegramUsername: 'fietser' });
  }
  return { browser, user };
}

async function createAlert(browser: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await browser.post<CreateAlertResponse>('/api/alerts', userPayload(overrides));
  expect(res.status, res.text).toBe(201);
  return res.body.alert;
}

const edit = (browser: TestClient, id: string, body: Record<string, unknown>) =>
  browser.put<AlertResponse & ApiErrorBody>(`/api/alerts/my-alerts/${id}`, body);

describe('the owner’s edit wizard', () => {
  it('reads the alert and changes every field the wizard sets', async () => {
    const { browser } = await ownerOf('PRO', { telegram: true });
    const { id } = await createAlert(browser, {
      l1CategoryId: cars.id,
      customFilters: { mileageMax: 150000, yearMin: 2015, fuel: ['petrol'] },
      onlyWithImages: true,
    });

    const read = await browser.get<AlertResponse>(`/api/alerts/my-alerts/${id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.alert).toMatchObject({
      id,
      l1CategoryId: cars.id,
      customFilters: { mileageMax: 150000, yearMin: 2015, fuel: ['petrol'] },
      onlyWithImages: true,
    });

    const changes = {
      searchTerm: 'golf gti',
      platforms: ['2dehands'],
      minPrice: 2500,
      maxPrice: 12500,
      postalCode: '1000',
      distance: 25,
      l1CategoryId: cars.id,
      l2CategoryId: brand.id,
      customFilters: {
        mileageMax: 90000,
        yearMin: 2018,
        fuel: ['diesel', 'lpg'],
        conditions: ['used'],
      },
      deliveryMethod: 'pickup',
      onlyWithImages: false,
      includePaidAds: true,
      notifyEmail: false,
      notifyTelegram: true,
      priceDrop: { enabled: true, percent: 10 },
      schedule: { mode: 'daily', dailyHour: 8, quietHours: null },
    };
    const saved = await edit(browser, id, changes);
    expect(saved.status, saved.text).toBe(200);
    const expected = {
      searchTerm: 'golf gti',
      platforms: ['2dehands'],
      minPrice: 2500,
      maxPrice: 12500,
      postalCode: '1000',
      distance: 25,
      l1CategoryId: cars.id,
      l2CategoryId: brand.id,
      customFilters: changes.customFilters,
      deliveryMethod: 'pickup',
      onlyWithImages: false,
      includePaidAds: true,
      notifyEmail: false,
      notifyTelegram: true,
      priceDrop: { enabled: true, percent: 10 },
      schedule: { mode: 'daily', dailyHour: 8, quietHours: null },
    };
    expect(saved.body.alert).toMatchObject(expected);
    // Read again: it was stored, not only answered.
    const again = await browser.get<AlertResponse>(`/api/alerts/my-alerts/${id}`);
    expect(again.body.alert).toMatchObject(expected);
  });

  it('moves a car alert to another category with a seller type, clearing the car filters', async () => {
    const { browser } = await ownerOf('REGISTERED');
    const { id } = await createAlert(browser, {
      l1CategoryId: cars.id,
      customFilters: { adverteerder: 'private', mileageMax: 150000 },
    });
    const res = await edit(browser, id, {
      l1CategoryId: bikes.id,
      l2CategoryId: null,
      customFilters: {},
      sellerType: 'private',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.alert).toMatchObject({
      l1CategoryId: bikes.id,
      l2CategoryId: null,
      customFilters: {},
      sellerType: 'private',
    });
  });

  it.each<
    [string, Record<string, unknown> | (() => Record<string, unknown>), Record<string, string>]
  >([
    [
      'car filters left on a category without them',
      () => ({ l1CategoryId: bikes.id }),
      { customFilters: ALERT_TEXTS.carFiltersNeedCarCategory },
    ],
    [
      'a minimum above the maximum',
      { minPrice: 500, maxPrice: 100 },
      { minPrice: ALERT_FIELD_TEXTS.minAboveMax },
    ],
    [
      'no channel left',
      { notifyEmail: false },
      { notifyEmail: ALERT_FIELD_TEXTS.notificationMethodRequired },
    ],
    [
      'a mileage range the wrong way round',
      { customFilters: { mileageMin: 90000, mileageMax: 10000 } },
      { 'customFilters.mileageMin': ALERT_FIELD_TEXTS.mileageMinAboveMax },
    ],
    [
      'an unknown filter',
      { customFilters: { colour: 'rood' } },
      { 'customFilters.colour': VALIDATION_TEXTS.unknownField },
    ],
  ])('refuses %s with a Dutch 400', async (_name, body, fields) => {
    const { browser } = await ownerOf('PRO');
    const { id } = await createAlert(browser, {
      l1CategoryId: cars.id,
      customFilters: { mileageMax: 150000 },
    });
    const res = await edit(browser, id, typeof body === 'function' ? body() : body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.fields).toMatchObject(fields);
  });

  it.each<[string, Record<string, unknown>, string, Plan[]]>([
    ['the PRO paid-ads filter', { includePaidAds: true }, ACCESS_TEXTS.proOnly, ['PRO']],
    ['price drops', { priceDrop: { enabled: true } }, ACCESS_TEXTS.proOnly, ['PRO']],
    ['2dehands', { platforms: ['2dehands'] }, ACCESS_TEXTS.noPlatformAccess('2dehands'), ['PRO']],
  ])('refuses a REGISTERED owner %s with 403', async (_name, body, error, requiredPlans) => {
    const { browser } = await ownerOf('REGISTERED');
    const { id } = await createAlert(browser);
    const res = await edit(browser, id, body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error, requiredPlans });
  });

  it('lets a downgraded owner keep what the old plan allowed while changing the rest', async () => {
    const { browser, user } = await ownerOf('PRO');
    const { id } = await createAlert(browser, { includePaidAds: true, onlyWithImages: true });
    await user.update({ plan: 'FREE' });

    const kept = await edit(browser, id, {
      searchTerm: 'tandem',
      includePaidAds: true,
      onlyWithImages: true,
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.alert).toMatchObject({
      searchTerm: 'tandem',
      includePaidAds: true,
      onlyWithImages: true,
    });
    // Something the alert did not have yet is judged by the plan of today.
    const more = await edit(browser, id, { deliveryMethod: 'pickup' });
    expect(more.status).toBe(403);
    expect(more.body.requiredPlans).toEqual(['REGISTERED', 'PRO']);
  });

  it('answers 404 for another user’s alert, a guest’s alert and an unknown id', async () => {
    const { browser: owner } = await ownerOf('PRO');
    const { id } = await createAlert(owner);
    const { browser: other } = await ownerOf('PRO');
    const guest = await guestBrowser(server);
    const guestAlert = await guest.post<CreateAlertResponse>(
      '/api/alerts',
      guestPayload({ email: `gast-${randomUUID()}@example.nl` }),
    );

    for (const target of [id, guestAlert.body.alert.id, randomUUID(), 'x'.repeat(300)]) {
      const read = await other.get<ApiErrorBody>(`/api/alerts/my-alerts/${target}`);
      expect(read.status).toBe(404);
      expect(read.body.error).toBe(ALERT_TEXTS.notFound);
      const write = await edit(other, target, { searchTerm: 'van mij' });
      expect(write.status).toBe(404);
    }
    const stored = await server.models.Alert.findByPk(id);
    expect(stored?.searchTerm).toBe('racefiets');
  });

  it('asks a guest to log in', async () => {
    const guest = await guestBrowser(server);
    const res = await guest.get<ApiErrorBody>(`/api/alerts/my-alerts/${randomUUID()}`);
    expect(res.status).toBe(401);
  });
});

describe('the manage link', () => {
  it('changes a user’s alert as widely as the wizard, by the owner’s plan', async () => {
    const { browser } = await ownerOf('PRO');
    const { manageUrl } = await createAlert(browser);
    const token = manageTokenOf(manageUrl);
    const res = await server.client().put<AlertResponse>(`/api/alerts/manage/${token}`, {
      l1CategoryId: cars.id,
      customFilters: { yearMin: 2015, adverteerder: 'business' },
      deliveryMethod: 'shipping',
      includePaidAds: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.alert).toMatchObject({
      l1CategoryId: cars.id,
      customFilters: { yearMin: 2015, adverteerder: 'business' },
      deliveryMethod: 'shipping',
      includePaidAds: true,
    });
  });

  it('hands the page the owner’s capabilities, without the Telegram name', async () => {
    const { browser } = await ownerOf('PRO', { telegram: true });
    const token = manageTokenOf((await createAlert(browser)).manageUrl);
    const res = await server.client().get<ManageAlertResponse>(`/api/alerts/manage/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.capabilities).toMatchObject({
      plan: 'PRO',
      userPlan: 'PRO',
      features: { paidAdsFilter: true },
      telegram: { connected: true, username: null },
    });
  });

  it('gives a guest’s alert the guest profile', async () => {
    const guest = await guestBrowser(server);
    const created = await guest.post<CreateAlertResponse>(
      '/api/alerts',
      guestPayload({ email: `gast-${randomUUID()}@example.nl` }),
    );
    const token = manageTokenOf(created.body.alert.manageUrl);
    const res = await guest.get<ManageAlertResponse>(`/api/alerts/manage/${token}`);
    expect(res.body.capabilities).toMatchObject({
      plan: 'FREE',
      userPlan: null,
      isAuthenticated: false,
      features: { minPrice: false },
    });
  });
});
