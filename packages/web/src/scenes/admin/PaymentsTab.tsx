import { observer } from 'mobx-react-lite';
import { EMPTY_STATE_TEXTS, PAYMENT_TEXTS, SCREEN_TEXTS } from '@prijsalarm/core';
import { dutchDate, euros } from '../../components/payments/format';
import { EmptyState } from '../../components/ui/EmptyState';
import { LoadError, Loading } from '../../components/ui/LoadError';
import type { AdminPaymentsStore } from './AdminPaymentsStore';

const texts = SCREEN_TEXTS.admin;
const paymentTexts = PAYMENT_TEXTS.admin;

/** The latest payments with their users and statuses; the figures are in the stats. */
export const PaymentsTab = observer(function PaymentsTab({ store }: { store: AdminPaymentsStore }) {
  const payments = store.data?.payments;
  const columns = paymentTexts.columns;
  return (
    <section aria-labelledby="admin-payments-title">
      <h2 id="admin-payments-title" className="visually-hidden">
        {texts.tabs.payments}
      </h2>
      {store.status === 'loading' && !payments && <Loading />}
      {store.status === 'error' && store.error && (
        <LoadError message={store.error} onRetry={() => void store.load()} />
      )}
      {payments?.length === 0 && (
        <EmptyState
          symbol="euro"
          title={paymentTexts.empty}
          action={{ label: EMPTY_STATE_TEXTS.admin.toPricing, to: '/admin?tab=settings' }}
        >
          <p>{EMPTY_STATE_TEXTS.admin.paymentsText}</p>
        </EmptyState>
      )}
      {payments && payments.length > 0 && (
        <div className="table-wrap">
          <table className="data-table data-table--stack">
            <caption className="visually-hidden">{texts.tabs.payments}</caption>
            <thead>
              <tr>
                {[columns.date, columns.user, columns.product, columns.amount, columns.status].map(
                  (column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.id}>
                  <td data-label={columns.date}>{dutchDate(payment.createdAt)}</td>
                  <td className="cell-wrap" data-label={columns.user}>
                    {payment.user?.email ?? '—'}
                  </td>
                  <td data-label={columns.product}>{payment.description}</td>
                  <td data-label={columns.amount}>
                    {euros(payment.amountCents, payment.currency)}
                  </td>
                  <td data-label={columns.status}>{PAYMENT_TEXTS.status[payment.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});
