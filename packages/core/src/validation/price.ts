/** Prices in euros (spec §5): parsed as floats, Dutch decimal comma accepted, 0 … 9 999 999. */
import { MAX_PRICE, MIN_PRICE } from '../constants';
import { STRINGS } from '../strings';

/** A plain decimal number, with a point or a Dutch comma as the decimal separator. */
const DECIMAL = /^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A price as typed or sent: `'12,50'` → 12.5, `12` → 12; empty, missing or unreadable → `null`
 * (the form treats an unreadable price as no price, spec §5). Range is not checked here.
 */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  const text = input.trim();
  if (!DECIMAL.test(text)) return null;
  const value = Number.parseFloat(text.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** The Dutch error for a parsed price out of range, or `null` (also for no price). */
export function priceError(price: number | null): string | null {
  if (price === null) return null;
  if (price < MIN_PRICE) return STRINGS.alertForm.priceTooLow;
  if (price > MAX_PRICE) return STRINGS.alertForm.priceTooHigh;
  return null;
}

/** The cross-field rule: with both set, the minimum may not exceed the maximum. */
export function priceRangeError(minPrice: number | null, maxPrice: number | null): string | null {
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    return STRINGS.alertForm.minAboveMax;
  }
  return null;
}
