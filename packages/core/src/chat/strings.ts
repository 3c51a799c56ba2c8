/**
 * Every Dutch text of the support chat, beside the chat rules: the guest form's and the
 * messages' checks, the ended and connection texts, the quick questions, the support status
 * line, the server's refusals, the widget, the inbox and the e-mails. The server, the web widget,
 * the desktop chat window and the support inbox all take them from here.
 */
import { CHAT_RESPONSE_TIME_TEXT } from '../constants';

export const CHAT_TEXTS = {
  // The guest form's and the messages' checks, the errors, the ended and connection texts.
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

  status: {
    online: `Support is online. We reageren meestal ${CHAT_RESPONSE_TIME_TEXT}.`,
    offline:
      'Support is nu offline. Laat een bericht achter: we lezen het zo snel mogelijk en antwoorden per e-mail als je niet meer online bent.',
  },
  errors: {
    notFound: 'Deze chat bestaat niet of hoort niet bij jou.',
    sessionOver: 'Deze chat sessie is beëindigd.',
    sessionExpired: 'Deze chat sessie is verlopen. Start een nieuwe chat.',
    notAuthenticated: 'Meld je eerst aan bij de chat.',
    unreadableFrame: 'Dit bericht kon niet worden gelezen.',
    tooManyMessages:
      'Je stuurt te veel berichten achter elkaar. Wacht even en probeer het opnieuw.',
    userInfoNeedsLogin: 'Log in om als gebruiker te chatten, of vul je naam en e-mailadres in.',
  },
  email: {
    missingAt: 'Een e-mailadres bevat een @, bijvoorbeeld naam@voorbeeld.nl.',
    missingDomain: 'Het e-mailadres mist een domein, bijvoorbeeld naam@voorbeeld.nl.',
    invalidDomain: 'Het domein van dit e-mailadres klopt niet, bijvoorbeeld naam@voorbeeld.nl.',
  },
  widget: {
    open: 'Chat met support openen',
    title: 'Support chat',
    greeting: 'Hoi! Heb je een vraag? We helpen je graag.',
    closeGreeting: 'Begroeting sluiten',
    minimize: 'Chat minimaliseren',
    guestIntro: 'Vul je naam en e-mailadres in om de chat te starten.',
    nameLabel: 'Naam',
    emailLabel: 'E-mailadres',
    start: 'Start chat',
    starting: 'Bezig...',
    messageLabel: 'Typ je bericht',
    send: 'Versturen',
    endChat: 'Chat beëindigen',
    newChat: 'Start nieuwe chat',
    close: 'Sluiten',
    typing: 'Support is aan het typen...',
    quickQuestions: 'Snelle vragen',
    sent: 'Verzonden',
    delivered: 'Afgeleverd',
    sending: 'Wordt verstuurd',
    unread: (count: number) => `${count} ongelezen ${count === 1 ? 'bericht' : 'berichten'}`,
    you: 'Jij',
    support: 'Support',
    messages: 'Berichten',
  },
  inbox: {
    tab: 'Support',
    title: 'Support chats',
    empty: 'Nog geen chats.',
    online: 'Online',
    offline: 'Offline',
    presenceLabel: 'Beschikbaar voor chat',
    guest: 'Gast',
    unread: (count: number) => `${count} ongelezen`,
    reply: 'Antwoord',
    send: 'Versturen',
    resolve: 'Chat afsluiten',
    resolved: 'Afgesloten',
    active: 'Open',
    visitorTyping: 'Bezoeker is aan het typen...',
    choose: 'Kies een chat om te lezen.',
    loadFailed: 'Chats konden niet worden geladen.',
    titleUnread: (count: number, title: string) => `(${count}) ${title}`,
  },
  mail: {
    supportSubject: (name: string) => `Nieuwe chatvraag van ${name}`,
    supportIntro: 'Er is een nieuwe chatvraag binnengekomen terwijl er geen support online was.',
    supportOpen: 'Open de support-inbox',
    replySubject: 'Antwoord van Prijsalarm support op je chatvraag',
    replyIntro: (name: string) => `Hoi ${name}, support heeft je chatvraag beantwoord:`,
    replyOpen: 'Verder chatten',
  },
} as const;
