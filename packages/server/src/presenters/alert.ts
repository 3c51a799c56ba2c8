/**
 * What an alert looks like to the outside (core's AlertDto): a whitelist, never `toJSON()`.
 * Prices go out in euros (the row stores cents), categories as our ids (the row stores the
 * marketplace's), and the manage and feed links are rebuilt from the stored nonces (the tokens are
 * never stored).
 */
import {
  centsToEuros,
  normalizeSchedule,
  type AdminAlertDto,
  type AlertDto,
  type CapabilitiesData,
  type DeliverySchedule,
  type DistanceKm,
  type PlatformId,
  type PriceDropOption,
} from '@prijsalarm/core';
import type { Config } from '../config/env';
import { priceDropOf, type Alert } from '../models/Alert';
import { feedUrlOf, manageUrlOf } from '../security/alert-links';
import type { TokenService } from '../security/tokens';
import type { CategoryIndex } from './category';

export interface AlertPresenterContext {
  config: Pick<Config, 'publicUrl'>;
  tokens: TokenService;
  categories: CategoryIndex;
  /** The moment the status is judged at (default: now). */
  now?: Date;
  /** The engine's next check per alert id (engine/planned-checks.ts); else the row's own. */
  plannedChecks?: ReadonlyMap<string, Date | null>;
}

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** The editable fields as the API carries them (euros, our category ids). */
export interface AlertFields {
  searchTerm: string;
  platforms: PlatformId[];
  minPrice: number | null;
  maxPrice: number | null;
  postalCode: string | null;
  distance: DistanceKm | null;
  l1CategoryId: number | null;
  l2CategoryId: number | null;
  customFilters: Record<string, unknown>;
  deliveryMethod: Alert['deliveryMethod'];
  onlyWithImages: boolean;
  includePaidAds: boolean;
  sellerType: Alert['sellerType'];
  notifyEmail: boolean;
  notifyTelegram: boolean;
  notifyPush: boolean;
  priceDrop: PriceDropOption;
  schedule: DeliverySchedule;
}

/** An alert's editable fields as the API carries them: what the page shows and an update merges into. */
export function alertFieldsOf(alert: Alert, categories: CategoryIndex): AlertFields {
  return {
    searchTerm: alert.searchTerm,
    platforms: [...alert.platforms],
    minPrice: centsToEuros(alert.minPriceCents),
    maxPrice: centsToEuros(alert.maxPriceCents),
    postalCode: alert.postalCode ?? null,
    distance: (alert.distanceKm ?? null) as DistanceKm | null,
    l1CategoryId: categories.l1IdByMarktplaatsId(alert.l1CategoryId),
    l2CategoryId: categories.l2IdByMarktplaatsId(alert.l1CategoryId, alert.l2CategoryId),
    customFilters: { ...(alert.customFilters ?? {}) },
    deliveryMethod: alert.deliveryMethod,
    onlyWithImages: alert.onlyWithImages,
    includePaidAds: alert.includePaidAds,
    sellerType: alert.sellerType,
    notifyEmail: alert.notifyEmail,
    notifyTelegram: alert.notifyTelegram,
    notifyPush: alert.notifyPush,
    priceDrop: priceDropOf(alert),
    schedule: normalizeSchedule(alert.deliverySchedule),
  };
}

export function presentAlert(
  alert: Alert,
  notificationCount: number,
  context: AlertPresenterContext,
): AlertDto {
  return {
    id: alert.id,
    ...alertFieldsOf(alert, context.categories),
    status: alert.statusAt(context.now),
    isActive: alert.isActive,
    email: alert.email ?? null,
    checkIntervalMinutes: alert.checkIntervalMinutes,
    validityDays: alert.validityDays,
    expiresAt: iso(alert.expiresAt),
    lastCheckedAt: iso(alert.lastCheckedAt),
    nextCheckAt: iso(
      context.plannedChecks?.has(alert.id)
        ? context.plannedChecks.get(alert.id)
        : alert.nextCheckAt,
    ),
    createdAt: alert.createdAt.toISOString(),
    manageUrl: manageUrlOf(context, alert),
    feedUrl: feedUrlOf(context, alert),
    notificationCount,
  };
}

/** An alert in the admin list: with its owner's address (the account's, or the guest's). */
export function presentAdminAlert(
  alert: Alert,
  notificationCount: number,
  context: AlertPresenterContext,
): AdminAlertDto {
  return {
    ...presentAlert(alert, notificationCount, context),
    userEmail: alert.user?.email ?? alert.email ?? null,
  };
}

/**
 * What an alert's owner may use, as its manage page gets it: whoever holds the link sees which
 * changes the owner's plan allows, but not the owner's Telegram name.
 */
export function presentOwnerCapabilities(capabilities: CapabilitiesData): CapabilitiesData {
  return { ...capabilities, telegram: { ...capabilities.telegram, username: null } };
}
