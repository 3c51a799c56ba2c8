import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { PAYMENT_TEXTS, priceInCents, vatBreakdown } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { PaymentMethods } from './PaymentMethods';
import { ProCheckoutButton } from './ProCheckoutButton';
import { euros } from './format';

const texts = PAYMENT_TEXTS.checkout;

/**
 * The checkout a signed-in user lands on after picking Pro as a guest (PRO_CHECKOUT_PATH, after
 * logging in or registering): what Pro costs with its btw, how it renews, and the button to Mollie.
 */
export const ProCheckout = observer(function ProCheckout() {
  const { settings, auth } = useStores();
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving from the login or the verification link: the checkout is what this page is for.
  useEffect(() => heading.current?.focus(), []);
  if (auth.plan === 'PRO') return <p className="notice notice--info">{texts.alreadyPro}</p>;
  const { pricing } = settings.current;
  const cents = priceInCents(pricing, 'pro', 1);
  return (
    <section className="card checkout" aria-labelledby="checkout-title">
      <h2 id="checkout-title" ref={heading} tabIndex={-1}>
        {texts.title}
      </h2>
      <p>{texts.intro}</p>
      <dl className="facts">
        <dt>{texts.product}</dt>
        <dd>{PAYMENT_TEXTS.products.pro}</dd>
        <dt>{texts.amount}</dt>
        <dd>
          {PAYMENT_TEXTS.callback.amountInclVat(
            euros(cents, pricing.currency),
            euros(vatBreakdown(cents).vatCents, pricing.currency),
          )}
        </dd>
        <dt>{texts.renewal}</dt>
        <dd>{texts.renewalText}</dd>
      </dl>
      <ProCheckoutButton />
      <PaymentMethods />
    </section>
  );
});
