/**
 * Price drops: the alert's option, its validation, and the one rule that says
 * whether a new price is a drop worth telling. The server's engine applies the rule; the forms
 * explain it. Plan gating is core's feature `priceHistory` (price history is PRO).
 */

export const PRICE_DROP_PERCENT_MIN = 1;
export const PRICE_DROP_PERCENT_MAX = 99;

/** The kinds of notification: a new listing, or a lower price of one. */
export const NOTIFICATION_KINDS = ['new', 'price_drop'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface PriceDropOption {
  enabled: boolean;
  /** Only drops of at least this many percent (whole numbers 1–99); absent/null: any drop. */
  percent?: number | null;
}

export const PRICE_DROP_OFF: Readonly<PriceDropOption> = Object.freeze({ enabled: false });

/** What the row stores: percent only while enabled. */
export function normalizePriceDrop(option: PriceDropOption | null | undefined): PriceDropOption {
  if (!option?.enabled) return { enabled: false };
  return option.percent == null ? { enabled: true } : { enabled: true, percent: option.percent };
}

export interface PriceObservation {
  /** The price observed before, in cents (null: no amount). */
  previousPriceCents: number | null;
  /** The price now, in cents (null: no amount). */
  priceCents: number | null;
}

/** Whether the price went from above `maxPriceCents` to at or below it. */
export function crossedMaxPrice(
  { previousPriceCents, priceCents }: PriceObservation,
  maxPriceCents: number | null,
): boolean {
  return (
    maxPriceCents !== null &&
    previousPriceCents !== null &&
    priceCents !== null &&
    previousPriceCents > maxPriceCents &&
    priceCents <= maxPriceCents
  );
}

/**
 * Whether the observation is a drop the alert's owner is told about: the price fell and either
 * it fell to or below the alert's max price from above it, or (the listing within the max price,
 * or the alert without one) it fell by at least the chosen percent — any drop without a percent.
 */
export function isNotifiablePriceDrop(
  observation: PriceObservation,
  alert: { maxPriceCents: number | null; priceDrop: PriceDropOption },
): boolean {
  const { previousPriceCents: before, priceCents: now } = observation;
  if (!alert.priceDrop.enabled || before === null || now === null || now >= before) return false;
  if (crossedMaxPrice(observation, alert.maxPriceCents)) return true;
  const percent = alert.priceDrop.percent ?? null;
  if (percent !== null) return (before - now) * 100 >= percent * before;
  return alert.maxPriceCents === null || now <= alert.maxPriceCents;
}

/** One point of a listing's price history (GET /notifications/{id}). */
export interface PricePoint {
  /** ISO time of the observation. */
  at: string;
  priceCents: number | null;
}
