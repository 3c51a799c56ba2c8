import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PAYMENT_STRINGS } from '@prijsalarm/core';
import { Page } from '../../components/content/Page';
import { PageLoading } from '../../components/layout/PageLoading';
import { subscriptionStoreOf } from '../../components/payments/SubscriptionStore';
import { useStores } from '../../stores/context';
import { PaymentCallbackStore } from './PaymentCallbackStore';

const texts = PAYMENT_STRINGS.callback;
const SUBSCRIPTION_TAB = '/my-account?tab=subscription';

/** /payment/callback?payment=<id> (issue 10): processing until the webhook decided, then the outcome. */
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
          <>
            <p className="notice notice--success" role="status">
              {payment.product === 'pro'
                ? texts.successPro
                : texts.successExtraAlerts(payment.quantity)}
            </p>
            <p className="actions">
              <Link className="button button--primary" to="/dashboard">
                {texts.toDashboard}
              </Link>
              <Link className="button button--secondary" to={SUBSCRIPTION_TAB}>
                {texts.toSubscription}
              </Link>
            </p>
          </>
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

export default PaymentCallbackScene;
