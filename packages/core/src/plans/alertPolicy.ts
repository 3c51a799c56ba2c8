/**
 * Whether a user may create or change an alert with the options asked for. The
 * server enforces it; the answer carries the Dutch error and the plans that would allow it.
 */
import type { Plan, PlatformId } from '../domain';
import { ALERT_FIELD_TEXTS } from '../validation/strings';
import { API_TEXTS } from '../api/strings';
import { ACCESS_TEXTS } from './strings';
import { hasCapacity, platformFeature, telegramAvailability } from './capabilities';
import type { Capabilities } from './capabilities';
import { featureLockedMessage, requiredPlansFor } from './features';
import type { FeatureName } from './features';
import { plansAbove } from './planRank';

/** The car category's advertiser filter, which replaces the seller type filter. */
export const ADVERTISER_FILTER_KEY = 'adverteerder';

/** The options of an alert that plan rules look at: a structural subset of the create payload. */
export interface AlertRequest {
  platforms: PlatformId[];
  minPrice?: number | null;
  deliveryMethod?: 'both' | 'pickup' | 'shipping';
  onlyWithImages?: boolean;
  includePaidAds?: boolean;
  sellerType?: 'all' | 'private' | 'business';
  notifyTelegram?: boolean;
  /** Push notifications need the feature `push` (REGISTERED, PRO). */
  notifyPush?: boolean;
  customFilters?: Record<string, unknown>;
  /** Price drops need the PRO feature `priceHistory`. */
  priceDrop?: { enabled: boolean } | undefined;
}

export type AlertPolicyResult =
  { ok: true } | { ok: false; error: string; requiredPlans: Plan[]; feature?: FeatureName };

const ALLOWED: AlertPolicyResult = { ok: true };

/** The plans that would allow `feature`; none when the user's plan already should (an admin's choice). */
function plansThatUnlock(caps: Capabilities, feature: FeatureName): Plan[] {
  const plans = requiredPlansFor(feature);
  return caps.userPlan !== null && plans.includes(caps.userPlan) ? [] : plans;
}

function featureDenied(caps: Capabilities, feature: FeatureName): AlertPolicyResult {
  return {
    ok: false,
    error: featureLockedMessage(feature, caps.userPlan),
    requiredPlans: plansThatUnlock(caps, feature),
    feature,
  };
}

function sellerFeature(sellerType: unknown): FeatureName | undefined {
  if (sellerType === 'business') return 'businessFilter';
  if (sellerType === 'private') return 'sellerTypeFilter';
  return undefined;
}

/** The features the alert's options use, in the order they are checked. */
export function alertFeaturesUsed(request: Partial<AlertRequest>): FeatureName[] {
  const used: FeatureName[] = [];
  if (new Set(request.platforms ?? []).size > 1) used.push('canUseMultiplePlatforms');
  if (request.minPrice != null && request.minPrice > 0) used.push('minPrice');
  if (request.deliveryMethod !== undefined && request.deliveryMethod !== 'both') {
    used.push('deliveryMethodFilter');
  }
  if (request.onlyWithImages === true) used.push('imageFilter');
  if (request.includePaidAds === true) used.push('paidAdsFilter');
  if (request.priceDrop?.enabled === true) used.push('priceHistory');
  if (request.notifyPush === true) used.push('push');
  for (const feature of [
    sellerFeature(request.sellerType),
    sellerFeature(request.customFilters?.[ADVERTISER_FILTER_KEY]),
  ]) {
    if (feature !== undefined && !used.includes(feature)) used.push(feature);
  }
  return used;
}

function telegramDenied(caps: Capabilities, checkCapacity: boolean): AlertPolicyResult {
  const availability = telegramAvailability(caps);
  if (availability.ok) return ALLOWED;
  switch (availability.reason) {
    case 'unavailable':
      // No plan unlocks it: the server has no Telegram bot.
      return { ok: false, error: availability.message, requiredPlans: [], feature: 'telegram' };
    case 'plan':
      return featureDenied(caps, 'telegram');
    case 'not_connected':
      return { ok: false, error: availability.message, requiredPlans: [], feature: 'telegram' };
    case 'limit': {
      if (!checkCapacity) return ALLOWED;
      const current = caps.telegram.current;
      const roomier = plansAbove(caps.plan).filter((plan) =>
        hasCapacity(current, caps.telegramAlertLimits[plan]),
      );
      return {
        ok: false,
        error: availability.message,
        requiredPlans: roomier,
        feature: 'telegram',
      };
    }
  }
}

function evaluateOptions(
  caps: Capabilities,
  request: Partial<AlertRequest>,
  telegramCapacityApplies: boolean,
  kept: Partial<AlertRequest> = {},
): AlertPolicyResult {
  const keptPlatforms = new Set(kept.platforms ?? []);
  const keptFeatures = new Set(alertFeaturesUsed(kept));
  for (const platformId of new Set(request.platforms ?? [])) {
    if (caps.platformAccess[platformId] || keptPlatforms.has(platformId)) continue;
    const feature = platformFeature(platformId);
    return {
      ok: false,
      error: caps.getPlatformMessage(platformId) ?? ACCESS_TEXTS.noPlatformAccess(platformId),
      requiredPlans: feature === undefined ? [] : plansThatUnlock(caps, feature),
      ...(feature === undefined ? {} : { feature }),
    };
  }
  for (const feature of alertFeaturesUsed(request)) {
    if (keptFeatures.has(feature)) continue;
    if (!caps.canUseFeature(feature)) return featureDenied(caps, feature);
  }
  if (request.notifyTelegram === true) return telegramDenied(caps, telegramCapacityApplies);
  return ALLOWED;
}

/** May this signed-in user create this alert? Guests use the guest form instead. */
export function evaluateAlertRequest(caps: Capabilities, request: AlertRequest): AlertPolicyResult {
  if (!caps.isAuthenticated) {
    return { ok: false, error: API_TEXTS.unauthenticated, requiredPlans: [] };
  }
  if (!caps.canCreateAlerts) {
    return {
      ok: false,
      error: ALERT_FIELD_TEXTS.maxAlertsReached,
      requiredPlans: plansAbove(caps.plan),
    };
  }
  return evaluateOptions(caps, request, true);
}

/**
 * May the alert be changed to these options? As for creation, without the alert count. What the
 * alert already uses (`existing`) stays allowed when the owner's plan no longer offers it: a
 * platform or filter is judged only when the change adds it, and an alert that already sends to
 * Telegram keeps its place within the Telegram limit.
 */
export function evaluateAlertUpdate(
  caps: Capabilities,
  request: Partial<AlertRequest>,
  existing?: Partial<AlertRequest>,
): AlertPolicyResult {
  return evaluateOptions(caps, request, existing?.notifyTelegram !== true, existing);
}

/**
 * The advanced step appears only if the user has delivery, image or paid-ads filters, or
 * seller filters and the category does not handle seller type itself.
 */
export function advancedStepVisible(
  caps: Capabilities,
  categoryHandlesSellerType: boolean,
): boolean {
  const hasListingFilters =
    caps.canUseFeature('deliveryMethodFilter') ||
    caps.canUseFeature('imageFilter') ||
    caps.canUseFeature('paidAdsFilter');
  const hasSellerFilters =
    caps.canUseFeature('sellerTypeFilter') || caps.canUseFeature('businessFilter');
  return hasListingFilters || (hasSellerFilters && !categoryHandlesSellerType);
}
