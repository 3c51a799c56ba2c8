/**
 * The admin's update body and the whole public-settings answer, built from the per-key schemas of
 * ./settingSchemas. A module of their own: a client that only parses settings key by key (the web
 * app on its start) does not build them, and zod schemas are costly to build on a phone.
 */
import { z } from 'zod';
import { SETTING_SCHEMAS, deliveryChannelsSchema } from './settingSchemas';
import type { SettingValue } from './settingSchemas';
import type { PublicSettings, SettingKey } from './settings';

const settingUpdate = <K extends SettingKey>(key: K) =>
  z.strictObject({ key: z.literal(key), value: SETTING_SCHEMAS[key] });

/** The body of `PUT /admin/settings`: the key picks the schema its value must pass. */
export const settingUpdateSchema = z.discriminatedUnion('key', [
  settingUpdate('features.pricingTool'),
  settingUpdate('features.filterPaidAds'),
  settingUpdate('pricing'),
  settingUpdate('alertLimits'),
  settingUpdate('checkIntervals'),
  settingUpdate('validityPeriods'),
  settingUpdate('telegramAlertLimits'),
  settingUpdate('seo.maxFaqItems'),
  settingUpdate('retention'),
]);
export type SettingUpdate = { [K in SettingKey]: { key: K; value: SettingValue<K> } }[SettingKey];

/** The whole `GET /settings/public` answer, for clients that check what they receive. */
export const publicSettingsSchema: z.ZodType<PublicSettings> = z.object({
  features: z.object({
    pricingTool: SETTING_SCHEMAS['features.pricingTool'],
    filterPaidAds: SETTING_SCHEMAS['features.filterPaidAds'],
  }),
  pricing: SETTING_SCHEMAS.pricing,
  alertLimits: SETTING_SCHEMAS.alertLimits,
  checkIntervals: SETTING_SCHEMAS.checkIntervals,
  validityPeriods: SETTING_SCHEMAS.validityPeriods,
  telegramAlertLimits: SETTING_SCHEMAS.telegramAlertLimits,
  seo: z.object({ maxFaqItems: SETTING_SCHEMAS['seo.maxFaqItems'] }),
  retention: SETTING_SCHEMAS.retention,
  isPricingToolVisible: z.boolean(),
  channels: deliveryChannelsSchema.optional(),
});
