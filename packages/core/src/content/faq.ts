/**
 * The questions and answers of the FAQ page and the home page's FAQ. The FAQ shows its first
 * part, with the second part expandable. Answers that state a limit,
 * an interval or a price read it from the public settings, so they never disagree with the rules.
 */
import { CONFIRMATION_LINK_VALIDITY_HOURS } from '../constants';
import { PLAN_LABELS } from '../plans/strings';
import { offersTelegram, type PublicSettings } from '../plans/settings';
import { formatAlertCount, formatCheckInterval, formatDays, formatMoney } from './format';

export interface FaqItem {
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer(settings: PublicSettings): string[];
}

function proPrice(settings: PublicSettings): string {
  return formatMoney(settings.pricing.subscriptionPrices.PRO, settings.pricing.currency);
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'wat-is-prijsalarm',
    question: 'Wat is Prijsalarm?',
    answer: () => [
      'Prijsalarm houdt Marktplaats en 2dehands voor je in de gaten. Je slaat een zoekopdracht op, bijvoorbeeld "iPhone 13, maximaal € 400, binnen 10 km van 3511 AB", en wij laten het je weten zodra er een nieuwe advertentie verschijnt die erbij past.',
      'Zo hoef je niet meer tien keer per dag zelf te zoeken en ben je andere kopers vaak net een stap voor.',
    ],
  },
  {
    id: 'hoe-werkt-het',
    question: 'Hoe werkt het?',
    answer: () => [
      'Vul in waar je naar zoekt, eventueel met een maximumprijs, postcode en afstand. Zonder account bevestig je daarna je e-mailadres via de link die we je sturen; die link is ' +
        `${CONFIRMATION_LINK_VALIDITY_HOURS} uur geldig.`,
      'Vanaf dat moment controleren wij de marktplaats op de achtergrond. Verschijnt er een nieuwe advertentie die past, dan krijg je direct een bericht met de titel, de prijs, de plaats en een link naar de advertentie.',
    ],
  },
  {
    id: 'is-het-gratis',
    question: 'Is Prijsalarm gratis?',
    answer: (settings) => [
      `Ja. Zonder account maak je gratis ${formatAlertCount(settings.alertLimits.FREE)} voor Marktplaats. Met een gratis account krijg je ${formatAlertCount(settings.alertLimits.REGISTERED)}, ${offersTelegram(settings) ? 'Telegram-meldingen' : 'een meldingencentrum'} en extra filters.`,
      `Wil je alles eruit halen, dan is er ${PLAN_LABELS.PRO} voor ${proPrice(settings)} per maand, maandelijks opzegbaar.`,
    ],
  },
  {
    id: 'hoe-vaak',
    question: 'Hoe vaak wordt er gecontroleerd op nieuwe advertenties?',
    answer: (settings) => [
      `Dat hangt af van je plan: ${PLAN_LABELS.FREE} ${formatCheckInterval(settings.checkIntervals.FREE)}, ${PLAN_LABELS.REGISTERED} ${formatCheckInterval(settings.checkIntervals.REGISTERED)} en ${PLAN_LABELS.PRO} ${formatCheckInterval(settings.checkIntervals.PRO)}.`,
      'We spreiden de controles over de tijd en vragen bij de marktplaatsen niet meer op dan nodig is.',
    ],
  },
  {
    id: 'meldingen',
    question: 'Hoe ontvang ik meldingen?',
    answer: (settings) => [
      'Standaard per e-mail: één bericht per controle, met alle nieuwe advertenties van die alert erin.',
      offersTelegram(settings)
        ? 'Met een account kun je ook meldingen via Telegram ontvangen. Koppel daarvoor je Telegram-account onder Mijn account → Integraties. Daarnaast vind je al je meldingen terug in het meldingencentrum op de website en in de desktop-app.'
        : 'Met een account vind je daarnaast al je meldingen terug in het meldingencentrum op de website en in de desktop-app.',
    ],
  },
  {
    id: 'hoe-lang-actief',
    question: 'Hoe lang blijft mijn alert actief?',
    answer: (settings) => [
      `Een alert blijft ${formatDays(settings.validityPeriods.FREE)} actief bij ${PLAN_LABELS.FREE}, ${formatDays(settings.validityPeriods.REGISTERED)} bij ${PLAN_LABELS.REGISTERED} en ${formatDays(settings.validityPeriods.PRO)} bij ${PLAN_LABELS.PRO}.`,
      'Zoek je nog steeds? Verleng de alert dan met één klik via de link in je e-mail of via de beheerpagina van de alert.',
    ],
  },
  {
    id: 'tweedehands',
    question: 'Werkt Prijsalarm ook voor 2dehands in België?',
    answer: () => [
      'Ja. Naast Marktplaats (Nederland) kun je ook zoeken op 2dehands (België). Daarvoor heb je een account met toegang tot 2dehands nodig; die toegang hoort bij Pro.',
      'Met Pro kun je ook één alert op beide platformen tegelijk laten zoeken.',
    ],
  },
  {
    id: 'verschil-plannen',
    question: 'Wat is het verschil tussen Gratis, Geregistreerd en Pro?',
    answer: (settings) => [
      `${PLAN_LABELS.FREE}: ${formatAlertCount(settings.alertLimits.FREE)} voor Marktplaats, zonder account, meldingen per e-mail.`,
      `${PLAN_LABELS.REGISTERED}: ${formatAlertCount(settings.alertLimits.REGISTERED)}, ${offersTelegram(settings) ? 'Telegram-meldingen' : 'een meldingencentrum'}, een minimumprijs en filters op bezorging en advertenties met foto's.`,
      `${PLAN_LABELS.PRO}: ${formatAlertCount(settings.alertLimits.PRO)}, de snelste controles, 2dehands en meerdere platformen tegelijk, betaalde advertenties wegfilteren, prijsgeschiedenis en geen gesponsorde advertenties. Extra alerts koop je bij voor ${formatMoney(settings.pricing.pricePerAlert, settings.pricing.currency)} per stuk.`,
    ],
  },
  {
    id: 'beheren-zonder-account',
    question: 'Hoe beheer of verwijder ik een alert zonder account?',
    answer: () => [
      'In elke e-mail van Prijsalarm staat een persoonlijke beheerlink. Daarmee kun je je alert bekijken, aanpassen, pauzeren, verlengen of verwijderen, zonder in te loggen.',
      'Die link is geheim: iedereen die hem heeft, kan je alert beheren. Stuur hem dus niet door.',
    ],
  },
  {
    id: 'opzeggen',
    question: 'Hoe betaal ik voor Pro en kan ik opzeggen?',
    answer: (settings) => [
      `Pro kost ${proPrice(settings)} per maand en betaal je veilig met iDEAL.`,
      'Pro is maandelijks opzegbaar via Mijn account → Abonnement. Je alerts en meldingen blijven daarbij gewoon bewaard.',
    ],
  },
  {
    id: 'geen-meldingen',
    question: 'Ik krijg geen meldingen. Wat kan ik doen?',
    answer: () => [
      'Kijk eerst in je spam-map en zet het afzendadres van Prijsalarm in je adresboek. Heb je je alert zonder account gemaakt, controleer dan of je je e-mailadres hebt bevestigd.',
      'Controleer daarna of je alert nog actief is en of je zoekterm of prijsgrens niet te streng is. Kom je er niet uit, stel je vraag dan in de chat of via het contactformulier.',
    ],
  },
  {
    id: 'onafhankelijk',
    question: 'Zijn jullie verbonden aan Marktplaats of 2dehands?',
    answer: () => [
      'Nee. Prijsalarm is een onafhankelijke dienst. We laten je advertenties zien die openbaar op de marktplaatsen staan; kopen en betalen doe je altijd rechtstreeks bij de verkoper, op de marktplaats zelf.',
    ],
  },
  {
    id: 'privacy',
    question: 'Wat doen jullie met mijn gegevens?',
    answer: () => [
      'We gebruiken je gegevens alleen om je alerts uit te voeren en je meldingen te sturen. We verkopen niets door. Je kunt je account en al je gegevens op elk moment zelf verwijderen via Mijn account.',
      'Alles over cookies, bewaartermijnen en je rechten lees je in onze privacyverklaring.',
    ],
  },
];

export interface FaqParts<T> {
  /** Always shown. */
  first: T[];
  /** Shown after "show more". */
  rest: T[];
}

/** The first `maxItems` (setting seo.maxFaqItems, default 6) are shown; the rest is expandable. */
export function splitFaq<T>(items: readonly T[], maxItems: number): FaqParts<T> {
  const count = Math.max(0, Math.floor(maxItems));
  return { first: items.slice(0, count), rest: items.slice(count) };
}
