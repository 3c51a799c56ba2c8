/**
 * Settings, capabilities and preferences through the running server, and PUT /admin/settings:
 * who may change a setting, how a bad value is refused, and that a good one applies at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TEXTS,
  DEFAULT_RETENTION,
  DEFAULT_SETTINGS,
  RETENTION_TEXTS,
  SETTINGS_TEXTS,
  type ApiErrorBody,
  type CapabilitiesData,
  type CreateAlertResponse,
  type EnhancedSettingsResponse,
  type FeatureStatusResponse,
  type ManageAlertResponse,
  type Plan,
  type PublicSettings,
  type Role,
} from '@prijsalarm/core';
import { manageTokenOf, userPayload } from '../../../test/alert-helpers';
import { loginAs } from '../../../test/auth-helpers';
import { createAlert } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';

/** What this test server (no Telegram bot) answers: the defaults and what it can deliver. */
const SERVED = { ...DEFAULT_SETTINGS, channels: { email: true, telegram: false, live: true } };

let server: TestServer;
beforeAll(async () => (server = await startTestServer({ env: { RATE_LIMITS: 'off' } })));
afterAll(() => server.stop());

type Caller = 'guest' | Plan | 'ADMIN';

async function browserOf(caller: Caller): Promise<TestClient> {
  const browser = server.client();
  if (caller === 'guest') return browser;
  const options: { plan?: Plan; role?: Role } =
    caller === 'ADMIN' ? { role: 'ADMIN' } : { plan: caller };
  await loginAs(server, browser, options);
  return browser;
}

async function putSetting(key: string, value: unknown) {
  const admin = await browserOf('ADMIN');
  return admin.put<{ key: string; value: unknown; settings: PublicSettings } & ApiErrorBody>(
    '/api/admin/settings',
    { key, value },
  );
}

describe('GET /settings/public', () => {
  it('answers the seeded defaults to anyone', async () => {
    const res = await server.client().get<PublicSettings>('/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SERVED);
  });
});

describe('capabilities', () => {
  it.each<
    [
      Caller,
      Partial<CapabilitiesData>,
      { minPrice: boolean; paidAdsFilter: boolean; telegram: boolean },
    ]
  >([
    [
      'guest',
      {
        plan: 'FREE',
        userPlan: null,
        isAuthenticated: false,
        alerts: { current: 0, limit: 1, canCreate: false },
        allowedPlatforms: ['marktplaats'],
        userCheckInterval: 30,
      },
      { minPrice: false, paidAdsFilter: false, telegram: false },
    ],
    [
      'FREE',
      {
        plan: 'FREE',
        userPlan: 'FREE',
        isAuthenticated: true,
        alerts: { current: 0, limit: 1, canCreate: true },
        allowedPlatforms: ['marktplaats'],
        userCheckInterval: 30,
      },
      { minPrice: false, paidAdsFilter: false, telegram: false },
    ],
    [
      'REGISTERED',
      {
        plan: 'REGISTERED',
        isAuthenticated: true,
        alerts: { current: 0, limit: 5, canCreate: true },
        allowedPlatforms: ['marktplaats'],
        userCheckInterval: 10,
      },
      // No Telegram bot on this server: no plan gets Telegram.
      { minPrice: true, paidAdsFilter: false, telegram: false },
    ],
    [
      'PRO',
      {
        plan: 'PRO',
        isAuthenticated: true,
        alerts: { current: 0, limit: 10, canCreate: true },
        allowedPlatforms: ['marktplaats', '2dehands'],
        userCheckInterval: 3,
      },
      { minPrice: true, paidAdsFilter: true, telegram: false },
    ],
    [
      'ADMIN',
      {
        plan: 'FREE',
        userPlan: 'FREE',
        isAuthenticated: true,
        alerts: { current: 0, limit: 1, canCreate: true },
        allowedPlatforms: ['marktplaats'],
      },
      { minPrice: false, paidAdsFilter: false, telegram: false },
    ],
  ])('for %s, on both capability routes', async (caller, expected, features) => {
    const browser = await browserOf(caller);
    const res = await browser.get<CapabilitiesData>('/api/user-capabilities');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(expected);
    expect(res.body.features).toMatchObject(features);
    const enhanced = await browser.get<CapabilitiesData>(
      '/api/enhanced/settings/user-capabilities',
    );
    expect(enhanced.body).toEqual(res.body);
  });

  it('counts the user’s alerts live', async () => {
    const browser = await browserOf('REGISTERED');
    await browser.post('/api/alerts', userPayload());
    await browser.post('/api/alerts', userPayload({ searchTerm: 'tweede' }));
    const res = await browser.get<CapabilitiesData>('/api/user-capabilities');
    expect(res.body.alerts).toEqual({ current: 2, limit: 5, canCreate: true });
  });

  it.each<[Caller, string, FeatureStatusResponse]>([
    [
      'guest',
      'minPrice',
      { feature: 'minPrice', enabled: false, requiredPlans: ['REGISTERED', 'PRO'] },
    ],
    [
      'FREE',
      'minPrice',
      { feature: 'minPrice', enabled: false, requiredPlans: ['REGISTERED', 'PRO'] },
    ],
    [
      'REGISTERED',
      'minPrice',
      { feature: 'minPrice', enabled: true, requiredPlans: ['REGISTERED', 'PRO'] },
    ],
    [
      'REGISTERED',
      'paidAdsFilter',
      { feature: 'paidAdsFilter', enabled: false, requiredPlans: ['PRO'] },
    ],
    ['PRO', 'canUse2dehands', { feature: 'canUse2dehands', enabled: true, requiredPlans: ['PRO'] }],
  ])('feature status for %s: %s', async (caller, name, expected) => {
    const browser = await browserOf(caller);
    const res = await browser.get(`/api/enhanced/settings/feature/${name}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  it('answers 404 in Dutch for an unknown feature', async () => {
    const res = await server
      .client()
      .get<ApiErrorBody>('/api/enhanced/settings/feature/teleporteren');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(SETTINGS_TEXTS.unknownFeature);
  });

  it('gives settings, capabilities and preferences in one answer', async () => {
    const guest = await server
      .client()
      .get<EnhancedSettingsResponse>('/api/enhanced/settings/enhanced');
    expect(guest.status).toBe(200);
    expect(guest.body.settings).toEqual(SERVED);
    expect(guest.body.capabilities.isAuthenticated).toBe(false);
    expect(guest.body.preferences).toEqual({});
  });
});

describe('PUT /enhanced/settings/preferences', () => {
  it('replaces the signed-in user’s preferences, and they come back', async () => {
    const browser = await browserOf('FREE');
    const first = await browser.put('/api/enhanced/settings/preferences', {
      theme: 'dark',
      pageSize: 25,
      hiddenColumns: ['platform'],
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      preferences: { theme: 'dark', pageSize: 25, hiddenColumns: ['platform'] },
    });
    const second = await browser.put('/api/enhanced/settings/preferences', { theme: 'light' });
    expect(second.body).toEqual({ preferences: { theme: 'light' } });
    const enhanced = await browser.get<EnhancedSettingsResponse>('/api/enhanced/settings/enhanced');
    expect(enhanced.body.preferences).toEqual({ theme: 'light' });
  });

  it('asks a guest to log in', async () => {
    const res = await server.client().put<ApiErrorBody>('/api/enhanced/settings/preferences', {
      theme: 'dark',
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(API_TEXTS.unauthenticated);
  });

  it.each<[string, unknown, string]>([
    ['a nested object', { layout: { sidebar: true } }, 'layout'],
    ['a key with spaces', { 'mijn thema': 'donker' }, 'mijn thema'],
    ['a very long text', { note: 'x'.repeat(501) }, 'note'],
    ['a list instead of a record', ['dark'], '_form'],
  ])('refuses %s with a Dutch 400', async (_name, body, field) => {
    const browser = await browserOf('FREE');
    const res = await browser.put<ApiErrorBody>('/api/enhanced/settings/preferences', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.validationFailed);
    expect(Object.keys(res.body.fields ?? {})).toEqual([field]);
  });

  it('refuses malformed JSON', async () => {
    const browser = await browserOf('FREE');
    const res = await browser.put<ApiErrorBody>('/api/enhanced/settings/preferences', '{"theme":');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.invalidJson);
  });

  it('requires the CSRF header', async () => {
    const browser = await browserOf('FREE');
    const res = await browser.put<ApiErrorBody>(
      '/api/enhanced/settings/preferences',
      { theme: 'dark' },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('CSRF');
  });
});

describe('PUT /admin/settings', () => {
  it.each<[Caller, number, string]>([
    ['guest', 401, API_TEXTS.unauthenticated],
    ['FREE', 403, API_TEXTS.adminOnly],
    ['PRO', 403, API_TEXTS.adminOnly],
  ])('refuses %s with %i', async (caller, status, error) => {
    const browser = await browserOf(caller);
    const res = await browser.put<ApiErrorBody>('/api/admin/settings', {
      key: 'seo.maxFaqItems',
      value: 9,
    });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(
      (await server.client().get<PublicSettings>('/api/settings/public')).body.seo.maxFaqItems,
    ).toBe(DEFAULT_SETTINGS.seo.maxFaqItems);
  });

  it.each<[string, unknown, string]>([
    [
      'a word as a limit',
      { key: 'alertLimits', value: { FREE: 'een', REGISTERED: 5, PRO: 10 } },
      'value.FREE',
    ],
    ['a missing plan', { key: 'alertLimits', value: { FREE: 1, REGISTERED: 5 } }, 'value.PRO'],
    [
      'a check interval of 0',
      { key: 'checkIntervals', value: { FREE: 0, REGISTERED: 10, PRO: 3 } },
      'value.FREE',
    ],
    ['a negative number of FAQ items', { key: 'seo.maxFaqItems', value: -1 }, 'value'],
    ['text as a switch', { key: 'features.filterPaidAds', value: 'ja' }, 'value'],
    [
      'a currency that is not a code',
      {
        key: 'pricing',
        value: { ...DEFAULT_SETTINGS.pricing, currency: 'euro' },
      },
      'value.currency',
    ],
    ['no key', { value: 1 }, 'key'],
    ['a list as body', [{ key: 'seo.maxFaqItems', value: 8 }], '_form'],
  ])('refuses %s with a Dutch 400', async (_name, body, field) => {
    const admin = await browserOf('ADMIN');
    const res = await admin.put<ApiErrorBody>('/api/admin/settings', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.validationFailed);
    expect(Object.keys(res.body.fields ?? {})).toContain(field);
    expect((await server.client().get('/api/settings/public')).body).toEqual(SERVED);
  });

  it.each<[string, unknown, string, string]>([
    [
      'a retention of a day',
      { ...DEFAULT_RETENTION, setAside: 1 },
      'value.setAside',
      RETENTION_TEXTS.errors.tooShort,
    ],
    [
      'a retention of half a day',
      { ...DEFAULT_RETENTION, webhookCalls: 30.5 },
      'value.webhookCalls',
      RETENTION_TEXTS.errors.wholeDays,
    ],
    [
      'a retention in words',
      { ...DEFAULT_RETENTION, notifications: { FREE: 'dertig', REGISTERED: 90, PRO: 365 } },
      'value.notifications.FREE',
      RETENTION_TEXTS.errors.wholeDays,
    ],
    [
      'a retention beyond ten years',
      { ...DEFAULT_RETENTION, priceHistory: 100_000 },
      'value.priceHistory',
      RETENTION_TEXTS.errors.tooLong,
    ],
  ])('refuses %s with a Dutch 400 naming the field', async (_name, value, field, message) => {
    const res = await putSetting('retention', value);
    expect(res.status).toBe(400);
    expect(res.body.fields?.[field]).toBe(message);
    expect((await server.client().get('/api/settings/public')).body).toEqual(SERVED);
  });

  it('applies a new retention at once, in the public settings the screens read', async () => {
    const retention = {
      ...DEFAULT_RETENTION,
      notifications: { FREE: 14, REGISTERED: 60, PRO: 730 },
    };
    const res = await putSetting('retention', retention);
    expect(res.status).toBe(200);
    const publicSettings = await server.client().get<PublicSettings>('/api/settings/public');
    expect(publicSettings.body.retention).toEqual(retention);
    await putSetting('retention', DEFAULT_RETENTION);
  });

  it('refuses an unknown key with its own message', async () => {
    const res = await putSetting('kleurenschema', 'donker');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: SETTINGS_TEXTS.unknownKey,
      fields: { key: SETTINGS_TEXTS.unknownKey },
    });
  });

  it('requires the CSRF header', async () => {
    const admin = await browserOf('ADMIN');
    const res = await admin.put<ApiErrorBody>(
      '/api/admin/settings',
      { key: 'seo.maxFaqItems', value: 9 },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('CSRF');
  });

  it('applies a good value at once, everywhere, and records who changed it', async () => {
    const res = await putSetting('seo.maxFaqItems', 8);
    expect(res.status).toBe(200);
    expect(res.body.key).toBe('seo.maxFaqItems');
    expect(res.body.value).toBe(8);
    expect(res.body.settings.seo.maxFaqItems).toBe(8);
    const publicSettings = await server.client().get<PublicSettings>('/api/settings/public');
    expect(publicSettings.body).toEqual({ ...SERVED, seo: { maxFaqItems: 8 } });
    const event = await server.models.AuditEvent.findOne({
      where: { action: 'setting.updated', targetId: 'seo.maxFaqItems' },
    });
    expect(event?.data).toEqual({ value: 8 });
    await putSetting('seo.maxFaqItems', DEFAULT_SETTINGS.seo.maxFaqItems);
  });

  it('turns the paid-ads filter off for everyone at once', async () => {
    const pro = await browserOf('PRO');
    expect((await putSetting('features.filterPaidAds', false)).status).toBe(200);
    try {
      const caps = await pro.get<CapabilitiesData>('/api/user-capabilities');
      expect(caps.body.features.paidAdsFilter).toBe(false);
      const res = await pro.post<ApiErrorBody>(
        '/api/alerts',
        userPayload({ includePaidAds: true }),
      );
      expect(res.status).toBe(403);
    } finally {
      await putSetting('features.filterPaidAds', true);
    }
  });

  it('hides the pricing tool when it is switched off', async () => {
    const res = await putSetting('features.pricingTool', {
      enabled: false,
      displayMode: 'visible',
    });
    expect(res.body.settings.isPricingToolVisible).toBe(false);
    await putSetting('features.pricingTool', DEFAULT_SETTINGS.features.pricingTool);
  });

  it('gives new alerts the new check interval and validity at once', async () => {
    await putSetting('checkIntervals', { FREE: 45, REGISTERED: 10, PRO: 3 });
    await putSetting('validityPeriods', { FREE: 5, REGISTERED: 14, PRO: 30 });
    try {
      const browser = await browserOf('FREE');
      const created = await browser.post<CreateAlertResponse>('/api/alerts', userPayload());
      const token = manageTokenOf(created.body.alert.manageUrl);
      const { alert } = (await browser.get<ManageAlertResponse>(`/api/alerts/manage/${token}`))
        .body;
      expect(alert.checkIntervalMinutes).toBe(45);
      expect(alert.validityDays).toBe(5);
    } finally {
      await putSetting('checkIntervals', DEFAULT_SETTINGS.checkIntervals);
      await putSetting('validityPeriods', DEFAULT_SETTINGS.validityPeriods);
    }
  });

  it('gives existing alerts of every plan, and guest alerts, the new check interval at once', async () => {
    const pro = await browserOf('PRO');
    const created = await pro.post<CreateAlertResponse>('/api/alerts', userPayload());
    const guest = await createAlert(server.models, { checkIntervalMinutes: 30 });
    const intervalOf = async () => {
      const token = manageTokenOf(created.body.alert.manageUrl);
      return (await pro.get<ManageAlertResponse>(`/api/alerts/manage/${token}`)).body.alert
        .checkIntervalMinutes;
    };
    expect(await intervalOf()).toBe(3);
    try {
      await putSetting('checkIntervals', { FREE: 60, REGISTERED: 10, PRO: 2 });
      expect(await intervalOf()).toBe(2);
      expect((await guest.reload()).checkIntervalMinutes).toBe(60);
    } finally {
      await putSetting('checkIntervals', DEFAULT_SETTINGS.checkIntervals);
      await guest.destroy();
    }
  });
});
