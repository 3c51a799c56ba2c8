/**
 * What is read about payments, changing nothing: the user's subscription tab (plan, subscription,
 * prices, their payments) and the admin's figures and list. Only payments Mollie knows are listed;
 * a row whose checkout was never made is not a payment anyone saw.
 */
import { Op } from 'sequelize';
import {
  toCents,
  type AdminPaymentStats,
  type AdminPaymentsResponse,
  type SubscriptionOverview,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { localMonth } from '../../lib/calendar';
import type { User } from '../../models';
import { loadSettings } from '../../models/current-settings';
import { paymentPolicy } from '../../policies/payment';
import { presentAdminPayment, presentPayment } from '../../presenters/payment';
import { paymentsAvailable, systemClock, type PaymentClock } from './shared';

export async function subscriptionOverview(
  ctx: AppContext,
  user: User,
): Promise<SubscriptionOverview> {
  const { BillingAccount, Payment } = ctx.models;
  const [billing, payments, settings] = await Promise.all([
    BillingAccount.findByPk(user.id),
    Payment.findAll({
      where: { userId: user.id, molliePaymentId: { [Op.ne]: null } },
      order: [['createdAt', 'DESC']],
      limit: 100,
    }),
    loadSettings(ctx),
  ]);
  await user.reload();
  const status = billing?.subscriptionStatus ?? null;
  return {
    plan: user.plan,
    paymentsAvailable: paymentsAvailable(ctx),
    subscription:
      billing && status
        ? {
            status,
            paidUntil: billing.paidUntil?.toISOString() ?? null,
            nextChargeAt: paymentPolicy.nextChargeAt(billing)?.toISOString() ?? null,
            graceUntil: billing.graceUntil?.toISOString() ?? null,
            canceledAt: billing.canceledAt?.toISOString() ?? null,
            amountCents:
              billing.subscriptionAmountCents ?? toCents(settings.pricing.subscriptionPrices.PRO),
          }
        : null,
    extraAlerts: billing?.extraAlerts ?? 0,
    pausedAlerts: billing?.pausedAlertIds?.length ?? 0,
    prices: {
      proCents: toCents(settings.pricing.subscriptionPrices.PRO),
      perAlertCents: toCents(settings.pricing.pricePerAlert),
      currency: settings.pricing.currency,
    },
    payments: payments.map(presentPayment),
  };
}

/**
 * The admin's payment figures (GET /admin/stats and GET /admin/payments): Pro subscriptions that
 * still renew, and this Amsterdam calendar month's revenue — what was paid in it, less what was
 * charged back in it (a chargeback counts in the month it happened, so an earlier month's figure
 * never changes). Mollie's refunds are not recorded, so they are not subtracted.
 */
export async function paymentStats(
  ctx: AppContext,
  clock: PaymentClock = systemClock,
): Promise<AdminPaymentStats> {
  const { BillingAccount, Payment } = ctx.models;
  const month = localMonth(clock.now());
  const inMonth = { [Op.gte]: month.start, [Op.lt]: month.end };
  const [activeProSubscriptions, moved] = await Promise.all([
    BillingAccount.count({ where: { subscriptionStatus: ['active', 'past_due'] } }),
    Payment.findAll({
      where: { status: 'paid', [Op.or]: [{ paidAt: inMonth }, { chargedBackAt: inMonth }] },
      attributes: ['amountCents', 'paidAt', 'chargedBackAt'],
    }),
  ]);
  const within = (date: Date | null) => date !== null && date >= month.start && date < month.end;
  const revenueThisMonthCents = moved.reduce(
    (sum, payment) =>
      sum +
      (within(payment.paidAt) ? payment.amountCents : 0) -
      (within(payment.chargedBackAt) ? payment.amountCents : 0),
    0,
  );
  return { activeProSubscriptions, revenueThisMonthCents };
}

export async function adminPayments(
  ctx: AppContext,
  clock: PaymentClock = systemClock,
): Promise<AdminPaymentsResponse> {
  const [payments, stats] = await Promise.all([
    ctx.models.Payment.findAll({
      where: { molliePaymentId: { [Op.ne]: null } },
      include: [{ association: 'user', attributes: ['id', 'email'] }],
      order: [['createdAt', 'DESC']],
      limit: 200,
    }),
    paymentStats(ctx, clock),
  ]);
  return { payments: payments.map(presentAdminPayment), stats };
}
