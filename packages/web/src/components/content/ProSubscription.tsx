import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { STRINGS, planCard } from '@prijsalarm/core';
import { useStores } from '../../stores/context';

const texts = STRINGS.web.subscription;

/**
 * The Pro subscription as it stands (spec §1: monthly, cancelable monthly): the price from the
 * settings and what Pro adds. Paying online comes with the payment flow; until then it says so.
 */
export const ProSubscription = observer(function ProSubscription() {
  const { settings, auth } = useStores();
  const card = planCard('PRO', settings.current);
  const isPro = auth.plan === 'PRO';
  return (
    <section className="card subscription" aria-labelledby="subscription-title">
      <h2 id="subscription-title">{texts.title}</h2>
      <p className="subscription__price">{texts.price(card.price)}</p>
      <p>{texts.intro}</p>
      <ul className="checklist">
        {card.highlights.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {isPro ? (
        <p className="notice notice--success">{texts.isPro}</p>
      ) : (
        <div className="notice notice--info">
          <p>{texts.paymentSoon}</p>
          <Link className="button button--primary" to="/contact">
            {texts.contactUs}
          </Link>
        </div>
      )}
    </section>
  );
});
