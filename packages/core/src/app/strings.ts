/**
 * The Dutch texts of the apps' shell and the web app's pages: the product's name, the menus and
 * the footer, what a failed start shows, each page's own texts and the contact form's answer.
 * Keep a parameterised text a function.
 */

/** The product, the menus, the footer and the toasts of a failed start (web and desktop). */
export const APP_TEXTS = {
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

  /** Which toast a failed application start shows (toasts.ts). */
  startup: {
    loading: 'Applicatie wordt geladen...',
    secureStorageUnavailable: 'Beveiligde opslag niet beschikbaar, gebruik maken van alternatief',
    loadError: 'Er ging iets mis bij het laden van de applicatie',
  },
} as const;

/** The web app's own texts (packages/web): the shell, the account screens and the static pages. */
export const WEB_TEXTS = {
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
} as const;

/** Contact form (POST /contact). */
export const CONTACT_TEXTS = {
  sent: 'Bedankt voor je bericht! We reageren zo snel mogelijk.',
} as const;
