/**
 * Every user-facing Dutch text, keyed by meaning. The server answers with these, the web and
 * desktop apps show them: one sentence lives in one place. Texts quoted by the spec are verbatim.
 * Add new keys to the section they belong to; keep a parameterised text a function.
 */
import type { Plan } from './domain';

export const PLAN_LABELS: Record<Plan, string> = {
  FREE: 'Gratis',
  REGISTERED: 'Geregistreerd',
  PRO: 'Pro',
};

export const STRINGS = {
  product: {
    name: 'Prijsalarm',
    tagline: 'De slimste manier om de marktplaats in de gaten te houden',
    supportResponseTime: 'binnen 2 minuten',
  },

  navigation: {
    home: 'Home',
    pricing: 'Prijzen',
    dashboard: 'Dashboard',
    admin: 'Admin',
    myAccount: 'Mijn Account',
    logout: 'Uitloggen',
    login: 'Inloggen',
    contact: 'Contact',
    upgradeToPro: 'Upgrade naar Pro',
    becomePro: 'Pro worden',
  },

  footer: {
    faq: 'FAQ',
    contact: 'Contact',
    privacy: 'Privacy',
    terms: 'Algemene Voorwaarden',
    support: 'Support',
    copyright: (year: number) => `© ${year} Prijsalarm. Alle rechten voorbehouden.`,
  },

  alertForm: {
    submit: 'Alert Aanmaken',
    searchTermRequired: 'Zoekterm is verplicht',
    searchTermNoAngleBrackets: 'Zoekterm mag geen < of > bevatten',
    searchTermTooLong: 'Zoekterm mag maximaal 500 tekens bevatten',
    emailRequired: 'E-mailadres is verplicht',
    emailInvalid: 'Ongeldig e-mailadres',
    priceInvalid: 'Vul een geldig bedrag in',
    priceTooLow: 'Prijs mag niet negatief zijn',
    priceTooHigh: 'Prijs mag maximaal € 9.999.999 zijn',
    minAboveMax: 'Minimumprijs mag niet hoger zijn dan de maximumprijs',
    postalCodeInvalid: 'Ongeldige postcode',
    distanceInvalid: 'Kies een geldige afstand',
    distanceNeedsPostalCode: 'Vul eerst een postcode in om een afstand te kiezen',
    wholeCountry: 'Heel het land',
    platformRequired: 'Kies een platform',
    notificationMethodRequired: 'Kies minstens één manier om meldingen te ontvangen',
    createError: 'Er ging iets mis bij het aanmaken van de alert.',
    categoryFiltersLoadError: 'Kon categorie filters niet laden',
    maxAlertsReached: 'Je hebt het maximale aantal alerts voor je plan bereikt.',
  },

  access: {
    noPlatformAccess: (platform: string) => `Je hebt geen toegang tot ${platform}.`,
    accountRequiredForPlatform: (platform: string) =>
      `Een account is vereist om ${platform} te gebruiken.`,
    availableFromPlan: (plan: string) => `Beschikbaar vanaf ${plan} plan`,
    proOnly: 'Alleen beschikbaar voor PRO gebruikers',
    contactAdmin: 'Contact admin voor toegang',
    telegramLimitReached: (limit: number) =>
      `Je hebt het maximum van ${limit} alert(s) met Telegram notificaties bereikt.`,
    capabilitiesLoadFailed: 'Failed to load user capabilities',
  },

  app: {
    loading: 'Applicatie wordt geladen...',
    secureStorageUnavailable: 'Beveiligde opslag niet beschikbaar, gebruik maken van alternatief',
    loadError: 'Er ging iets mis bij het laden van de applicatie',
  },

  chat: {
    nameTooShort: 'Naam moet minimaal 2 karakters bevatten',
    emailRequired: 'E-mailadres is verplicht',
    emailInvalid: 'Ongeldig e-mailadres',
    emailValidationFailed: 'Kon e-mailadres niet valideren',
    genericError: 'Er ging iets mis. Probeer het opnieuw.',
    sendFailed: 'Bericht kon niet worden verzonden. Probeer het opnieuw.',
    endFailed: 'Er ging iets mis bij het beëindigen van de chat. Probeer het opnieuw.',
    closedBySupport:
      'Deze chat is door support gesloten. Als je meer hulp nodig hebt, kun je een nieuwe chat starten.',
    closedBySupportNote: 'Chat gesloten door support',
    endedByUser: 'Je hebt de chat succesvol beëindigd. Bedankt voor je bericht!',
    endedByUserNote: 'Chat beëindigd',
    resolvedOnInit: 'Deze chat sessie is beëindigd.',
    statusUnavailable: 'Status niet beschikbaar',
    connecting: 'Verbinding maken...',
    disconnected: 'Verbinding verbroken',
    reconnecting: (attempt: number) => `Opnieuw verbinden... (poging ${attempt})`,
    reconnected: '(Herverbonden)',
  },

  /** Answers of the API: `error` of a 4xx/5xx body. */
  api: {
    validationFailed: 'Controleer de ingevulde gegevens.',
    invalidJson: 'Het verzoek bevat geen geldige JSON.',
    payloadTooLarge: 'Het verzoek is te groot.',
    notFound: 'Niet gevonden.',
    routeNotFound: 'Deze API-route bestaat niet.',
    unauthenticated: 'Je moet ingelogd zijn om dit te doen.',
    forbidden: 'Je hebt geen toegang tot deze actie.',
    adminOnly: 'Alleen beheerders hebben toegang tot deze actie.',
    csrfInvalid: 'Ongeldig CSRF-token. Vernieuw de pagina en probeer het opnieuw.',
    tooManyRequests: 'Te veel verzoeken. Probeer het over een moment opnieuw.',
    internalError: 'Er ging iets mis aan onze kant. Probeer het later opnieuw.',
  },
} as const;
