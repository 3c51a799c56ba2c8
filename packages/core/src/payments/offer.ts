/**
 * What is offered to whom, and how it is paid: who may buy extra alerts, the VAT in every price,
 * the payment methods and the checkout a guest comes back to. No zod here: the pricing page and the
 * home page's pricing table import this without the schemas of products.ts.
 */
import type { Plan } from '../domain';
import { PLAN_LABELS } from '../plans/strings';

/**
 * The plans that may buy extra alerts: every account's plan with a limit (Pro, and
 * REGISTERED too). A guest registers first. The server refuses the others, and
 * the pricing page, the limit notice and the subscription tab offer them only to these plans.
 */
export const EXTRA_ALERT_PLANS: readonly Plan[] = ['REGISTERED', 'PRO'];

export function canBuyExtraAlerts(plan: Plan | null | undefined): boolean {
  return plan !== null && plan !== undefined && EXTRA_ALERT_PLANS.includes(plan);
}

/** 'Geregistreerd of Pro': the plans of EXTRA_ALERT_PLANS, for the texts that name them. */
export function extraAlertPlansText(): string {
  const labels = EXTRA_ALERT_PLANS.map((plan) => PLAN_LABELS[plan]);
  return labels.length > 1
    ? `${labels.slice(0, -1).join(', ')} of ${labels[labels.length - 1]}`
    : (labels[0] ?? '');
}

/**
 * The payment methods the checkout offers and the pages show: iDEAL (Mollie's first payment of
 * the Pro subscription sets up the mandate for the monthly charges).
 */
export const PAYMENT_METHODS = [{ id: 'ideal', name: 'iDEAL' }] as const;

/** Where a guest who picked Pro comes back to after logging in or registering. */
export const PRO_CHECKOUT_PATH = '/pricing?checkout=pro';

/** The web app's page of one payment's receipt, to read and print. */
export const RECEIPT_ROUTE = '/payment/receipt/:id';

export function receiptPath(paymentId: string): string {
  return RECEIPT_ROUTE.replace(':id', encodeURIComponent(paymentId));
}

/** Dutch VAT (btw) included in every price. */
export const VAT_RATE = 0.21;

/** The VAT included in a gross amount, and the amount without it, in cents. */
export function vatBreakdown(grossCents: number): { netCents: number; vatCents: number } {
  const netCents = Math.round(grossCents / (1 + VAT_RATE));
  return { netCents, vatCents: grossCents - netCents };
}
