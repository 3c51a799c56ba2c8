/**
 * What one user may do. The server builds CapabilitiesData and sends it as JSON, which carries no
 * functions; clients hydrate it to add `canUseFeature` and `getPlatformMessage`.
 */
import { ALERT_FORM_REGISTERED_LIMIT_DEFAULT, DEFAULT_PLAN_CONSTANTS } from '../constants';
import { PLATFORM_IDS, PLATFORMS, isOpenToGuests } from '../domain';
import type { PerPlan, Plan, PlatformId, Role } from '../domain';
import { ACCESS_TEXTS } from './strings';
import { deepFreeze } from './deepFreeze';
import { FEATURES, featureLockedMessage, planHasFeature } from './features';
import type { FeatureName } from './features';
import { BASE_DELIVERY_CHANNELS, DEFAULT_SETTINGS } from './settings';
import type { DeliveryChannels, PublicSettings } from './settings';

export interface CapabilitiesData {
  /** The plan the rules use: FREE for guests. */
  plan: Plan;
  /** The signed-in user's own plan; `null` for guests. */
  userPlan: Plan | null;
  isAuthenticated: boolean;
  /** `limit` null = unlimited. */
  alerts: { current: number; limit: number | null; canCreate: boolean };
  allowedPlatforms: PlatformId[];
  platformAccess: Record<PlatformId, boolean>;
  /** Minutes between checks for this user's alerts (core `alertCheckInterval`). */
  userCheckInterval: number;
  /** What the server can deliver: Telegram only when it has a bot. */
  channels: DeliveryChannels;
  canCreateAlerts: boolean;
  features: Record<FeatureName, boolean>;
  /** `canEnable`: the plan allows Telegram and capacity remains (the connection is separate). */
  telegram: {
    connected: boolean;
    username: string | null;
    current: number;
    limit: number | null;
    canEnable: boolean;
  };
  telegramConnected: boolean;
  canEnableMoreTelegramAlerts: boolean;
  telegramAlertLimits: PerPlan<number | null>;
}

export interface Capabilities extends CapabilitiesData {
  canUseFeature(name: FeatureName): boolean;
  /** Why `platformId` is unavailable, in Dutch; `null` when it is available. */
  getPlatformMessage(platformId: PlatformId): string | null;
}

export interface CapabilityUser {
  plan: Plan;
  /** Accepted for completeness: the admin role gives the admin area, not extra plan features. */
  role: Role;
  telegramConnected: boolean;
  telegramUsername: string | null;
  /** An admin's per-user choice; it wins over the plan rules. */
  featureOverrides?: Partial<Record<FeatureName, boolean>>;
  /** An admin's explicit per-user platform access; it wins over the plan rules. */
  platformAccess?: Partial<Record<PlatformId, boolean>>;
  /** Paid extra alerts: they raise a limited plan's alert limit, whatever the plan. */
  extraAlerts?: number;
}

export interface BuildCapabilitiesInput {
  settings: PublicSettings;
  /** `null` for a guest. */
  user: CapabilityUser | null;
  /** The user's alerts, and those of them with Telegram notifications. */
  counts: { alerts: number; telegramAlerts: number };
}

/** Whether another alert fits under `limit` (`null` = unlimited): allowed while current < limit. */
export function hasCapacity(current: number, limit: number | null): boolean {
  return limit === null || current < limit;
}

/**
 * Alert limits before settings have loaded: PRO is treated as unlimited and REGISTERED
 * gets the alert form's own default.
 */
export const ALERT_LIMITS_BEFORE_SETTINGS: Readonly<PerPlan<number | null>> = deepFreeze({
  FREE: DEFAULT_PLAN_CONSTANTS.alertLimits.FREE,
  REGISTERED: ALERT_FORM_REGISTERED_LIMIT_DEFAULT,
  PRO: null,
});

/** The alert limit to apply for `plan`; `null` = unlimited. */
export function effectiveAlertLimit(plan: Plan, settings: PublicSettings | undefined) {
  return settings ? settings.alertLimits[plan] : ALERT_LIMITS_BEFORE_SETTINGS[plan];
}

/** The Telegram limit for `plan`: FREE has none at all, whatever the settings say. */
export function telegramAlertLimit(settings: PublicSettings, plan: Plan): number | null {
  return plan === 'FREE' ? 0 : settings.telegramAlertLimits[plan];
}

/** The feature a platform needs beside an account (its row's `feature`); Marktplaats needs none. */
export function platformFeature(platformId: PlatformId): FeatureName | undefined {
  return PLATFORMS[platformId].feature ?? undefined;
}

/** An alert's check interval in minutes: its owner's plan's (FREE for a guest alert). */
export function alertCheckInterval(settings: PublicSettings, ownerPlan: Plan | null): number {
  return settings.checkIntervals[ownerPlan ?? 'FREE'];
}

function buildFeatures(settings: PublicSettings, user: CapabilityUser | null) {
  const features = {} as Record<FeatureName, boolean>;
  for (const feature of FEATURES) {
    const byPlan = user !== null && planHasFeature(user.plan, feature);
    features[feature] = user?.featureOverrides?.[feature] ?? byPlan;
  }
  // A global switch: with the paid-ads filter turned off nobody gets it.
  if (!settings.features.filterPaidAds) features.paidAdsFilter = false;
  // FREE users cannot use Telegram, not even by override.
  if (user === null || user.plan === 'FREE') features.telegram = false;
  // Nor anyone on a server without a Telegram bot: it could not deliver a single message.
  if (settings.channels?.telegram !== true) features.telegram = false;
  // Nor webhooks.
  if (user === null || user.plan === 'FREE') features.webhooks = false;
  // Nor push, not even by override: guests have no account to keep a device under.
  if (user === null || user.plan === 'FREE') features.push = false;
  return features;
}

function buildPlatformAccess(user: CapabilityUser | null, features: Record<FeatureName, boolean>) {
  const access = {} as Record<PlatformId, boolean>;
  for (const platformId of PLATFORM_IDS) {
    const feature = platformFeature(platformId);
    const byPlan = feature === undefined || features[feature];
    // A guest watches only the platforms no plan feature gates; the others need an account.
    access[platformId] =
      user === null ? isOpenToGuests(platformId) : (user.platformAccess?.[platformId] ?? byPlan);
  }
  return access;
}

export function buildCapabilities({
  settings,
  user,
  counts,
}: BuildCapabilitiesInput): CapabilitiesData {
  const isAuthenticated = user !== null;
  const plan: Plan = user?.plan ?? 'FREE';
  const features = buildFeatures(settings, user);
  const platformAccess = buildPlatformAccess(user, features);

  const planLimit = settings.alertLimits[plan];
  const alertLimitForPlan =
    planLimit === null || !user?.extraAlerts ? planLimit : planLimit + user.extraAlerts;
  // Guests create their one free alert through the guest form, never through this path.
  const canCreate = isAuthenticated && hasCapacity(counts.alerts, alertLimitForPlan);

  const telegramLimit = telegramAlertLimit(settings, plan);
  const canEnableTelegram = features.telegram && hasCapacity(counts.telegramAlerts, telegramLimit);
  const telegramConnected = isAuthenticated && user.telegramConnected;

  return {
    plan,
    userPlan: user?.plan ?? null,
    isAuthenticated,
    alerts: { current: counts.alerts, limit: alertLimitForPlan, canCreate },
    allowedPlatforms: PLATFORM_IDS.filter((platformId) => platformAccess[platformId]),
    platformAccess,
    userCheckInterval: alertCheckInterval(settings, plan),
    channels: { ...(settings.channels ?? BASE_DELIVERY_CHANNELS) },
    canCreateAlerts: canCreate,
    features,
    telegram: {
      connected: telegramConnected,
      username: telegramConnected ? user.telegramUsername : null,
      current: counts.telegramAlerts,
      limit: telegramLimit,
      canEnable: canEnableTelegram,
    },
    telegramConnected,
    canEnableMoreTelegramAlerts: canEnableTelegram,
    telegramAlertLimits: { ...settings.telegramAlertLimits },
  };
}

/** CapabilitiesData as received: an older or fallback answer may lack (part of) the feature list. */
export type ReceivedCapabilities = Omit<CapabilitiesData, 'features' | 'channels'> & {
  features?: Partial<Record<FeatureName, boolean>>;
  channels?: DeliveryChannels;
};

/** Adds `canUseFeature` and `getPlatformMessage`. */
export function hydrateCapabilities(data: ReceivedCapabilities): Capabilities {
  const features = {} as Record<FeatureName, boolean>;
  for (const feature of FEATURES) {
    const listed = data.features?.[feature];
    // When capabilities lack a feature list, the plan rules decide.
    features[feature] =
      typeof listed === 'boolean'
        ? listed
        : data.isAuthenticated && planHasFeature(data.plan, feature);
  }
  // An answer without the channels comes from a server that does not say: offer no Telegram.
  const channels = data.channels ?? { ...BASE_DELIVERY_CHANNELS };
  if (!channels.telegram) features.telegram = false;
  return {
    ...data,
    channels,
    features,
    canUseFeature: (name) => features[name],
    getPlatformMessage(platformId) {
      if (data.platformAccess[platformId]) return null;
      const name = PLATFORMS[platformId].name;
      return data.isAuthenticated
        ? ACCESS_TEXTS.noPlatformAccess(name)
        : ACCESS_TEXTS.accountRequiredForPlatform(name);
    },
  };
}

/** The FREE guest profile used when capabilities cannot be loaded. */
export const GUEST_FALLBACK_CAPABILITIES: CapabilitiesData = deepFreeze(
  buildCapabilities({
    settings: DEFAULT_SETTINGS,
    user: null,
    counts: { alerts: 0, telegramAlerts: 0 },
  }),
);

/** What a client shows and uses after a failed capabilities request. */
export function capabilitiesLoadFailure(): { error: string; capabilities: Capabilities } {
  return {
    error: ACCESS_TEXTS.capabilitiesLoadFailed,
    capabilities: hydrateCapabilities(GUEST_FALLBACK_CAPABILITIES),
  };
}

export const TELEGRAM_INTEGRATIONS_PATH = '/my-account?tab=integrations';

export type TelegramAvailability =
  | { ok: true }
  | {
      ok: false;
      reason: 'unavailable' | 'plan' | 'not_connected' | 'limit';
      message: string;
      link: typeof TELEGRAM_INTEGRATIONS_PATH;
    };

/**
 * Telegram for a new alert needs a server with a bot, a non-FREE plan, a connected account
 * and capacity.
 */
export function telegramAvailability(caps: Capabilities): TelegramAvailability {
  const link = TELEGRAM_INTEGRATIONS_PATH;
  if (!caps.channels.telegram) {
    return { ok: false, reason: 'unavailable', message: ACCESS_TEXTS.telegramUnavailable, link };
  }
  if (caps.plan === 'FREE' || !caps.isAuthenticated || !caps.canUseFeature('telegram')) {
    return {
      ok: false,
      reason: 'plan',
      message: featureLockedMessage('telegram', caps.userPlan),
      link,
    };
  }
  if (!caps.telegram.connected) {
    return {
      ok: false,
      reason: 'not_connected',
      message: ACCESS_TEXTS.telegramNotConnected,
      link,
    };
  }
  const { current, limit } = caps.telegram;
  if (limit !== null && !hasCapacity(current, limit)) {
    return {
      ok: false,
      reason: 'limit',
      message: ACCESS_TEXTS.telegramLimitReached(limit),
      link,
    };
  }
  return { ok: true };
}
