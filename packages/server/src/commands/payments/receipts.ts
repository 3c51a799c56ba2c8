/**
 * Receipts. A receipt number is issued inside the transaction that marks the payment paid, from a
 * locked counter row, so the numbers have no gaps and no doubles. The receipt mail goes out only
 * after that transaction has committed: a mail about a change that was rolled back would be a lie.
 * A mail that fails is logged; the payment stands.
 */
import type { Transaction } from 'sequelize';
import { formatReceiptNumber, receiptPath } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import type { Payment } from '../../models';

/** The next receipt number (no gaps: the counter row is locked until the transaction ends). */
export async function issueReceipt(
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

/** The receipt by mail once its payment's transaction has committed; a failure is logged. */
export async function sendReceiptMail(ctx: AppContext, paymentId: string): Promise<void> {
  const { Payment, User } = ctx.models;
  const payment = await Payment.findByPk(paymentId);
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
