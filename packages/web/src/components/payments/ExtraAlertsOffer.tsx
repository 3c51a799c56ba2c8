import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import {
  PAYMENT_TEXTS,
  REDIRECT_QUERY,
  canBuyExtraAlerts,
  extraAlertPlansText,
  formatMoney,
} from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { EXTRA_ALERTS_PATH } from './MaxAlertsNotice';

const texts = PAYMENT_TEXTS.pricing;

/**
 * Extra alerts on the pricing page, for the plans core's rule names: a user on one of them buys
 * them in the subscription tab; a guest is offered an account first.
 */
export const ExtraAlertsOffer = observer(function ExtraAlertsOffer() {
  const { settings, auth } = useStores();
  const { pricing } = settings.current;
  const price = formatMoney(pricing.pricePerAlert, pricing.currency);
  const plan = auth.plan;
  return (
    <section className="card extra-offer" aria-labelledby="extra-offer-title">
      <h2 id="extra-offer-title">{texts.extraAlertsTitle}</h2>
      <p>
        {texts.extraAlertsText(`${price} ${texts.inclVat}`)}{' '}
        {texts.extraAlertsFor(extraAlertPlansText())}
      </p>
      {plan === null ? (
        <p>
          {texts.extraAlertsGuest}{' '}
          <Link to={`/register?${REDIRECT_QUERY}=${encodeURIComponent(EXTRA_ALERTS_PATH)}`}>
            {texts.createAccount}
          </Link>
        </p>
      ) : (
        canBuyExtraAlerts(plan) && (
          <Link className="button button--secondary" to={EXTRA_ALERTS_PATH}>
            {PAYMENT_TEXTS.maxAlerts.buy}
          </Link>
        )
      )}
    </section>
  );
});
