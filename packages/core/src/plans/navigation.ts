/** The pure rules of the navigation bar. */
import type { Plan } from '../domain';
import { APP_TEXTS } from '../app/strings';
import { PLAN_LABELS } from './strings';

export const UPGRADE_PATH = '/dashboard/subscription';
export const PRICING_PATH = '/pricing';

export function planLabel(plan: Plan): string {
  return PLAN_LABELS[plan];
}

/** The Pro upsell appears only if the pricing tool is enabled and the user is not Pro. */
export function showProUpsell({
  pricingToolEnabled,
  plan,
}: {
  pricingToolEnabled: boolean;
  /** `null` for a guest. */
  plan: Plan | null;
}): boolean {
  return pricingToolEnabled && plan !== 'PRO';
}

export interface UpsellLink {
  label: string;
  to: string;
}

/** The mobile menu's upsell button: upgrade when signed in, otherwise the pricing page. */
export function mobileUpsell(isLoggedIn: boolean): UpsellLink {
  return isLoggedIn
    ? { label: APP_TEXTS.navigation.upgradeToPro, to: UPGRADE_PATH }
    : { label: APP_TEXTS.navigation.becomePro, to: PRICING_PATH };
}
