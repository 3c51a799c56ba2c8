/** What the payment endpoints answer. Amounts are in cents, dates ISO 8601. */
import type { Plan } from '../domain';
import type { PaymentProduct, PaymentStatus } from './products';

export interface PaymentReceiptDto {
  /** PA-000042 */
  number: string;
  issuedAt: string;
  description: string;
  amountCents: number;
  netCents: number;
  vatCents: number;
}

/** The month of Pro a payment paid for. */
export interface PaymentPeriod {
  start: string;
  end: string;
}

export interface PaymentDto {
  id: string;
  product: PaymentProduct;
  quantity: number;
  description: string;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  /** A monthly renewal charged by the subscription (not paid on a checkout page). */
  renewal: boolean;
  createdAt: string;
  paidAt: string | null;
  /** Pro: the period this payment paid for; null for extra alerts (bought once) and unpaid ones. */
  period: PaymentPeriod | null;
  receipt: PaymentReceiptDto | null;
}

/** GET /payments/subscription: the subscription tab. */
export interface SubscriptionOverview {
  plan: Plan;
  /** Whether payments can be made now (MOLLIE_API_KEY set). */
  paymentsAvailable: boolean;
  subscription: {
    status: 'active' | 'past_due' | 'canceled' | 'ended';
    paidUntil: string | null;
    /** The next monthly charge; null once canceled or ended. */
    nextChargeAt: string | null;
    /** After a failed renewal: Pro lasts until then. */
    graceUntil: string | null;
    canceledAt: string | null;
    amountCents: number;
  } | null;
  /** Paid extra alerts (they raise the alert limit permanently). */
  extraAlerts: number;
  /** Alerts paused because the plan fell back. */
  pausedAlerts: number;
  prices: { proCents: number; perAlertCents: number; currency: string };
  payments: PaymentDto[];
}

export interface AdminPaymentDto extends PaymentDto {
  user: { id: string; email: string } | null;
}

/** The admin's payment figures, in GET /admin/stats and GET /admin/payments. */
export interface AdminPaymentStats {
  /** Pro subscriptions that still renew (active, or past due within the grace). */
  activeProSubscriptions: number;
  /**
   * Paid in the current calendar month (Europe/Amsterdam), less what was charged back in it.
   * Refunds are not recorded, so not subtracted.
   */
  revenueThisMonthCents: number;
}

/** GET /admin/payments */
export interface AdminPaymentsResponse {
  payments: AdminPaymentDto[];
  stats: AdminPaymentStats;
}
