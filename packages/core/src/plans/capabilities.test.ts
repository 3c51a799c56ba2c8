import { describe, expect, it } from 'vitest';
import type { Plan, PlatformId } from '../domain';
import { ACCESS_TEXTS } from './strings';
import { evaluateAlertRequest } from './alertPolicy';
import {
  GUEST_FALLBACK_CAPABILITIES,
  alertCheckInterval,
  buildCapabilities,
  capabilitiesLoadFailure,
  effectiveAlertLimit,
  hasCapacity,
  hydrateCapabilities,
  telegramAvailability,
} from './capabilities';
import type { CapabilityUser, TelegramAvailability } from './capabilities';
import { FEATURES } from './features';
import type { FeatureName } from './features';
import { capabilitiesDataSchema } from './capabilitiesSchema';
import {
  DEFAULT_SETTINGS as SHIPPED_SETTINGS,
  FALLBACK_SETTINGS,
  deliveryChannels,
} from './settings';

/** The plan rules as a server with a Telegram bot applies them. */
const DEFAULT_SETTINGS: PublicSettings = { ...SHIPPED_SETTINGS, channels: deliveryChannels(true) };
import { applySetting } from './settingSchemas';
import type { PublicSettings } from './settings';

const user = (plan: Plan, extra: Partial<CapabilityUser> = {}): CapabilityUser => ({
  plan,
  role: 'USER',
  telegramConnected: true,
  telegramUsername: 'jan',
  ...extra,
});

const build = (
  account: CapabilityUser | null,
  counts: Partial<{ alerts: number; telegramAlerts: number }> = {},
  settings: PublicSettings = DEFAULT_SETTINGS,
) =>
  buildCapabilities({
    settings,
    user: account,
    counts: { alerts: 0, telegramAlerts: 0, ...counts },
  });

const caps = (...args: Parameters<typeof build>) => hydrateCapabilities(build(...args));

const withAlertLimits = (alertLimits: PublicSettings['alertLimits']) =>
  applySetting(DEFAULT_SETTINGS, 'alertLimits', alertLimits);
const withTelegramLimits = (telegramAlertLimits: PublicSettings['telegramAlertLimits']) =>
  applySetting(DEFAULT_SETTINGS, 'telegramAlertLimits', telegramAlertLimits);

describe('a guest', () => {
  const guest = build(null);

  it('has the FREE guest profile', () => {
    expect(guest).toMatchObject({
      plan: 'FREE',
      userPlan: null,
      isAuthenticated: false,
      allowedPlatforms: ['marktplaats'],
      platformAccess: { marktplaats: true, '2dehands': false },
      userCheckInterval: 30,
      telegramConnected: false,
      canEnableMoreTelegramAlerts: false,
    });
  });

  it('cannot create alerts through the user path (the guest form is separate)', () => {
    expect(guest.alerts.canCreate).toBe(false);
    expect(guest.canCreateAlerts).toBe(false);
  });

  it('has no feature', () => {
    expect(Object.values(guest.features).some(Boolean)).toBe(false);
  });
});

describe('features by plan', () => {
  const REGISTERED_FEATURES: FeatureName[] = [
    'minPrice',
    'deliveryMethodFilter',
    'imageFilter',
    'enhancedCheckInterval',
    'telegram',
    'businessFilter',
    'sellerTypeFilter',
    'webhooks',
    'push',
  ];
  it.each<[Plan, FeatureName[]]>([
    ['FREE', []],
    ['REGISTERED', REGISTERED_FEATURES],
    ['PRO', [...FEATURES]],
  ])('%s has exactly %j', (plan, expected) => {
    const { features } = build(user(plan));
    const granted = FEATURES.filter((feature) => features[feature]);
    expect(granted.sort()).toEqual([...expected].sort());
  });

  it.each<[string, CapabilityUser, PublicSettings, FeatureName, boolean]>([
    [
      'an override grants',
      user('REGISTERED', { featureOverrides: { paidAdsFilter: true } }),
      DEFAULT_SETTINGS,
      'paidAdsFilter',
      true,
    ],
    [
      'an override withholds',
      user('PRO', { featureOverrides: { minPrice: false } }),
      DEFAULT_SETTINGS,
      'minPrice',
      false,
    ],
    [
      'the paid-ads switch off withholds',
      user('PRO'),
      applySetting(DEFAULT_SETTINGS, 'features.filterPaidAds', false),
      'paidAdsFilter',
      false,
    ],
    [
      'the paid-ads switch off beats an override',
      user('REGISTERED', { featureOverrides: { paidAdsFilter: true } }),
      applySetting(DEFAULT_SETTINGS, 'features.filterPaidAds', false),
      'paidAdsFilter',
      false,
    ],
    [
      'FREE never gets Telegram',
      user('FREE', { featureOverrides: { telegram: true } }),
      DEFAULT_SETTINGS,
      'telegram',
      false,
    ],
  ])('%s', (_, account, settings, feature, expected) => {
    expect(build(account, {}, settings).features[feature]).toBe(expected);
  });

  it.each<[Plan, number]>([
    ['FREE', 30],
    ['REGISTERED', 10],
    ['PRO', 3],
  ])('%s checks every %i minutes', (plan, minutes) => {
    expect(build(user(plan)).userCheckInterval).toBe(minutes);
  });
});

describe('platform access', () => {
  it.each<[string, CapabilityUser | null, Record<PlatformId, boolean>]>([
    ['guest', null, { marktplaats: true, '2dehands': false }],
    ['FREE', user('FREE'), { marktplaats: true, '2dehands': false }],
    ['REGISTERED', user('REGISTERED'), { marktplaats: true, '2dehands': false }],
    ['PRO', user('PRO'), { marktplaats: true, '2dehands': true }],
    [
      'REGISTERED with explicit access',
      user('REGISTERED', { platformAccess: { '2dehands': true } }),
      { marktplaats: true, '2dehands': true },
    ],
    [
      'FREE with the 2dehands feature',
      user('FREE', { featureOverrides: { canUse2dehands: true } }),
      { marktplaats: true, '2dehands': true },
    ],
    [
      'PRO with access withheld',
      user('PRO', { platformAccess: { '2dehands': false } }),
      { marktplaats: true, '2dehands': false },
    ],
  ])('%s', (_, account, access) => {
    const data = build(account);
    expect(data.platformAccess).toEqual(access);
    expect(data.allowedPlatforms).toEqual(
      (Object.keys(access) as PlatformId[]).filter((platformId) => access[platformId]),
    );
  });

  it.each<[string, CapabilityUser | null, PlatformId, string | null]>([
    ['guest', null, '2dehands', 'Een account is vereist om 2dehands te gebruiken.'],
    ['guest', null, 'marktplaats', null],
    ['FREE', user('FREE'), '2dehands', 'Je hebt geen toegang tot 2dehands.'],
    ['REGISTERED', user('REGISTERED'), '2dehands', 'Je hebt geen toegang tot 2dehands.'],
    ['PRO', user('PRO'), '2dehands', null],
    [
      'withheld',
      user('PRO', { platformAccess: { marktplaats: false } }),
      'marktplaats',
      'Je hebt geen toegang tot Marktplaats.',
    ],
  ])('%s on %s: %s', (_, account, platformId, message) => {
    expect(caps(account).getPlatformMessage(platformId)).toBe(message);
  });
});

describe('alert limits', () => {
  it.each<[string, Plan, PublicSettings, number, number | null, boolean]>([
    ['FREE below 1', 'FREE', DEFAULT_SETTINGS, 0, 1, true],
    ['FREE at 1', 'FREE', DEFAULT_SETTINGS, 1, 1, false],
    ['REGISTERED below 5', 'REGISTERED', DEFAULT_SETTINGS, 4, 5, true],
    ['REGISTERED at 5', 'REGISTERED', DEFAULT_SETTINGS, 5, 5, false],
    ['PRO below 10', 'PRO', DEFAULT_SETTINGS, 9, 10, true],
    ['PRO at 10', 'PRO', DEFAULT_SETTINGS, 10, 10, false],
    ['PRO over 10', 'PRO', DEFAULT_SETTINGS, 11, 10, false],
    ['unlimited', 'PRO', withAlertLimits({ FREE: 1, REGISTERED: 5, PRO: null }), 1000, null, true],
    ['limit 0', 'REGISTERED', withAlertLimits({ FREE: 1, REGISTERED: 0, PRO: 10 }), 0, 0, false],
  ])('%s', (_, plan, settings, current, limit, canCreate) => {
    const data = build(user(plan), { alerts: current }, settings);
    expect(data.alerts).toEqual({ current, limit, canCreate });
    expect(data.canCreateAlerts).toBe(canCreate);
  });

  it.each<[Plan, PublicSettings | undefined, number | null]>([
    ['PRO', undefined, null],
    ['REGISTERED', undefined, 3],
    ['FREE', undefined, 1],
    ['PRO', DEFAULT_SETTINGS, 10],
    ['REGISTERED', DEFAULT_SETTINGS, 5],
    ['PRO', FALLBACK_SETTINGS, null],
  ])('effectiveAlertLimit(%s, settings %#) is %s', (plan, settings, limit) => {
    expect(effectiveAlertLimit(plan, settings)).toBe(limit);
  });

  it.each<[number, number | null, boolean]>([
    [0, 1, true],
    [1, 1, false],
    [2, 1, false],
    [0, 0, false],
    [999, null, true],
  ])('hasCapacity(%i, %s) is %s', (current, limit, expected) => {
    expect(hasCapacity(current, limit)).toBe(expected);
  });
});

describe('Telegram', () => {
  const LINK = '/my-account?tab=integrations';
  const registeredLimit = (limit: number | null) =>
    withTelegramLimits({ FREE: 0, REGISTERED: limit, PRO: null });

  it.each<
    [
      string,
      CapabilityUser | null,
      number,
      PublicSettings,
      number | null,
      boolean,
      TelegramAvailability,
    ]
  >([
    [
      'guest',
      null,
      0,
      DEFAULT_SETTINGS,
      0,
      false,
      { ok: false, reason: 'plan', message: 'Beschikbaar vanaf Geregistreerd plan', link: LINK },
    ],
    [
      'FREE',
      user('FREE'),
      0,
      DEFAULT_SETTINGS,
      0,
      false,
      { ok: false, reason: 'plan', message: 'Beschikbaar vanaf Geregistreerd plan', link: LINK },
    ],
    [
      'FREE even if settings give it room',
      user('FREE'),
      0,
      withTelegramLimits({ FREE: 5, REGISTERED: 3, PRO: null }),
      0,
      false,
      { ok: false, reason: 'plan', message: 'Beschikbaar vanaf Geregistreerd plan', link: LINK },
    ],
    [
      'REGISTERED withheld by an admin',
      user('REGISTERED', { featureOverrides: { telegram: false } }),
      0,
      DEFAULT_SETTINGS,
      3,
      false,
      { ok: false, reason: 'plan', message: 'Contact admin voor toegang', link: LINK },
    ],
    [
      'REGISTERED not connected',
      user('REGISTERED', { telegramConnected: false }),
      0,
      DEFAULT_SETTINGS,
      3,
      true,
      {
        ok: false,
        reason: 'not_connected',
        message: 'Koppel eerst je Telegram-account om Telegram notificaties te ontvangen.',
        link: LINK,
      },
    ],
    ['REGISTERED 2 used of 3', user('REGISTERED'), 2, DEFAULT_SETTINGS, 3, true, { ok: true }],
    [
      'REGISTERED 3 used of 3',
      user('REGISTERED'),
      3,
      DEFAULT_SETTINGS,
      3,
      false,
      {
        ok: false,
        reason: 'limit',
        message: 'Je hebt het maximum van 3 alert(s) met Telegram notificaties bereikt.',
        link: LINK,
      },
    ],
    [
      'REGISTERED limit 0',
      user('REGISTERED'),
      0,
      registeredLimit(0),
      0,
      false,
      {
        ok: false,
        reason: 'limit',
        message: 'Je hebt het maximum van 0 alert(s) met Telegram notificaties bereikt.',
        link: LINK,
      },
    ],
    [
      'REGISTERED limit 1, 1 used',
      user('REGISTERED'),
      1,
      registeredLimit(1),
      1,
      false,
      {
        ok: false,
        reason: 'limit',
        message: 'Je hebt het maximum van 1 alert(s) met Telegram notificaties bereikt.',
        link: LINK,
      },
    ],
    [
      'REGISTERED unlimited',
      user('REGISTERED'),
      50,
      registeredLimit(null),
      null,
      true,
      { ok: true },
    ],
    ['PRO unlimited by default', user('PRO'), 500, DEFAULT_SETTINGS, null, true, { ok: true }],
  ])('%s', (_, account, used, settings, limit, canEnable, availability) => {
    const data = build(account, { telegramAlerts: used }, settings);
    expect(data.telegram.limit).toBe(limit);
    expect(data.telegram.canEnable).toBe(canEnable);
    expect(data.canEnableMoreTelegramAlerts).toBe(canEnable);
    expect(telegramAvailability(hydrateCapabilities(data))).toEqual(availability);
  });

  it.each<[string, CapabilityUser | null, boolean, string | null]>([
    ['connected', user('REGISTERED'), true, 'jan'],
    [
      'not connected',
      user('REGISTERED', { telegramConnected: false, telegramUsername: 'old' }),
      false,
      null,
    ],
    ['guest', null, false, null],
  ])('%s account shows connection and username', (_, account, connected, username) => {
    const data = build(account);
    expect(data.telegram.connected).toBe(connected);
    expect(data.telegramConnected).toBe(connected);
    expect(data.telegram.username).toBe(username);
  });

  it('passes the per-plan limits on', () => {
    expect(build(user('PRO')).telegramAlertLimits).toEqual({ FREE: 0, REGISTERED: 3, PRO: null });
  });
});

describe('hydrateCapabilities without a (full) feature list', () => {
  const { features: _, ...registeredWithoutFeatures } = build(user('REGISTERED'));
  const { features: __, ...guestWithoutFeatures } = build(null);

  it.each<[string, ReturnType<typeof hydrateCapabilities>, FeatureName, boolean]>([
    ['REGISTERED, no list', hydrateCapabilities(registeredWithoutFeatures), 'minPrice', true],
    ['REGISTERED, no list', hydrateCapabilities(registeredWithoutFeatures), 'paidAdsFilter', false],
    ['guest, no list', hydrateCapabilities(guestWithoutFeatures), 'minPrice', false],
    [
      'REGISTERED, partial list',
      hydrateCapabilities({ ...registeredWithoutFeatures, features: { minPrice: false } }),
      'minPrice',
      false,
    ],
    [
      'REGISTERED, partial list',
      hydrateCapabilities({ ...registeredWithoutFeatures, features: { minPrice: false } }),
      'imageFilter',
      true,
    ],
  ])('%s: %s is %s', (_, hydrated, feature, expected) => {
    expect(hydrated.canUseFeature(feature)).toBe(expected);
    expect(hydrated.features[feature]).toBe(expected);
  });

  it('uses the listed value when there is one', () => {
    const hydrated = caps(user('REGISTERED', { featureOverrides: { paidAdsFilter: true } }));
    expect(hydrated.canUseFeature('paidAdsFilter')).toBe(true);
  });
});

describe('capabilities load failure', () => {
  it('falls back to the FREE guest profile and says the capabilities failed to load', () => {
    const { error, capabilities } = capabilitiesLoadFailure();
    expect(error).toBe('Failed to load user capabilities');
    expect(capabilities).toMatchObject({
      plan: 'FREE',
      isAuthenticated: false,
      allowedPlatforms: ['marktplaats'],
      canCreateAlerts: false,
    });
    expect(capabilities.canUseFeature('minPrice')).toBe(false);
    expect(GUEST_FALLBACK_CAPABILITIES).toEqual(build(null, {}, SHIPPED_SETTINGS));
  });

  it('cannot be changed by a caller', () => {
    expect(() => {
      (GUEST_FALLBACK_CAPABILITIES.platformAccess as Record<PlatformId, boolean>)['2dehands'] =
        true;
    }).toThrow(TypeError);
  });
});

describe('capabilitiesDataSchema', () => {
  it.each<[string, CapabilityUser | null]>([
    ['guest', null],
    ['FREE', user('FREE')],
    ['REGISTERED', user('REGISTERED')],
    ['PRO', user('PRO')],
  ])('accepts the JSON of a %s', (_, account) => {
    const json: unknown = JSON.parse(JSON.stringify(build(account, { alerts: 2 })));
    expect(capabilitiesDataSchema.parse(json)).toEqual(build(account, { alerts: 2 }));
  });

  it('rejects an answer without a plan', () => {
    const { plan: _, ...withoutPlan } = build(user('PRO'));
    expect(capabilitiesDataSchema.safeParse(withoutPlan).success).toBe(false);
  });
});

describe('channels the server can deliver', () => {
  const noBot: PublicSettings = { ...SHIPPED_SETTINGS, channels: deliveryChannels(false) };

  it('say Telegram only when the server has a bot; e-mail and the notification centre always', () => {
    expect(build(user('PRO'), {}, noBot).channels).toEqual({
      email: true,
      telegram: false,
      live: true,
    });
    expect(build(user('PRO')).channels.telegram).toBe(true);
    // Settings that do not say (the shipped defaults, before the server's answer) offer no Telegram.
    expect(build(user('PRO'), {}, SHIPPED_SETTINGS).channels.telegram).toBe(false);
  });

  it('take Telegram from every plan without a bot, with a message no upgrade answers', () => {
    const pro = caps(user('PRO'), {}, noBot);
    expect(pro.canUseFeature('telegram')).toBe(false);
    expect(pro.telegram.canEnable).toBe(false);
    expect(telegramAvailability(pro)).toEqual({
      ok: false,
      reason: 'unavailable',
      message: ACCESS_TEXTS.telegramUnavailable,
      link: '/my-account?tab=integrations',
    });
    expect(evaluateAlertRequest(pro, { platforms: ['marktplaats'], notifyTelegram: true })).toEqual(
      {
        ok: false,
        error: ACCESS_TEXTS.telegramUnavailable,
        requiredPlans: [],
        feature: 'telegram',
      },
    );
  });

  it('are read back from an answer; an answer without them offers no Telegram', () => {
    const data = build(user('REGISTERED'));
    expect(capabilitiesDataSchema.parse(data).channels.telegram).toBe(true);
    const { channels: _omitted, ...older } = data;
    const hydrated = hydrateCapabilities(older);
    expect(hydrated.channels.telegram).toBe(false);
    expect(hydrated.canUseFeature('telegram')).toBe(false);
  });
});

describe('alertCheckInterval', () => {
  it("is the owner's plan's interval from the settings, FREE for a guest alert", () => {
    const settings = applySetting(SHIPPED_SETTINGS, 'checkIntervals', {
      FREE: 30,
      REGISTERED: 10,
      PRO: 1,
    });
    expect(alertCheckInterval(settings, 'REGISTERED')).toBe(10);
    expect(alertCheckInterval(settings, null)).toBe(30);
    expect(build(user('PRO'), {}, settings).userCheckInterval).toBe(1);
  });
});
