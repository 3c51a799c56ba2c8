/**
 * The few pieces every payment file needs, kept here so none of them is written twice: the
 * injectable clock, the Mollie gateway (or the Dutch 503 without one), the webhook URL Mollie
 * calls, the user's billing row, and the list of what a webhook's transaction leaves to do once it
 * has committed (calls to Mollie and mails must never run for a change that was rolled back).
 */
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { PAYMENT_TEXTS } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { paymentGatewayFor, type PaymentGateway } from '../../payments/mollie';

export interface PaymentClock {
  now(): Date;
}
export const systemClock: PaymentClock = { now: () => new Date() };

/** Our payment ids: anything else is answered as unknown without asking the database. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function paymentsAvailable(ctx: Pick<AppContext, 'config'>): boolean {
  return paymentGatewayFor(ctx.config) !== null;
}

export function requireGateway(ctx: Pick<AppContext, 'config'>): PaymentGateway {
  const gateway = paymentGatewayFor(ctx.config);
  if (!gateway) throw new HttpError(503, PAYMENT_TEXTS.errors.unavailable);
  return gateway;
}

export const webhookUrlOf = (ctx: AppContext) => `${ctx.config.publicUrl}/api/payments/webhook`;

/** The user's billing row, made on first use (two requests at once: one wins, both read it). */
export async function billingOf(ctx: AppContext, userId: string, transaction?: Transaction) {
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

/** What a webhook's transaction leaves for after its commit. */
export interface AfterCommit {
  receiptFor?: string;
  dunning?: { userId: string; graceUntil: Date };
  cancelSubscription?: { customerId: string; subscriptionId: string };
}
