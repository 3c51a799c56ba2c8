/**
 * Mollie's webhook: Mollie posts only a payment id, so nothing in the call is trusted. We fetch
 * the payment from Mollie, check it against our row (or, for a renewal, against the subscription
 * we know) and apply a status change once: a compare-and-set on the row's status inside one
 * transaction, so five deliveries, or two at the same moment, change the plan once. What a paid
 * payment, a failed renewal or a chargeback means for the plan, the paid period and the extra
 * alerts is applied in that transaction; calls to Mollie and mails follow its commit.
 */
import { UniqueConstraintError, type Transaction } from 'sequelize';
import {
  PAYMENT_STATUSES,
  PAYMENT_TEXTS,
  centsOfMollieValue,
  toCents,
  type PaymentStatus,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import type { Payment } from '../../models';
import { loadSettings } from '../../models/current-settings';
import {
  isMollieId,
  paymentGatewayFor,
  type MolliePaymentView,
  type PaymentGateway,
} from '../../payments/mollie';
import { addMonth, paymentPolicy } from '../../policies/payment';
import { fitAlertsToLimit, setPlan } from './plan-and-limit';
import { issueReceipt, sendReceiptMail } from './receipts';
import { UUID, billingOf, systemClock, type AfterCommit, type PaymentClock } from './shared';
import { ensureSubscription, sendRenewalFailedMail, startGrace } from './subscription';

export type WebhookOutcome = 'ignored' | 'unchanged' | 'applied';

/** Our row whose create call failed after Mollie made the payment: linked by its metadata. */
async function adoptOrphan(ctx: AppContext, mollie: MolliePaymentView): Promise<Payment | null> {
  const ourId = mollie.metadata?.paymentId;
  if (typeof ourId !== 'string' || !UUID.test(ourId)) return null;
  const row = await ctx.models.Payment.findByPk(ourId);
  if (!row || row.molliePaymentId !== null) return null;
  const candidate = Object.assign(Object.create(row) as Payment, { molliePaymentId: mollie.id });
  if (!paymentPolicy.matchesOurPayment(candidate, mollie)) return null;
  await ctx.models.Payment.update(
    { molliePaymentId: mollie.id },
    { where: { id: row.id, molliePaymentId: null } },
  );
  await row.reload();
  return row.molliePaymentId === mollie.id ? row : null;
}

/** A renewal charged by a subscription we know: gets its row now (once, by the unique id). */
async function renewalRow(ctx: AppContext, mollie: MolliePaymentView): Promise<Payment | null> {
  const { BillingAccount, Payment } = ctx.models;
  const billing = await BillingAccount.findOne({
    where: { mollieSubscriptionId: mollie.subscriptionId },
  });
  if (!billing || !paymentPolicy.matchesRenewal(billing, mollie)) return null;
  try {
    return await Payment.create({
      userId: billing.userId,
      product: 'pro',
      quantity: 1,
      amountCents: centsOfMollieValue(mollie.amount.value),
      currency: mollie.amount.currency,
      description: PAYMENT_TEXTS.products.renewal,
      // Created as open so that the status change below is the one that applies it.
      status: 'open',
      sequenceType: 'recurring',
      molliePaymentId: mollie.id,
      mollieSubscriptionId: mollie.subscriptionId,
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    return Payment.findOne({ where: { molliePaymentId: mollie.id } });
  }
}

export async function handleWebhook(
  ctx: AppContext,
  molliePaymentId: string,
  clock: PaymentClock = systemClock,
): Promise<WebhookOutcome> {
  const gateway = paymentGatewayFor(ctx.config);
  if (!gateway || !isMollieId(molliePaymentId, 'tr')) return 'ignored';
  const mollie = await gateway.getPayment(molliePaymentId);
  if (!mollie) return 'ignored';

  const { Payment } = ctx.models;
  let payment =
    (await Payment.findOne({ where: { molliePaymentId } })) ?? (await adoptOrphan(ctx, mollie));
  if (!payment && mollie.subscriptionId) payment = await renewalRow(ctx, mollie);
  if (!payment) {
    ctx.logger.warn({ molliePaymentId }, 'webhook for a payment that is not ours: ignored');
    return 'ignored';
  }
  const isRenewal = payment.sequenceType === 'recurring';
  const genuine = isRenewal
    ? mollie.subscriptionId === payment.mollieSubscriptionId &&
      centsOfMollieValue(mollie.amount.value) === payment.amountCents &&
      mollie.amount.currency === payment.currency
    : paymentPolicy.matchesOurPayment(payment, mollie);
  if (!genuine) {
    ctx.logger.warn(
      { molliePaymentId, paymentId: payment.id },
      'webhook payment does not match our record: ignored',
    );
    return 'ignored';
  }

  const status = (PAYMENT_STATUSES as readonly string[]).includes(mollie.status)
    ? (mollie.status as PaymentStatus)
    : null;
  const chargedBack =
    mollie.amountChargedBack !== null && toCents(Number(mollie.amountChargedBack.value)) > 0;
  const now = clock.now();
  const after: AfterCommit = {};
  let applied = false;

  await ctx.sequelize.transaction(async (transaction) => {
    if (status && status !== payment.status) {
      // Compare-and-set: of concurrent deliveries only the one that moves the status applies it.
      const [moved] = await Payment.update(
        { status, ...(status === 'paid' ? { paidAt: now } : {}) },
        { where: { id: payment.id, status: payment.status }, transaction },
      );
      if (moved === 1) {
        applied = true;
        await payment.reload({ transaction });
        await applyStatus(ctx, payment, status, now, transaction, after);
      }
    }
    if (chargedBack && payment.status === 'paid' && !payment.chargedBackAt) {
      const [marked] = await Payment.update(
        { chargedBackAt: now },
        { where: { id: payment.id, chargedBackAt: null }, transaction },
      );
      if (marked === 1) {
        applied = true;
        await payment.reload({ transaction });
        await applyChargeback(ctx, payment, now, transaction, after);
      }
    }
  });

  // Pro that was paid by a first payment needs its subscription; also on a repeated delivery, so
  // a failure here (answered 500, Mollie calls again) is made good by the next call.
  if (payment.product === 'pro' && payment.sequenceType === 'first' && payment.status === 'paid') {
    await ensureSubscription(ctx, gateway, payment);
  }
  await runAfterCommit(ctx, gateway, after);
  ctx.logger.info(
    { molliePaymentId, paymentId: payment.id, status: payment.status, applied },
    'payment webhook',
  );
  return applied ? 'applied' : 'unchanged';
}

async function applyStatus(
  ctx: AppContext,
  payment: Payment,
  status: PaymentStatus,
  now: Date,
  transaction: Transaction,
  after: AfterCommit,
): Promise<void> {
  if (!payment.userId) return;
  const { User } = ctx.models;
  const user = await User.findByPk(payment.userId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!user) return;
  const billing = await billingOf(ctx, user.id, transaction);
  const settings = await loadSettings(ctx);

  if (status === 'paid') {
    await issueReceipt(ctx, payment, now, transaction);
    after.receiptFor = payment.id;
    if (payment.product === 'extra_alerts') {
      billing.extraAlerts += payment.quantity;
    } else {
      const from =
        billing.paidUntil && billing.paidUntil.getTime() > now.getTime() ? billing.paidUntil : now;
      billing.paidUntil = addMonth(from);
      await payment.update({ periodStart: from, periodEnd: billing.paidUntil }, { transaction });
      billing.graceUntil = null;
      billing.subscriptionStatus = 'active';
      if (payment.sequenceType === 'first') {
        // A new first payment starts a new subscription; one left from before is ended.
        if (billing.mollieSubscriptionId && billing.mollieCustomerId) {
          after.cancelSubscription = {
            customerId: billing.mollieCustomerId,
            subscriptionId: billing.mollieSubscriptionId,
          };
        }
        billing.mollieSubscriptionId = null;
        billing.canceledAt = null;
        billing.subscriptionAmountCents = payment.amountCents;
      }
      await setPlan(ctx, user, 'PRO', settings, transaction);
    }
    await billing.save({ transaction });
    await fitAlertsToLimit(ctx, user, billing, settings, now, transaction);
    return;
  }

  if (
    payment.sequenceType === 'recurring' &&
    (status === 'failed' || status === 'canceled' || status === 'expired')
  ) {
    await startGrace(billing, now, transaction, after);
  }
}

async function applyChargeback(
  ctx: AppContext,
  payment: Payment,
  now: Date,
  transaction: Transaction,
  after: AfterCommit,
): Promise<void> {
  if (!payment.userId) return;
  const user = await ctx.models.User.findByPk(payment.userId, { transaction });
  if (!user) return;
  const billing = await billingOf(ctx, user.id, transaction);
  if (payment.product === 'extra_alerts') {
    billing.extraAlerts = Math.max(0, billing.extraAlerts - payment.quantity);
    await billing.save({ transaction });
    await fitAlertsToLimit(ctx, user, billing, await loadSettings(ctx), now, transaction);
  } else {
    await startGrace(billing, now, transaction, after);
  }
}

async function runAfterCommit(
  ctx: AppContext,
  gateway: PaymentGateway,
  after: AfterCommit,
): Promise<void> {
  if (after.cancelSubscription) {
    const { customerId, subscriptionId } = after.cancelSubscription;
    await gateway.cancelSubscription(customerId, subscriptionId).catch((error: unknown) => {
      ctx.logger.error({ err: error, subscriptionId }, 'old subscription could not be canceled');
    });
  }
  if (after.receiptFor) await sendReceiptMail(ctx, after.receiptFor);
  if (after.dunning) await sendRenewalFailedMail(ctx, after.dunning);
}
