/**
 * Plan rules on alerts through the running server: each plan's alert limit (and a new limit set by
 * an admin applying at once), the features and platforms a plan lacks (403 with requiredPlans),
 * Telegram capacity, validity and check interval per plan, and the owner's plan on a manage link.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  DEFAULT_SETTINGS,
  DEFAULT_TELEGRAM_ALERT_LIMITS,
  type ApiErrorBody,
  type CapabilitiesData,
  type CreateAlertResponse,
  type ManageAlertResponse,
  type Plan,
} from '@prijsalarm/core';
import { isDaysFromNow, manageTokenOf, userPayload } from '../../../test/alert-helpers';
import { loginAs } from '../../../test/auth-helpers';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { startTelegramDouble, type TelegramDouble } from '../../../../../tests/doubles/telegram';

let server: TestServer;
let telegram: TelegramDouble;
// The plans' Telegram rules apply on a server that has a bot (the Bot API double).
const TOKEN = '123456:PLANS-token';
beforeAll(async () => {
  telegram = await startTelegramDouble({ token: TOKEN, botUsername: 'PrijsalarmPlansBot' });
  server = await startTestServer({
    env: { RATE_LIMITS: 'off', TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_API_ROOT: telegram.apiRoot },
  });
});
afterAll(async () => {
  await server?.stop();
  await telegram?.stop();
});

async function userOf(plan: Plan, options: { telegram?: boolean } = {}) {
  const browser = server.client();
  const user = await loginAs(server, browser, { plan });
  if (options.telegram) {
    // Chat ids are unique per user.
    await user.update({ telegramChatId: randomUUID().slice(0, 12), telegramUsername: 'fietser' });
  }
  return { browser, user };
}

const create = (browser: TestClient, overrides: Record<string, unknown> = {}) =>
  browser.post<CreateAlertResponse & ApiErrorBody>('/api/alerts', userPayload(overrides));

async function setAlertLimits(limits: Record<Plan, number | null>) {
  const admin = server.client();
  await loginAs(server, admin, { role: 'ADMIN' });
  const res = await admin.put('/api/admin/settings', { key: 'alertLimits', value: limits });
  expect(res.status, res.text).toBe(200);
}

describe('alert limit per plan', () => {
  it.each<[Plan, number, Plan[]]>([
    ['FREE', DEFAULT_SETTINGS.alertLimits.FREE!, ['REGISTERED', 'PRO']],
    ['REGISTERED', DEFAULT_SETTINGS.alertLimits.REGISTERED!, ['PRO']],
    ['PRO', DEFAULT_SETTINGS.alertLimits.PRO!, []],
  ])('%s may create %i alerts, then gets 403', async (plan, limit, requiredPlans) => {
    const { browser } = await userOf(plan);
    for (let index = 0; index < limit; index += 1) {
      const res = await create(browser, { searchTerm: `alert ${index}` });
      expect(res.status, res.text).toBe(201);
    }
    const over = await create(browser, { searchTerm: 'een te veel' });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({ error: ALERT_FIELD_TEXTS.maxAlertsReached, requiredPlans });
    const caps = await browser.get<CapabilitiesData>('/api/user-capabilities');
    expect(caps.body.alerts).toEqual({ current: limit, limit, canCreate: false });
  });

  it('applies a new limit set by an admin at once', async () => {
    const { browser } = await userOf('FREE');
    expect((await create(browser)).status).toBe(201);
    expect((await create(browser)).status).toBe(403);

    await setAlertLimits({ FREE: 2, REGISTERED: 5, PRO: 10 });
    try {
      expect((await create(browser)).status).toBe(201);
      expect((await create(browser)).status).toBe(403);
      const caps = await browser.get<CapabilitiesData>('/api/user-capabilities');
      expect(caps.body.alerts).toEqual({ current: 2, limit: 2, canCreate: false });
    } finally {
      await setAlertLimits({ FREE: 1, REGISTERED: 5, PRO: 10 });
    }
  });

  it('gives one free place to only one of two requests at the same moment', async () => {
    const { browser, user } = await userOf('FREE');
    const answers = await Promise.all([create(browser), create(browser)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
    expect(await server.models.Alert.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe('features and platforms per plan', () => {
  const registeredOrPro: Plan[] = ['REGISTERED', 'PRO'];
  const fromRegistered = ACCESS_TEXTS.availableFromPlan('Geregistreerd');

  it.each<[string, Plan, Record<string, unknown>, ApiErrorBody | null]>([
    [
      'minPrice on FREE',
      'FREE',
      { minPrice: 10 },
      { error: fromRegistered, requiredPlans: registeredOrPro },
    ],
    ['minPrice on REGISTERED', 'REGISTERED', { minPrice: 10 }, null],
    [
      '2dehands on FREE',
      'FREE',
      { platforms: ['2dehands'] },
      { error: ACCESS_TEXTS.noPlatformAccess('2dehands'), requiredPlans: ['PRO'] },
    ],
    [
      '2dehands on REGISTERED',
      'REGISTERED',
      { platforms: ['2dehands'] },
      { error: ACCESS_TEXTS.noPlatformAccess('2dehands'), requiredPlans: ['PRO'] },
    ],
    ['2dehands on PRO', 'PRO', { platforms: ['2dehands'], postalCode: '1000' }, null],
    [
      'both platforms on REGISTERED',
      'REGISTERED',
      { platforms: ['marktplaats', '2dehands'] },
      { error: ACCESS_TEXTS.noPlatformAccess('2dehands'), requiredPlans: ['PRO'] },
    ],
    ['both platforms on PRO', 'PRO', { platforms: ['marktplaats', '2dehands'] }, null],
    [
      'Telegram on FREE',
      'FREE',
      { notifyTelegram: true },
      { error: fromRegistered, requiredPlans: registeredOrPro },
    ],
    [
      'the delivery filter on FREE',
      'FREE',
      { deliveryMethod: 'shipping' },
      { error: fromRegistered, requiredPlans: registeredOrPro },
    ],
    [
      'the image filter on FREE',
      'FREE',
      { onlyWithImages: true },
      { error: fromRegistered, requiredPlans: registeredOrPro },
    ],
    [
      'private sellers on FREE',
      'FREE',
      { sellerType: 'private' },
      { error: fromRegistered, requiredPlans: registeredOrPro },
    ],
    ['private sellers on REGISTERED', 'REGISTERED', { sellerType: 'private' }, null],
    [
      'paid ads on REGISTERED',
      'REGISTERED',
      { includePaidAds: true },
      { error: ACCESS_TEXTS.proOnly, requiredPlans: ['PRO'] },
    ],
    ['paid ads on PRO', 'PRO', { includePaidAds: true }, null],
  ])('%s', async (_name, plan, payload, refusal) => {
    const { browser } = await userOf(plan);
    const res = await create(browser, payload);
    if (refusal === null) {
      expect(res.status, res.text).toBe(201);
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal);
    }
  });

  it('asks a REGISTERED user to connect Telegram first', async () => {
    const { browser } = await userOf('REGISTERED');
    const res = await create(browser, { notifyTelegram: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ACCESS_TEXTS.telegramNotConnected, requiredPlans: [] });
  });

  it('stops REGISTERED at its Telegram limit and names the plan that has room', async () => {
    const { browser } = await userOf('REGISTERED', { telegram: true });
    const limit = DEFAULT_TELEGRAM_ALERT_LIMITS.REGISTERED!;
    for (let index = 0; index < limit; index += 1) {
      expect((await create(browser, { notifyTelegram: true })).status).toBe(201);
    }
    const over = await create(browser, { notifyTelegram: true });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      error: ACCESS_TEXTS.telegramLimitReached(limit),
      requiredPlans: ['PRO'],
    });
  });
});

describe('validity and check interval per plan', () => {
  it.each<[Plan]>([['FREE'], ['REGISTERED'], ['PRO']])('follow the %s settings', async (plan) => {
    const { browser } = await userOf(plan);
    const created = await create(browser);
    const token = manageTokenOf(created.body.alert.manageUrl);
    const { alert } = (await browser.get<ManageAlertResponse>(`/api/alerts/manage/${token}`)).body;
    expect(alert.validityDays).toBe(DEFAULT_SETTINGS.validityPeriods[plan]);
    expect(alert.checkIntervalMinutes).toBe(DEFAULT_SETTINGS.checkIntervals[plan]);
    expect(isDaysFromNow(alert.expiresAt, DEFAULT_SETTINGS.validityPeriods[plan])).toBe(true);
  });

  it('extends a user’s alert by the days of the owner’s current plan', async () => {
    const { browser, user } = await userOf('FREE');
    const created = await create(browser);
    const token = manageTokenOf(created.body.alert.manageUrl);
    await user.update({ plan: 'PRO' });
    const { refreshUrl } = (await browser.get<ManageAlertResponse>(`/api/alerts/manage/${token}`))
      .body.alert;
    // Whoever holds the link: a browser without a session.
    const res = await server
      .client()
      .get<{ alert: { expiresAt: string; validityDays: number } }>(
        `/api/alerts${new URL(refreshUrl).pathname}`,
      );
    expect(res.body.alert.validityDays).toBe(DEFAULT_SETTINGS.validityPeriods.PRO);
    expect(isDaysFromNow(res.body.alert.expiresAt, DEFAULT_SETTINGS.validityPeriods.PRO)).toBe(
      true,
    );
  });
});

describe('a manage link follows the owner’s plan', () => {
  it.each<[Plan, number]>([
    ['REGISTERED', 403],
    ['PRO', 200],
  ])('paid ads for a %s owner → %i, whoever holds the link', async (plan, status) => {
    const { browser } = await userOf(plan);
    const token = manageTokenOf((await create(browser)).body.alert.manageUrl);
    const res = await server.client().put<ApiErrorBody>(`/api/alerts/manage/${token}`, {
      includePaidAds: true,
    });
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body.requiredPlans).toEqual(['PRO']);
  });

  it('lets an alert keep its Telegram place when the owner is at the limit', async () => {
    const { browser } = await userOf('REGISTERED', { telegram: true });
    const tokens: string[] = [];
    for (let index = 0; index < DEFAULT_TELEGRAM_ALERT_LIMITS.REGISTERED!; index += 1) {
      const res = await create(browser, { notifyTelegram: true });
      tokens.push(manageTokenOf(res.body.alert.manageUrl));
    }
    const res = await browser.put(`/api/alerts/manage/${tokens[0]}`, {
      searchTerm: 'nog steeds telegram',
      notifyTelegram: true,
    });
    expect(res.status, res.text).toBe(200);
  });
});
