/**
 * The Dutch text of every transactional mail, one entry per mail template. The server's templates
 * (packages/server/src/mail/templates) only lay these out; the alert mail's own texts are
 * ALERT_MAIL_TEXTS, below.
 */

import { SCHEDULE_TEXTS } from '../schedule/strings';

/** "Hoi Anna," or "Hoi," when the name is unknown. */
export function mailGreeting(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `Hoi ${trimmed},` : 'Hoi,';
}

/** Shared lines of the mails that carry one link. */
const LINK_FALLBACK = 'Werkt de knop niet? Kopieer dan deze link naar je browser:';
const singleUseFor = (minutes: number) =>
  `Deze link is ${minutes} minuten geldig en werkt één keer.`;

export const MAIL_TEXTS = {
  /** The digest mail of an alert with a schedule. */
  digest: SCHEDULE_TEXTS.mail,
  /** A webhook turned off after failing for its whole retry window. */
  webhookDisabled: {
    subject: 'Je webhook bij Prijsalarm is uitgeschakeld',
    intro: (url: string, hours: number) =>
      `Je webhook ${url} gaf ${hours} uur lang alleen fouten. We hebben hem daarom uitgeschakeld; er gaan geen meldingen meer naartoe.`,
    lastError: (reason: string) => `Laatste fout: ${reason}`,
    action: 'Naar je integraties',
    fix: 'Werkt je URL weer? Verwijder de webhook en voeg hem opnieuw toe.',
  },

  linkFallback: LINK_FALLBACK,
  /** The plain-text twin of a button: 'Inloggen: https://…'. */
  buttonAsText: (label: string, url: string) => `${label}: ${url}`,

  verification: {
    subject: 'Bevestig je e-mailadres voor Prijsalarm',
    intro: 'Welkom bij Prijsalarm! Bevestig je e-mailadres om je account te activeren.',
    button: 'E-mailadres bevestigen',
    validity: (hours: number) => `Deze link is ${hours} uur geldig.`,
    ignore: 'Heb je geen account aangemaakt bij Prijsalarm? Dan kun je deze e-mail negeren.',
  },

  accountExists: {
    subject: 'Je hebt al een account bij Prijsalarm',
    intro:
      'Iemand (waarschijnlijk jij) probeerde een nieuw Prijsalarm-account aan te maken met dit e-mailadres. Je hebt al een account, dus je kunt gewoon inloggen.',
    button: 'Inloggen',
    forgot: 'Weet je je wachtwoord niet meer? Stel dan een nieuw wachtwoord in:',
    ignore: 'Heb je dit niet zelf gedaan? Dan kun je deze e-mail negeren; er is niets gewijzigd.',
  },

  loginLink: {
    subject: 'Je inloglink voor Prijsalarm',
    intro: 'Klik op de knop hieronder om in te loggen bij Prijsalarm.',
    button: 'Inloggen',
    validity: singleUseFor,
    ignore: 'Heb je niet geprobeerd in te loggen? Dan kun je deze e-mail negeren.',
  },

  passwordReset: {
    subject: 'Stel een nieuw wachtwoord in voor Prijsalarm',
    intro:
      'We hebben een verzoek ontvangen om het wachtwoord van je Prijsalarm-account opnieuw in te stellen.',
    button: 'Nieuw wachtwoord instellen',
    validity: singleUseFor,
    ignore:
      'Heb je dit niet aangevraagd? Dan kun je deze e-mail negeren; je wachtwoord blijft ongewijzigd.',
  },

  alertConfirmation: {
    subject: (searchTerm: string) => `Bevestig je prijsalarm voor "${searchTerm}"`,
    intro: (searchTerm: string) =>
      `Je hebt een prijsalarm aangemaakt voor "${searchTerm}". Bevestig je e-mailadres om meldingen te ontvangen.`,
    button: 'Alert bevestigen',
    validity: (hours: number) =>
      `Deze link is ${hours} uur geldig. Zonder bevestiging ontvang je geen meldingen.`,
    manage: 'Je kunt je alert altijd aanpassen, pauzeren of verwijderen via je persoonlijke link:',
    keepSafe: 'Bewaar deze link goed en deel hem niet: iedereen met de link kan je alert beheren.',
  },

  expiryReminder: {
    subject: (searchTerm: string) => `Je prijsalarm voor "${searchTerm}" verloopt binnenkort`,
    intro: (searchTerm: string, when: string) =>
      `Je prijsalarm voor "${searchTerm}" verloopt op ${when}. Daarna ontvang je geen meldingen meer voor deze zoekopdracht.`,
    extend: 'Wil je meldingen blijven ontvangen? Verleng je alert met één klik.',
    button: 'Alert verlengen',
    manage: 'Je alert aanpassen, pauzeren of verwijderen kan via je persoonlijke link:',
  },

  contactMessage: {
    subject: (subject: string) => `Contactformulier: ${subject}`,
    intro: 'Er is een nieuw bericht binnengekomen via het contactformulier.',
    labels: { name: 'Naam', email: 'E-mailadres', subject: 'Onderwerp' },
    reply: (name: string) => `Beantwoord deze e-mail om direct te reageren aan ${name}.`,
  },
} as const;

/** The e-mail with new ads for one recipient of one check (mail template new-listings). */
export const ALERT_MAIL_TEXTS = {
  subject: (count: number, searchTerms: readonly string[]) =>
    `${count} ${count === 1 ? 'nieuwe advertentie' : 'nieuwe advertenties'} voor ${
      searchTerms.length <= 2
        ? searchTerms.map((term) => `"${term}"`).join(' en ')
        : `"${searchTerms[0]}" en ${searchTerms.length - 1} andere alerts`
    }`,
  intro: (count: number) =>
    count === 1
      ? 'Er is een nieuwe advertentie gevonden die past bij je prijsalarm:'
      : `Er zijn ${count} nieuwe advertenties gevonden die passen bij je prijsalarmen:`,
  forAlerts: (searchTerms: readonly string[]) =>
    `${searchTerms.length === 1 ? 'Voor je alert' : 'Voor je alerts'} ${searchTerms.map((term) => `"${term}"`).join(' en ')}`,
  manageAlert: (searchTerm: string) => `Alert "${searchTerm}" beheren of pauzeren`,
  footer:
    'Je ontvangt deze e-mail omdat je een prijsalarm hebt ingesteld. Wil je geen meldingen meer? Pauzeer of verwijder je alert via de beheerlink.',
  /** The answer to the one-click unsubscribe (RFC 8058), which pauses the mail's alerts. */
  unsubscribed: (count: number) =>
    count === 1
      ? 'Je alert is gepauzeerd. Je ontvangt er geen e-mails meer over tot je hem weer aanzet.'
      : 'Je alerts zijn gepauzeerd. Je ontvangt er geen e-mails meer over tot je ze weer aanzet.',
  unsubscribeLinkInvalid:
    'Deze afmeldlink is ongeldig. Pauzeer je alert via de beheerlink in je e-mail.',
  /** Each ad's one button. */
  viewListing: 'Bekijk advertentie',
  /** The square shown where an ad without a photo would have it. */
  noPhoto: 'Geen foto',
  /** When the ad was placed ('vandaag 14:05'), or, when the marketplace did not say, found. */
  postedAt: (when: string) => `geplaatst ${when}`,
  foundAt: (when: string) => `gevonden ${when}`,
} as const;
