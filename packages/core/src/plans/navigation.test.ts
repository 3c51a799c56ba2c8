import { describe, expect, it } from 'vitest';
import type { Plan } from '../domain';
import { mobileUpsell, planLabel, showProUpsell } from './navigation';

describe('planLabel', () => {
  it.each<[Plan, string]>([
    ['FREE', 'Gratis'],
    ['REGISTERED', 'Geregistreerd'],
    ['PRO', 'Pro'],
  ])('%s is %s', (plan, label) => {
    expect(planLabel(plan)).toBe(label);
  });
});

describe('showProUpsell', () => {
  it.each<[boolean, Plan | null, boolean]>([
    [true, null, true],
    [true, 'FREE', true],
    [true, 'REGISTERED', true],
    [true, 'PRO', false],
    [false, null, false],
    [false, 'FREE', false],
  ])('pricing tool enabled %s, plan %s → %s', (pricingToolEnabled, plan, shown) => {
    expect(showProUpsell({ pricingToolEnabled, plan })).toBe(shown);
  });
});

describe('mobileUpsell', () => {
  it.each([
    [true, { label: 'Upgrade naar Pro', to: '/dashboard/subscription' }],
    [false, { label: 'Pro worden', to: '/pricing' }],
  ])('logged in %s', (isLoggedIn, link) => {
    expect(mobileUpsell(isLoggedIn)).toEqual(link);
  });
});
