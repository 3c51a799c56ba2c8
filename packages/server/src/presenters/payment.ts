/** What a payment looks like to its owner and to admins (core's PaymentDto): a whitelist. */
import {
  formatReceiptNumber,
  vatBreakdown,
  type AdminPaymentDto,
  type PaymentDto,
} from '@prijsalarm/core';
import type { Payment, User } from '../models';

export function presentPayment(payment: Payment): PaymentDto {
  const receipt =
    payment.receiptNumber !== null && payment.receiptNumber !== undefined
      ? {
          number: formatReceiptNumber(payment.receiptNumber),
          issuedAt: (payment.receiptIssuedAt ?? payment.paidAt ?? payment.updatedAt).toISOString(),
          description: payment.description,
          amountCents: payment.amountCents,
          ...vatBreakdown(payment.amountCents),
        }
      : null;
  return {
    id: payment.id,
    product: payment.product,
    quantity: payment.quantity,
    description: payment.description,
    amountCents: payment.amountCents,
    currency: payment.currency,
    status: payment.status,
    renewal: payment.sequenceType === 'recurring',
    createdAt: payment.createdAt.toISOString(),
    paidAt: payment.paidAt ? payment.paidAt.toISOString() : null,
    period:
      payment.periodStart && payment.periodEnd
        ? { start: payment.periodStart.toISOString(), end: payment.periodEnd.toISOString() }
        : null,
    receipt,
  };
}

export function presentAdminPayment(
  payment: Payment & { user?: Pick<User, 'id' | 'email'> | null },
): AdminPaymentDto {
  return {
    ...presentPayment(payment),
    user: payment.user ? { id: payment.user.id, email: payment.user.email } : null,
  };
}
