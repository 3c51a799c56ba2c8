import { describe, expect, it } from 'vitest';
import type { Plan } from '../domain';
import { advancedStepVisible, evaluateAlertRequest, evaluateAlertUpdate } from './alertPolicy';
import type { AlertPolicyResult, AlertRequest } from './alertPolicy';
import { buildCapabilities, hydrateCapabilities } from './capabilities';
import type { CapabilityUser } from './capabilities';
import type { FeatureName } from './features';
import { applySetting } from './settingSchemas';
import { DEFAULT_SETTINGS as SHIPPED_SETTINGS, deliveryChannels } from './settings';

/** The plan rules as a server with a Telegram bot applies them. */
const DEFAULT_SETTINGS: PublicSettings = { ...SHIPPED_SETTINGS, channels: deliveryChannels(true) };
import type { PublicSettings } from './settings';

const user = (plan: Plan, extra: Partial<CapabilityUser> = {}): CapabilityUser => ({
  plan,
  role: 'USER',
  telegramConnected: true,
  telegramUsername: 'jan',
  ...extra,
});

const caps = (
  account: CapabilityUser | null,
  counts: Partial<{ alerts: number; telegramAlerts: number }> = {},
  settings: PublicSettings = DEFAULT_SETTINGS,
) =>
  hydrateCapabilities(
    buildCapabilities({
      settings,
      user: account,
      counts: { alerts: 0, telegramAlerts: 0, ...counts },
    }),
  );

const OK: AlertPolicyResult = { ok: true };
const MP: AlertRequest = { platforms: ['marktplaats'] };
const denied = (
  error: string,
  requiredPlans: Plan[],
  feature?: FeatureName,
): AlertPolicyResult => ({ ok: false, error, requiredPlans, ...(feature ? { feature } : {}) });

const FROM_REGISTERED = 'Beschikbaar vanaf Geregistreerd plan';
const PRO_ONLY = 'Alleen beschikbaar voor PRO gebruikers';
const CONTACT_ADMIN = 'Contact admin voor toegang';
const MAX_ALERTS = 'Je hebt het maximale aantal alerts voor je plan bereikt.';
const paidAdsOff = applySetting(DEFAULT_SETTINGS, 'features.filterPaidAds', false);
const proTelegramLimit3 = applySetting(DEFAULT_SETTINGS, 'telegramAlertLimits', {
  FREE: 0,
  REGISTERED: 3,
  PRO: 3,
});

type Case = [
  string,
  ReturnType<typeof caps>,
  Partial<AlertRequest> & Pick<AlertRequest, 'platforms'>,
  AlertPolicyResult,
];

describe('evaluateAlertRequest', () => {
  it.each<Case>([
    ['FREE, a plain Marktplaats alert', caps(user('FREE')), MP, OK],
    ['REGISTERED, a plain alert', caps(user('REGISTERED')), MP, OK],
    ['guest', caps(null), MP, denied('Je moet ingelogd zijn om dit te doen.', [])],
    // Alert count, checked first.
    [
      'FREE at its limit',
      caps(user('FREE'), { alerts: 1 }),
      MP,
      denied(MAX_ALERTS, ['REGISTERED', 'PRO']),
    ],
    ['REGISTERED one below its limit', caps(user('REGISTERED'), { alerts: 4 }), MP, OK],
    [
      'REGISTERED at its limit',
      caps(user('REGISTERED'), { alerts: 5 }),
      MP,
      denied(MAX_ALERTS, ['PRO']),
    ],
    ['PRO at its limit', caps(user('PRO'), { alerts: 10 }), MP, denied(MAX_ALERTS, [])],
    [
      'the limit before anything else',
      caps(user('FREE'), { alerts: 1 }),
      { platforms: ['2dehands'], minPrice: 5 },
      denied(MAX_ALERTS, ['REGISTERED', 'PRO']),
    ],
    // Platforms.
    [
      'FREE on 2dehands',
      caps(user('FREE')),
      { platforms: ['2dehands'] },
      denied('Je hebt geen toegang tot 2dehands.', ['PRO'], 'canUse2dehands'),
    ],
    [
      'REGISTERED on 2dehands',
      caps(user('REGISTERED')),
      { platforms: ['2dehands'] },
      denied('Je hebt geen toegang tot 2dehands.', ['PRO'], 'canUse2dehands'),
    ],
    ['PRO on 2dehands', caps(user('PRO')), { platforms: ['2dehands'] }, OK],
    [
      'REGISTERED with explicit 2dehands access',
      caps(user('REGISTERED', { platformAccess: { '2dehands': true } })),
      { platforms: ['2dehands'] },
      OK,
    ],
    [
      'PRO with 2dehands withheld',
      caps(user('PRO', { platformAccess: { '2dehands': false } })),
      { platforms: ['2dehands'] },
      denied('Je hebt geen toegang tot 2dehands.', [], 'canUse2dehands'),
    ],
    [
      'two platforms without multi-platform',
      caps(user('REGISTERED', { platformAccess: { '2dehands': true } })),
      { platforms: ['marktplaats', '2dehands'] },
      denied(PRO_ONLY, ['PRO'], 'canUseMultiplePlatforms'),
    ],
    ['PRO on two platforms', caps(user('PRO')), { platforms: ['marktplaats', '2dehands'] }, OK],
    [
      'the same platform twice is one platform',
      caps(user('FREE')),
      { platforms: ['marktplaats', 'marktplaats'] },
      OK,
    ],
    // Minimum price.
    [
      'FREE with a minimum price',
      caps(user('FREE')),
      { ...MP, minPrice: 10 },
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'minPrice'),
    ],
    ['FREE with minimum price 0', caps(user('FREE')), { ...MP, minPrice: 0 }, OK],
    ['FREE with minimum price null', caps(user('FREE')), { ...MP, minPrice: null }, OK],
    ['REGISTERED with a minimum price', caps(user('REGISTERED')), { ...MP, minPrice: 10 }, OK],
    [
      'REGISTERED with minPrice withheld',
      caps(user('REGISTERED', { featureOverrides: { minPrice: false } })),
      { ...MP, minPrice: 10 },
      denied(CONTACT_ADMIN, [], 'minPrice'),
    ],
    // Delivery method.
    [
      'FREE with pickup only',
      caps(user('FREE')),
      { ...MP, deliveryMethod: 'pickup' },
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'deliveryMethodFilter'),
    ],
    ['FREE with both delivery methods', caps(user('FREE')), { ...MP, deliveryMethod: 'both' }, OK],
    [
      'REGISTERED with shipping only',
      caps(user('REGISTERED')),
      { ...MP, deliveryMethod: 'shipping' },
      OK,
    ],
    // Images.
    [
      'FREE with images only',
      caps(user('FREE')),
      { ...MP, onlyWithImages: true },
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'imageFilter'),
    ],
    ['FREE without the image filter', caps(user('FREE')), { ...MP, onlyWithImages: false }, OK],
    ['REGISTERED with images only', caps(user('REGISTERED')), { ...MP, onlyWithImages: true }, OK],
    // Paid ads.
    [
      'REGISTERED including paid ads',
      caps(user('REGISTERED')),
      { ...MP, includePaidAds: true },
      denied(PRO_ONLY, ['PRO'], 'paidAdsFilter'),
    ],
    [
      'REGISTERED not including paid ads',
      caps(user('REGISTERED')),
      { ...MP, includePaidAds: false },
      OK,
    ],
    ['PRO including paid ads', caps(user('PRO')), { ...MP, includePaidAds: true }, OK],
    // Price drops: the PRO feature priceHistory.
    [
      'REGISTERED with price drops',
      caps(user('REGISTERED')),
      { ...MP, priceDrop: { enabled: true } },
      denied(PRO_ONLY, ['PRO'], 'priceHistory'),
    ],
    ['FREE without price drops', caps(user('FREE')), { ...MP, priceDrop: { enabled: false } }, OK],
    ['PRO with price drops', caps(user('PRO')), { ...MP, priceDrop: { enabled: true } }, OK],
    [
      'PRO with the paid-ads filter switched off',
      caps(user('PRO'), {}, paidAdsOff),
      { ...MP, includePaidAds: true },
      denied(CONTACT_ADMIN, [], 'paidAdsFilter'),
    ],
    // Seller type, and the car category's advertiser filter.
    [
      'FREE with private sellers',
      caps(user('FREE')),
      { ...MP, sellerType: 'private' },
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'sellerTypeFilter'),
    ],
    [
      'FREE with business sellers',
      caps(user('FREE')),
      { ...MP, sellerType: 'business' },
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'businessFilter'),
    ],
    ['FREE with all sellers', caps(user('FREE')), { ...MP, sellerType: 'all' }, OK],
    [
      'REGISTERED with business sellers',
      caps(user('REGISTERED')),
      { ...MP, sellerType: 'business' },
      OK,
    ],
    [
      'business filter withheld, business',
      caps(user('REGISTERED', { featureOverrides: { businessFilter: false } })),
      { ...MP, sellerType: 'business' },
      denied(CONTACT_ADMIN, [], 'businessFilter'),
    ],
    [
      'business filter withheld, private',
      caps(user('REGISTERED', { featureOverrides: { businessFilter: false } })),
      { ...MP, sellerType: 'private' },
      OK,
    ],
    [
      'FREE with a business advertiser (car)',
      caps(user('FREE')),
      { ...MP, customFilters: { adverteerder: 'business' } },
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'businessFilter'),
    ],
    [
      'FREE with every advertiser (car)',
      caps(user('FREE')),
      { ...MP, customFilters: { adverteerder: 'all' } },
      OK,
    ],
    // Telegram.
    [
      'FREE with Telegram',
      caps(user('FREE')),
      { ...MP, notifyTelegram: true },
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'telegram'),
    ],
    [
      'REGISTERED, Telegram not connected',
      caps(user('REGISTERED', { telegramConnected: false })),
      { ...MP, notifyTelegram: true },
      denied(
        'Koppel eerst je Telegram-account om Telegram notificaties te ontvangen.',
        [],
        'telegram',
      ),
    ],
    [
      'REGISTERED, 2 of 3 Telegram alerts',
      caps(user('REGISTERED'), { telegramAlerts: 2 }),
      { ...MP, notifyTelegram: true },
      OK,
    ],
    [
      'REGISTERED, 3 of 3 Telegram alerts',
      caps(user('REGISTERED'), { telegramAlerts: 3 }),
      { ...MP, notifyTelegram: true },
      denied(
        'Je hebt het maximum van 3 alert(s) met Telegram notificaties bereikt.',
        ['PRO'],
        'telegram',
      ),
    ],
    [
      'REGISTERED, 3 of 3, PRO no roomier',
      caps(user('REGISTERED'), { telegramAlerts: 3 }, proTelegramLimit3),
      { ...MP, notifyTelegram: true },
      denied(
        'Je hebt het maximum van 3 alert(s) met Telegram notificaties bereikt.',
        [],
        'telegram',
      ),
    ],
    [
      'PRO, unlimited Telegram',
      caps(user('PRO'), { telegramAlerts: 99 }),
      { ...MP, notifyTelegram: true },
      OK,
    ],
    ['FREE, Telegram off', caps(user('FREE')), { ...MP, notifyTelegram: false }, OK],
  ])('%s', (_, capabilities, request, expected) => {
    expect(evaluateAlertRequest(capabilities, request as AlertRequest)).toEqual(expected);
  });
});

describe('evaluateAlertUpdate', () => {
  const telegramOn = { ...MP, notifyTelegram: true };
  const FULL = 'Je hebt het maximum van 3 alert(s) met Telegram notificaties bereikt.';

  it.each<
    [
      string,
      ReturnType<typeof caps>,
      Partial<AlertRequest>,
      Partial<AlertRequest> | undefined,
      AlertPolicyResult,
    ]
  >([
    ['FREE at its alert limit', caps(user('FREE'), { alerts: 1 }), MP, undefined, OK],
    ['a guest through the manage link', caps(null), { ...MP, minPrice: 0 }, undefined, OK],
    [
      'a guest on 2dehands',
      caps(null),
      { platforms: ['2dehands'] },
      undefined,
      denied('Een account is vereist om 2dehands te gebruiken.', ['PRO'], 'canUse2dehands'),
    ],
    [
      'a guest with a minimum price',
      caps(null),
      { minPrice: 5 },
      undefined,
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'minPrice'),
    ],
    [
      'options without platforms',
      caps(user('FREE')),
      { onlyWithImages: true },
      undefined,
      denied(FROM_REGISTERED, ['REGISTERED', 'PRO'], 'imageFilter'),
    ],
    [
      '3 of 3, this alert already on Telegram',
      caps(user('REGISTERED'), { telegramAlerts: 3 }),
      telegramOn,
      { notifyTelegram: true },
      OK,
    ],
    [
      '3 of 3, switching this alert to Telegram',
      caps(user('REGISTERED'), { telegramAlerts: 3 }),
      telegramOn,
      { notifyTelegram: false },
      denied(FULL, ['PRO'], 'telegram'),
    ],
    [
      '3 of 3, existing alert unknown',
      caps(user('REGISTERED'), { telegramAlerts: 3 }),
      telegramOn,
      undefined,
      denied(FULL, ['PRO'], 'telegram'),
    ],
    [
      'already on Telegram but disconnected',
      caps(user('REGISTERED', { telegramConnected: false }), { telegramAlerts: 1 }),
      telegramOn,
      { notifyTelegram: true },
      denied(
        'Koppel eerst je Telegram-account om Telegram notificaties te ontvangen.',
        [],
        'telegram',
      ),
    ],
    [
      'a REGISTERED owner turning on the PRO paid-ads filter',
      caps(user('REGISTERED')),
      { includePaidAds: true, onlyWithImages: true },
      { ...MP, includePaidAds: false, onlyWithImages: false },
      denied(PRO_ONLY, ['PRO'], 'paidAdsFilter'),
    ],
    [
      'a downgraded owner keeping the paid-ads filter the alert already has',
      caps(user('REGISTERED')),
      { includePaidAds: true, searchTerm: 'golf' } as Partial<AlertRequest>,
      { ...MP, includePaidAds: true },
      OK,
    ],
    [
      'a downgraded owner changing the car filters beside a kept advertiser filter',
      caps(user('FREE')),
      { customFilters: { adverteerder: 'private', mileageMax: 90000 } },
      { ...MP, customFilters: { adverteerder: 'private' } },
      OK,
    ],
    [
      'a downgraded owner keeping 2dehands, adding nothing',
      caps(user('REGISTERED')),
      { platforms: ['2dehands'] },
      { platforms: ['2dehands'] },
      OK,
    ],
    [
      'a REGISTERED owner moving an alert to 2dehands',
      caps(user('REGISTERED')),
      { platforms: ['2dehands'] },
      MP,
      denied('Je hebt geen toegang tot 2dehands.', ['PRO'], 'canUse2dehands'),
    ],
  ])('%s', (_, capabilities, request, existing, expected) => {
    expect(evaluateAlertUpdate(capabilities, request, existing)).toEqual(expected);
  });
});

describe('advancedStepVisible', () => {
  const none = {
    deliveryMethodFilter: false,
    imageFilter: false,
    paidAdsFilter: false,
    sellerTypeFilter: false,
    businessFilter: false,
  };

  it.each<[string, CapabilityUser | null, boolean, boolean]>([
    ['guest', null, false, false],
    ['FREE', user('FREE'), false, false],
    ['FREE, category handles seller type', user('FREE'), true, false],
    ['REGISTERED', user('REGISTERED'), false, true],
    ['REGISTERED, category handles seller type', user('REGISTERED'), true, true],
    ['nothing at all', user('REGISTERED', { featureOverrides: none }), false, false],
    [
      'delivery filter only',
      user('REGISTERED', { featureOverrides: { ...none, deliveryMethodFilter: true } }),
      true,
      true,
    ],
    [
      'image filter only',
      user('REGISTERED', { featureOverrides: { ...none, imageFilter: true } }),
      true,
      true,
    ],
    [
      'paid-ads filter only',
      user('REGISTERED', { featureOverrides: { ...none, paidAdsFilter: true } }),
      true,
      true,
    ],
    [
      'seller type filter only',
      user('REGISTERED', { featureOverrides: { ...none, sellerTypeFilter: true } }),
      false,
      true,
    ],
    [
      'business filter only',
      user('REGISTERED', { featureOverrides: { ...none, businessFilter: true } }),
      false,
      true,
    ],
    [
      'seller filters, category handles seller type',
      user('REGISTERED', {
        featureOverrides: { ...none, sellerTypeFilter: true, businessFilter: true },
      }),
      true,
      false,
    ],
  ])('%s (category handles seller type: %s) → %s', (_, account, handles, visible) => {
    expect(advancedStepVisible(caps(account), handles)).toBe(visible);
  });
});
