/**
 * Features and which plans have them.
 * Two rule lists exist on purpose: the plan rules decide what a user may use (the server enforces
 * them and `canUseFeature` falls back to them), and the alert form's rules decide which plan its
 * locked controls advertise.
 */
import { PLANS } from '../domain';
import type { Plan } from '../domain';
import { ACCESS_TEXTS, PLAN_LABELS } from './strings';
import { planAtLeast } from './planRank';

export const FEATURES = [
  'minPrice',
  'deliveryMethodFilter',
  'imageFilter',
  'paidAdsFilter',
  'priceHistory',
  'timestampScraping',
  'unlimitedAlerts',
  'unlimitedTelegramAlerts',
  'canUseMultiplePlatforms',
  'businessFilter',
  'sellerTypeFilter',
  'enhancedCheckInterval',
  'canUse2dehands',
  'telegram',
  'webhooks',
  'push',
] as const;
export type FeatureName = (typeof FEATURES)[number];

export function isFeatureName(value: unknown): value is FeatureName {
  return typeof value === 'string' && (FEATURES as readonly string[]).includes(value);
}

const REGISTERED_OR_PRO: readonly Plan[] = ['REGISTERED', 'PRO'];
const PRO_ONLY: readonly Plan[] = ['PRO'];

/**
 * The plans that have each feature; `canUseFeature` falls back to them when capabilities lack a
 * feature list. Rows whose reason is not obvious say why.
 */
export const FEATURE_PLANS: Readonly<Record<FeatureName, readonly Plan[]>> = {
  minPrice: REGISTERED_OR_PRO,
  deliveryMethodFilter: REGISTERED_OR_PRO,
  imageFilter: REGISTERED_OR_PRO,
  enhancedCheckInterval: REGISTERED_OR_PRO,
  paidAdsFilter: PRO_ONLY,
  priceHistory: PRO_ONLY,
  timestampScraping: PRO_ONLY,
  unlimitedAlerts: PRO_ONLY,
  unlimitedTelegramAlerts: PRO_ONLY,
  canUseMultiplePlatforms: PRO_ONLY,
  // FREE users cannot use Telegram.
  telegram: REGISTERED_OR_PRO,
  // 2dehands is advertised as Pro.
  canUse2dehands: PRO_ONLY,
  // The alert form offers the seller filters from REGISTERED on, and the server must not refuse
  // what the form offers.
  businessFilter: REGISTERED_OR_PRO,
  sellerTypeFilter: REGISTERED_OR_PRO,
  // Webhooks for REGISTERED and PRO, never guests or FREE.
  webhooks: REGISTERED_OR_PRO,
  // Notifications on the phone (Web Push) need an account: a subscription belongs to a user.
  push: REGISTERED_OR_PRO,
};

/** The plans that may use `feature`, lowest first. */
export function requiredPlansFor(feature: FeatureName): Plan[] {
  return PLANS.filter((plan) => FEATURE_PLANS[feature].includes(plan));
}

/** The lowest plan that may use `feature`. */
export function minimumPlanFor(feature: FeatureName): Plan {
  return requiredPlansFor(feature)[0] ?? 'PRO';
}

/** Whether `plan` has `feature` by the plan rules alone (no overrides, no global switches). */
export function planHasFeature(plan: Plan, feature: FeatureName): boolean {
  return FEATURE_PLANS[feature].includes(plan);
}

/** The plan each alert form control asks for; unlisted features need PRO. */
export const ALERT_FORM_FEATURE_PLAN: Readonly<Partial<Record<FeatureName, Plan>>> = {
  minPrice: 'REGISTERED',
  deliveryMethodFilter: 'REGISTERED',
  imageFilter: 'REGISTERED',
  businessFilter: 'REGISTERED',
  sellerTypeFilter: 'REGISTERED',
  paidAdsFilter: 'PRO',
};

/** The plan the alert form asks for before it unlocks `feature`'s control. */
export function alertFormMinimumPlan(feature: FeatureName): Plan {
  return ALERT_FORM_FEATURE_PLAN[feature] ?? 'PRO';
}

/** Whether the alert form unlocks `feature`'s control for `plan` (used when capabilities lack features). */
export function alertFormAllowsFeature(plan: Plan, feature: FeatureName): boolean {
  return planAtLeast(plan, alertFormMinimumPlan(feature));
}

/**
 * The Dutch text beside a locked feature. A user whose plan already qualifies was refused by an
 * admin's choice, so only the admin can help; otherwise the text names the plan to upgrade to.
 * `minimumPlan` defaults to the plan rules; the alert form passes `alertFormMinimumPlan(feature)`.
 */
export function featureLockedMessage(
  feature: FeatureName,
  userPlan: Plan | null,
  minimumPlan: Plan = minimumPlanFor(feature),
): string {
  if (userPlan !== null && planAtLeast(userPlan, minimumPlan)) return ACCESS_TEXTS.contactAdmin;
  if (minimumPlan === 'PRO') return ACCESS_TEXTS.proOnly;
  return ACCESS_TEXTS.availableFromPlan(PLAN_LABELS[minimumPlan]);
}

/**
 * Whether an alert's new ads go out the moment they are found (Pro has the fastest
 * checks), or in batches at the alert's check interval (every other plan, guests included).
 */
export function deliversAtOnce(plan: Plan | null): boolean {
  return plan === 'PRO';
}
