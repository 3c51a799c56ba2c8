/**
 * What a caller may do (core's CapabilitiesData), built by core's rules from the live settings and
 * the user's current alert counts. A guest gets the guest profile.
 */
import {
  buildCapabilities,
  deliveryChannels,
  hydrateCapabilities,
  requiredPlansFor,
  type Capabilities,
  type CapabilitiesData,
  type CapabilityUser,
  type FeatureName,
  type FeatureStatusResponse,
  type PublicSettings,
} from '@prijsalarm/core';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { User } from '../models';
import { loadSettings } from '../models/current-settings';

/**
 * The settings as this server answers them: the admin's values and what it can deliver (Telegram
 * only with a bot), so that no page offers a channel the server cannot send on.
 */
export function servedSettings(
  ctx: Pick<AppContext, 'telegram'>,
  settings: PublicSettings,
): PublicSettings {
  return { ...settings, channels: deliveryChannels(ctx.telegram !== null) };
}

export interface CapabilitiesOptions {
  /** Already loaded settings (saves a lookup when the caller has them). */
  settings?: PublicSettings;
  /** Count inside this transaction (alert creation counts under a lock). */
  transaction?: Transaction;
}

export function capabilityUserOf(user: User): CapabilityUser {
  return {
    plan: user.plan,
    role: user.role,
    telegramConnected: user.telegramChatId !== null && user.telegramChatId !== undefined,
    telegramUsername: user.telegramUsername ?? null,
    ...(user.featureOverrides
      ? { featureOverrides: user.featureOverrides as Partial<Record<FeatureName, boolean>> }
      : {}),
    ...(user.platformAccess ? { platformAccess: user.platformAccess } : {}),
  };
}

/** The user's alerts, and those of them that notify by Telegram. */
export async function alertCountsOf(
  ctx: Pick<AppContext, 'models'>,
  userId: string,
  transaction?: Transaction,
): Promise<{ alerts: number; telegramAlerts: number }> {
  const { Alert } = ctx.models;
  const [alerts, telegramAlerts] = await Promise.all([
    Alert.count({ where: { userId }, transaction }),
    Alert.count({ where: { userId, notifyTelegram: true }, transaction }),
  ]);
  return { alerts, telegramAlerts };
}

/** Paid extra alerts: they raise the user's alert limit. */
export async function extraAlertsOf(
  ctx: Pick<AppContext, 'models'>,
  userId: string,
  transaction?: Transaction,
): Promise<number> {
  const billing = await ctx.models.BillingAccount.findByPk(userId, {
    attributes: ['extraAlerts'],
    transaction,
  });
  return billing?.extraAlerts ?? 0;
}

export async function capabilitiesFor(
  ctx: AppContext,
  user: User | null,
  options: CapabilitiesOptions = {},
): Promise<CapabilitiesData> {
  const settings = servedSettings(ctx, options.settings ?? (await loadSettings(ctx)));
  if (!user) {
    return buildCapabilities({ settings, user: null, counts: { alerts: 0, telegramAlerts: 0 } });
  }
  const [counts, extraAlerts] = await Promise.all([
    alertCountsOf(ctx, user.id, options.transaction),
    extraAlertsOf(ctx, user.id, options.transaction),
  ]);
  return buildCapabilities({ settings, user: { ...capabilityUserOf(user), extraAlerts }, counts });
}

/** The same, with core's canUseFeature / getPlatformMessage for the plan rules. */
export async function hydratedCapabilitiesFor(
  ctx: AppContext,
  user: User | null,
  options: CapabilitiesOptions = {},
): Promise<Capabilities> {
  return hydrateCapabilities(await capabilitiesFor(ctx, user, options));
}

/** Whether the caller (a guest when null) may use `feature`, and which plans have it. */
export async function featureStatusFor(
  ctx: AppContext,
  user: User | null,
  feature: FeatureName,
): Promise<FeatureStatusResponse> {
  const capabilities = await capabilitiesFor(ctx, user);
  return {
    feature,
    enabled: capabilities.features[feature],
    requiredPlans: requiredPlansFor(feature),
  };
}
