/**
 * What can be bought: Pro monthly, and extra alerts at the settings'
 * price per alert. Amounts are computed here from the settings, never taken from a client.
 */
import { z } from 'zod';
import type { PricingSetting } from '../plans/settings';
import { PAYMENT_TEXTS } from './strings';

export const PAYMENT_PRODUCTS = ['pro', 'extra_alerts'] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/** Extra alerts per purchase. */
export const EXTRA_ALERTS_MIN = 1;
export const EXTRA_ALERTS_MAX = 50;

/** Days a failed or charged-back renewal keeps Pro before the plan falls back. */
export const PRO_GRACE_DAYS = 7;
/** Mollie's interval for the Pro subscription. */
export const PRO_INTERVAL = '1 month';

/** Mollie's payment statuses. */
export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses after which a payment never changes again (a paid one may still be charged back). */
export const FINAL_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'paid',
  'canceled',
  'expired',
  'failed',
];

/** POST /payments/create. Any amount a client sends is dropped: the price comes from settings. */
export const createPaymentSchema = z
  .object({
    product: z.enum(PAYMENT_PRODUCTS, { error: PAYMENT_TEXTS.errors.unknownProduct }),
    quantity: z.coerce
      .number({ error: PAYMENT_TEXTS.errors.quantityRange })
      .int({ error: PAYMENT_TEXTS.errors.quantityRange })
      .min(EXTRA_ALERTS_MIN, { error: PAYMENT_TEXTS.errors.quantityRange })
      .max(EXTRA_ALERTS_MAX, { error: PAYMENT_TEXTS.errors.quantityRange })
      .optional(),
  })
  .transform((input) => ({
    product: input.product,
    // Pro is one month at a time; extra alerts default to one.
    quantity: input.product === 'pro' ? 1 : (input.quantity ?? 1),
  }));
export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

/** The webhook's form body: Mollie posts only the id of what changed. */
export const paymentWebhookSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** Whole cents of a settings amount in euros (7.95 → 795). */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** What `quantity` of `product` costs now, in cents. */
export function priceInCents(
  pricing: Pick<PricingSetting, 'pricePerAlert' | 'subscriptionPrices'>,
  product: PaymentProduct,
  quantity: number,
): number {
  return product === 'pro'
    ? toCents(pricing.subscriptionPrices.PRO)
    : toCents(pricing.pricePerAlert) * quantity;
}

/** Mollie's amount value: a string with exactly two decimals ('7.95'). */
export function mollieAmountValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Cents of a Mollie amount value ('7.95' → 795); NaN when it is not one. */
export function centsOfMollieValue(value: string): number {
  return /^\d+\.\d{2}$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN;
}

/** The Dutch description of a purchase (Mollie's description, receipts, the payments list). */
export function productDescription(product: PaymentProduct, quantity: number): string {
  return product === 'pro'
    ? PAYMENT_TEXTS.products.pro
    : PAYMENT_TEXTS.products.extraAlerts(quantity);
}

/** The receipt number shown to people: PA-000042. */
export function formatReceiptNumber(sequence: number): string {
  return `PA-${String(sequence).padStart(6, '0')}`;
}
