/**
 * Dutch texts of an alert's delivery schedule: the form's labels and help, the
 * validation messages, and the digest's mail and Telegram lines.
 */

const ads = (count: number) => (count === 1 ? '1 advertentie' : `${count} advertenties`);

export const SCHEDULE_TEXTS = {
  form: {
    legend: 'Wanneer wil je meldingen ontvangen?',
    modeLabel: 'Bezorging',
    modes: {
      instant: 'Direct (elke nieuwe advertentie meteen)',
      hourly: 'Eén overzicht per uur',
      daily: 'Eén overzicht per dag',
    },
    modeHelp:
      'Bij een overzicht bundelen we alle nieuwe advertenties in één e-mail of Telegram-bericht. In je meldingencentrum zie je ze altijd meteen.',
    dailyHourLabel: 'Tijdstip van het dagelijkse overzicht',
    hourOption: (hour: number) => `${String(hour).padStart(2, '0')}:00 uur`,
    quietToggle: 'Stille uren instellen',
    quietHelp:
      'Tijdens stille uren sturen we niets via e-mail, Telegram of de desktop-app. Wat binnenkomt, krijg je als één overzicht zodra de stille uren voorbij zijn. Tijden in Nederlandse tijd.',
    /** The two help texts above on a server without a Telegram bot. */
    withoutTelegram: {
      modeHelp:
        'Bij een overzicht bundelen we alle nieuwe advertenties in één e-mail. In je meldingencentrum zie je ze altijd meteen.',
      quietHelp:
        'Tijdens stille uren sturen we niets via e-mail of de desktop-app. Wat binnenkomt, krijg je als één overzicht zodra de stille uren voorbij zijn. Tijden in Nederlandse tijd.',
    },
    quietStartLabel: 'Stil vanaf',
    quietEndLabel: 'Stil tot',
    summary: (
      mode: 'instant' | 'hourly' | 'daily',
      dailyHour: number | null,
      quiet: { start: string; end: string } | null,
    ) => {
      const base =
        mode === 'instant'
          ? 'Direct'
          : mode === 'hourly'
            ? 'Elk uur een overzicht'
            : `Dagelijks overzicht om ${String(dailyHour ?? 0).padStart(2, '0')}:00 uur`;
      return quiet ? `${base}, stil van ${quiet.start} tot ${quiet.end}` : base;
    },
  },
  errors: {
    timeInvalid: 'Vul een tijd in als UU:MM, bijvoorbeeld 23:00.',
    hourInvalid: 'Kies een uur van 0 tot en met 23.',
    quietSameTimes: 'Begin en einde van de stille uren mogen niet gelijk zijn.',
    dailyHourOnlyForDaily: 'Een tijdstip kies je alleen bij een dagelijks overzicht.',
  },
  mail: {
    subject: (count: number) => `Je overzicht: ${ads(count)} nieuw`,
    intro: (count: number) =>
      count === 1
        ? 'Sinds je vorige bericht is er 1 nieuwe advertentie gevonden.'
        : `Sinds je vorige bericht zijn er ${count} nieuwe advertenties gevonden.`,
    more: (count: number) =>
      count === 1
        ? 'Er staat nog 1 advertentie klaar in je meldingencentrum.'
        : `Er staan nog ${count} advertenties klaar in je meldingencentrum.`,
    moreGuest: (count: number) =>
      count === 1
        ? 'Er staat nog 1 advertentie klaar op de beheerpagina van je alert.'
        : `Er staan nog ${count} advertenties klaar op de beheerpagina van je alert.`,
    moreLink: 'Alle meldingen bekijken',
  },
  telegram: {
    heading: (count: number) => `Je overzicht: ${ads(count)} nieuw`,
    more: (count: number) =>
      count === 1
        ? '… en nog 1 advertentie in je meldingencentrum.'
        : `… en nog ${count} advertenties in je meldingencentrum.`,
  },
  desktop: {
    /** The native notification of a digest or of the end of an alert's quiet hours. */
    digestBody: (searchTerms: readonly string[]) =>
      `Je overzicht voor ${searchTerms.map((term) => `"${term}"`).join(', ')}. Klik om ze te bekijken in je meldingencentrum.`,
  },
} as const;
