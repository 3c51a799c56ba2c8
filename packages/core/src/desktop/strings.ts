/**
 * The desktop tray app's own Dutch texts (packages/desktop). Texts the web app shows too (chat,
 * listing prices, API errors) stay in their own folders' strings.ts; these are only the desktop's.
 */
import { CHAT_TEXTS } from '../chat/strings';

export const DESKTOP_TEXTS = {
  appName: 'Prijsalarm',

  notification: {
    /** The title of one new ad: 'Nieuwe advertentie voor "racefiets"'. */
    newAd: (searchTerm: string) => `Nieuwe advertentie voor "${searchTerm}"`,
    /** A burst or the ads held back in quiet hours, as one summary. */
    summary: (count: number) =>
      count === 1 ? '1 nieuwe advertentie' : `${count} nieuwe advertenties`,
    summaryBody: 'Klik om ze te bekijken in je meldingencentrum.',
    quietHoursBody: (count: number) =>
      count === 1
        ? 'Tijdens je stille uren binnengekomen. Klik om hem te bekijken.'
        : 'Tijdens je stille uren binnengekomen. Klik om ze te bekijken.',
    supportAnswerTitle: 'Nieuw antwoord van support',
    supportAnswerBody: 'Klik om de support chat te openen.',
  },

  tray: {
    tooltip: (status: string, unread: number) =>
      unread > 0 ? `Prijsalarm — ${status} — ${unread} ongelezen` : `Prijsalarm — ${status}`,
    statusConnected: 'Verbonden',
    statusOffline: 'Offline',
    statusMuted: 'Gedempt',
    statusSignedOut: 'Niet aangemeld',
    noNotifications: 'Nog geen meldingen',
    unread: (count: number) =>
      count === 1 ? '1 ongelezen melding' : `${count} ongelezen meldingen`,
    allNotifications: 'Alle meldingen',
    mute: 'Dempen',
    muteOneHour: '1 uur',
    muteUntilTomorrow: 'Tot morgen',
    muteOff: 'Uit',
    mutedUntil: (time: string) => `Gedempt tot ${time}`,
    supportChat: 'Support chat',
    settings: 'Instellingen',
    signIn: 'Aanmelden',
    signOut: 'Afmelden',
    quit: 'Afsluiten',
  },

  signIn: {
    title: 'Aanmelden bij Prijsalarm',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    rememberMe: 'Aangemeld blijven',
    submit: 'Aanmelden',
    submitting: 'Bezig met aanmelden…',
    server: (url: string) => `Server: ${url}`,
    wrongPassword: 'Onjuist e-mailadres of wachtwoord.',
    serverOffline:
      'De Prijsalarm-server is niet bereikbaar. Controleer je internetverbinding of het serveradres in de instellingen.',
    noDesktopAccess:
      'Je abonnement geeft geen toegang tot de desktop-app. Bekijk de abonnementen op de website.',
    failed: 'Aanmelden is niet gelukt. Probeer het opnieuw.',
    signedInAs: (email: string) => `Aangemeld als ${email}`,
  },

  settings: {
    title: 'Instellingen',
    serverUrl: 'Serveradres',
    serverUrlInvalid: 'Vul een geldig http(s)-adres in, bijvoorbeeld https://prijsalarm.nl',
    startAtLogin: 'Starten bij inloggen op de computer',
    sound: 'Geluid bij een melding',
    quietHours: 'Stille uren',
    quietHoursOn: 'Geen meldingen in deze uren, daarna een samenvatting',
    quietFrom: 'Van',
    quietUntil: 'Tot',
    timeInvalid: 'Vul een tijd in als UU:MM',
    alertsHeading: 'Meldingen op de desktop voor',
    allAlerts: 'Alle alerts',
    noAlerts: 'Je hebt nog geen alerts.',
    save: 'Opslaan',
    saved: 'Instellingen opgeslagen.',
    saveFailed: 'Opslaan is niet gelukt.',
  },

  notificationList: {
    title: 'Meldingen',
    listLabel: 'Nieuwste meldingen',
    empty: 'Nog geen meldingen.',
    open: 'Openen',
    openAll: 'Alle meldingen op de website',
    unread: 'Nieuw',
  },

  /** The chat window draws the web's chat (CHAT_TEXTS.widget); only these are its own. */
  chatWindow: {
    title: CHAT_TEXTS.widget.title,
    signedOut: 'Meld je aan in Prijsalarm om met support te chatten.',
    unavailable: 'De support chat is nu niet beschikbaar. Probeer het later opnieuw.',
  },

  ipc: {
    refused: 'Dit verzoek is geweigerd.',
  },
} as const;
