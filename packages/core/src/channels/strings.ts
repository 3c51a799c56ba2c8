/** The Dutch texts of the delivery channels: the Telegram bot's messages, why a delivery failed. */

/** What the Telegram bot writes. */
export const TELEGRAM_TEXTS = {
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
} as const;

/** Why a delivery of a notification was not (yet) sent: `lastError` as the owner sees it. */
export const DELIVERY_ERROR_TEXTS = {
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
} as const;
