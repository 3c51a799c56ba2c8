/**
 * The rules of paying, as pure functions of rows and a clock so they are tested alone: who sees a
 * payment, whether a webhook's Mollie payment matches our row, when Pro ends, and which alerts
 * pause when the limit drops.
 */
import {
  canBuyExtraAlerts,
  centsOfMollieValue,
  PRO_GRACE_DAYS,
  type PaymentProduct,
} from '@prijsalarm/core';
import type { BillingAccount, Payment, User } from '../models';
import type { MolliePaymentView } from '../payments/mollie';

const DAY_MS = 24 * 60 * 60 * 1000;

type Billing = Pick<
  BillingAccount,
  'subscriptionStatus' | 'paidUntil' | 'graceUntil' | 'canceledAt' | 'mollieSubscriptionId'
>;

export const paymentPolicy = {
  /** A user sees only their own payments (others' ids look like unknown ones). */
  canView(user: Pick<User, 'id'>, payment: Pick<Payment, 'userId'>): boolean {
    return payment.userId !== null && payment.userId === user.id;
  },

  /**
   * Pro can be bought when it is not running on a live subscription: a canceled or lapsed one may
   * be bought again. Extra alerts by the plans core's rule names.
   */
  canBuy(
    product: PaymentProduct,
    user: Pick<User, 'plan'>,
    billing: Billing | null,
    now: Date,
  ): boolean {
    if (product === 'extra_alerts') return canBuyExtraAlerts(user.plan);
    if (!billing) return true;
    // After a failed renewal (past_due) paying again is how Pro is kept.
    const running =
      billing.subscriptionStatus === 'active' &&
      billing.paidUntil !== null &&
      proEndsAt(billing)!.getTime() > now.getTime();
    return !running;
  },

  /**
   * Mollie's payment is the one our row describes: same id, amount, currency and our ids in the
   * metadata. A mismatch means a forged or foreign payment and changes nothing.
   */
  matchesOurPayment(
    payment: Pick<Payment, 'id' | 'userId' | 'amountCents' | 'currency' | 'molliePaymentId'>,
    mollie: MolliePaymentView,
  ): boolean {
    return (
      payment.molliePaymentId === mollie.id &&
      centsOfMollieValue(mollie.amount.value) === payment.amountCents &&
      mollie.amount.currency === payment.currency &&
      mollie.metadata?.paymentId === payment.id &&
      mollie.metadata?.userId === payment.userId
    );
  },

  /** A renewal charged by the subscription we know for this account, for the agreed amount. */
  matchesRenewal(
    billing: Pick<BillingAccount, 'userId' | 'mollieCustomerId' | 'mollieSubscriptionId'> &
      Pick<BillingAccount, 'subscriptionAmountCents'>,
    mollie: MolliePaymentView,
  ): boolean {
    return (
      mollie.subscriptionId !== null &&
      mollie.subscriptionId === billing.mollieSubscriptionId &&
      mollie.customerId === billing.mollieCustomerId &&
      centsOfMollieValue(mollie.amount.value) === billing.subscriptionAmountCents &&
      mollie.amount.currency === 'EUR'
    );
  },

  /** When the subscription charges next: the end of the paid period while it runs; else null. */
  nextChargeAt(billing: Pick<BillingAccount, 'subscriptionStatus' | 'paidUntil'>): Date | null {
    return billing.subscriptionStatus === 'active' ? billing.paidUntil : null;
  },

  /** Whether Pro has run out at `now` (the plan then falls back). */
  proHasLapsed(billing: Billing, now: Date): boolean {
    const end = proEndsAt(billing);
    return end !== null && end.getTime() <= now.getTime();
  },

  /**
   * The alerts to pause when the limit drops to `limit` (null = unlimited): the newest active ones
   * beyond it, so the alerts people made first keep running.
   */
  alertsToPause(
    activeAlerts: ReadonlyArray<{ id: string; createdAt: Date }>,
    limit: number | null,
  ): string[] {
    if (limit === null || activeAlerts.length <= limit) return [];
    return [...activeAlerts]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .slice(limit)
      .map((alert) => alert.id);
  },
};

/**
 * When Pro ends: at the end of the paid period once canceled; otherwise at the end of the grace
 * after a failed renewal, or PRO_GRACE_DAYS after the paid period when no renewal came at all
 * (a SEPA debit can take days to be paid).
 */
export function proEndsAt(billing: Billing): Date | null {
  if (!billing.paidUntil) return null;
  if (billing.canceledAt || billing.subscriptionStatus === 'canceled') return billing.paidUntil;
  if (billing.graceUntil) return billing.graceUntil;
  return new Date(billing.paidUntil.getTime() + PRO_GRACE_DAYS * DAY_MS);
}

/** The grace after a failed or charged-back renewal at `now`. */
export function graceEndFrom(now: Date): Date {
  return new Date(now.getTime() + PRO_GRACE_DAYS * DAY_MS);
}

/** One month later, by the calendar (Mollie's '1 month'). */
export function addMonth(date: Date): Date {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
