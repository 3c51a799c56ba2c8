/**
 * Paying for Pro and extra alerts with iDEAL through Mollie. Callers import from here; the work is
 * split by job:
 *
 *   checkout.ts        createPayment (our row first, then Mollie's checkout) and paymentStatus
 *                      (the return page; asks Mollie itself when the webhook is late)
 *   webhook.ts         handleWebhook: fetch, check against our row, apply a status change once
 *   subscription.ts    the subscription that renews Pro, grace and its mail, cancel, and the
 *                      sweep that ends lapsed Pro
 *   plan-and-limit.ts  a plan or extra-alerts change: the plan, the alerts' interval, and
 *                      pausing or resuming alerts to fit the limit
 *   receipts.ts        gap-free receipt numbers and the receipt mail
 *   queries.ts         the subscription tab and the admin's figures and list
 *   shared.ts          the clock, the gateway, the billing row: what the others share
 */
export { createPayment, paymentStatus } from './checkout';
export { adminPayments, paymentStats, subscriptionOverview } from './queries';
export { paymentsAvailable, systemClock, type PaymentClock } from './shared';
export { cancelSubscription, settleLapsedSubscriptions } from './subscription';
export { handleWebhook, type WebhookOutcome } from './webhook';
