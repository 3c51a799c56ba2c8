import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PAYMENT_TEXTS } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { subscriptionStoreOf, type SubscriptionStore } from './SubscriptionStore';

/**
 * The pricing page's Pro button for a signed-in user who is not Pro: straight to
 * Mollie's checkout; without payments it says so instead of offering a button that fails.
 */
export const ProCheckoutButton = observer(function ProCheckoutButton() {
  const root = useStores();
  const store = subscriptionStoreOf(root);
  useEffect(() => store.ensureLoaded(), [store]);
  if (store.status !== 'ready') return <p className="plan__current" aria-busy="true" />;
  if (!store.paymentsAvailable) {
    return <p className="plan__current">{PAYMENT_TEXTS.pricing.unavailable}</p>;
  }
  return <BuyProButton store={store} />;
});

/** 'Word Pro': opens Mollie's checkout for a month of Pro. */
export const BuyProButton = observer(function BuyProButton({
  store,
}: {
  store: SubscriptionStore;
}) {
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={store.starting !== null}
      onClick={() => void store.buy('pro')}
    >
      {PAYMENT_TEXTS.pricing.buyPro}
    </button>
  );
});
