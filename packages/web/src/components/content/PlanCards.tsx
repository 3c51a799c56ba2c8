import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import {
  LOGIN_PATH,
  PAYMENT_TEXTS,
  PLANS,
  PRO_CHECKOUT_PATH,
  REDIRECT_QUERY,
  UPGRADE_PATH,
  WEB_TEXTS,
  planCard,
} from '@prijsalarm/core';
import type { Plan } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { ProCheckoutButton } from '../payments/ProCheckoutButton';
import '../payments/payments.css';

const texts = WEB_TEXTS.pricing;

interface CardAction {
  label: string;
  to: string | null;
}

/** What each plan's button does for this visitor: their own plan gets a label, not a link. */
function cardAction(plan: Plan, userPlan: Plan | null): CardAction {
  if (userPlan === plan) return { label: texts.currentPlan, to: null };
  if (plan === 'FREE') {
    return userPlan
      ? { label: texts.toDashboard, to: '/dashboard' }
      : { label: texts.freeAlert, to: '/gratis-alert-maken' };
  }
  if (plan === 'REGISTERED') {
    return userPlan
      ? { label: texts.toDashboard, to: '/dashboard' }
      : { label: texts.register, to: '/register' };
  }
  // Signed in: ProCheckoutButton pays at once (guests get GuestProChoice).
  return { label: texts.choosePro, to: UPGRADE_PATH };
}

const toCheckout = `${REDIRECT_QUERY}=${encodeURIComponent(PRO_CHECKOUT_PATH)}`;

/** A guest who picks Pro needs an account: a new one, or their own; both come back to checkout. */
function GuestProChoice() {
  return (
    <div className="plan__choice">
      <p className="plan__hint">{PAYMENT_TEXTS.pricing.guestPro}</p>
      <Link className="button button--primary" to={`/register?${toCheckout}`}>
        {PAYMENT_TEXTS.pricing.createAccount}
      </Link>
      <Link className="button button--secondary" to={`${LOGIN_PATH}?${toCheckout}`}>
        {PAYMENT_TEXTS.pricing.logIn}
      </Link>
    </div>
  );
}

/**
 * The plans from the settings (core `planCard`): on /pricing (names as h2) and in the home page's
 * pricing table (names as h3, under the section's h2).
 */
export const PlanCards = observer(function PlanCards({
  headingLevel = 'h2',
}: {
  headingLevel?: 'h2' | 'h3';
}) {
  const { settings, auth } = useStores();
  const Heading = headingLevel;
  return (
    <ul className="plans" aria-label={texts.plansLabel}>
      {PLANS.map((plan) => {
        const card = planCard(plan, settings.current);
        const action = cardAction(plan, auth.plan);
        return (
          <li key={plan} className={plan === 'PRO' ? 'plan plan--featured' : 'plan'}>
            <Heading className="plan__name">{card.name}</Heading>
            <p className="plan__price">
              <span className="plan__amount">{card.price}</span>
              {card.monthly && <span className="plan__period"> {texts.perMonth}</span>}
              {card.monthly && <span className="plan__vat"> {PAYMENT_TEXTS.pricing.inclVat}</span>}
            </p>
            <ul className="checklist">
              {card.highlights.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {plan === 'PRO' && auth.plan === null ? (
              <GuestProChoice />
            ) : plan === 'PRO' && auth.plan !== 'PRO' ? (
              <ProCheckoutButton />
            ) : action.to ? (
              <Link
                className={plan === 'PRO' ? 'button button--primary' : 'button button--secondary'}
                to={action.to}
              >
                {action.label}
              </Link>
            ) : (
              <p className="plan__current">{action.label}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
});

export default PlanCards;
