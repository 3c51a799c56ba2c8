/** Every Dutch text of price drops and price history: form, messages, centre. */
import { formatEuroCents } from '../account/listing';

export const PRICE_DROP_TEXTS = {
  /** The alert form's option. */
  form: {
    legend: 'Prijsdalingen',
    enabled: 'Meld prijsdalingen van advertenties die ik al zag (of die net te duur waren)',
    percent: 'Alleen bij een daling van minstens (%)',
    percentHint:
      'Leeg laten: elke daling tot binnen je maximumprijs. Een advertentie die onder je maximumprijs zakt, meld je altijd.',
    percentInvalid: 'Kies een percentage van 1 tot en met 99.',
    /** The manage page's line for an alert with price drops on. */
    summary: (percent: number | null | undefined) =>
      percent == null ? 'Meldt prijsdalingen' : `Meldt prijsdalingen vanaf ${percent}%`,
  },
  /** 'Prijsdaling: <titel> van €X naar €Y' — the mail subject, Telegram line and desktop title. */
  title: (title: string, previousPriceCents: number, priceCents: number) =>
    `Prijsdaling: ${title} van ${formatEuroCents(previousPriceCents)} naar ${formatEuroCents(priceCents)}`,
  /** The subject of a mail with several drops. */
  mailSubjectMany: (count: number) => `Prijsdaling: ${count} advertenties zijn goedkoper geworden`,
  /** The mail's intro for one or more drops. */
  mailIntro: (count: number) =>
    count === 1
      ? 'Een advertentie die je eerder zag is goedkoper geworden:'
      : `${count} advertenties die je eerder zag zijn goedkoper geworden:`,
  /** Screen-reader text before a struck-through price. */
  previousPrice: 'Was',
  nowPrice: 'Nu',
  /** The notification kinds, as the centre's filter and the CSV export name them. */
  kinds: { new: 'Nieuwe advertentie', price_drop: 'Prijsdaling' },
  kindFilter: 'Soort melding',
  kindAll: 'Alle soorten',
  csvKind: 'Soort',
  csvPreviousPrice: 'Vorige prijs (€)',
  /** The notification centre's price history. */
  history: {
    heading: 'Prijsverloop',
    chartLabel: (title: string) => `Prijsverloop van ${title}`,
    empty: 'Nog geen prijsverloop bekend.',
    date: 'Datum',
    price: 'Prijs',
    noAmount: 'Geen bedrag',
  },
} as const;
