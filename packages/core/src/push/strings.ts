/** The Dutch texts of Web Push: errors, the test notification and "Meldingen op je telefoon". */
import { PUSH_RULES } from './rules';

/** '"fiets"' or '"fiets" en "racefiets"': the alerts an ad matched, as a notification names them. */
const quoted = (searchTerms: readonly string[]) => {
  const names = searchTerms.map((term) => `"${term}"`);
  const last = names.pop() ?? '';
  return names.length === 0 ? last : `${names.join(', ')} en ${last}`;
};

export const PUSH_TEXTS = {
  errors: {
    endpointRequired: 'Dit apparaat gaf geen adres voor meldingen door. Probeer het opnieuw.',
    endpointInvalid: 'Het adres voor meldingen van dit apparaat is ongeldig.',
    httpsOnly: 'Het adres voor meldingen moet https gebruiken.',
    unknownService:
      'Meldingen kunnen alleen via de pushdienst van Google, Mozilla, Apple of Microsoft. Gebruik Chrome, Firefox, Safari of Edge.',
    notPublic: 'Het adres voor meldingen is niet bereikbaar vanaf internet.',
    keysInvalid: 'De sleutels van dit apparaat voor meldingen zijn ongeldig. Probeer het opnieuw.',
    labelTooLong: `Een apparaatnaam mag hoogstens ${PUSH_RULES.labelMaxLength} tekens hebben.`,
    limitReached: `Je kunt meldingen op hoogstens ${PUSH_RULES.maxPerUser} apparaten aanzetten. Verwijder er eerst een.`,
    notFound: 'Dit apparaat staat niet (meer) in je lijst.',
    openedLinkInvalid: 'Deze melding is niet (meer) geldig.',
  },
  /** What a notification of new ads says (price drops say PRICE_DROP_TEXTS.title). */
  alert: {
    newListing: (searchTerms: readonly string[]) =>
      `Nieuwe advertentie voor ${quoted(searchTerms)}`,
    /** A burst (or a digest) of ads becomes one notification. */
    summary: (count: number, searchTerms: readonly string[]) =>
      searchTerms.length <= 2
        ? `${count} nieuwe advertenties voor ${quoted(searchTerms)}`
        : `${count} nieuwe advertenties voor ${searchTerms.length} alerts`,
    /** Why a push delivery did not go out, as the notification centre shows it. */
    noDevices: 'Geen apparaat met meldingen meer (uitgezet of verlopen).',
    refused: (statusCode: number | null) =>
      `De pushdienst weigerde de melding${statusCode === null ? '' : ` (${statusCode})`}.`,
    busy: 'De pushdienst is even niet bereikbaar of vraagt te wachten.',
  },
  /** What the test notification says on the phone. */
  testMessage: {
    title: 'Prijsalarm werkt op dit apparaat',
    body: 'Zo zie je een nieuwe advertentie zodra we hem vinden.',
  },
  /** The answers of the test button, by what the push service did. */
  test: {
    sent: 'De testmelding is verstuurd. Je ziet hem zo op dit apparaat.',
    gone: 'Dit apparaat ontvangt geen meldingen meer (uitgezet of verlopen). We hebben het uit je lijst gehaald.',
    tooManyRequests: 'De pushdienst vraagt even te wachten. Probeer het over een minuut opnieuw.',
    failed: 'De testmelding kon niet worden verstuurd. Probeer het later opnieuw.',
  },
  screen: {
    heading: 'Meldingen op je telefoon',
    intro:
      'Krijg een melding op je telefoon of computer zodra er een nieuwe advertentie is, zonder extra app.',
    turnOn: 'Meldingen aanzetten op dit apparaat',
    turningOn: 'Bezig met aanzetten…',
    turnedOn: 'Meldingen staan aan op dit apparaat.',
    thisDeviceOn: 'Dit apparaat krijgt meldingen.',
    unsupported:
      'Deze browser kan geen meldingen ontvangen. Gebruik Chrome, Firefox, Edge of Safari (vanaf iOS 16.4).',
    denied:
      'Je hebt meldingen voor Prijsalarm geblokkeerd. Sta ze toe in de instellingen van je browser en probeer het opnieuw.',
    failed: 'Meldingen aanzetten lukte niet. Probeer het opnieuw.',
    iosHeading: 'Eerst Prijsalarm op je beginscherm zetten',
    iosIntro:
      'Op de iPhone en iPad kan Safari alleen meldingen geven aan een app op je beginscherm:',
    iosSteps: [
      'Tik in Safari onderaan op de deelknop (het vierkantje met het pijltje omhoog).',
      'Kies "Zet op beginscherm" en tik op "Voeg toe".',
      'Open Prijsalarm vanaf je beginscherm, ga naar Mijn account en zet hier de meldingen aan.',
    ],
    devicesHeading: 'Je apparaten',
    empty: 'Nog geen apparaten met meldingen.',
    lastDelivery: 'Laatste melding: ',
    neverDelivered: 'Nog geen melding ontvangen',
    test: 'Test versturen',
    testLabel: (label: string) => `Test versturen naar ${label}`,
    testing: 'Bezig met versturen…',
    remove: 'Verwijderen',
    removeLabel: (label: string) => `Verwijderen: ${label}`,
    removed: 'Het apparaat is verwijderd; het krijgt geen meldingen meer.',
    thisDevice: 'dit apparaat',
    upgrade: 'Meldingen op je telefoon zijn er voor geregistreerde en Pro-gebruikers.',
    removeDialog: {
      title: 'Apparaat verwijderen?',
      text: 'Dit apparaat krijgt daarna geen meldingen meer van Prijsalarm.',
      confirm: 'Verwijderen',
    },
  },
} as const;
