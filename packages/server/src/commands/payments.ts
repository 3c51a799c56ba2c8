/**
 * Paying for Pro and extra alerts with iDEAL through Mollie.
 *
 * - createPayment: our row first (amount from the settings, never from the client), then Mollie's
 *   payment with an idempotency key derived from the row; answers the checkout URL.
 * - handleWebhook: Mollie posts only an id. We fetch the payment, check it against our row (or,
 *   for a renewal, against the subscription we know) and apply a status change once: a
 *   compare-and-set on the row's status inside one transaction, so five deliveries, or two at the
 *   same moment, change the plan once.
 * - settleLapsedSubscriptions: the sweep that ends Pro after a cancel (at the end of the paid
 *   period) or a failed renewal (after the grace). The clock is injected, so tests move time.
 */
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import {
  FINAL_PAYMENT_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_STRINGS,
  PRO_INTERVAL,
  centsOfMollieValue,
  extraAlertPlansText,
  formatReceiptNumber,
  mollieAmountValue,
  priceInCents,
  receiptPath,
  productDescription,
  toCents,
  type AdminPaymentStats,
  type AdminPaymentsResponse,
  type CreatePaymentInput,
  type CreatePaymentResponse,
  type PaymentStatus,
  type PaymentStatusResponse,
  type Plan,
  type PublicSettings,
  type SubscriptionOverview,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { localMonth } from '../lib/calendar';
import type { BillingAccount, Payment, User } from '../models';
import {
  paymentGatewayFor,
  isMollieId,
  type MolliePaymentView,
  type PaymentGateway,
} from '../payments/mollie';
import { addMonth, graceEndFrom, paymentPolicy } from '../policies/payment';
import { presentAdminPayment, presentPayment } from '../presenters/payment';
import { announceAccountChange } from './account-events';
import { rescheduleAlertsOfUser } from './alert-schedule';
import { loadSettings } from '../models/current-settings';

export interface PaymentClock {
  now(): Date;
}
export const systemClock: PaymentClock = { now: () => new Date() };

/** A checkout opened this recently for the same purchase is offered again (double clicks). */
const REUSE_OPEN_CHECKOUT_MS = 10 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function paymentsAvailable(ctx: Pick<AppContext, 'config'>): boolean {
  return paymentGatewayFor(ctx.config) !== null;
}

function requireGateway(ctx: Pick<AppContext, 'config'>): PaymentGateway {
  const gateway = paymentGatewayFor(ctx.config);
  if (!gateway) throw new HttpError(503, PAYMENT_STRINGS.errors.unavailable);
  return gateway;
}

const webhookUrlOf = (ctx: AppContext) => `${ctx.config.publicUrl}/api/payments/webhook`;
const subscriptionPageOf = (ctx: AppContext) =>
  `${ctx.config.publicUrl}/my-account?tab=subscription`;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/* ------------------------------------------------------------------ creating a payment */

/** The user's billing row, made on first use (two requests at once: one wins, both read it). */
async function billingOf(ctx: AppContext, userId: string, transaction?: Transaction) {
  const { BillingAccount } = ctx.models;
  const existing = await BillingAccount.findByPk(userId, {
    transaction,
    ...(transaction ? { lock: transaction.LOCK.UPDATE } : {}),
  });
  if (existing) return existing;
  try {
    return await BillingAccount.create({ userId }, { transaction });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError) || transaction) throw error;
    return (await BillingAccount.findByPk(userId))!;
  }
}

/** The user's Mollie customer, created once (its idempotency key is the user's id). */
async function ensureCustomer(
  ctx: AppContext,
  gateway: PaymentGateway,
  user: User,
): Promise<string> {
  const billing = await billingOf(ctx, user.id);
  if (billing.mollieCustomerId) return billing.mollieCustomerId;
  const customer = await gateway.createCustomer({
    name: user.name ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || user.email),
    email: user.email,
    metadata: { userId: user.id },
    idempotencyKey: `customer-${user.id}`,
  });
  await ctx.models.BillingAccount.update(
    { mollieCustomerId: customer.id },
    { where: { userId: user.id, mollieCustomerId: null } },
  );
  await billing.reload();
  return billing.mollieCustomerId ?? customer.id;
}

export async function createPayment(
  ctx: AppContext,
  user: User,
  input: CreatePaymentInput,
  clock: PaymentClock = systemClock,
): Promise<CreatePaymentResponse> {
  const gateway = requireGateway(ctx);
  const { Payment, BillingAccount } = ctx.models;
  const now = clock.now();
  const billing = await BillingAccount.findByPk(user.id);
  if (!paymentPolicy.canBuy(input.product, user, billing, now)) {
    throw input.product === 'extra_alerts'
      ? new HttpError(403, PAYMENT_STRINGS.errors.extraAlertsNotForPlan(extraAlertPlansText()))
      : new HttpError(409, PAYMENT_STRINGS.errors.alreadyPro);
  }
  const settings = await loadSettings(ctx);
  const amountCents = priceInCents(settings.pricing, input.product, input.quantity);
  const currency = settings.pricing.currency;

  const recent = await Payment.findOne({
    where: {
      userId: user.id,
      product: input.product,
      quantity: input.quantity,
      amountCents,
      status: 'open',
      checkoutUrl: { [Op.ne]: null },
      createdAt: { [Op.gt]: new Date(now.getTime() - REUSE_OPEN_CHECKOUT_MS) },
    },
    order: [['createdAt', 'DESC']],
  });
  if (recent?.checkoutUrl) return { paymentId: recent.id, checkoutUrl: recent.checkoutUrl };

  let customerId: string;
  try {
    customerId = await ensureCustomer(ctx, gateway, user);
  } catch (error) {
    ctx.logger.error({ err: error, userId: user.id }, 'mollie customer could not be created');
    throw new HttpError(502, PAYMENT_STRINGS.errors.providerFailed);
  }
  const description = productDescription(input.product, input.quantity);
  const sequenceType = input.product === 'pro' ? 'first' : 'oneoff';
  // Our row first: its id is the idempotency key and travels in Mollie's metadata.
  const payment = await Payment.create({
    userId: user.id,
    product: input.product,
    quantity: input.quantity,
    amountCents,
    currency,
    description,
    status: 'open',
    sequenceType,
  });
  try {
    const mollie = await gateway.createPayment({
      amount: { currency, value: mollieAmountValue(amountCents) },
      description,
      redirectUrl: `${ctx.config.publicUrl}/payment/callback?payment=${payment.id}`,
      webhookUrl: webhookUrlOf(ctx),
      customerId,
      sequenceType,
      metadata: {
        paymentId: payment.id,
        userId: user.id,
        product: input.product,
        quantity: input.quantity,
      },
      idempotencyKey: `payment-${payment.id}`,
    });
    if (!mollie.checkoutUrl) throw new Error(`Mollie gave payment ${mollie.id} no checkout URL`);
    await payment.update({ molliePaymentId: mollie.id, checkoutUrl: mollie.checkoutUrl });
    ctx.logger.info(
      { paymentId: payment.id, molliePaymentId: mollie.id, product: input.product },
      'payment created',
    );
    return { paymentId: payment.id, checkoutUrl: mollie.checkoutUrl };
  } catch (error) {
    // The row stays open without a Mollie id: should Mollie have made it after all, its webhook
    // finds the row through the metadata (adoptOrphan).
    ctx.logger.error({ err: error, paymentId: payment.id }, 'mollie payment could not be created');
    throw new HttpError(502, PAYMENT_STRINGS.errors.providerFailed);
  }
}

/* ------------------------------------------------------------------ the webhook */

export type WebhookOutcome = 'ignored' | 'unchanged' | 'applied';

interface AfterCommit {
  receiptFor?: string;
  dunning?: { userId: string; graceUntil: Date };
  cancelSubscription?: { customerId: string; subscriptionId: string };
}

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
      description: PAYMENT_STRINGS.products.renewal,
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

/** A failed or charged-back renewal: Pro for PRO_GRACE_DAYS more, and a mail. */
async function startGrace(
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

async function setPlan(
  ctx: AppContext,
  user: User,
  plan: 'PRO' | 'REGISTERED',
  settings: PublicSettings,
  transaction: Transaction,
): Promise<void> {
  if (user.plan === plan) return;
  const from = user.plan;
  await user.update({ plan }, { transaction });
  await rescheduleAlertsOfUser(ctx, settings, user, transaction);
  await ctx.models.AuditEvent.create(
    {
      actorUserId: null,
      action: 'user.plan_changed',
      targetType: 'user',
      targetId: user.id,
      data: { from, to: plan, by: 'payments' },
    },
    { transaction },
  );
}

/** The next receipt number (no gaps: the counter row is locked until the transaction ends). */
async function issueReceipt(
  ctx: AppContext,
  payment: Payment,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  if (payment.receiptNumber !== null) return;
  await ctx.sequelize.query(
    "UPDATE payment_counters SET value = value + 1 WHERE name = 'receipt'",
    { transaction },
  );
  const [rows] = await ctx.sequelize.query(
    "SELECT value FROM payment_counters WHERE name = 'receipt'",
    { transaction },
  );
  const value = Number((rows as Array<{ value: number | string }>)[0]?.value);
  await payment.update({ receiptNumber: value, receiptIssuedAt: now }, { transaction });
}

/**
 * After a plan or limit change: pauses the newest active alerts beyond the user's limit (never
 * deletes them), resumes the ones paused before as far as the limit allows again, and tells the
 * user's open pages once it is committed.
 */
async function fitAlertsToLimit(
  ctx: AppContext,
  user: User,
  billing: BillingAccount,
  settings: PublicSettings,
  now: Date,
  transaction: Transaction,
): Promise<void> {
  announceAccountChange(ctx, user.id, transaction);
  const { Alert } = ctx.models;
  const planLimit = settings.alertLimits[user.plan as Plan];
  const limit = planLimit === null ? null : planLimit + billing.extraAlerts;
  const active = await Alert.findAll({
    where: { userId: user.id, isActive: true },
    attributes: ['id', 'createdAt'],
    transaction,
  });
  const paused = new Set(billing.pausedAlertIds ?? []);
  const toPause = paymentPolicy.alertsToPause(active, limit);
  if (toPause.length > 0) {
    await Alert.update({ isActive: false }, { where: { id: toPause }, transaction });
    for (const id of toPause) paused.add(id);
  } else if (paused.size > 0) {
    const room = limit === null ? paused.size : Math.max(0, limit - active.length);
    const stillThere = await Alert.findAll({
      where: { id: [...paused], userId: user.id },
      attributes: ['id', 'createdAt'],
      order: [['createdAt', 'ASC']],
      transaction,
    });
    const resume = stillThere.slice(0, room).map((alert) => alert.id);
    if (resume.length > 0) {
      await Alert.update(
        { isActive: true, nextCheckAt: now },
        { where: { id: resume }, transaction },
      );
    }
    paused.clear();
    for (const alert of stillThere.slice(room)) paused.add(alert.id);
  }
  billing.pausedAlertIds = paused.size > 0 ? [...paused] : null;
  await billing.save({ transaction });
}

/** The monthly subscription after a paid first payment, starting when the paid month ends. */
async function ensureSubscription(
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
    description: PAYMENT_STRINGS.products.renewal,
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

async function runAfterCommit(
  ctx: AppContext,
  gateway: PaymentGateway,
  after: AfterCommit,
): Promise<void> {
  const { Payment, User } = ctx.models;
  if (after.cancelSubscription) {
    const { customerId, subscriptionId } = after.cancelSubscription;
    await gateway.cancelSubscription(customerId, subscriptionId).catch((error: unknown) => {
      ctx.logger.error({ err: error, subscriptionId }, 'old subscription could not be canceled');
    });
  }
  if (after.receiptFor) {
    const payment = await Payment.findByPk(after.receiptFor);
    const user = payment?.userId ? await User.findByPk(payment.userId) : null;
    if (payment && user && payment.receiptNumber !== null) {
      await ctx.mailer
        .send('receipt', user.email, {
          name: user.firstName ?? user.name,
          number: formatReceiptNumber(payment.receiptNumber),
          issuedAt: payment.receiptIssuedAt ?? new Date(),
          description: payment.description,
          amountCents: payment.amountCents,
          currency: payment.currency,
          period:
            payment.periodStart && payment.periodEnd
              ? { start: payment.periodStart, end: payment.periodEnd }
              : null,
          url: `${ctx.config.publicUrl}${receiptPath(payment.id)}`,
        })
        .catch((error: unknown) => {
          ctx.logger.error({ err: error, paymentId: payment.id }, 'receipt mail not sent');
        });
    }
  }
  if (after.dunning) {
    const user = await User.findByPk(after.dunning.userId);
    if (user) {
      await ctx.mailer
        .send('renewalFailed', user.email, {
          name: user.firstName ?? user.name,
          graceUntil: after.dunning.graceUntil,
          url: subscriptionPageOf(ctx),
        })
        .catch((error: unknown) => {
          ctx.logger.error({ err: error, userId: user.id }, 'renewal-failed mail not sent');
        });
    }
  }
}

/* ------------------------------------------------------------------ the end of Pro */

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

/* ------------------------------------------------------------------ reads and cancel */

/** How often the return page may make us ask Mollie about one payment ourselves. */
const STATUS_CHECK_EVERY_MS = 3000;
const lastStatusCheck = new Map<string, number>();

/** Whether to ask Mollie now (throttled per payment; old entries are forgotten). */
function dueForStatusCheck(paymentId: string, now: number): boolean {
  for (const [id, at] of lastStatusCheck) {
    if (now - at > 60_000) lastStatusCheck.delete(id);
  }
  const last = lastStatusCheck.get(paymentId);
  if (last !== undefined && now - last < STATUS_CHECK_EVERY_MS) return false;
  lastStatusCheck.set(paymentId, now);
  return true;
}

export async function paymentStatus(
  ctx: AppContext,
  user: User,
  id: string,
): Promise<PaymentStatusResponse> {
  const payment = UUID.test(id) ? await ctx.models.Payment.findByPk(id) : null;
  if (!payment || !paymentPolicy.canView(user, payment)) {
    throw HttpError.notFound(PAYMENT_STRINGS.errors.paymentNotFound);
  }
  // A late webhook (Mollie retries after 1, 2, 4 … minutes) should not keep the user waiting: the
  // return page's polling makes us fetch the payment from Mollie ourselves, now and then, and
  // apply it the webhook's way. Nothing the browser sends decides anything.
  if (
    !FINAL_PAYMENT_STATUSES.includes(payment.status) &&
    payment.molliePaymentId &&
    dueForStatusCheck(payment.id, Date.now())
  ) {
    await handleWebhook(ctx, payment.molliePaymentId).catch((error: unknown) => {
      ctx.logger.warn({ err: error, paymentId: payment.id }, 'payment status check failed');
    });
    await payment.reload();
  }
  await user.reload();
  const billing =
    payment.product === 'pro' ? await ctx.models.BillingAccount.findByPk(user.id) : null;
  return {
    ...presentPayment(payment),
    plan: user.plan,
    nextChargeAt: billing ? (paymentPolicy.nextChargeAt(billing)?.toISOString() ?? null) : null,
  };
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
    throw new HttpError(409, PAYMENT_STRINGS.errors.noSubscription);
  }
  try {
    await gateway.cancelSubscription(billing.mollieCustomerId, billing.mollieSubscriptionId);
  } catch (error) {
    ctx.logger.error({ err: error, userId: user.id }, 'subscription could not be canceled');
    throw new HttpError(502, PAYMENT_STRINGS.errors.providerFailed);
  }
  // Pro stays until the paid period ends; the sweep then moves the plan.
  await billing.update({ canceledAt: clock.now(), subscriptionStatus: 'canceled' });
  ctx.logger.info({ userId: user.id }, 'subscription canceled');
  return { message: PAYMENT_STRINGS.subscription.canceled };
}

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
