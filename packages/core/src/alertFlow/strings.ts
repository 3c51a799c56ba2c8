/**
 * The Dutch texts of an alert's way: the guest form, the wizard and its edit mode, the manage and
 * refresh pages, and the server's answers about creating, confirming, refreshing and deleting an
 * alert. The web app bundles this file with the guest form and the alert screens, not with the
 * shell every page loads: keep texts the shell shows out of it.
 */
import type { DistanceKm } from '../constants';
import type { AlertStatus } from '../domain';
import type { DeliveryMethod, SellerType } from '../validation/filters';
import { POSTAL_CODE_EXAMPLES } from '../validation/postalCode';

const SELLER_TYPE_LABELS: Record<SellerType, string> = {
  all: 'Alle verkopers',
  private: 'Particulier',
  business: 'Zakelijk',
};

const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  both: 'Ophalen of verzenden',
  pickup: 'Alleen ophalen',
  shipping: 'Alleen verzenden',
};

/** The guest form, the wizard and what both show after sending. */
export const ALERT_FORM_TEXTS = {
  guest: {
    heading: 'Maak gratis je alert',
    intro: 'Geen account nodig: je ontvangt de meldingen per e-mail.',
    formLabel: 'Gratis alert aanmaken',
    emailHint: 'Hier sturen we de bevestigingslink en je meldingen naartoe.',
    confirmationNote: (hours: number) =>
      `Je krijgt een e-mail met een bevestigingslink die ${hours} uur geldig is. Pas na bevestiging gaan we zoeken.`,
    loading: 'Formulier wordt geladen…',
  },
  fields: {
    searchTerm: 'Zoekterm',
    searchTermPlaceholder: 'Bijvoorbeeld: iPhone 13',
    maxPrice: 'Maximumprijs (€)',
    minPrice: 'Minimumprijs (€)',
    pricePlaceholder: 'Geen grens',
    postalCode: 'Postcode',
    postalCodePlaceholder: POSTAL_CODE_EXAMPLES,
    distance: 'Afstand',
    distanceOption: (km: DistanceKm) => `${km} km`,
    email: 'E-mailadres',
  },
  result: {
    successTitle: 'Je alert is aangemaakt!',
    guestSuccess: (hours: number) =>
      `Check je e-mail om je alert te bevestigen. De bevestigingslink is ${hours} uur geldig.`,
    accountSuccess:
      'We laten het je weten zodra er een nieuwe advertentie verschijnt die bij je zoekopdracht past.',
    redirectingToManage: 'Je gaat zo naar de beheerpagina van je alert.',
    redirectingToDashboard: 'Je gaat zo terug naar je dashboard.',
    continueNow: 'Nu verder',
    errorTitle: 'Het aanmaken is niet gelukt',
    retry: 'Opnieuw proberen',
    upgradeRedirect: 'Je gaat zo naar de pagina waar je je plan kunt upgraden.',
    upgradeNow: 'Bekijk de plannen',
  },
  wizard: {
    label: 'Nieuwe alert',
    progress: (step: number, total: number) => `Stap ${step} van ${total}`,
    progressLabel: 'Voortgang',
    steps: {
      platform: 'Platform',
      category: 'Categorie',
      search: 'Zoekopdracht',
      priceLocation: 'Prijs en locatie',
      carFilters: 'Autofilters',
      advanced: 'Extra filters',
      summary: 'Meldingen en overzicht',
    },
    intros: {
      platform: 'Op welke marktplaats wil je zoeken?',
      category:
        'Zoek je in een bepaalde categorie? Dit is niet verplicht: sla deze stap gerust over.',
      search: 'Waar ben je naar op zoek?',
      priceLocation: 'Stel je prijsgrenzen en je zoekgebied in.',
      carFilters: "Verfijn je zoekopdracht naar auto's.",
      advanced: 'Filter de advertenties nog verder.',
      summary: 'Kies hoe je meldingen wilt ontvangen en controleer je alert.',
    },
    previous: 'Vorige',
    next: 'Volgende',
    skip: 'Overslaan',
    change: 'Wijzigen',
    loading: 'Even geduld…',
    maxAlertsUpgrade: 'Upgrade je plan voor meer alerts',
    /** Read before a step's name while editing, where each step is a button. */
    goToStep: (step: number) => `Naar stap ${step}: `,
  },
  platform: {
    groupLabel: 'Platform',
    countries: { NL: 'Nederland', BE: 'België' } as Record<string, string>,
    selected: 'Gekozen',
    toLogin: 'Inloggen',
    toUpgrade: 'Bekijk de abonnementen',
  },
  category: {
    l1: 'Hoofdcategorie',
    l2: 'Subcategorie',
    all: 'Alle categorieën',
    allSubcategories: 'Alle subcategorieën',
    loading: 'Categorieën laden…',
  },
  car: {
    loading: 'Autofilters laden…',
    reload: 'Opnieuw laden',
    advertiser: 'Adverteerder',
    mileageMin: 'Kilometerstand vanaf',
    mileageMax: 'Kilometerstand tot',
    yearMin: 'Bouwjaar vanaf',
    yearMax: 'Bouwjaar tot',
    fuel: 'Brandstof',
  },
  advanced: {
    deliveryMethod: 'Levering',
    deliveryMethods: DELIVERY_METHOD_LABELS,
    onlyWithImages: "Alleen advertenties met foto's",
    includePaidAds: 'Ook betaalde (gesponsorde) advertenties tonen',
    sellerType: 'Type verkoper',
    sellerTypes: SELLER_TYPE_LABELS,
    conditions: 'Staat',
    excludeWords: 'Woorden uitsluiten',
    excludeWordsHint: 'Scheid woorden met een komma. Advertenties met zo’n woord slaan we over.',
    hideReserved: 'Gereserveerde advertenties verbergen',
  },
  /** Changing a saved alert: the wizard on /dashboard/alerts/{id}/bewerken and the manage page. */
  edit: {
    title: 'Alert bewerken',
    intro: 'Je alert staat hieronder ingevuld. Loop de stappen door en sla je wijzigingen op.',
    loading: 'Je alert wordt geladen…',
    notFound: 'Deze alert bestaat niet (meer) of hoort bij een ander account.',
    save: 'Wijzigingen opslaan',
    saved: 'Je wijzigingen zijn opgeslagen.',
    backToDashboard: 'Terug naar je dashboard',
    notifications: 'Meldingen',
    /** Beside a setting the alert has but the owner's plan no longer offers. */
    keptFromPlan: (lock: string) =>
      `${lock.replace(/\.$/, '')}. Je alert houdt deze instelling zolang je die niet wijzigt.`,
  },
  notify: {
    legend: 'Hoe wil je meldingen ontvangen?',
    email: 'Per e-mail',
    telegram: 'Via Telegram',
    push: 'Pushmelding op je telefoon of computer',
    /** Where push goes: the devices the user turned it on for. */
    pushDevices: 'Op elk apparaat waar je meldingen aanzette.',
    pushLink: 'Meldingen aanzetten in Mijn account',
    /** E-mail is the last channel on: named are only the others this alert could use instead. */
    emailStaysOn: (telegram: boolean, push: boolean) =>
      telegram && push
        ? 'E-mail blijft aan zolang Telegram en pushmeldingen uit staan.'
        : telegram
          ? 'E-mail blijft aan zolang Telegram uit staat.'
          : 'E-mail blijft aan zolang pushmeldingen uit staan.',
    /** Without Telegram on this server: e-mail is the channel that stays. */
    emailOnly: 'Je meldingen komen per e-mail en in je meldingencentrum.',
    telegramLink: 'Telegram koppelen in Mijn account',
  },
  summary: {
    heading: 'Overzicht',
    platform: 'Platform',
    searchTerm: 'Zoekterm',
    category: 'Categorie',
    price: 'Prijs',
    location: 'Locatie',
    sellerType: 'Type verkoper',
    checkInterval: 'Controle',
    notSet: 'Niet ingevuld',
  },
  location: (postalCode: string | null, distance: number | null, wholeCountry: string) =>
    postalCode === null
      ? wholeCountry
      : distance === null
        ? postalCode
        : `binnen ${distance} km van ${postalCode}`,
} as const;

/** The manage page (/manage/{token}) and the refresh page (…/refresh/{refreshToken}). */
export const MANAGE_ALERT_TEXTS = {
  loading: 'Je alert wordt geladen…',
  notFoundTitle: 'Alert niet gevonden',
  notFoundHint: 'Controleer of je de volledige link uit je e-mail hebt gebruikt.',
  loadFailed: 'Je alert kon niet worden geladen.',
  reload: 'Opnieuw laden',
  toHome: 'Naar de startpagina',
  statusHints: {
    pending_confirmation:
      'Bevestig je e-mailadres via de link in de e-mail die we je stuurden. Daarna gaan we voor je zoeken.',
    active: 'We zoeken voor je en laten het weten zodra er iets nieuws verschijnt.',
    paused: 'Je alert is gepauzeerd: we zoeken niet en sturen geen meldingen tot je hem hervat.',
    expired: 'Je alert is verlopen. Verleng hem om weer meldingen te ontvangen.',
  } satisfies Record<AlertStatus, string>,
  /** The page's own lines beside the alert's description (core's describeAlert). */
  details: {
    email: 'E-mailadres',
    checkInterval: 'Controle',
    expiresAt: 'Actief tot',
    lastCheckedAt: 'Laatst gecontroleerd',
    never: 'Nog niet',
  },
  actions: {
    label: 'Acties',
    edit: 'Aanpassen',
    pause: 'Pauzeren',
    resume: 'Hervatten',
    extend: 'Verlengen',
    delete: 'Verwijderen',
  },
  paused: 'Je alert is gepauzeerd.',
  resumed: 'Je alert is weer actief.',
  saved: ALERT_FORM_TEXTS.edit.saved,
  edit: {
    heading: 'Alert aanpassen',
    save: ALERT_FORM_TEXTS.edit.save,
    cancel: 'Annuleren',
  },
  deleteDialog: {
    title: 'Alert verwijderen?',
    text: 'Je ontvangt daarna geen meldingen meer voor deze zoekopdracht. Dit kun je niet ongedaan maken.',
    confirm: 'Ja, verwijderen',
    cancel: 'Annuleren',
  },
  notifications: {
    heading: 'Gevonden advertenties',
    count: (count: number) =>
      count === 1 ? '1 advertentie gevonden' : `${count} advertenties gevonden`,
    empty:
      'Er zijn nog geen advertenties gevonden. We laten het je weten zodra er iets nieuws verschijnt.',
    open: 'Bekijk advertentie',
    foundAt: (when: string) => `Gevonden op ${when}`,
    deliveriesLabel: 'Verzonden meldingen',
  },
  refresh: {
    busy: 'Je alert wordt verlengd…',
    doneTitle: 'Alert verlengd',
    newExpiry: (date: string) => `Je alert is nu actief tot ${date}.`,
    failedTitle: 'Verlengen is niet gelukt',
    toManage: 'Naar je alert',
  },
} as const;

/** Alerts: creation, guest confirmation and the token links (manage, refresh). */
export const ALERT_TEXTS = {
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
} as const;
