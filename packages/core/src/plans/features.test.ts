import { describe, expect, it } from 'vitest';
import { PLANS } from '../domain';
import type { Plan } from '../domain';
import {
  FEATURES,
  alertFormAllowsFeature,
  deliversAtOnce,
  alertFormMinimumPlan,
  featureLockedMessage,
  isFeatureName,
  minimumPlanFor,
  planHasFeature,
  requiredPlansFor,
} from './features';
import type { FeatureName } from './features';
import { planAtLeast, plansAbove } from './planRank';

type PlanRow = [free: boolean, registered: boolean, pro: boolean];

/** Which plans have each feature, written out apart from FEATURE_PLANS so a changed rule fails. */
const PLAN_RULES: Record<FeatureName, PlanRow> = {
  minPrice: [false, true, true],
  deliveryMethodFilter: [false, true, true],
  imageFilter: [false, true, true],
  enhancedCheckInterval: [false, true, true],
  paidAdsFilter: [false, false, true],
  priceHistory: [false, false, true],
  timestampScraping: [false, false, true],
  unlimitedAlerts: [false, false, true],
  unlimitedTelegramAlerts: [false, false, true],
  canUseMultiplePlatforms: [false, false, true],
  telegram: [false, true, true],
  canUse2dehands: [false, false, true],
  businessFilter: [false, true, true],
  sellerTypeFilter: [false, true, true],
  webhooks: [false, true, true],
  push: [false, true, true],
};

/** The plan each alert form control asks for; others default to PRO. */
const ALERT_FORM_RULES: Record<FeatureName, Plan> = {
  minPrice: 'REGISTERED',
  deliveryMethodFilter: 'REGISTERED',
  imageFilter: 'REGISTERED',
  businessFilter: 'REGISTERED',
  sellerTypeFilter: 'REGISTERED',
  paidAdsFilter: 'PRO',
  enhancedCheckInterval: 'PRO',
  priceHistory: 'PRO',
  timestampScraping: 'PRO',
  unlimitedAlerts: 'PRO',
  unlimitedTelegramAlerts: 'PRO',
  canUseMultiplePlatforms: 'PRO',
  telegram: 'PRO',
  canUse2dehands: 'PRO',
  webhooks: 'PRO',
  push: 'PRO',
};

const planCases = <T>(rules: Record<FeatureName, T>) =>
  FEATURES.flatMap((feature) => PLANS.map((plan) => [feature, plan, rules[feature]] as const));

describe('FEATURES', () => {
  it('names exactly the features the rules cover', () => {
    expect([...FEATURES].sort()).toEqual(Object.keys(PLAN_RULES).sort());
  });

  it.each([
    ['minPrice', true],
    ['canUse2dehands', true],
    ['flyingCars', false],
    [42, false],
  ])('isFeatureName(%s) is %s', (value, expected) => {
    expect(isFeatureName(value)).toBe(expected);
  });
});

describe('plan rules (capabilities without a feature list)', () => {
  it.each(planCases(PLAN_RULES))('%s for %s', (feature, plan, row) => {
    expect(planHasFeature(plan, feature)).toBe(row[PLANS.indexOf(plan)]);
  });

  it.each(FEATURES.map((feature) => [feature]))(
    'requiredPlansFor(%s) lists the plans',
    (feature) => {
      const expected = PLANS.filter((_, index) => PLAN_RULES[feature][index]);
      expect(requiredPlansFor(feature)).toEqual(expected);
      expect(minimumPlanFor(feature)).toBe(expected[0]);
    },
  );
});

describe('alert form rules', () => {
  it.each(FEATURES.map((feature) => [feature, ALERT_FORM_RULES[feature]]))(
    '%s asks for %s',
    (feature, plan) => {
      expect(alertFormMinimumPlan(feature)).toBe(plan);
    },
  );

  it.each(planCases(ALERT_FORM_RULES))('%s for %s (minimum %s)', (feature, plan, minimum) => {
    expect(alertFormAllowsFeature(plan, feature)).toBe(
      PLANS.indexOf(plan) >= PLANS.indexOf(minimum),
    );
  });
});

describe('featureLockedMessage', () => {
  it.each<[FeatureName, Plan | null, Plan | undefined, string]>([
    ['minPrice', 'FREE', undefined, 'Beschikbaar vanaf Geregistreerd plan'],
    ['minPrice', null, undefined, 'Beschikbaar vanaf Geregistreerd plan'],
    ['telegram', 'FREE', undefined, 'Beschikbaar vanaf Geregistreerd plan'],
    ['paidAdsFilter', 'FREE', undefined, 'Alleen beschikbaar voor PRO gebruikers'],
    ['paidAdsFilter', 'REGISTERED', undefined, 'Alleen beschikbaar voor PRO gebruikers'],
    ['canUse2dehands', null, undefined, 'Alleen beschikbaar voor PRO gebruikers'],
    // The plan already qualifies: an admin withheld it.
    ['minPrice', 'REGISTERED', undefined, 'Contact admin voor toegang'],
    ['paidAdsFilter', 'PRO', undefined, 'Contact admin voor toegang'],
    // The alert form's own minimum plan.
    ['telegram', 'REGISTERED', 'PRO', 'Alleen beschikbaar voor PRO gebruikers'],
    ['businessFilter', 'FREE', 'REGISTERED', 'Beschikbaar vanaf Geregistreerd plan'],
  ])('%s for %s (minimum %s): %s', (feature, plan, minimum, message) => {
    expect(featureLockedMessage(feature, plan, minimum)).toBe(message);
  });
});

describe('plan order', () => {
  it.each<[Plan, Plan, boolean]>([
    ['FREE', 'FREE', true],
    ['FREE', 'REGISTERED', false],
    ['REGISTERED', 'FREE', true],
    ['REGISTERED', 'PRO', false],
    ['PRO', 'REGISTERED', true],
  ])('planAtLeast(%s, %s) is %s', (plan, minimum, expected) => {
    expect(planAtLeast(plan, minimum)).toBe(expected);
  });

  it.each<[Plan, Plan[]]>([
    ['FREE', ['REGISTERED', 'PRO']],
    ['REGISTERED', ['PRO']],
    ['PRO', []],
  ])('plansAbove(%s)', (plan, expected) => {
    expect(plansAbove(plan)).toEqual(expected);
  });
});

describe('deliversAtOnce', () => {
  it('sends a Pro alert’s ads at once and batches every other plan and guests', () => {
    expect(deliversAtOnce('PRO')).toBe(true);
    expect(deliversAtOnce('REGISTERED')).toBe(false);
    expect(deliversAtOnce('FREE')).toBe(false);
    expect(deliversAtOnce(null)).toBe(false);
  });
});
