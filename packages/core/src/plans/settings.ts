/**
 * Public settings: what an admin can change per key and every client reads.
 * A setting key is the dot path of its value inside PublicSettings.
 *
 * This module holds no zod schema (every web page loads it at start): the schemas of the values,
 * and the parsing of stored or received settings, are in ./settingSchemas.
 */
import {
  DEFAULT_PLAN_CONSTANTS,
  DEFAULT_PRICING,
  DEFAULT_TELEGRAM_ALERT_LIMITS,
  FAQ_DEFAULT_ITEMS,
  FALLBACK_PLAN_CONSTANTS,
} from '../constants';
import type { PlanConstants } from '../constants';
import type { PerPlan, Plan } from '../domain';
import { DEFAULT_RETENTION, type RetentionSetting } from '../retention/retention';
import { deepFreeze } from './deepFreeze';

export const PRICING_TOOL_DISPLAY_MODES = ['visible', 'hidden'] as const;
export type PricingToolDisplayMode = (typeof PRICING_TOOL_DISPLAY_MODES)[number];

/**
 * How the pricing table charges beyond the plans: a price per extra alert, or subscriptions
 * only. The admin picks one of these (their Dutch labels: SCREEN_TEXTS.admin.fields.models).
 */
export const PRICING_MODELS = ['per_alert', 'subscription_only'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];

export interface PricingToolSetting {
  enabled: boolean;
  displayMode: PricingToolDisplayMode;
}

export interface PricingSetting {
  model: PricingModel;
  currency: string;
  pricePerAlert: number;
  subscriptionPrices: PerPlan<number>;
}

/**
 * What this server can deliver. E-mail and the web app's notification centre always work; Telegram
 * only with a bot (TELEGRAM_BOT_TOKEN). Not an admin setting: the server adds it to its answer.
 */
export interface DeliveryChannels {
  email: boolean;
  telegram: boolean;
  live: boolean;
}

/** What every server delivers: without a bot, Telegram is not offered anywhere. */
export const BASE_DELIVERY_CHANNELS: Readonly<DeliveryChannels> = deepFreeze({
  email: true,
  telegram: false,
  live: true,
});

/** The channels of a server that does (or does not) have a Telegram bot. */
export function deliveryChannels(hasTelegramBot: boolean): DeliveryChannels {
  return { ...BASE_DELIVERY_CHANNELS, telegram: hasTelegramBot };
}

export interface PublicSettings {
  features: { pricingTool: PricingToolSetting; filterPaidAds: boolean };
  pricing: PricingSetting;
  /** `null` = unlimited. */
  alertLimits: PerPlan<number | null>;
  /** Minutes between checks. */
  checkIntervals: PerPlan<number>;
  /** Days an alert stays valid. */
  validityPeriods: PerPlan<number>;
  /** Alerts with Telegram notifications; `null` = unlimited. */
  telegramAlertLimits: PerPlan<number | null>;
  seo: { maxFaqItems: number };
  /** Days stored rows are kept before the scheduler prunes them. */
  retention: RetentionSetting;
  /** Derived: the pricing tool is enabled and shown. */
  isPricingToolVisible: boolean;
  /**
   * What the server can deliver, added to its answer; absent (stored settings, the defaults before
   * the answer) means only e-mail and the notification centre.
   */
  channels?: DeliveryChannels;
}

/** Whether the server can send Telegram messages, so that pages may offer Telegram at all. */
export function offersTelegram(settings: Pick<PublicSettings, 'channels'>): boolean {
  return settings.channels?.telegram === true;
}

/** Every setting an admin can change, in the order the admin screen shows them. */
export const SETTING_KEYS = [
  'features.pricingTool',
  'features.filterPaidAds',
  'pricing',
  'alertLimits',
  'checkIntervals',
  'validityPeriods',
  'telegramAlertLimits',
  'seo.maxFaqItems',
  'retention',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && (SETTING_KEYS as readonly string[]).includes(value);
}

/** Adds what is derived from the stored settings. */
export function withDerivedSettings(
  settings: Omit<PublicSettings, 'isPricingToolVisible'>,
): PublicSettings {
  const { enabled, displayMode } = settings.features.pricingTool;
  return { ...settings, isPricingToolVisible: enabled && displayMode === 'visible' };
}

function settingsFromPlanConstants(plan: PlanConstants): PublicSettings {
  return withDerivedSettings({
    features: { pricingTool: { enabled: true, displayMode: 'visible' }, filterPaidAds: true },
    pricing: {
      model: DEFAULT_PRICING.model,
      currency: DEFAULT_PRICING.currency,
      pricePerAlert: DEFAULT_PRICING.pricePerAlert,
      subscriptionPrices: { ...plan.subscriptionPrices },
    },
    alertLimits: { ...plan.alertLimits },
    checkIntervals: { ...plan.checkIntervalsMinutes },
    validityPeriods: { ...plan.validityDays },
    telegramAlertLimits: { ...DEFAULT_TELEGRAM_ALERT_LIMITS },
    seo: { maxFaqItems: FAQ_DEFAULT_ITEMS },
    retention: {
      ...DEFAULT_RETENTION,
      notifications: { ...DEFAULT_RETENTION.notifications },
    },
  });
}

/** The settings the product ships with. */
export const DEFAULT_SETTINGS: PublicSettings = deepFreeze(
  settingsFromPlanConstants(DEFAULT_PLAN_CONSTANTS),
);

/** The alternate fallback set: used when settings could not be loaded at all. */
export const FALLBACK_SETTINGS: PublicSettings = deepFreeze(
  settingsFromPlanConstants(FALLBACK_PLAN_CONSTANTS),
);

export function checkIntervalMinutes(settings: PublicSettings, plan: Plan): number {
  return settings.checkIntervals[plan];
}

export function validityDays(settings: PublicSettings, plan: Plan): number {
  return settings.validityPeriods[plan];
}

/** `null` = unlimited. */
export function alertLimit(settings: PublicSettings, plan: Plan): number | null {
  return settings.alertLimits[plan];
}
