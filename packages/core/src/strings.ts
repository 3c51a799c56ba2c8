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
    platformsTooMany: 'Kies maximaal twee platformen',
    platformsDuplicate: 'Kies elk platform maar één keer',
    guestOnlyMarktplaats: 'Zonder account kun je alleen een alert voor Marktplaats maken',
    categoryParentRequired: 'Kies eerst een hoofdcategorie',
    mileageInvalid: 'Vul een geldige kilometerstand in',
    mileageMinAboveMax: 'Minimale kilometerstand mag niet hoger zijn dan de maximale',
    yearInvalid: 'Vul een geldig bouwjaar in',
    yearMinAboveMax: 'Bouwjaar vanaf mag niet later zijn dan bouwjaar tot',
    excludeWordEmpty: 'Een uitgesloten woord mag niet leeg zijn',
    excludeWordTooLong: (max: number) =>
      `Een uitgesloten woord mag maximaal ${max} tekens bevatten`,
    excludeWordsTooMany: (max: number) => `Je kunt maximaal ${max} woorden uitsluiten`,
    conditionLabels: {
      new: 'Nieuw',
      as_good_as_new: 'Zo goed als nieuw',
      used: 'Gebruikt',
      refurbished: 'Refurbished',
      not_working: 'Niet werkend',
    },
    fuelLabels: {
      petrol: 'Benzine',
      diesel: 'Diesel',
      electric: 'Elektrisch',
      hybrid_petrol: 'Hybride Elektrisch/Benzine',
      hybrid_diesel: 'Hybride Elektrisch/Diesel',
      lpg: 'LPG',
      cng: 'CNG',
      hydrogen: 'Waterstof',
      other: 'Overige brandstoffen',
    },
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
    telegramNotConnected: 'Koppel eerst je Telegram-account om Telegram notificaties te ontvangen.',
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
    nameTooLong: (max: number) => `Naam mag maximaal ${max} karakters bevatten`,
    messageTooLong: (max: number) => `Bericht mag maximaal ${max} karakters bevatten`,
    quickQuestions: {
      howItWorks: { label: 'Hoe werkt het?', text: 'Hoe werkt Prijsalarm precies?' },
      subscription: {
        label: 'Vraag over abonnement',
        text: 'Ik heb een vraag over mijn abonnement.',
      },
      notifications: {
        label: 'Problemen met meldingen',
        text: 'Ik ontvang mijn meldingen niet goed. Kunnen jullie helpen?',
      },
      technicalHelp: { label: 'Technische hulp', text: 'Ik heb technische hulp nodig.' },
    },
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

  /** The API client's own errors, when the server gave no usable answer. */
  apiClient: {
    timeout: 'De server reageert niet. Probeer het later opnieuw.',
    network: 'Geen verbinding met de server. Controleer je internetverbinding.',
    aborted: 'Het verzoek is afgebroken.',
    unexpected: 'Er ging iets mis. Probeer het opnieuw.',
    invalidResponse: 'De server gaf een onverwacht antwoord. Probeer het later opnieuw.',
  },

  /** Form and request validation (src/validation): generic field texts and the account forms. */
  validation: {
    required: 'Dit veld is verplicht',
    invalidValue: 'Ongeldige waarde',
    invalidChoice: 'Ongeldige keuze',
    unknownField: 'Onbekend veld',
    wholeNumber: 'Vul een geheel getal in',
    tooShort: (min: number) => `Moet minimaal ${min} tekens bevatten`,
    tooLong: (max: number) => `Mag maximaal ${max} tekens bevatten`,
    numberTooSmall: (min: number) => `Moet minimaal ${min} zijn`,
    numberTooBig: (max: number) => `Mag maximaal ${max} zijn`,
    tooFewItems: (min: number) => `Kies er minimaal ${min}`,
    tooManyItems: (max: number) => `Kies er maximaal ${max}`,
    duplicateItems: 'Elke waarde mag maar één keer voorkomen',
    invalidDate: 'Vul een geldige datum in (JJJJ-MM-DD)',
    dateRangeInverted: 'De einddatum mag niet voor de begindatum liggen',
    passwordRequired: 'Wachtwoord is verplicht',
    passwordTooShort: (min: number) => `Wachtwoord moet minimaal ${min} tekens bevatten`,
    passwordTooLong: (max: number) => `Wachtwoord mag maximaal ${max} tekens bevatten`,
    currentPasswordRequired: 'Huidig wachtwoord is verplicht',
    newPasswordSameAsCurrent: 'Het nieuwe wachtwoord moet anders zijn dan je huidige wachtwoord',
    nameRequired: 'Naam is verplicht',
    subjectRequired: 'Onderwerp is verplicht',
    messageRequired: 'Bericht is verplicht',
    messageTooLong: (max: number) => `Bericht mag maximaal ${max} tekens bevatten`,
    telegramCodeRequired: 'Vul de koppelcode in',
    planInvalid: 'Kies een geldig plan',
  },
  /** Listing facts in alert messages (Telegram, e-mail): price by priceType, distance. */
  listing: {
    priceLabels: {
      FAST_BID: 'Bieden',
      FREE: 'Gratis',
      RESERVED: 'Gereserveerd',
      SEE_DESCRIPTION: 'Zie omschrijving',
      NOTK: 'N.o.t.k.',
      ON_REQUEST: 'Op aanvraag',
      EXCHANGE: 'Ruilen',
      NOT_APPLICABLE: 'N.v.t.',
    },
    minBidFrom: (amount: string) => `Bieden vanaf ${amount}`,
    priceUnknown: 'Prijs onbekend',
    distanceKm: (km: number) => `${km} km`,
    distanceUnderOneKm: 'Minder dan 1 km',
  },

  /** What the Telegram bot writes. */
  telegram: {
    forAlerts: (names: readonly string[]) =>
      `${names.length === 1 ? 'Voor je alert' : 'Voor je alerts'}: ${names.map((name) => `"${name}"`).join(', ')}`,
    viewListing: (platform: string) => `Bekijk op ${platform}`,
    linked:
      'Gelukt! Je Telegram-account is gekoppeld aan Prijsalarm. Je ontvangt hier voortaan je meldingen.',
    linkCodeInvalid:
      'Deze koppelcode is ongeldig of verlopen. Maak een nieuwe koppeling via Mijn Account → Integraties.',
    welcome:
      'Welkom bij Prijsalarm! Koppel je account via Mijn Account → Integraties op de website om hier meldingen te ontvangen.',
    privateChatOnly: 'Koppelen kan alleen in een privégesprek met de bot.',
    testMessage: 'Dit is een testbericht van Prijsalarm. Je Telegram-koppeling werkt!',
    disconnected:
      'Je Telegram-account is losgekoppeld van Prijsalarm. Je ontvangt hier geen meldingen meer.',
  },
} as const;
