/**
 * The Dutch texts of an alert's private RSS feed: what a feed reader shows (the server writes
 * them into the XML) and the feed link on the dashboard and the manage page.
 */
export const ALERT_FEED_TEXTS = {
  /** The feed as a reader lists it. */
  channel: {
    title: (searchTerm: string) => `Prijsalarm: "${searchTerm}"`,
    description: (searchTerm: string, limit: number) =>
      `De laatste ${limit} advertenties die je alert "${searchTerm}" vond.`,
  },
  /** Between the parts of an item's description: price, place, the start of the ad's text. */
  itemSeparator: ' · ',
  /**
   * The link on the dashboard and the manage page. A control's label starts with its visible
   * text (WCAG 2.5.3, as the dashboard's `actionFor`) and names the alert.
   */
  link: {
    heading: 'RSS-feed',
    hint: (limit: number) =>
      `Een privélink voor je feedlezer of automatisering, met de laatste ${limit} advertenties van deze alert. Deel hem niet: wie hem heeft, ziet je advertenties.`,
    copy: 'Kopiëren',
    copyLabel: (searchTerm: string) => `Kopiëren: RSS-link van ${searchTerm}`,
    copied: 'De RSS-link is gekopieerd.',
    copyFailed: 'Kopiëren lukte niet. Selecteer de link en kopieer hem zelf.',
    renew: 'Nieuwe link maken',
    renewLabel: (searchTerm: string) => `Nieuwe link maken: RSS-feed van ${searchTerm}`,
    renewDialog: {
      title: 'Nieuwe RSS-link maken?',
      text: 'De huidige link werkt daarna niet meer: een feedlezer of automatisering die hem gebruikt, krijgt dan niets meer tot je de nieuwe link daar invult.',
      confirm: 'Nieuwe link maken',
    },
    create: 'RSS-link maken',
    createLabel: (searchTerm: string) => `RSS-link maken: ${searchTerm}`,
    none: 'Deze alert heeft nog geen RSS-link.',
    renewed: 'Er is een nieuwe RSS-link gemaakt. De oude link werkt niet meer.',
  },
} as const;
