import { describe, expect, it, vi } from 'vitest';
import type { Plan } from '../domain';
import {
  DEFAULT_SETTINGS,
  FALLBACK_SETTINGS,
  SETTING_KEYS,
  SETTING_SCHEMAS,
  alertLimit,
  applySetting,
  checkIntervalMinutes,
  deliveryChannels,
  isSettingKey,
  publicSettingsSchema,
  settingUpdateSchema,
  settingsFromEntries,
  settingsFromJson,
  validityDays,
} from '.';
import type { PublicSettings, SettingKey } from '.';

describe('DEFAULT_SETTINGS', () => {
  it('holds the shipped values', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      features: { pricingTool: { enabled: true, displayMode: 'visible' }, filterPaidAds: true },
      pricing: {
        model: 'per_alert',
        currency: 'EUR',
        pricePerAlert: 1,
        subscriptionPrices: { FREE: 0, REGISTERED: 0, PRO: 7.95 },
      },
      alertLimits: { FREE: 1, REGISTERED: 5, PRO: 10 },
      checkIntervals: { FREE: 30, REGISTERED: 10, PRO: 3 },
      validityPeriods: { FREE: 3, REGISTERED: 14, PRO: 30 },
      telegramAlertLimits: { FREE: 0, REGISTERED: 3, PRO: null },
      seo: { maxFaqItems: 6 },
      retention: {
        notifications: { FREE: 30, REGISTERED: 90, PRO: 365 },
        priceHistory: 365,
        webhookCalls: 30,
        setAside: 30,
      },
      isPricingToolVisible: true,
    } satisfies PublicSettings);
  });

  it('cannot be changed by a caller', () => {
    expect(() => {
      (DEFAULT_SETTINGS.alertLimits as Record<Plan, number | null>).FREE = 99;
    }).toThrow(TypeError);
  });
});

describe('FALLBACK_SETTINGS (when settings cannot be loaded at all)', () => {
  it.each<[string, (s: PublicSettings) => unknown, unknown]>([
    ['alert limits 1, 3, none', (s) => s.alertLimits, { FREE: 1, REGISTERED: 3, PRO: null }],
    ['intervals 60, 30, 15', (s) => s.checkIntervals, { FREE: 60, REGISTERED: 30, PRO: 15 }],
    ['validity 30, 60, 90', (s) => s.validityPeriods, { FREE: 30, REGISTERED: 60, PRO: 90 }],
    [
      'prices REGISTERED 4.99, PRO 9.99',
      (s) => s.pricing.subscriptionPrices,
      { FREE: 0, REGISTERED: 4.99, PRO: 9.99 },
    ],
  ])('%s', (_, pick, expected) => {
    expect(pick(FALLBACK_SETTINGS)).toEqual(expected);
  });

  it('keeps the defaults the fallback set does not name', () => {
    expect(FALLBACK_SETTINGS.features).toEqual(DEFAULT_SETTINGS.features);
    expect(FALLBACK_SETTINGS.telegramAlertLimits).toEqual(DEFAULT_SETTINGS.telegramAlertLimits);
    expect(FALLBACK_SETTINGS.seo).toEqual(DEFAULT_SETTINGS.seo);
    expect(FALLBACK_SETTINGS.retention).toEqual(DEFAULT_SETTINGS.retention);
  });
});

const perPlan = <T>(FREE: T, REGISTERED: T, PRO: T) => ({ FREE, REGISTERED, PRO });
const goodPricing = {
  model: 'per_alert',
  currency: 'EUR',
  pricePerAlert: 1,
  subscriptionPrices: perPlan(0, 0, 7.95),
};

describe('SETTING_SCHEMAS', () => {
  it('has a schema for exactly the admin-editable keys, each the path of a public setting', () => {
    expect(Object.keys(SETTING_SCHEMAS)).toEqual(SETTING_KEYS);
    for (const key of SETTING_KEYS) {
      const value = key
        .split('.')
        .reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], DEFAULT_SETTINGS);
      expect(SETTING_SCHEMAS[key].safeParse(value).success, key).toBe(true);
    }
  });

  it.each<[SettingKey, unknown]>([
    ['features.pricingTool', { enabled: true, displayMode: 'visible' }],
    ['features.pricingTool', { enabled: false, displayMode: 'hidden' }],
    ['features.filterPaidAds', false],
    ['pricing', goodPricing],
    ['pricing', { ...goodPricing, pricePerAlert: 0 }],
    ['alertLimits', perPlan(1, 5, null)],
    ['alertLimits', perPlan(0, 0, 0)],
    ['checkIntervals', perPlan(30, 10, 3)],
    ['validityPeriods', perPlan(3, 14, 30)],
    ['telegramAlertLimits', perPlan(0, 3, null)],
    ['seo.maxFaqItems', 8],
  ])('%s accepts %j', (key, value) => {
    expect(SETTING_SCHEMAS[key].safeParse(value).success).toBe(true);
  });

  it.each<[SettingKey, unknown]>([
    ['features.pricingTool', { enabled: true }],
    ['features.pricingTool', { enabled: true, displayMode: 'shown' }],
    ['features.pricingTool', { enabled: 'yes', displayMode: 'visible' }],
    ['features.filterPaidAds', 'true'],
    ['pricing', { ...goodPricing, currency: 'euro' }],
    ['pricing', { ...goodPricing, pricePerAlert: -1 }],
    ['pricing', { ...goodPricing, model: '' }],
    ['pricing', { ...goodPricing, subscriptionPrices: { FREE: 0, PRO: 7.95 } }],
    ['alertLimits', perPlan(1, 5, -1)],
    ['alertLimits', perPlan(1, 2.5, 10)],
    ['alertLimits', { FREE: 1, REGISTERED: 5 }],
    ['alertLimits', { ...perPlan(1, 5, 10), ADMIN: 99 }],
    ['checkIntervals', perPlan(0, 10, 3)],
    ['checkIntervals', perPlan(30, 10, null)],
    ['validityPeriods', perPlan(3, 14, 0)],
    ['telegramAlertLimits', { FREE: 0, REGISTERED: '3', PRO: null }],
    ['seo.maxFaqItems', 0],
    ['seo.maxFaqItems', 6.5],
  ])('%s rejects %j', (key, value) => {
    expect(SETTING_SCHEMAS[key].safeParse(value).success).toBe(false);
  });

  it.each<[unknown, boolean]>([
    ['pricing', true],
    ['seo.maxFaqItems', true],
    ['seo', false],
    ['__proto__', false],
    [7, false],
  ])('isSettingKey(%j) is %s', (key, expected) => {
    expect(isSettingKey(key)).toBe(expected);
  });
});

describe('settingUpdateSchema (PUT /admin/settings body)', () => {
  it.each([
    [{ key: 'features.filterPaidAds', value: false }, true],
    [{ key: 'alertLimits', value: perPlan(1, 5, null) }, true],
    [{ key: 'alertLimits', value: false }, false],
    [{ key: 'features.filterPaidAds', value: perPlan(1, 5, null) }, false],
    [{ key: 'unknown', value: 1 }, false],
    [{ value: 1 }, false],
  ])('%j passes: %s', (body, expected) => {
    expect(settingUpdateSchema.safeParse(body).success).toBe(expected);
  });
});

describe('applySetting', () => {
  it.each<[SettingKey, unknown, (s: PublicSettings) => unknown]>([
    [
      'features.pricingTool',
      { enabled: false, displayMode: 'visible' },
      (s) => s.features.pricingTool,
    ],
    ['features.filterPaidAds', false, (s) => s.features.filterPaidAds],
    ['pricing', { ...goodPricing, pricePerAlert: 2 }, (s) => s.pricing],
    ['alertLimits', perPlan(2, 6, null), (s) => s.alertLimits],
    ['checkIntervals', perPlan(20, 5, 1), (s) => s.checkIntervals],
    ['validityPeriods', perPlan(7, 21, 60), (s) => s.validityPeriods],
    ['telegramAlertLimits', perPlan(0, 5, 20), (s) => s.telegramAlertLimits],
    ['seo.maxFaqItems', 9, (s) => s.seo.maxFaqItems],
    [
      'retention',
      { notifications: perPlan(14, 60, 730), priceHistory: 730, webhookCalls: 7, setAside: 90 },
      (s) => s.retention,
    ],
  ])('sets %s and leaves the rest', (key, value, pick) => {
    const next = applySetting(DEFAULT_SETTINGS, key, value as never);
    expect(pick(next)).toEqual(value);
    // Everything outside the key's top-level part stays (the derived flag is tested below).
    const rest = (s: PublicSettings) => ({
      ...s,
      [key.split('.')[0]!]: null,
      isPricingToolVisible: null,
    });
    expect(rest(next)).toEqual(rest(DEFAULT_SETTINGS));
  });

  it('keeps the other feature when one feature changes', () => {
    const next = applySetting(DEFAULT_SETTINGS, 'features.filterPaidAds', false);
    expect(next.features.pricingTool).toEqual({ enabled: true, displayMode: 'visible' });
  });

  it.each<[boolean, 'visible' | 'hidden', boolean]>([
    [true, 'visible', true],
    [true, 'hidden', false],
    [false, 'visible', false],
    [false, 'hidden', false],
  ])('pricing tool enabled=%s, %s → isPricingToolVisible %s', (enabled, displayMode, visible) => {
    const next = applySetting(DEFAULT_SETTINGS, 'features.pricingTool', { enabled, displayMode });
    expect(next.isPricingToolVisible).toBe(visible);
  });

  it('refuses a value its key does not allow', () => {
    expect(() => applySetting(DEFAULT_SETTINGS, 'seo.maxFaqItems', -3)).toThrow();
  });
});

describe('settingsFromEntries', () => {
  it('gives the defaults for no rows', () => {
    expect(settingsFromEntries([])).toEqual(DEFAULT_SETTINGS);
  });

  it('applies stored rows, parsed or as JSON text, and defaults the missing keys', () => {
    const settings = settingsFromEntries([
      { key: 'alertLimits', value: perPlan(1, 4, 12) },
      { key: 'features.pricingTool', value: '{"enabled":true,"displayMode":"hidden"}' },
      { key: 'seo.maxFaqItems', value: '8' },
    ]);
    expect(settings.alertLimits).toEqual(perPlan(1, 4, 12));
    expect(settings.isPricingToolVisible).toBe(false);
    expect(settings.seo.maxFaqItems).toBe(8);
    expect(settings.checkIntervals).toEqual(DEFAULT_SETTINGS.checkIntervals);
  });

  it('skips and reports unknown keys and bad values', () => {
    const onInvalid = vi.fn();
    const settings = settingsFromEntries(
      [
        { key: 'colour', value: 'red' },
        { key: 'checkIntervals', value: perPlan(0, 0, 0) },
        { key: 'pricing', value: '{not json' },
      ],
      { onInvalid },
    );
    expect(settings).toEqual(DEFAULT_SETTINGS);
    expect(onInvalid.mock.calls).toEqual([
      [{ key: 'colour', value: 'red' }, 'unknown_key'],
      [{ key: 'checkIntervals', value: perPlan(0, 0, 0) }, 'invalid_value'],
      [{ key: 'pricing', value: '{not json' }, 'invalid_value'],
    ]);
  });

  it('starts from another base when asked', () => {
    expect(settingsFromEntries([], { base: FALLBACK_SETTINGS })).toEqual(FALLBACK_SETTINGS);
  });
});

describe('settingsFromJson', () => {
  it('takes what is valid and defaults the rest', () => {
    const settings = settingsFromJson({
      features: { filterPaidAds: false, pricingTool: { enabled: 'maybe' } },
      alertLimits: perPlan(1, 5, null),
      seo: {},
      isPricingToolVisible: false,
    });
    expect(settings.features.filterPaidAds).toBe(false);
    expect(settings.features.pricingTool).toEqual(DEFAULT_SETTINGS.features.pricingTool);
    expect(settings.isPricingToolVisible).toBe(true);
    expect(settings.alertLimits).toEqual(perPlan(1, 5, null));
    expect(settings.seo.maxFaqItems).toBe(6);
  });

  it.each([null, 'settings', 42])('gives the base for %j', (json) => {
    expect(settingsFromJson(json)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the channels the server can deliver, and leaves them out when malformed', () => {
    expect(settingsFromJson({ channels: deliveryChannels(true) }).channels).toEqual(
      deliveryChannels(true),
    );
    expect(settingsFromJson({ channels: deliveryChannels(false) }).channels).toEqual(
      deliveryChannels(false),
    );
    expect(settingsFromJson({ channels: { telegram: 'yes' } })).toEqual(DEFAULT_SETTINGS);
  });
});

describe('publicSettingsSchema', () => {
  it('accepts the defaults and the fallback set', () => {
    expect(publicSettingsSchema.safeParse(DEFAULT_SETTINGS).success).toBe(true);
    expect(publicSettingsSchema.safeParse(FALLBACK_SETTINGS).success).toBe(true);
  });

  it('rejects settings without a part', () => {
    const { seo: _, ...withoutSeo } = DEFAULT_SETTINGS;
    expect(publicSettingsSchema.safeParse(withoutSeo).success).toBe(false);
  });
});

describe('per-plan helpers', () => {
  it.each<[Plan, number, number, number | null]>([
    ['FREE', 30, 3, 1],
    ['REGISTERED', 10, 14, 5],
    ['PRO', 3, 30, 10],
  ])('%s: every %i min, valid %i days, limit %s', (plan, minutes, days, limit) => {
    expect(checkIntervalMinutes(DEFAULT_SETTINGS, plan)).toBe(minutes);
    expect(validityDays(DEFAULT_SETTINGS, plan)).toBe(days);
    expect(alertLimit(DEFAULT_SETTINGS, plan)).toBe(limit);
  });

  it('read the given settings, not the defaults', () => {
    expect(alertLimit(FALLBACK_SETTINGS, 'PRO')).toBeNull();
    expect(checkIntervalMinutes(FALLBACK_SETTINGS, 'FREE')).toBe(60);
    expect(validityDays(FALLBACK_SETTINGS, 'PRO')).toBe(90);
  });
});
