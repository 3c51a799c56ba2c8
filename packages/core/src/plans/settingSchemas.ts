/**
 * The zod side of the public settings (./settings): one schema per setting key, the admin's
 * update body, and the parsing of stored rows and received answers into PublicSettings. Kept
 * apart from ./settings so that a client that only reads the defaults and helpers does not load
 * zod (the web app parses settings in a lazily loaded chunk, to keep its first load small).
 */
import { z } from 'zod';
import { retentionSettingSchema } from '../retention/schema';
import { VALIDATION_TEXTS } from '../validation/strings';
import {
  DEFAULT_SETTINGS,
  PRICING_MODELS,
  PRICING_TOOL_DISPLAY_MODES,
  SETTING_KEYS,
  isSettingKey,
  withDerivedSettings,
} from './settings';
import type { PublicSettings, SettingKey } from './settings';

const perPlan = <T extends z.ZodType>(value: T) =>
  z.strictObject({ FREE: value, REGISTERED: value, PRO: value });

const count = z.number().int().nonnegative();
const limit = count.nullable();
const positiveWhole = z.number().int().positive();
const amount = z.number().nonnegative().finite();

const pricingToolSchema = z.strictObject({
  enabled: z.boolean(),
  displayMode: z.enum(PRICING_TOOL_DISPLAY_MODES),
});

const pricingSchema = z.strictObject({
  model: z.enum(PRICING_MODELS, VALIDATION_TEXTS.invalidChoice),
  currency: z.string().regex(/^[A-Z]{3}$/, VALIDATION_TEXTS.currencyInvalid),
  pricePerAlert: amount,
  subscriptionPrices: perPlan(amount),
});

/** One schema per settings key, so `PUT /admin/settings {key, value}` validates the value of that key. */
export const SETTING_SCHEMAS = {
  'features.pricingTool': pricingToolSchema,
  'features.filterPaidAds': z.boolean(),
  pricing: pricingSchema,
  alertLimits: perPlan(limit),
  checkIntervals: perPlan(positiveWhole),
  validityPeriods: perPlan(positiveWhole),
  telegramAlertLimits: perPlan(limit),
  'seo.maxFaqItems': positiveWhole,
  retention: retentionSettingSchema,
} as const satisfies Record<SettingKey, z.ZodType>;

export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_SCHEMAS)[K]>;

export const deliveryChannelsSchema = z.object({
  email: z.boolean(),
  telegram: z.boolean(),
  live: z.boolean(),
});

type Appliers = {
  [K in SettingKey]: (
    settings: PublicSettings,
    value: SettingValue<K>,
  ) => Omit<PublicSettings, 'isPricingToolVisible'>;
};

const APPLIERS: Appliers = {
  'features.pricingTool': (s, pricingTool) => ({ ...s, features: { ...s.features, pricingTool } }),
  'features.filterPaidAds': (s, filterPaidAds) => ({
    ...s,
    features: { ...s.features, filterPaidAds },
  }),
  pricing: (s, pricing) => ({ ...s, pricing }),
  alertLimits: (s, alertLimits) => ({ ...s, alertLimits }),
  checkIntervals: (s, checkIntervals) => ({ ...s, checkIntervals }),
  validityPeriods: (s, validityPeriods) => ({ ...s, validityPeriods }),
  telegramAlertLimits: (s, telegramAlertLimits) => ({ ...s, telegramAlertLimits }),
  'seo.maxFaqItems': (s, maxFaqItems) => ({ ...s, seo: { ...s.seo, maxFaqItems } }),
  retention: (s, retention) => ({ ...s, retention }),
};

/**
 * A copy of `settings` with `key` set to `value`. The value is checked against the key's schema
 * (throws a ZodError when it does not pass), so a typed caller cannot smuggle a bad value in.
 */
export function applySetting<K extends SettingKey>(
  settings: PublicSettings,
  key: K,
  value: SettingValue<K>,
): PublicSettings {
  const parsed = SETTING_SCHEMAS[key].parse(value) as SettingValue<K>;
  const apply = APPLIERS[key] as Appliers[K];
  return withDerivedSettings(apply(settings, parsed));
}

/** A key/value row as the settings table stores it; the value may still be a JSON string. */
export interface SettingEntry {
  key: string;
  value: unknown;
}

export interface SettingsFromEntriesOptions {
  /** Settings for the keys no entry sets. */
  base?: PublicSettings;
  /** Told about each entry that was skipped (unknown key or a value its schema refuses). */
  onInvalid?: (entry: SettingEntry, reason: 'unknown_key' | 'invalid_value') => void;
}

function parseStoredValue(key: SettingKey, value: unknown): unknown {
  const direct = SETTING_SCHEMAS[key].safeParse(value);
  if (direct.success) return direct.data;
  if (typeof value !== 'string') return undefined;
  try {
    const decoded = SETTING_SCHEMAS[key].safeParse(JSON.parse(value));
    return decoded.success ? decoded.data : undefined;
  } catch {
    return undefined;
  }
}

/** Stored key/value rows → PublicSettings; a key without a (valid) row keeps its default. */
export function settingsFromEntries(
  entries: Iterable<SettingEntry>,
  { base = DEFAULT_SETTINGS, onInvalid }: SettingsFromEntriesOptions = {},
): PublicSettings {
  let settings = base;
  for (const entry of entries) {
    if (!isSettingKey(entry.key)) {
      onInvalid?.(entry, 'unknown_key');
      continue;
    }
    const value = parseStoredValue(entry.key, entry.value);
    if (value === undefined) {
      onInvalid?.(entry, 'invalid_value');
      continue;
    }
    settings = applySetting(settings, entry.key, value as SettingValue<typeof entry.key>);
  }
  return settings;
}

function valueAtPath(source: unknown, path: string): unknown {
  let current = source;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Settings from an answer that may be partial or older than this code: each key that is missing
 * or does not pass its schema keeps its value from `base`.
 */
export function settingsFromJson(json: unknown, base: PublicSettings = DEFAULT_SETTINGS) {
  const entries = SETTING_KEYS.map((key) => ({ key, value: valueAtPath(json, key) })).filter(
    (entry) => entry.value !== undefined,
  );
  const settings = settingsFromEntries(entries, { base });
  // What the server can deliver is no admin setting, but pages offer Telegram by it.
  const channels = deliveryChannelsSchema.safeParse(valueAtPath(json, 'channels'));
  return channels.success ? { ...settings, channels: channels.data } : settings;
}
