/**
 * The Dutch texts of the signed-in screens (dashboard, my account, notification centre, admin),
 * the alert and delivery states they show, how a listing's price and distance read, and the
 * server's answers about notifications, admin actions and the newsletter.
 */
import { CHANNEL_LABELS, type DeliveryChannel } from '../channels/channels';
import type { AlertStatus, DeliveryStatus } from '../domain';
import { RETENTION_TEXTS } from '../retention/strings';

/** An alert's status as users read it (dashboard, admin, manage page). */
export const ALERT_STATUS_LABELS: Readonly<Record<AlertStatus, string>> = {
  pending_confirmation: 'Wacht op bevestiging',
  active: 'Actief',
  paused: 'Gepauzeerd',
  expired: 'Verlopen',
};

/** How a notification went out, per channel (notification centre, manage page). */
export const DELIVERY_TEXTS = {
  /** Each channel's name comes with its row of the channel table. */
  channels: CHANNEL_LABELS,
  statuses: {
    sent: 'Verzonden',
    pending: 'In wachtrij',
    retrying: 'Opnieuw proberen',
    failed: 'Mislukt',
  },
  /** A live notification an open page or the desktop app took. */
  liveShown: 'Getoond',
} as const satisfies {
  channels: Readonly<Record<DeliveryChannel, string>>;
  statuses: Record<DeliveryStatus, string>;
  liveShown: string;
};

/** The signed-in screens: dashboard, my account, notification centre, admin. */
export const SCREEN_TEXTS = {
  common: {
    loading: 'Bezig met laden…',
    retry: 'Opnieuw proberen',
    cancel: 'Annuleren',
    close: 'Sluiten',
    save: 'Opslaan',
    notScheduled: 'Niet gepland',
    unknownDevice: 'Onbekend apparaat',
    deviceOn: (browser: string, os: string) => `${browser} op ${os}`,
    pager: 'Paginering',
    previousPage: 'Vorige',
    nextPage: 'Volgende',
    page: (page: number) => `Pagina ${page}`,
    pageOf: (page: number, total: number) => `Pagina ${page} van ${total}`,
    allPlatforms: 'Alle platformen',
    platform: 'Platform',
    search: 'Zoeken',
  },
  dashboard: {
    alertsHeading: 'Je alerts',
    alertsUsed: (current: number, limit: number | null) =>
      limit === null
        ? `${current} ${current === 1 ? 'alert' : 'alerts'} (onbeperkt)`
        : `${current} van ${limit} alerts gebruikt`,
    emptyTitle: 'Je hebt nog geen alerts',
    emptyText:
      'Maak je eerste alert aan. We laten het je weten zodra er een nieuwe advertentie verschijnt die past bij je zoekopdracht.',
    status: 'Status',
    platforms: 'Platform',
    nextCheck: 'Volgende controle',
    expires: 'Geldig tot',
    notifications: 'Meldingen',
    notificationCount: (count: number) => (count === 1 ? '1 melding' : `${count} meldingen`),
    pause: 'Pauzeren',
    resume: 'Hervatten',
    extend: 'Verlengen',
    edit: 'Bewerken',
    delete: 'Verwijderen',
    actionFor: (action: string, searchTerm: string) => `${action}: ${searchTerm}`,
    paused: (searchTerm: string) => `Alert "${searchTerm}" is gepauzeerd.`,
    resumed: (searchTerm: string) => `Alert "${searchTerm}" is weer actief.`,
    deleteTitle: 'Alert verwijderen?',
    deleteText: (searchTerm: string) =>
      `Weet je zeker dat je de alert "${searchTerm}" wilt verwijderen? Je ontvangt er dan geen meldingen meer over.`,
    upgrade: 'Upgrade naar Pro',
    buyExtraAlerts: 'Koop extra alerts',
    telegram: 'Telegram',
    telegramConnect: 'Koppel Telegram',
    alertsLabel: 'Je alerts',
    checkInterval: 'Controle',
    /** The menu of an alert card's other actions. */
    moreActions: 'Meer acties',
  },
  myAccount: {
    tabs: {
      password: 'Wachtwoord',
      newsletter: 'Nieuwsbrief',
      sessions: 'Sessies',
      deleteAccount: 'Account verwijderen',
    },
    profileTitle: 'Je gegevens',
    emailReadOnly: 'Je e-mailadres kun je niet wijzigen.',
    firstName: 'Voornaam',
    lastName: 'Achternaam',
    displayName: 'Weergavenaam',
    profileSaved: 'Je gegevens zijn opgeslagen.',
    passwordTitle: 'Wachtwoord wijzigen',
    passwordIntro:
      'Na het wijzigen word je op al je apparaten uitgelogd. Log daarna opnieuw in met je nieuwe wachtwoord.',
    currentPassword: 'Huidig wachtwoord',
    newPassword: 'Nieuw wachtwoord',
    changePassword: 'Wachtwoord wijzigen',
    newsletterTitle: 'Nieuwsbrief',
    newsletterIntro: 'Af en toe tips en nieuws over Prijsalarm. Je kunt je altijd weer afmelden.',
    newsletterOptIn: 'Ik wil de nieuwsbrief ontvangen',
    newsletterSubscribed: 'Je bent aangemeld voor de nieuwsbrief.',
    newsletterUnsubscribed: 'Je bent afgemeld voor de nieuwsbrief.',
    deleteTitle: 'Account verwijderen',
    deleteIntro:
      'Als je je account verwijdert, verdwijnen al je alerts, meldingen en gegevens definitief. Dit kan niet ongedaan worden gemaakt.',
    deletePassword: 'Bevestig met je wachtwoord',
    deleteButton: 'Account verwijderen',
    deleteConfirmTitle: 'Weet je het zeker?',
    deleteConfirmText:
      'Je account, alerts en meldingen worden definitief verwijderd. Dit kan niet ongedaan worden gemaakt.',
    deleteConfirm: 'Ja, verwijder mijn account',
    telegramTitle: 'Telegram',
    telegramIntro: 'Ontvang je meldingen direct in Telegram, naast of in plaats van e-mail.',
    telegramConnect: 'Koppel Telegram',
    telegramSteps: [
      'Klik op "Koppel Telegram". Telegram opent een gesprek met de Prijsalarm-bot.',
      'Druk in Telegram op "Start". Je account wordt dan vanzelf gekoppeld.',
      'Lukt dat niet? Stuur /start naar de bot en vul de code die je krijgt hieronder in.',
    ],
    telegramCode: 'Koppelcode',
    telegramVerify: 'Code controleren',
    telegramCheck: 'Ik heb op Start gedrukt',
    telegramDisconnect: 'Ontkoppelen',
    telegramTest: 'Testbericht sturen',
    telegramLinked: 'Je Telegram-account is gekoppeld.',
    telegramUnlinked: 'Je Telegram-account is ontkoppeld.',
    telegramStillWaiting:
      'We zien nog geen koppeling. Druk in Telegram op "Start" en probeer het opnieuw.',
    telegramUnavailable: 'Telegram-koppelen is op dit moment niet beschikbaar.',
    upgrade: 'Bekijk de abonnementen',
    sessionsTitle: 'Waar je bent ingelogd',
    sessionsIntro:
      'Herken je een sessie niet? Log die uit, of log overal uit en wijzig je wachtwoord.',
    sessionCurrent: 'Dit apparaat',
    sessionStarted: 'Ingelogd op',
    sessionLastUsed: 'Laatst gebruikt',
    endSession: 'Uitloggen',
    endSessionFor: (device: string) => `Uitloggen op ${device}`,
    logoutEverywhere: 'Overal uitloggen',
    logoutEverywhereTitle: 'Overal uitloggen?',
    logoutEverywhereText:
      'Je wordt op al je apparaten uitgelogd, ook op dit apparaat. Daarna log je opnieuw in.',
    noSessions: 'Geen actieve sessies gevonden.',
  },
  notifications: {
    filters: 'Filters',
    searchTerm: 'Zoeken in titels',
    alerts: 'Alerts',
    platform: 'Platform',
    minPrice: 'Minimumprijs (€)',
    maxPrice: 'Maximumprijs (€)',
    startDate: 'Vanaf',
    endDate: 'Tot en met',
    apply: 'Filters toepassen',
    reset: 'Filters wissen',
    sortBy: 'Sorteren op',
    sortFields: { createdAt: 'Datum', price: 'Prijs', title: 'Titel', platform: 'Platform' },
    sortOrder: 'Volgorde',
    sortOrders: { desc: 'Aflopend', asc: 'Oplopend' },
    results: (total: number) =>
      total === 1 ? '1 melding gevonden' : `${total} meldingen gevonden`,
    empty: 'Geen meldingen gevonden die passen bij je filters.',
    emptyNoFilters:
      'Je hebt nog geen meldingen. Zodra een van je alerts een nieuwe advertentie vindt, zie je die hier.',
    listLabel: 'Meldingen',
    newBadge: 'nieuw',
    alert: (searchTerm: string) => `Alert: ${searchTerm}`,
    open: 'Bekijk advertentie',
    openOn: (platform: string) => `Bekijk op ${platform}`,
    markViewed: 'Markeer als gelezen',
    markAllViewed: 'Alles als gelezen markeren',
    markedAllViewed: (count: number) =>
      count === 1
        ? '1 melding als gelezen gemarkeerd.'
        : count === 0
          ? 'Je had geen ongelezen meldingen.'
          : `${count} meldingen als gelezen gemarkeerd.`,
    deliveries: 'Verzending',
    export: 'Exporteren als CSV',
    exported: 'De export is gedownload.',
    exportFilename: 'meldingen.csv',
    statsTitle: 'Statistieken',
    total: 'Totaal',
    unread: 'Ongelezen',
    perAlert: 'Per alert',
    perPlatform: 'Per platform',
    perDay: (days: number) => `Per dag (laatste ${days} dagen)`,
    count: 'Aantal',
    liveNew: (count: number) =>
      count === 1 ? '1 nieuwe melding — vernieuwen' : `${count} nieuwe meldingen — vernieuwen`,
    liveArrived: (title: string) => `Nieuwe melding: ${title}`,
    liveOffline: 'Live meldingen zijn even niet verbonden. We proberen het opnieuw.',
  },
  admin: {
    tabsLabel: 'Onderdelen van het beheer',
    tabs: {
      stats: 'Overzicht',
      users: 'Gebruikers',
      alerts: 'Alerts',
      payments: 'Betalingen',
      settings: 'Instellingen',
    },
    users: 'Gebruikers',
    alerts: 'Alerts',
    activeAlerts: 'Actieve alerts',
    notifications: 'Meldingen',
    notificationsLast24h: 'Meldingen (laatste 24 uur)',
    byPlan: 'Gebruikers per plan',
    searchUsers: 'Zoek op e-mail of naam',
    searchAlerts: 'Zoek op zoekterm of e-mail',
    plan: 'Plan',
    allPlans: 'Alle plannen',
    status: 'Status',
    allStatuses: 'Alle statussen',
    email: 'E-mailadres',
    name: 'Naam',
    role: 'Rol',
    createdAt: 'Aangemaakt',
    owner: 'Eigenaar',
    searchTermColumn: 'Zoekterm',
    alertCount: 'Alerts',
    notificationCount: 'Meldingen',
    actions: 'Acties',
    planOf: (email: string) => `Plan van ${email}`,
    planChanged: (email: string, plan: string) => `Het plan van ${email} is nu ${plan}.`,
    noUsers: 'Geen gebruikers gevonden.',
    noAlerts: 'Geen alerts gevonden.',
    deleteAlert: 'Verwijderen',
    deleteAlertFor: (searchTerm: string) => `Alert "${searchTerm}" verwijderen`,
    deleteAlertTitle: 'Alert verwijderen?',
    deleteAlertText: (searchTerm: string, owner: string) =>
      `De alert "${searchTerm}" van ${owner} en al zijn meldingen worden definitief verwijderd.`,
    guestOwner: 'gast',
    unlimitedHint: 'Leeg laten = onbeperkt',
    saved: (title: string) => `${title} opgeslagen.`,
    settings: {
      'features.pricingTool': 'Prijzentool',
      'features.filterPaidAds': 'Filter op betaalde advertenties',
      pricing: 'Prijzen',
      alertLimits: 'Maximum aantal alerts per plan',
      checkIntervals: 'Controle-interval per plan (minuten)',
      validityPeriods: 'Geldigheid van een alert per plan (dagen)',
      telegramAlertLimits: 'Alerts met Telegram-meldingen per plan',
      'seo.maxFaqItems': 'Aantal vragen in de FAQ op de startpagina',
      retention: RETENTION_TEXTS.admin.title,
    },
    fields: {
      enabled: 'Ingeschakeld',
      displayMode: 'Weergave',
      displayModes: { visible: 'Zichtbaar in de menu’s', hidden: 'Verborgen' },
      filterPaidAds: 'Pro-gebruikers kunnen betaalde advertenties wegfilteren',
      model: 'Prijsmodel',
      models: { per_alert: 'Prijs per extra alert', subscription_only: 'Alleen abonnementen' },
      currency: 'Valuta (ISO-code, bijv. EUR)',
      pricePerAlert: 'Prijs per extra alert',
      subscriptionPrice: (plan: string) => `Abonnement ${plan} per maand`,
      maxFaqItems: 'Aantal vragen',
    },
    trends: {
      title: (days: number) => `De laatste ${days} dagen`,
      day: 'Dag',
      newUsers: 'Nieuwe gebruikers',
      alerts: 'Nieuwe alerts',
      notificationsSent: 'Verzonden meldingen',
      revenue: 'Omzet',
    },
    setAside: {
      title: 'Apart gezette advertenties',
      intro:
        'Advertenties die we niet konden opslaan of versturen. Ze zijn overgeslagen; de rest van hun zoekopdracht ging gewoon door.',
      count: (shown: number, total: number) =>
        shown === total ? `${total} in totaal` : `De nieuwste ${shown} van ${total}`,
      none: 'Geen apart gezette advertenties.',
      when: 'Wanneer',
      platform: 'Site',
      listing: 'Advertentie',
      stage: 'Waar',
      stages: {
        'feed-store': 'Opslaan (nieuwe advertenties)',
        'feed-match': 'Koppelen aan alerts',
        'search-check': 'Controle van een zoekopdracht',
      },
      reason: 'Reden',
      snippet: 'Begin van de advertentie',
    },
  },
} as const;

/** An alert's checks as the wizard, the manage page and the dashboard state them. */
export const CHECK_TEXTS = {
  interval: 'Controle',
  nextCheck: 'Volgende controle',
  awaitingConfirmation: 'Wacht op bevestiging',
  running: 'nu bezig',
  notScheduled: 'Niet gepland',
  noEnd: 'Geen einddatum',
} as const;

/** Listing facts in alert messages (Telegram, e-mail): price by priceType, distance. */
export const LISTING_TEXTS = {
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
} as const;

/** Notification centre answers and the CSV export (server routes/notifications). */
export const NOTIFICATION_TEXTS = {
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
} as const;

/** Admin answers (server routes/admin). */
export const ADMIN_TEXTS = {
  userNotFound: 'Gebruiker niet gevonden.',
  alertNotFound: 'Alert niet gevonden.',
  alertDeleted: 'De alert is verwijderd.',
} as const;

/** Newsletter unsubscribe (the /uitschrijven page and the RFC 8058 one-click POST). */
export const NEWSLETTER_TEXTS = {
  unsubscribed: 'Je bent uitgeschreven voor de nieuwsbrief. Je ontvangt geen nieuwsbrieven meer.',
  invalidLink:
    'Deze afmeldlink is ongeldig. Gebruik de link uit de meest recente e-mail of wijzig je voorkeuren in Mijn account.',
  /** Subject of the mailto: unsubscribe in the List-Unsubscribe header. */
  mailtoSubject: 'Uitschrijven nieuwsbrief',
} as const;
