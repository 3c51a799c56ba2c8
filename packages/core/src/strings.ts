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
    notifications: 'Meldingen',
    admin: 'Admin',
    myAccount: 'Mijn account',
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
    terms: 'Algemene voorwaarden',
    support: 'Support',
    copyright: (year: number) => `© ${year} Prijsalarm. Alle rechten voorbehouden.`,
  },

  alertForm: {
    submit: 'Alert aanmaken',
    searchTermRequired: 'Zoekterm is verplicht',
    searchTermNoAngleBrackets: 'Zoekterm mag geen < of > bevatten',
    searchTermTooLong: 'Zoekterm mag maximaal 500 tekens bevatten',
    emailRequired: 'E-mailadres is verplicht',
    emailInvalid: 'Ongeldig e-mailadres',
    priceInvalid: 'Vul een geldig bedrag in, bijv. 400 of 1.000,50',
    priceSeparators: 'Schrijf duizendtallen met een punt en centen met een komma, bijv. 1.000,50',
    priceTooLow: 'Prijs mag niet negatief zijn',
    priceTooHigh: 'Prijs mag maximaal € 9.999.999 zijn',
    minAboveMax: 'Minimumprijs mag niet hoger zijn dan de maximumprijs',
    postalCodeInvalid: 'Ongeldige postcode',
    postalCodeInvalidExample: (examples: string) => `Ongeldige postcode, bijv. ${examples}`,
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
    /** The server has no Telegram bot: no plan can change that. */
    telegramUnavailable:
      'Meldingen via Telegram zijn hier niet beschikbaar. Je ontvangt je meldingen per e-mail en in je meldingencentrum.',
  },

  app: {
    loading: 'Applicatie wordt geladen...',
    secureStorageUnavailable: 'Beveiligde opslag niet beschikbaar, gebruik maken van alternatief',
    loadError: 'Er ging iets mis bij het laden van de applicatie',
  },

  /** Answers of the API: `error` of a 4xx/5xx body. */
  api: {
    validationFailed: 'Controleer de ingevulde gegevens.',
    invalidJson: 'Het verzoek bevat geen geldige JSON.',
    payloadTooLarge: 'Het verzoek is te groot.',
    invalidPath: 'Het adres van het verzoek is ongeldig.',
    unreadableBody: 'De inhoud van het verzoek kon niet worden gelezen.',
    notFound: 'Niet gevonden.',
    routeNotFound: 'Deze API-route bestaat niet.',
    unauthenticated: 'Je moet ingelogd zijn om dit te doen.',
    forbidden: 'Je hebt geen toegang tot deze actie.',
    adminOnly: 'Alleen beheerders hebben toegang tot deze actie.',
    csrfInvalid: 'Ongeldig CSRF-token. Vernieuw de pagina en probeer het opnieuw.',
    tooManyRequests: 'Te veel verzoeken. Probeer het over een moment opnieuw.',
    internalError: 'Er ging iets mis aan onze kant. Probeer het later opnieuw.',
    /** GET /metrics without the right `Authorization: Bearer $METRICS_TOKEN` (operators only). */
    metricsTokenRequired: 'Geef het token uit METRICS_TOKEN mee: Authorization: Bearer <token>.',
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
    currencyInvalid: 'Vul een valutacode van drie hoofdletters in, bijvoorbeeld EUR',
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
    controlCharacters: 'Mag geen onzichtbare stuurtekens bevatten',
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
      'Deze koppelcode is ongeldig of verlopen. Maak een nieuwe koppeling via Mijn account → Integraties.',
    welcome:
      'Welkom bij Prijsalarm! Koppel je account via Mijn account → Integraties op de website om hier meldingen te ontvangen.',
    privateChatOnly: 'Koppelen kan alleen in een privégesprek met de bot.',
    testMessage: 'Dit is een testbericht van Prijsalarm. Je Telegram-koppeling werkt!',
    disconnected:
      'Je Telegram-account is losgekoppeld van Prijsalarm. Je ontvangt hier geen meldingen meer.',
    /** The bot's answer to a bare /start: a code to type on the website. */
    chatLinkCode: (code: string, minutes: number) =>
      `Welkom bij Prijsalarm! Je koppelcode is: ${code}\n\nVul deze code binnen ${minutes} minuten in op de website via Mijn account → Integraties om je Telegram-account te koppelen.`,
    /** POST /telegram/verify with an unknown or expired code. */
    codeInvalid:
      'Deze koppelcode is ongeldig of verlopen. Stuur /start naar de bot voor een nieuwe code.',
    testSent: 'Het testbericht is verstuurd naar je Telegram.',
    testFailed: 'Het testbericht kon niet worden verstuurd. Probeer het later opnieuw.',
    /** The chat is gone for the bot (blocked, deleted): the link was removed. */
    chatUnreachable:
      'De bot kan je Telegram-chat niet meer bereiken (geblokkeerd of verwijderd). Je Telegram-account is losgekoppeld; koppel het opnieuw via Mijn account → Integraties.',
  },

  /** Why a delivery of a notification was not (yet) sent: `lastError` as the owner sees it. */
  delivery: {
    telegramNotConfigured: 'Telegram is niet geconfigureerd',
    telegramNotLinked: 'Er is geen Telegram-account gekoppeld',
    telegramChatUnreachable:
      'De bot kan je Telegram-chat niet bereiken (geblokkeerd of verwijderd); Telegram is losgekoppeld',
    telegramRejected: (detail: string) => `Telegram weigerde het bericht (${detail})`,
    telegramRateLimited: (seconds: number) =>
      `Telegram vraagt ons ${seconds} seconden te wachten; we proberen het daarna opnieuw`,
    emailRejected: (detail: string) => `De mailserver weigerde de e-mail (${detail})`,
    noRecipient: 'Geen ontvanger bekend voor deze melding',
    temporaryFailure: (detail: string) => `Tijdelijke fout, we proberen het opnieuw (${detail})`,
    gaveUp: (attempts: number, detail: string) =>
      `Niet verzonden na ${attempts} pogingen (${detail})`,
  },

  /** The e-mail with new ads for one recipient of one check (mail template new-listings). */
  alertMail: {
    subject: (count: number, searchTerms: readonly string[]) =>
      `${count} ${count === 1 ? 'nieuwe advertentie' : 'nieuwe advertenties'} voor ${
        searchTerms.length <= 2
          ? searchTerms.map((term) => `"${term}"`).join(' en ')
          : `"${searchTerms[0]}" en ${searchTerms.length - 1} andere alerts`
      }`,
    intro: (count: number) =>
      count === 1
        ? 'Er is een nieuwe advertentie gevonden die past bij je prijsalarm:'
        : `Er zijn ${count} nieuwe advertenties gevonden die passen bij je prijsalarmen:`,
    forAlerts: (searchTerms: readonly string[]) =>
      `${searchTerms.length === 1 ? 'Voor je alert' : 'Voor je alerts'} ${searchTerms.map((term) => `"${term}"`).join(' en ')}`,
    manageAlert: (searchTerm: string) => `Alert "${searchTerm}" beheren of pauzeren`,
    footer:
      'Je ontvangt deze e-mail omdat je een prijsalarm hebt ingesteld. Wil je geen meldingen meer? Pauzeer of verwijder je alert via de beheerlink.',
    /** The answer to the one-click unsubscribe (RFC 8058), which pauses the mail's alerts. */
    unsubscribed: (count: number) =>
      count === 1
        ? 'Je alert is gepauzeerd. Je ontvangt er geen e-mails meer over tot je hem weer aanzet.'
        : 'Je alerts zijn gepauzeerd. Je ontvangt er geen e-mails meer over tot je ze weer aanzet.',
    unsubscribeLinkInvalid:
      'Deze afmeldlink is ongeldig. Pauzeer je alert via de beheerlink in je e-mail.',
    /** Each ad's one button. */
    viewListing: 'Bekijk advertentie',
    /** The square shown where an ad without a photo would have it. */
    noPhoto: 'Geen foto',
    /** When the ad was placed ('vandaag 14:05'), or, when the marketplace did not say, found. */
    postedAt: (when: string) => `geplaatst ${when}`,
    foundAt: (when: string) => `gevonden ${when}`,
  },

  /** Notification centre answers and the CSV export (server routes/notifications). */
  notifications: {
    notFound: 'Melding niet gevonden.',
    /** Column headers of the CSV export, in column order. */
    csvColumns: {
      createdAt: 'Datum',
      alert: 'Alert',
      platform: 'Platform',
      title: 'Titel',
      price: 'Prijs (€)',
      priceType: 'Prijstype',
      location: 'Locatie',
      seller: 'Verkoper',
      url: 'Link',
      viewed: 'Bekeken',
    },
    yes: 'Ja',
    no: 'Nee',
  },

  /** Admin answers (server routes/admin). */
  admin: {
    userNotFound: 'Gebruiker niet gevonden.',
    alertNotFound: 'Alert niet gevonden.',
    alertDeleted: 'De alert is verwijderd.',
  },

  /** Newsletter unsubscribe (the /uitschrijven page and the RFC 8058 one-click POST). */
  newsletter: {
    unsubscribed: 'Je bent uitgeschreven voor de nieuwsbrief. Je ontvangt geen nieuwsbrieven meer.',
    invalidLink:
      'Deze afmeldlink is ongeldig. Gebruik de link uit de meest recente e-mail of wijzig je voorkeuren in Mijn account.',
    /** Subject of the mailto: unsubscribe in the List-Unsubscribe header. */
    mailtoSubject: 'Uitschrijven nieuwsbrief',
  },

  /** Contact form (POST /contact). */
  contact: {
    sent: 'Bedankt voor je bericht! We reageren zo snel mogelijk.',
  },

  /** Alerts: creation, guest confirmation and the token links (manage, refresh). */
  alerts: {
    confirmationMailFailed:
      'We konden de bevestigingsmail nu niet versturen. Je alert is niet opgeslagen; probeer het over een paar minuten opnieuw.',
    guestAlertExists:
      'Met dit e-mailadres kan nu geen nieuwe gratis alert worden aangemaakt. Heb je al een gratis alert? Beheer die via de link in je e-mail, of maak een gratis account aan voor meer alerts.',
    confirmed: 'Je e-mailadres is bevestigd. Je alert is nu actief.',
    confirmLinkInvalid:
      'Deze bevestigingslink is ongeldig, verlopen of al gebruikt. Open de beheerlink uit je e-mail om de status van je alert te zien.',
    notFound: 'Deze alert bestaat niet (meer) of de link is ongeldig.',
    refreshLinkInvalid:
      'Deze verlengingslink is ongeldig of al gebruikt. Open je beheerlink voor de nieuwste link.',
    refreshNeedsConfirmation:
      'Bevestig eerst je e-mailadres via de link in je e-mail, daarna kun je de alert verlengen.',
    refreshed: (days: number) => `Je alert is verlengd en blijft nu ${days} dagen actief.`,
    deleted: 'Je alert is verwijderd.',
    emailNotChangeable: 'Het e-mailadres van een alert kan niet worden gewijzigd.',
    categoryNotFound: 'Kies een bestaande categorie',
    subcategoryMismatch: 'Deze subcategorie hoort niet bij de gekozen hoofdcategorie',
    carFiltersNeedCarCategory: "Deze filters zijn alleen beschikbaar in de categorie Auto's",
  },

  /** Settings, capabilities and preferences (GET /settings/public, PUT /admin/settings, …). */
  settings: {
    unknownKey: 'Onbekende instelling.',
    unknownFeature: 'Onbekende functie.',
    preferencesTooLarge: (maxCharacters: number) =>
      `Je voorkeuren mogen samen maximaal ${maxCharacters} tekens bevatten`,
    preferenceKeyInvalid: (maxLength: number) =>
      `De naam van een voorkeur begint met een letter en heeft maximaal ${maxLength} letters, cijfers, - of _`,
  },

  /** Accounts and sessions (server routes/auth). */
  auth: {
    registered:
      'Bedankt voor je aanmelding! We hebben een e-mail gestuurd met een link om je account te activeren. Controleer ook je spam-map.',
    invalidCredentials: 'Onjuist e-mailadres of wachtwoord.',
    emailNotVerified:
      'Bevestig eerst je e-mailadres via de link in de e-mail die we je hebben gestuurd.',
    verifyLinkInvalid:
      'Deze bevestigingslink is ongeldig, verlopen of al gebruikt. Log in of vraag een nieuwe link aan.',
    loggedOut: 'Je bent uitgelogd.',
    loggedOutEverywhere: 'Je bent op al je apparaten uitgelogd.',
    sessionExpired: 'Je sessie is verlopen. Log opnieuw in.',
    resetRequested:
      'Als dit e-mailadres bij ons bekend is, hebben we een e-mail gestuurd met een link om je wachtwoord opnieuw in te stellen.',
    resetLinkInvalid:
      'Deze link om je wachtwoord opnieuw in te stellen is ongeldig, verlopen of al gebruikt. Vraag een nieuwe link aan.',
    passwordReset: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen met je nieuwe wachtwoord.',
    passwordChanged: 'Je wachtwoord is gewijzigd. Log opnieuw in met je nieuwe wachtwoord.',
    currentPasswordWrong: 'Je huidige wachtwoord is onjuist.',
    passwordWrong: 'Het wachtwoord is onjuist.',
    accountDeleted: 'Je account en al je gegevens zijn verwijderd.',
    loginLinkSent:
      'Als dit e-mailadres bij ons bekend is, hebben we een e-mail gestuurd met een link om in te loggen.',
    loginLinkInvalid:
      'Deze inloglink is ongeldig, verlopen of al gebruikt. Vraag een nieuwe inloglink aan.',
    sessionNotFound: 'Deze sessie bestaat niet (meer).',
    sessionEnded: 'De sessie is beëindigd.',
  },
  /** The web app's own texts (packages/web): the shell, the account screens and the static pages. */
  web: {
    shell: {
      skipToContent: 'Direct naar de inhoud',
      mainNavigation: 'Hoofdmenu',
      logoLabel: 'Prijsalarm, naar de startpagina',
      logoLabelLoggedIn: 'Prijsalarm, naar je dashboard',
      openMenu: 'Menu openen',
      closeMenu: 'Menu sluiten',
      authLoading: 'Even geduld, we controleren of je bent ingelogd',
      pageLoading: 'Pagina wordt geladen…',
      profileMenu: 'Profielmenu',
      /** The bell's name and the mobile menu's: how many are unread, when there are. */
      notifications: (unread: number) =>
        unread > 0 ? `Meldingen, ${unread} ongelezen` : 'Meldingen',
      /** The signed-in user's part of the mobile menu. */
      account: 'Je account',
      plan: (label: string) => `Plan: ${label}`,
      adminRequired: 'Je hebt geen toegang tot de beheeromgeving.',
    },
    footer: {
      label: 'Voettekst',
      navigation: 'Navigatie',
      contactHeading: 'Contact',
      chamberOfCommerce: (number: string) => `KvK-nummer ${number}`,
      vatNumber: (number: string) => `Btw-nummer ${number}`,
    },
    toasts: {
      region: 'Meldingen',
      close: 'Melding sluiten',
    },
    cookieBanner: {
      label: 'Cookies',
      text: 'Prijsalarm gebruikt functionele cookies en lokale opslag om je ingelogd te houden en je keuzes te onthouden. Met "Accepteren" mogen we ook anonieme foutrapporten verzamelen om de website te verbeteren.',
      accept: 'Accepteren',
      necessaryOnly: 'Alleen noodzakelijke',
      readMore: 'Lees de privacyverklaring',
    },
    form: {
      optional: '(optioneel)',
      showPassword: 'Wachtwoord tonen',
      hidePassword: 'Wachtwoord verbergen',
      busy: 'Bezig…',
      fixErrors: 'Controleer de gemarkeerde velden.',
    },
    login: {
      loginTitle: 'Inloggen',
      registerTitle: 'Account aanmaken',
      loginIntro: 'Log in om je alerts, meldingen en abonnement te beheren.',
      registerIntro:
        'Maak gratis een account aan voor meer alerts, extra filters en een overzicht van al je meldingen.',
      email: 'E-mailadres',
      password: 'Wachtwoord',
      passwordHint: (min: number) => `Minimaal ${min} tekens`,
      rememberMe: 'Ingelogd blijven op dit apparaat',
      firstName: 'Voornaam',
      lastName: 'Achternaam',
      newsletter: 'Stuur me af en toe de nieuwsbrief met tips en nieuws over Prijsalarm',
      /** Under the register form, around two links: the terms and the privacy statement. */
      agreement: {
        before: 'Met je account ga je akkoord met de ',
        terms: 'algemene voorwaarden',
        between: '. In de ',
        privacy: 'privacyverklaring',
        after: ' lees je hoe we met je gegevens omgaan.',
      },
      submitLogin: 'Inloggen',
      submitRegister: 'Account aanmaken',
      forgotPassword: 'Wachtwoord vergeten?',
      noAccount: 'Nog geen account?',
      toRegister: 'Registreer gratis',
      haveAccount: 'Heb je al een account?',
      toLogin: 'Log in',
      checkEmailTitle: 'Controleer je e-mail',
      backToLogin: 'Terug naar inloggen',
      loggedIn: 'Je bent ingelogd.',
      loggedOut: 'Je bent uitgelogd.',
    },
    forgotPassword: {
      title: 'Wachtwoord vergeten',
      intro:
        'Vul het e-mailadres van je account in. We sturen je dan een link om een nieuw wachtwoord in te stellen.',
      submit: 'Stuur de link',
      sentTitle: 'Controleer je e-mail',
    },
    resetPassword: {
      title: 'Nieuw wachtwoord instellen',
      intro: 'Kies een nieuw wachtwoord voor je account.',
      newPassword: 'Nieuw wachtwoord',
      submit: 'Wachtwoord opslaan',
      doneTitle: 'Wachtwoord gewijzigd',
      toLogin: 'Naar inloggen',
      requestNewLink: 'Nieuwe link aanvragen',
    },
    verify: {
      title: 'E-mailadres bevestigen',
      busy: 'We bevestigen je e-mailadres…',
      done: 'Je e-mailadres is bevestigd. Welkom bij Prijsalarm!',
    },
    loginCallback: {
      title: 'Inloggen met een link',
      busy: 'Je wordt ingelogd…',
      toLogin: 'Naar inloggen',
    },
    unsubscribe: {
      title: 'Uitschrijven voor de nieuwsbrief',
      busy: 'We schrijven je uit…',
      doneFor: (email: string) => `Uitgeschreven: ${email}`,
      toHome: 'Naar de startpagina',
      toAccount: 'Voorkeuren in Mijn account',
    },
    contact: {
      title: 'Contact',
      intro:
        'Heb je een vraag, een idee, of gaat er iets mis? Stuur ons een bericht, dan reageren we zo snel mogelijk.',
      mailUs: 'Liever mailen? Dat kan naar',
      name: 'Naam',
      email: 'E-mailadres',
      subject: 'Onderwerp',
      message: 'Bericht',
      submit: 'Bericht versturen',
      sentTitle: 'Bericht verstuurd',
      sendAnother: 'Nog een bericht sturen',
    },
    faq: {
      title: 'Veelgestelde vragen',
      intro: 'Alles over alerts, meldingen en abonnementen op een rij.',
      showMore: 'Meer vragen tonen',
      showLess: 'Minder vragen tonen',
      notListed: 'Staat je vraag er niet bij?',
      contactUs: 'Neem contact met ons op',
    },
    legal: {
      contents: 'Inhoud',
    },
    forbidden: {
      title: 'Geen toegang',
      text: 'Je hebt geen toegang tot deze pagina. Log in met een account dat wel toegang heeft, of ga terug naar de startpagina.',
      toHome: 'Naar de startpagina',
      toLogin: 'Inloggen',
    },
    notFound: {
      title: 'Pagina niet gevonden',
      text: 'Deze pagina bestaat niet (meer). Misschien is de link verouderd of zit er een typfout in het adres.',
      toHome: 'Naar de startpagina',
      toFaq: 'Bekijk de veelgestelde vragen',
    },
    pricing: {
      title: 'Prijzen',
      intro: 'Begin gratis en stap over wanneer je meer wilt. Pro is maandelijks opzegbaar.',
      perMonth: 'per maand',
      currentPlan: 'Je huidige plan',
      freeAlert: 'Gratis alert maken',
      register: 'Gratis account aanmaken',
      toDashboard: 'Naar je dashboard',
      choosePro: 'Kies Pro',
      plansLabel: 'Plannen',
    },
    subscription: {
      title: 'Pro-abonnement',
      intro: 'Met Pro haal je alles uit Prijsalarm.',
      price: (price: string) => `${price} per maand, maandelijks opzegbaar`,
      isPro: 'Je hebt Pro. Bedankt voor je steun!',
      paymentSoon:
        'Online afrekenen met iDEAL richten we op dit moment in. Wil je nu al overstappen naar Pro? Stuur ons een bericht, dan regelen we het voor je.',
      contactUs: 'Neem contact op',
    },
    home: {
      title: 'Mis nooit meer een koopje',
      intro:
        'Prijsalarm houdt Marktplaats en 2dehands voor je in de gaten en laat het je direct weten als er een nieuwe advertentie verschijnt die past bij je zoekopdracht.',
      createAlert: 'Maak een gratis alert',
      viewPricing: 'Bekijk de prijzen',
      howItWorks: 'Hoe werkt het?',
      steps: (confirmationHours: number) => [
        {
          title: 'Vertel wat je zoekt',
          text: 'Vul je zoekterm in, eventueel met een maximumprijs, je postcode en een afstand.',
        },
        {
          title: 'Bevestig je e-mailadres',
          text: `Je krijgt een e-mail met een bevestigingslink. Die link is ${confirmationHours} uur geldig.`,
        },
        {
          title: 'Wij houden de wacht',
          text: 'Wij controleren Marktplaats en 2dehands op de achtergrond, dag en nacht.',
        },
        {
          title: 'Direct een bericht',
          text: 'Verschijnt er een nieuwe advertentie die past? Dan hoor je het meteen.',
        },
      ],
      carousel: {
        label: 'Hoe werkt het, in 4 stappen',
        step: (number: number, total: number) => `Stap ${number} van ${total}`,
        previous: 'Vorige stap',
        next: 'Volgende stap',
        goTo: (number: number) => `Ga naar stap ${number}`,
        pause: 'Pauzeren',
        play: 'Afspelen',
      },
      featuresTitle: 'Waarom Prijsalarm?',
      features: [
        {
          title: 'Als eerste bij een koopje',
          text: 'Goede deals zijn snel weg. Met een melding binnen minuten ben je andere kopers voor.',
        },
        {
          title: 'Marktplaats en 2dehands',
          text: 'Zoek in Nederland en België tegelijk, met je eigen prijsgrenzen en afstand.',
        },
        {
          title: 'Per e-mail en in je meldingen',
          text: 'Elke melding met foto, prijs, plaats en een directe link, in je mail en in je meldingencentrum.',
        },
        {
          title: 'Gratis te proberen',
          text: 'Je eerste alert maak je zonder account. Opzeggen of pauzeren kan altijd.',
        },
      ],
      pricingTitle: 'Kies het plan dat bij je past',
      ctaTitle: 'Klaar om geen koopje meer te missen?',
      ctaText: 'Maak in een minuut je eerste alert. Gratis en zonder account.',
      ctaTextLoggedIn: 'Maak een nieuwe alert met alle filters van je plan.',
      /** Replaces the guest-only feature ('zonder account') for a signed-in user. */
      featureLoggedIn: {
        title: 'Alles in je dashboard',
        text: 'Beheer je alerts en bekijk elke gevonden advertentie terug in je meldingen.',
      },
      marketplacesLabel: 'Wij zoeken op',
      marketplaceCountry: { NL: 'Nederland', BE: 'België' },
      /** The live figure: counted by the server from what the engine saw today. */
      listingsToday: (count: string) => `${count} advertenties vandaag gecontroleerd`,
      listingsTodayLabel: 'Live',
      preview: {
        title: 'Zo ziet een melding eruit',
        example: 'Voorbeeld',
        mailLabel: 'Voorbeeld van een melding per e-mail',
        telegramLabel: 'Voorbeeld van een melding op je scherm',
        mailFrom: 'Prijsalarm',
        mailSubject: "1 nieuwe advertentie voor 'racefiets'",
        mailIntro: 'Er is een nieuwe advertentie die past bij je alert:',
        listingTitle: 'Gazelle racefiets, 56 cm, Shimano 105',
        listingPrice: '€ 350',
        listingPlace: 'Utrecht · 12 km',
        listingAge: 'Zojuist geplaatst',
        viewListing: 'Bekijk advertentie',
        telegramBot: 'Prijsalarm',
        telegramText: "Nieuw voor 'racefiets'",
        telegramTime: '09:41',
        /** The phone's lock screen the two examples arrive on. */
        lockDate: 'dinsdag 12 november',
        telegramApp: 'Telegram',
        mailApp: 'Mail',
        now: 'nu',
        mailTime: '09:41',
        /** Without Telegram the lock screen shows two mails: this one came earlier. */
        earlierMailTime: '08:12',
        earlierListing: 'Batavus racefiets, 54 cm, € 275',
      },
      ctaButton: 'Maak je alert',
      ctaRegister: 'Of maak een gratis account',
      loggedInTitle: 'Welkom terug',
      loggedInText: 'Maak een nieuwe alert met alle filters van je plan, of bekijk je alerts.',
    },
    createAlert: {
      title: 'Prijsalarm maken',
      intro:
        'Kies het platform, vul je zoekopdracht in en bepaal hoe je je meldingen wilt ontvangen.',
      loginFirst:
        'Log in om een alert met alle filters te maken, of maak zonder account een gratis alert.',
      freeAlert: 'Gratis alert zonder account',
      toDashboardCreate: 'Nieuwe alert in je dashboard',
    },
    freeAlert: {
      title: 'Gratis alert maken',
      intro: (count: string) =>
        `Zonder account maak je ${count} voor Marktplaats. Je ontvangt de meldingen per e-mail.`,
    },
    manageAlert: {
      title: 'Alert beheren',
      intro:
        'Via deze geheime link beheer je je alert zonder in te loggen: bekijken, aanpassen, pauzeren, verlengen of verwijderen.',
    },
    refreshAlert: {
      title: 'Alert verlengen',
      intro: 'Met deze link verleng je je alert, zodat je meldingen blijft ontvangen.',
    },
    dashboard: {
      title: 'Dashboard',
      welcome: (name: string) => `Welkom, ${name}`,
      plan: 'Je plan',
      alerts: 'Alerts',
      notifications: 'Meldingen',
      newAlert: 'Nieuwe alert',
      viewNotifications: 'Naar je meldingen',
      createTitle: 'Nieuwe alert',
      createIntro: 'Stel stap voor stap je nieuwe alert samen.',
    },
    myAccount: {
      title: 'Mijn account',
      tabsLabel: 'Onderdelen van je account',
      tabs: {
        profile: 'Profiel',
        integrations: 'Integraties',
        subscription: 'Abonnement',
      },
      email: 'E-mailadres',
      name: 'Naam',
      plan: 'Plan',
      memberSince: 'Lid sinds',
      newsletter: 'Nieuwsbrief',
      newsletterOn: 'Je ontvangt de nieuwsbrief',
      newsletterOff: 'Je ontvangt de nieuwsbrief niet',
      telegram: 'Telegram',
      telegramConnected: (username: string) => `Gekoppeld als @${username}`,
      telegramConnectedNoName: 'Gekoppeld',
      telegramNotConnected: 'Niet gekoppeld',
      notSet: 'Niet ingevuld',
    },
    notifications: {
      title: 'Meldingen',
      intro: 'Hier vind je alle advertenties die we je hebben gemeld.',
      count: (count: number) =>
        count === 1 ? 'Je hebt 1 melding ontvangen.' : `Je hebt ${count} meldingen ontvangen.`,
    },
    admin: {
      title: 'Beheer',
      intro: 'Overzicht van gebruikers, alerts, betalingen en instellingen.',
    },
  },
} as const;
