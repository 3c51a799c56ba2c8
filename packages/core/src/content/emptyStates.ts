/**
 * The empty states of the signed-in screens: what is missing, in a line, and the next step as a
 * button. Beside SCREEN_TEXTS, bundled only with those lazily loaded screens.
 */
export const EMPTY_STATE_TEXTS = {
  dashboard: {
    action: 'Maak je eerste alert',
  },
  notifications: {
    title: 'Nog geen meldingen',
    action: 'Bekijk je alerts',
    filteredTitle: 'Niets gevonden',
    showAll: 'Toon alle meldingen',
  },
  webhooks: {
    text: 'Voeg de URL van je systeem toe: elke nieuwe advertentie gaat er dan als JSON naartoe.',
    action: 'Voeg je eerste webhook toe',
  },
  admin: {
    filteredText: 'Niets past bij deze zoekopdracht of filters.',
    clearFilters: 'Zoekopdracht wissen',
    alertsText: 'Zodra iemand een alert maakt, staat die hier.',
    paymentsText:
      'Betalingen voor Pro en extra alerts verschijnen hier zodra iemand afrekent. De prijzen stel je in bij Instellingen.',
    toPricing: 'Naar de prijzen',
  },
} as const;
