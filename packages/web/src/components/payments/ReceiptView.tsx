import { PAYMENT_TEXTS, type PaymentDto, type PaymentReceiptDto } from '@prijsalarm/core';
import { SellerDetails } from './SellerDetails';
import { dutchDate, dutchPeriod, euros } from './format';

const text = PAYMENT_TEXTS.receipt;

/** The receipt of a paid payment: seller, number, date, what, period, amount without and with btw. */
export function ReceiptView({
  payment,
  receipt,
  customer,
}: {
  payment: PaymentDto;
  receipt: PaymentReceiptDto;
  /** The buyer's e-mail address. */
  customer?: string | null;
}) {
  return (
    <div className="receipt-view">
      <SellerDetails />
      <dl className="facts">
        <dt>{text.number}</dt>
        <dd>{receipt.number}</dd>
        <dt>{text.date}</dt>
        <dd>{dutchDate(receipt.issuedAt)}</dd>
        {customer && (
          <>
            <dt>{text.customer}</dt>
            <dd>{customer}</dd>
          </>
        )}
        <dt>{text.product}</dt>
        <dd>{receipt.description}</dd>
        <dt>{text.period}</dt>
        <dd>
          {payment.period ? dutchPeriod(payment.period.start, payment.period.end) : text.oneOff}
        </dd>
        <dt>{text.amountExVat}</dt>
        <dd>{euros(receipt.netCents, payment.currency)}</dd>
        <dt>{text.vat}</dt>
        <dd>{euros(receipt.vatCents, payment.currency)}</dd>
        <dt>{text.total}</dt>
        <dd>{euros(receipt.amountCents, payment.currency)}</dd>
      </dl>
      <p className="field__hint">{text.paidWith}</p>
    </div>
  );
}
