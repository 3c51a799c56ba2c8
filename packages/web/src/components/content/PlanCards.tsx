import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import {
  LOGIN_PATH,
  PLANS,
  PRICING_PATH,
  REDIRECT_QUERY,
  STRINGS,
  UPGRADE_PATH,
  planCard,
} from '@prijsalarm/core';
import type { Plan } from '@prijsalarm/core';
import { useStores } from '../../stores/context';
import { ProCheckoutButton } from '../payments/ProCheckoutButton';

const texts = STRINGS.web.pricing;

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
  // Signed in: ProCheckoutButton pays at once. Guests log in first and come back to pricing.
  return {
    label: texts.choosePro,
    to: userPlan
      ? UPGRADE_PATH
      : `${LOGIN_PATH}?${REDIRECT_QUERY}=${encodeURIComponent(PRICING_PATH)}`,
  };
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
            </p>
            <ul className="checklist">
              {card.highlights.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {plan === 'PRO' && auth.plan !== null && auth.plan !== 'PRO' ? (
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
