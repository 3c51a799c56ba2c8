/**
 * The life of a Pro subscription after its first payment: the monthly subscription at Mollie that
 * renews it, the grace after a failed or charged-back renewal (and the mail that warns of it), the
 * user's cancel, and the sweep that ends Pro once it has run out (after a cancel at the end of the
 * paid period, after a failed renewal at the end of the grace). The clock is injected, so tests
 * move time.
 */
import { Op, type Transaction } from 'sequelize';
import { PAYMENT_TEXTS, PRO_INTERVAL, mollieAmountValue } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { BillingAccount, Payment, User } from '../../models';
import { loadSettings } from '../../models/current-settings';
import { paymentGatewayFor, type PaymentGateway } from '../../payments/mollie';
import { graceEndFrom, paymentPolicy } from '../../policies/payment';
import { fitAlertsToLimit, setPlan } from './plan-and-limit';
import {
  billingOf,
  requireGateway,
  systemClock,
  webhookUrlOf,
  type AfterCommit,
  type PaymentClock,
} from './shared';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const subscriptionPageOf = (ctx: AppContext) =>
  `${ctx.config.publicUrl}/my-account?tab=subscription`;

/** The monthly subscription after a paid first payment, starting when the paid month ends. */
export async function ensureSubscription(
  ctx: AppContext,
  gateway: PaymentGateway,
  payment: Payment,
): Promise<void> {
  const { BillingAccount } = ctx.models;
  const billing = await BillingAccount.findByPk(payment.userId!);
  if (
    !billing ||
    billing.mollieSubscriptionId ||
    billing.canceledAt ||
    billing.subscriptionStatus !== 'active' ||
    !billing.mollieCustomerId ||
    !billing.paidUntil
  ) {
    return;
  }
  const amountCents = billing.subscriptionAmountCents ?? payment.amountCents;
  const subscription = await gateway.createSubscription({
    customerId: billing.mollieCustomerId,
    amount: { currency: payment.currency, value: mollieAmountValue(amountCents) },
    interval: PRO_INTERVAL,
    startDate: isoDate(billing.paidUntil),
    description: PAYMENT_TEXTS.products.renewal,
    webhookUrl: webhookUrlOf(ctx),
    metadata: { userId: billing.userId },
    // Its own key, from the payment that paid for it: a repeated webhook never makes a second one.
    idempotencyKey: `subscription-${payment.id}`,
  });
  await BillingAccount.update(
    { mollieSubscriptionId: subscription.id },
    { where: { userId: billing.userId, mollieSubscriptionId: null } },
  );
}

/** A failed or charged-back renewal: Pro for PRO_GRACE_DAYS more, and a mail. */
export async function startGrace(
  billing: BillingAccount,
  now: Date,
  transaction: Transaction,
  after: AfterCommit,
): Promise<void> {
  if (billing.graceUntil && billing.graceUntil.getTime() > now.getTime()) return;
  billing.graceUntil = graceEndFrom(now);
  if (billing.subscriptionStatus === 'active') billing.subscriptionStatus = 'past_due';
  await billing.save({ transaction });
  after.dunning = { userId: billing.userId, graceUntil: billing.graceUntil };
}

/** The warning after commit that a renewal failed, with the end of the grace; a failure is logged. */
export async function sendRenewalFailedMail(
  ctx: AppContext,
  dunning: NonNullable<AfterCommit['dunning']>,
): Promise<void> {
  const user = await ctx.models.User.findByPk(dunning.userId);
  if (user) {
    await ctx.mailer
      .send('renewalFailed', user.email, {
        name: user.firstName ?? user.name,
        graceUntil: dunning.graceUntil,
        url: subscriptionPageOf(ctx),
      })
      .catch((error: unknown) => {
        ctx.logger.error({ err: error, userId: user.id }, 'renewal-failed mail not sent');
      });
  }
}

/**
 * Ends Pro where it has run out at `clock.now()`: the plan falls back to REGISTERED, alerts beyond
 * its limit pause, and a subscription still running at Mollie is canceled. Returns the users moved.
 */
export async function settleLapsedSubscriptions(
  ctx: AppContext,
  clock: PaymentClock = systemClock,
): Promise<string[]> {
  const { BillingAccount, User } = ctx.models;
  const now = clock.now();
  const candidates = await BillingAccount.findAll({
    where: {
      subscriptionStatus: ['active', 'past_due', 'canceled'],
      paidUntil: { [Op.ne]: null },
    },
  });
  const lapsed = candidates.filter((billing) => paymentPolicy.proHasLapsed(billing, now));
  const moved: string[] = [];
  for (const candidate of lapsed) {
    const stop = await ctx.sequelize.transaction(async (transaction) => {
      const billing = await billingOf(ctx, candidate.userId, transaction);
      if (!paymentPolicy.proHasLapsed(billing, now) || billing.subscriptionStatus === 'ended') {
        return null;
      }
      const running =
        billing.subscriptionStatus !== 'canceled' &&
        billing.mollieSubscriptionId &&
        billing.mollieCustomerId
          ? { customerId: billing.mollieCustomerId, subscriptionId: billing.mollieSubscriptionId }
          : null;
      billing.subscriptionStatus = 'ended';
      billing.graceUntil = null;
      await billing.save({ transaction });
      const user = await User.findByPk(billing.userId, {
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (user && user.plan === 'PRO') {
        const settings = await loadSettings(ctx);
        await setPlan(ctx, user, 'REGISTERED', settings, transaction);
        await fitAlertsToLimit(ctx, user, billing, settings, now, transaction);
        moved.push(user.id);
      }
      return running;
    });
    // No more charges once Pro has ended for non-payment.
    const gateway = paymentGatewayFor(ctx.config);
    if (stop && gateway) {
      await gateway
        .cancelSubscription(stop.customerId, stop.subscriptionId)
        .catch((error: unknown) => {
          ctx.logger.error({ err: error }, 'lapsed subscription could not be canceled at Mollie');
        });
    }
  }
  if (moved.length > 0)
    ctx.logger.info({ users: moved.length }, 'Pro ended for lapsed subscriptions');
  return moved;
}

export async function cancelSubscription(
  ctx: AppContext,
  user: User,
  clock: PaymentClock = systemClock,
): Promise<{ message: string }> {
  const gateway = requireGateway(ctx);
  const { BillingAccount } = ctx.models;
  const billing = await BillingAccount.findByPk(user.id);
  if (
    !billing ||
    !billing.mollieSubscriptionId ||
    !billing.mollieCustomerId ||
    (billing.subscriptionStatus !== 'active' && billing.subscriptionStatus !== 'past_due')
  ) {
    throw new HttpError(409, PAYMENT_TEXTS.errors.noSubscription);
  }
  try {
    await gateway.cancelSubscription(billing.mollieCustomerId, billing.mollieSubscriptionId);
  } catch (error) {
    ctx.logger.error({ err: error, userId: user.id }, 'subscription could not be canceled');
    throw new HttpError(502, PAYMENT_TEXTS.errors.providerFailed);
  }
  // Pro stays until the paid period ends; the sweep then moves the plan.
  await billing.update({ canceledAt: clock.now(), subscriptionStatus: 'canceled' });
  ctx.logger.info({ userId: user.id }, 'subscription canceled');
  return { message: PAYMENT_TEXTS.subscription.canceled };
}
