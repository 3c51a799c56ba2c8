/** Every Dutch text of payments, the subscription and receipts, in one place. */
import type { PaymentStatus } from './products';

export const PAYMENT_TEXTS = {
  errors: {
    unavailable: 'Betalen is nu niet mogelijk. Probeer het later opnieuw.',
    unknownProduct: 'Kies Pro of extra alerts.',
    quantityRange: 'Kies tussen 1 en 50 extra alerts.',
    alreadyPro: 'Je hebt al een actief Pro-abonnement.',
    noSubscription: 'Je hebt geen actief Pro-abonnement.',
    paymentNotFound: 'Deze betaling bestaat niet.',
    extraAlertsNotForPlan: (plans: string) => `Extra alerts kun je kopen met het plan ${plans}.`,
    providerFailed:
      'De betaalpagina kon niet worden geopend. Probeer het over een paar minuten opnieuw.',
  },

  products: {
    pro: 'Prijsalarm Pro, 1 maand',
    extraAlerts: (quantity: number) =>
      quantity === 1 ? '1 extra alert' : `${quantity} extra alerts`,
    renewal: 'Prijsalarm Pro, maandelijkse verlenging',
  },

  status: {
    open: 'Wacht op betaling',
    pending: 'In behandeling',
    authorized: 'Geautoriseerd',
    paid: 'Betaald',
    canceled: 'Geannuleerd',
    expired: 'Verlopen',
    failed: 'Mislukt',
  } satisfies Record<PaymentStatus, string>,

  pricing: {
    buyPro: 'Word Pro',
    loginToBuy: 'Log in om Pro te worden',
    currentPlan: 'Je huidige abonnement',
    unavailable: 'Betalen is nu niet mogelijk. Probeer het later opnieuw.',
    perMonth: 'per maand, maandelijks opzegbaar',
    inclVat: 'incl. btw',
    vatNote: (percent: number) => `Alle prijzen zijn in euro en inclusief ${percent}% btw.`,
    methodsLabel: 'Betaalmethoden',
    payWith: 'Je betaalt veilig via Mollie met',
    guestPro:
      'Voor Pro heb je een account nodig. Maak er gratis een aan of log in, daarna reken je af.',
    createAccount: 'Account aanmaken',
    logIn: 'Inloggen',
    extraAlertsFor: (plans: string) => `Voor het plan ${plans}.`,
    extraAlertsHighlight: (price: string) => `Extra alerts voor ${price} per stuk, eenmalig`,
    extraAlertsGuest: 'Maak een gratis account aan om extra alerts te kopen.',
    extraAlertsTitle: 'Extra alerts',
    extraAlertsText: (price: string) =>
      `Meer alerts nodig? Koop er zoveel als je wilt voor ${price} per alert, eenmalig.`,
  },

  callback: {
    title: 'Betaling',
    processing: 'We verwerken je betaling…',
    processingHint: 'Dit duurt meestal maar een paar seconden. Sluit deze pagina niet.',
    successPro: 'Gelukt! Je bent nu Pro.',
    successExtraAlerts: (quantity: number) =>
      quantity === 1
        ? 'Gelukt! Je kunt nu 1 alert extra maken.'
        : `Gelukt! Je kunt nu ${quantity} alerts extra maken.`,
    failed: 'De betaling is niet gelukt. Er is niets afgeschreven.',
    canceled: 'Je hebt de betaling geannuleerd. Er is niets afgeschreven.',
    expired: 'De betaling is verlopen. Er is niets afgeschreven.',
    retry: 'Opnieuw proberen',
    toDashboard: 'Naar je dashboard',
    toSubscription: 'Naar je abonnement',
    missing: 'We weten niet over welke betaling het gaat.',
    summary: 'Je aankoop',
    product: 'Wat je kocht',
    amount: 'Bedrag',
    amountInclVat: (amount: string, vat: string) => `${amount} incl. btw (waarvan ${vat} btw)`,
    period: 'Periode',
    nextCharge: 'Volgende afschrijving',
    nextChargeOn: (date: string, amount: string) => `${date}, ${amount}. Maandelijks opzegbaar.`,
    noNextCharge: 'Geen: je abonnement is opgezegd.',
    payment: 'Betaling',
    oneOff: 'Eenmalig, er wordt niets meer afgeschreven.',
    receipt: 'Bon',
    viewReceipt: 'Bon bekijken en afdrukken',
    nextStepPro: 'Maak een alert met Pro',
    nextStepExtraAlerts: 'Maak een alert',
  },

  checkout: {
    title: 'Pro afrekenen',
    intro: 'Controleer je bestelling. Je betaalt op de beveiligde betaalpagina van Mollie.',
    product: 'Product',
    amount: 'Bedrag',
    renewal: 'Verlenging',
    renewalText: 'Elke maand, maandelijks opzegbaar',
    alreadyPro: 'Je hebt al Pro.',
  },

  subscription: {
    title: 'Abonnement',
    plan: 'Huidig abonnement',
    paidUntil: 'Betaald tot',
    nextCharge: 'Volgende afschrijving',
    endsOn: 'Pro loopt af op',
    graceUntil: (date: string) =>
      `De laatste afschrijving is mislukt. Je houdt Pro tot ${date}; daarna val je terug naar Geregistreerd.`,
    canceledNote: (date: string) =>
      `Je abonnement is opgezegd. Je houdt Pro tot ${date}; daarna wordt er niets meer afgeschreven.`,
    cancel: 'Abonnement opzeggen',
    cancelConfirm:
      'Weet je zeker dat je Pro wilt opzeggen? Je houdt Pro tot het einde van de betaalde periode.',
    cancelYes: 'Ja, opzeggen',
    cancelNo: 'Nee, Pro houden',
    canceled: 'Je abonnement is opgezegd.',
    upgradeTitle: 'Upgrade naar Pro',
    upgradeText: (price: string) =>
      `Voor ${price} per maand: meer alerts, snellere controles en alle filters. Maandelijks opzegbaar.`,
    extraAlerts: 'Extra alerts',
    extraAlertsOwned: (count: number) =>
      count === 1 ? 'Je hebt 1 extra alert gekocht.' : `Je hebt ${count} extra alerts gekocht.`,
    quantityLabel: 'Aantal extra alerts',
    buyExtraAlerts: (quantity: number, price: string) =>
      `${quantity === 1 ? '1 extra alert' : `${quantity} extra alerts`} kopen voor ${price}`,
    payments: 'Betalingen en bonnen',
    noPayments: 'Je hebt nog geen betalingen.',
    receipt: 'Bon',
    showReceipt: 'Bon bekijken',
    pausedAlerts: (count: number) =>
      count === 1
        ? '1 alert staat gepauzeerd omdat je limiet lager is geworden. Word weer Pro of koop extra alerts om hem te hervatten.'
        : `${count} alerts staan gepauzeerd omdat je limiet lager is geworden. Word weer Pro of koop extra alerts om ze te hervatten.`,
  },

  maxAlerts: {
    offer: 'Koop extra alerts voor je huidige abonnement, of word Pro.',
    buy: 'Extra alerts kopen',
  },

  receipt: {
    title: 'Betalingsbewijs',
    heading: (number: string) => `Betalingsbewijs ${number}`,
    seller: 'Verkoper',
    customer: 'Klant',
    vatNumber: 'Btw-nummer',
    period: 'Periode',
    oneOff: 'Eenmalig',
    print: 'Afdrukken',
    back: 'Naar je abonnement',
    none: 'Voor deze betaling is nog geen bon: die komt zodra de betaling is gelukt.',
    number: 'Bonnummer',
    date: 'Datum',
    product: 'Omschrijving',
    amountExVat: 'Bedrag excl. btw',
    vat: 'Btw 21%',
    total: 'Totaal',
    paidWith: 'Betaald met iDEAL via Mollie',
    chamberOfCommerce: 'KvK',
    subject: (number: string) => `Je betalingsbewijs ${number} van Prijsalarm`,
    intro: 'Bedankt voor je betaling. Hieronder vind je je betalingsbewijs.',
  },

  dunning: {
    subject: 'Je betaling voor Prijsalarm Pro is mislukt',
    text: (date: string) =>
      `De maandelijkse afschrijving voor Prijsalarm Pro is mislukt. Je houdt Pro tot ${date}. Wordt er tot dan niet betaald, dan val je terug naar Geregistreerd: alerts boven je limiet worden gepauzeerd, niet verwijderd.`,
    action: 'Opnieuw Pro worden',
  },

  admin: {
    title: 'Betalingen',
    activePro: 'Actieve Pro-abonnementen',
    revenueThisMonth: 'Omzet deze maand',
    columns: {
      date: 'Datum',
      user: 'Gebruiker',
      product: 'Product',
      amount: 'Bedrag',
      status: 'Status',
    },
    empty: 'Nog geen betalingen.',
  },
} as const;
