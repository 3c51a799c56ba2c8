import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  PAYMENT_TEXTS,
  receiptPath,
  vatBreakdown,
  type PaymentStatusResponse,
} from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { SellerDetails } from '../../components/payments/SellerDetails';
import { subscriptionStoreOf } from '../../components/payments/SubscriptionStore';
import { dutchDate, dutchPeriod, euros } from '../../components/payments/format';
import '../../components/payments/payments.css';
import { useStores } from '../../stores/context';
import { PaymentCallbackStore } from './PaymentCallbackStore';

const texts = PAYMENT_TEXTS.callback;
const SUBSCRIPTION_TAB = '/my-account?tab=subscription';

/** /payment/callback?payment=<id>: processing until the webhook decided, then the outcome. */
const PaymentCallbackScene = observer(function PaymentCallbackScene() {
  const root = useStores();
  const [params] = useSearchParams();
  const paymentId = params.get('payment') ?? '';
  const [store] = useState(() => new PaymentCallbackStore(root, paymentId));
  const retry = subscriptionStoreOf(root);
  useEffect(() => {
    if (!paymentId) return undefined;
    store.start();
    return store.stop;
  }, [store, paymentId]);

  if (!paymentId) {
    return (
      <Page title={texts.title} width="narrow">
        <p className="notice notice--error">{texts.missing}</p>
      </Page>
    );
  }
  const payment = store.payment;
  return (
    <Page title={texts.title} width="narrow">
      <div aria-live="polite" data-testid="payment-outcome" data-outcome={store.outcome}>
        {store.error ? (
          <p className="notice notice--error" role="alert">
            {store.error}
          </p>
        ) : store.outcome === 'processing' ? (
          <>
            <PageLoading label={texts.processing} />
            <p className="field__hint">{texts.processingHint}</p>
            {store.gaveUp && (
              <button type="button" className="button button--secondary" onClick={store.start}>
                {texts.retry}
              </button>
            )}
          </>
        ) : store.outcome === 'paid' && payment ? (
          <PaidSummary payment={payment} />
        ) : (
          <>
            <p className="notice notice--error" role="alert">
              {texts[store.outcome as 'failed' | 'canceled' | 'expired']}
            </p>
            {payment && (
              <p className="actions">
                <button
                  type="button"
                  className="button button--primary"
                  disabled={retry.starting !== null}
                  onClick={() => {
                    retry.setQuantity(payment.quantity);
                    void retry.buy(payment.product);
                  }}
                >
                  {texts.retry}
                </button>
                <Link className="button button--secondary" to={SUBSCRIPTION_TAB}>
                  {texts.toSubscription}
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    </Page>
  );
});

/** What was bought: amount with its btw, the period or 'eenmalig', the next charge, the receipt. */
function PaidSummary({ payment }: { payment: PaymentStatusResponse }) {
  const isPro = payment.product === 'pro';
  const amount = euros(payment.amountCents, payment.currency);
  const vatCents = payment.receipt?.vatCents ?? vatBreakdown(payment.amountCents).vatCents;
  return (
    <>
      <p className="notice notice--success" role="status">
        {isPro ? texts.successPro : texts.successExtraAlerts(payment.quantity)}
      </p>
      <section className="card purchase" aria-labelledby="purchase-title">
        <h2 id="purchase-title">{texts.summary}</h2>
        <dl className="facts" data-testid="purchase">
          <dt>{texts.product}</dt>
          <dd>{payment.description}</dd>
          <dt>{texts.amount}</dt>
          <dd>{texts.amountInclVat(amount, euros(vatCents, payment.currency))}</dd>
          {isPro ? (
            <>
              {payment.period && (
                <>
                  <dt>{texts.period}</dt>
                  <dd>{dutchPeriod(payment.period.start, payment.period.end)}</dd>
                </>
              )}
              <dt>{texts.nextCharge}</dt>
              <dd>
                {payment.nextChargeAt
                  ? texts.nextChargeOn(dutchDate(payment.nextChargeAt), amount)
                  : texts.noNextCharge}
              </dd>
            </>
          ) : (
            <>
              <dt>{texts.payment}</dt>
              <dd>{texts.oneOff}</dd>
            </>
          )}
        </dl>
      </section>
      {payment.receipt && (
        <section className="card purchase" aria-labelledby="receipt-title">
          <h2 id="receipt-title">
            {texts.receipt} {payment.receipt.number}
          </h2>
          <SellerDetails />
          <p>
            <Link to={receiptPath(payment.id)}>{texts.viewReceipt}</Link>
          </p>
        </section>
      )}
      <p className="actions">
        <Link className="button button--primary" to="/dashboard/create">
          {isPro ? texts.nextStepPro : texts.nextStepExtraAlerts}
        </Link>
        <Link className="button button--secondary" to="/dashboard">
          {texts.toDashboard}
        </Link>
        <Link className="button button--secondary" to={SUBSCRIPTION_TAB}>
          {texts.toSubscription}
        </Link>
      </p>
    </>
  );
}

export default PaymentCallbackScene;
