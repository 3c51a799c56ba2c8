/**
 * The plan cards of the pricing page and the home page's pricing table: what each
 * plan offers, in words, with the numbers taken from the public settings.
 */
import type { Plan } from '../domain';
import { canBuyExtraAlerts } from '../payments/offer';
import { PAYMENT_TEXTS } from '../payments/strings';
import { offersTelegram, type PublicSettings } from '../plans/settings';
import { PLAN_LABELS } from '../plans/strings';
import { formatAlertCount, formatCheckInterval, formatDays, formatMoney } from './format';

export interface PlanCard {
  plan: Plan;
  name: string;
  /** '€ 7,95'; '€ 0,00' for a free plan. */
  price: string;
  /** Whether `price` is paid per month. */
  monthly: boolean;
  highlights: string[];
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function highlights(plan: Plan, settings: PublicSettings): string[] {
  const alerts = formatAlertCount(settings.alertLimits[plan]);
  const common = [
    `${capitalise(formatCheckInterval(settings.checkIntervals[plan]))} gecontroleerd`,
    `Alerts ${formatDays(settings.validityPeriods[plan])} actief, daarna met één klik te verlengen`,
  ];
  if (plan === 'FREE') {
    return [
      `${capitalise(alerts)} voor Marktplaats`,
      'Geen account nodig',
      'Meldingen per e-mail',
      ...common,
    ];
  }
  if (plan === 'REGISTERED') {
    return [
      capitalise(alerts),
      offersTelegram(settings) ? 'Meldingen per e-mail en Telegram' : 'Meldingen per e-mail',
      "Minimumprijs en filters op bezorging en foto's",
      'Dashboard en meldingencentrum',
      ...common,
    ];
  }
  return [
    capitalise(alerts),
    '2dehands en meerdere platformen tegelijk',
    'Betaalde advertenties wegfilteren',
    'Prijsgeschiedenis en geen gesponsorde advertenties',
    ...common,
  ];
}

/** Extra alerts, on the card of every plan that may buy them. */
function extraAlertsHighlight(plan: Plan, settings: PublicSettings): string[] {
  if (!canBuyExtraAlerts(plan)) return [];
  const price = formatMoney(settings.pricing.pricePerAlert, settings.pricing.currency);
  return [PAYMENT_TEXTS.pricing.extraAlertsHighlight(price)];
}

export function planCard(plan: Plan, settings: PublicSettings): PlanCard {
  const amount = settings.pricing.subscriptionPrices[plan];
  return {
    plan,
    name: PLAN_LABELS[plan],
    price: formatMoney(amount, settings.pricing.currency),
    monthly: amount > 0,
    highlights: [...highlights(plan, settings), ...extraAlertsHighlight(plan, settings)],
  };
}
