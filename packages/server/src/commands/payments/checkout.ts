/**
 * Buying Pro or extra alerts: the checkout, and the return page's question how it went.
 *
 * Our row is made first (the amount from the settings, never from the client), then Mollie's
 * payment with an idempotency key derived from the row, so a retried request never charges twice;
 * the answer is the checkout URL. The return page polls the status; when Mollie's webhook is late
 * we fetch the payment ourselves, now and then, and apply it the webhook's way.
 */
import { Op } from 'sequelize';
import {
  FINAL_PAYMENT_STATUSES,
  PAYMENT_TEXTS,
  extraAlertPlansText,
  mollieAmountValue,
  priceInCents,
  productDescription,
  type CreatePaymentInput,
  type CreatePaymentResponse,
  type PaymentStatusResponse,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import type { User } from '../../models';
import { loadSettings } from '../../models/current-settings';
import type { PaymentGateway } from '../../payments/mollie';
import { paymentPolicy } from '../../policies/payment';
import { presentPayment } from '../../presenters/payment';
import {
  UUID,
  billingOf,
  requireGateway,
  systemClock,
  webhookUrlOf,
  type PaymentClock,
} from './shared';
import { handleWebhook } from './webhook';

/** A checkout opened this recently for the same purchase is offered again (double clicks). */
const REUSE_OPEN_CHECKOUT_MS = 10 * 60 * 1000;

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
      ? new HttpError(403, PAYMENT_TEXTS.errors.extraAlertsNotForPlan(extraAlertPlansText()))
      : new HttpError(409, PAYMENT_TEXTS.errors.alreadyPro);
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
    throw new HttpError(502, PAYMENT_TEXTS.errors.providerFailed);
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
    // finds the row through the metadata (adoptOrphan in webhook.ts).
    ctx.logger.error({ err: error, paymentId: payment.id }, 'mollie payment could not be created');
    throw new HttpError(502, PAYMENT_TEXTS.errors.providerFailed);
  }
}

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
    throw HttpError.notFound(PAYMENT_TEXTS.errors.paymentNotFound);
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
