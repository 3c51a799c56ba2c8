/**
 * The Dutch texts of retention: what each screen says about how far back it reaches, the admin's
 * settings form, the admin's storage figures and the messages for a bad value.
 */
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, type RetentionKind } from './retention';
import { onFirstUse } from '../intl';

const counts = onFirstUse(() => new Intl.NumberFormat('nl-NL'));
const days = (count: number) => (count === 1 ? '1 dag' : `${count} dagen`);

export const RETENTION_TEXTS = {
  /** Beside what a user sees: how far back it reaches, for their plan. */
  screens: {
    notifications: (count: number) =>
      `Meldingen worden ${days(count)} bewaard; oudere meldingen verdwijnen vanzelf.`,
    export: (count: number) => `De export bevat je meldingen van de laatste ${days(count)}.`,
    feed: (count: number) => `Advertenties worden ${days(count)} bewaard.`,
    priceHistory: (count: number) => `Prijsgeschiedenis wordt ${days(count)} bewaard.`,
  },
  admin: {
    title: 'Bewaartermijnen (dagen)',
    hint: `Oudere gegevens worden automatisch verwijderd. Tussen ${RETENTION_DAYS_MIN} en ${RETENTION_DAYS_MAX} dagen.`,
    fields: {
      notifications: (plan: string) => `Meldingen en verzendingen (${plan})`,
      priceHistory: 'Prijsgeschiedenis',
      webhookCalls: 'Webhook-aanroepen',
      setAside: 'Apart gezette advertenties',
    },
  },
  stats: {
    title: 'Opslag',
    intro:
      'Rijen in de database per soort, en hoeveel daarvan zijn opgeschoond sinds de planner draait.',
    kind: 'Soort',
    held: 'Bewaard',
    pruned: 'Opgeschoond',
    /** A number of rows, with Dutch thousands separators. */
    count: (value: number) => counts().format(value),
    kinds: {
      notifications: 'Meldingen',
      deliveries: 'Verzendingen',
      listingSnapshots: 'Opgeslagen advertenties',
      listingPrices: 'Prijswaarnemingen',
      webhookCalls: 'Webhook-aanroepen',
      setAsideListings: 'Apart gezette advertenties',
    } satisfies Record<RetentionKind, string>,
  },
  errors: {
    wholeDays: 'Vul een heel aantal dagen in.',
    tooShort: `Bewaar gegevens minstens ${RETENTION_DAYS_MIN} dagen.`,
    tooLong: `Bewaar gegevens hoogstens ${RETENTION_DAYS_MAX} dagen.`,
  },
} as const;
