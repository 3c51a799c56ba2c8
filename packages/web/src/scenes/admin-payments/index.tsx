import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PAYMENT_STRINGS, STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { dutchDate, euros } from '../../components/payments/format';
import '../../components/payments/payments.css';
import { LoadError, Loading } from '../../components/ui/LoadError';
import { useStores } from '../../stores/context';
import '../../styles/screens.css';
import { AdminPaymentsStore } from './AdminPaymentsStore';

const texts = PAYMENT_STRINGS.admin;
const columns = texts.columns;

/** /admin/payments (role ADMIN, issue 10): who paid what, with the month's figures. */
const AdminPaymentsScene = observer(function AdminPaymentsScene() {
  const root = useStores();
  const [store] = useState(() => new AdminPaymentsStore(root));
  useEffect(() => {
    void store.load();
  }, [store]);
  const data = store.data;

  return (
    <Page title={texts.title} width="wide">
      <p>
        <Link to="/admin">{STRINGS.web.admin.title}</Link>
      </p>
      {store.status === 'loading' && !data && <Loading />}
      {store.status === 'error' && store.error && (
        <LoadError message={store.error} onRetry={() => void store.load()} />
      )}
      {data && (
        <>
          <dl className="facts admin-payments__stats">
            <dt>{texts.activePro}</dt>
            <dd data-testid="active-pro">{data.stats.activeProSubscriptions}</dd>
            <dt>{texts.revenueThisMonth}</dt>
            <dd data-testid="revenue-month">{euros(data.stats.revenueThisMonthCents)}</dd>
          </dl>
          {data.payments.length === 0 ? (
            <p>{texts.empty}</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table data-table--stack">
                <caption className="visually-hidden">{texts.title}</caption>
                <thead>
                  <tr>
                    {[
                      columns.date,
                      columns.user,
                      columns.product,
                      columns.amount,
                      columns.status,
                    ].map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.payments.map((payment) => (
                    <tr key={payment.id}>
                      <td data-label={columns.date}>{dutchDate(payment.createdAt)}</td>
                      <td data-label={columns.user}>{payment.user?.email ?? '—'}</td>
                      <td data-label={columns.product}>{payment.description}</td>
                      <td data-label={columns.amount}>
                        {euros(payment.amountCents, payment.currency)}
                      </td>
                      <td data-label={columns.status}>{PAYMENT_STRINGS.status[payment.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Page>
  );
});

export default AdminPaymentsScene;
