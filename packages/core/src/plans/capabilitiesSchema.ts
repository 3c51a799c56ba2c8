/**
 * The zod schema of `GET /user-capabilities` (./capabilities), for clients that check what they
 * receive. Apart from ./capabilities, which every web page loads at start without zod.
 */
import { z } from 'zod';
import { PLANS, PLATFORM_IDS, type PlatformId } from '../domain';
import type { CapabilitiesData } from './capabilities';
import { FEATURES } from './features';
import type { FeatureName } from './features';
import { deliveryChannelsSchema } from './settingSchemas';

const perPlanSchema = <T extends z.ZodType>(value: T) =>
  z.object({ FREE: value, REGISTERED: value, PRO: value });
const platformRecordSchema = z.object(
  Object.fromEntries(PLATFORM_IDS.map((platform) => [platform, z.boolean()])) as Record<
    PlatformId,
    z.ZodBoolean
  >,
);
const featuresSchema = z.object(
  Object.fromEntries(FEATURES.map((feature) => [feature, z.boolean()])) as Record<
    FeatureName,
    z.ZodBoolean
  >,
);
const countSchema = z.number().int().nonnegative();
const limitSchema = countSchema.nullable();

/** The JSON of `GET /user-capabilities`, for clients that check what they receive. */
export const capabilitiesDataSchema: z.ZodType<CapabilitiesData> = z.object({
  plan: z.enum(PLANS),
  userPlan: z.enum(PLANS).nullable(),
  isAuthenticated: z.boolean(),
  alerts: z.object({ current: countSchema, limit: limitSchema, canCreate: z.boolean() }),
  allowedPlatforms: z.array(z.enum(PLATFORM_IDS)),
  platformAccess: platformRecordSchema,
  userCheckInterval: z.number().positive(),
  channels: deliveryChannelsSchema,
  canCreateAlerts: z.boolean(),
  features: featuresSchema,
  telegram: z.object({
    connected: z.boolean(),
    username: z.string().nullable(),
    current: countSchema,
    limit: limitSchema,
    canEnable: z.boolean(),
  }),
  telegramConnected: z.boolean(),
  canEnableMoreTelegramAlerts: z.boolean(),
  telegramAlertLimits: perPlanSchema(limitSchema),
});
