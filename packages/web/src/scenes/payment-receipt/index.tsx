import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router-dom';
import { API_CLIENT_TEXTS, PAYMENT_TEXTS, isApiError } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { ReceiptView } from '../../components/payments/ReceiptView';
import { useOneTimeTask } from '../../hooks/useOneTimeTask';
import { useStores } from '../../stores/context';
import '../../components/payments/payments.css';

const text = PAYMENT_TEXTS.receipt;
const SUBSCRIPTION_TAB = '/my-account?tab=subscription';

/** /payment/receipt/{id}: one payment's receipt, to read and to print (the owner only). */
const PaymentReceiptScene = observer(function PaymentReceiptScene() {
  const { api, auth } = useStores();
  const { id = '' } = useParams();
  const task = useOneTimeTask(`receipt:${id}`, () => api.payments.status(id));

  if (task.status === 'pending') return <PageLoading />;
  if (task.status === 'failed') {
    return (
      <Page title={text.title} width="narrow">
        <p className="notice notice--error" role="alert">
          {isApiError(task.error) ? task.error.message : API_CLIENT_TEXTS.unexpected}
        </p>
        <BackLink />
      </Page>
    );
  }
  const payment = task.value;
  if (!payment.receipt) {
    return (
      <Page title={text.title} width="narrow">
        <p className="notice notice--info">{text.none}</p>
        <BackLink />
      </Page>
    );
  }
  return (
    <Page title={text.heading(payment.receipt.number)} width="narrow">
      <ReceiptView payment={payment} receipt={payment.receipt} customer={auth.user?.email} />
      <p className="actions no-print">
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {text.print}
        </button>
        <Link className="button button--secondary" to={SUBSCRIPTION_TAB}>
          {text.back}
        </Link>
      </p>
    </Page>
  );
});

function BackLink() {
  return (
    <p className="actions">
      <Link className="button button--secondary" to={SUBSCRIPTION_TAB}>
        {text.back}
      </Link>
    </p>
  );
}

export default PaymentReceiptScene;
