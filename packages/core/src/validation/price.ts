/**
 * Prices in euros (0 … 9 999 999), read the way a Dutch user writes them. Every price
 * field (guest form, wizard, manage page, notification filters, admin) and every price in a
 * request goes through `parsePrice`, so a typed price is read one way everywhere.
 *
 * The grammar of a typed price (spaces around it and around its parts are ignored):
 *
 *   price    = [ currency ] [ "-" ] [ currency ] amount [ whole ] [ currency ]
 *   currency = "€" | "EUR" | "euro"                       (any case; at most one)
 *   amount   = euros [ "," cents ] | "," cents
 *   euros    = digits | 1–3 digits, then groups of "." + 3 digits   (or " " + 3 digits)
 *   cents    = 0–2 digits                                  ("12," is 12)
 *   whole    = ",-" | ",--" (or a dash the keyboard made of them: "–", "—")
 *
 * So "1.000" is a thousand, "1.000,50", "400,-", "€ 400", "400 euro", "12,5" and "1 000" read as
 * a Dutch reader reads them. A dot followed by exactly three digits groups thousands. A single
 * dot followed by one or two digits at the end ("12.50", "1.5") can only be a decimal point —
 * no Dutch reader groups one or two digits — so it is read as one; this also keeps a number
 * written by a program (`String(12.5)`, a query string) readable.
 *
 * Refused, each with its own Dutch message (never read as another number or as no price):
 * more than two digits after the comma ("1,500" — likely meant 1.500), a comma before a dot
 * ("1,000.50"), several commas, a dot not grouping three digits ("1.00.000", "10.0000"), a
 * negative amount, an amount above the maximum, and anything else ("abc", "12abc", "$ 5").
 *
 * Only an empty field (or a missing value) is no price: `null` never stands for "unreadable".
 */
import { MAX_PRICE, MIN_PRICE } from '../constants';
import { ALERT_FIELD_TEXTS } from './strings';

/** What a price field holds: nothing (no limit), an amount in euros, or why it cannot be read. */
export type ParsedPrice =
  { kind: 'empty' } | { kind: 'amount'; euros: number } | { kind: 'invalid'; message: string };

const texts = ALERT_FIELD_TEXTS;

/** Longer than any price one types: refused before any pattern looks at it. */
const MAX_PRICE_TEXT_LENGTH = 40;

/** Spaces, including the non-breaking ones a copied price may carry (`\s` covers them). */
const SPACES = /\s+/g;
const CURRENCY = /^(?:€|euro|eur)/i;
const CURRENCY_AT_END = /(?:€|euro|eur)$/i;
const MINUS = /^[-\u2212]/;
/** ",-", ",--" and the dash a phone's keyboard makes of "--". */
const WHOLE_EUROS = /,(?:--?|[\u2013\u2014])$/;

/** Euros with thousands grouped by dots or by spaces (one kind), or plain digits. */
const EUROS = /^(?:\d+|\d{1,3}(?:\.\d{3})+|\d{1,3}(?: \d{3})+)$/;
/** A single dot before one or two digits at the end: a decimal point, as "12.50" can only mean. */
const DOT_DECIMAL = /^(\d+)\.(\d{1,2})$/;

function invalid(message: string): ParsedPrice {
  return { kind: 'invalid', message };
}

/** Strips one currency mark at the start or at the end (not both). */
function withoutCurrency(text: string): string {
  if (CURRENCY.test(text)) return text.replace(CURRENCY, '').trim();
  if (CURRENCY_AT_END.test(text)) return text.replace(CURRENCY_AT_END, '').trim();
  return text;
}

/**
 * The amount in cents of a text without currency, sign or ",-" (spaces only between digits), or
 * the message why it cannot be read: digits with separators in the wrong places get the message
 * that says how to write them; anything else is no amount at all.
 */
function readAmount(text: string): number | string {
  if (!/^[\d., ]*\d[\d., ]*$/.test(text)) return texts.priceInvalid;
  const dotDecimal = DOT_DECIMAL.exec(text);
  if (dotDecimal) return Number(dotDecimal[1]) * 100 + Number(dotDecimal[2]!.padEnd(2, '0'));
  const [euros = '', cents = '', ...more] = text.split(',');
  if (more.length > 0 || !/^\d{0,2}$/.test(cents)) return texts.priceSeparators;
  if (euros !== '' && !EUROS.test(euros)) return texts.priceSeparators;
  const wholeEuros = euros === '' ? 0 : Number(euros.replace(/[. ]/g, ''));
  return wholeEuros * 100 + Number(cents.padEnd(2, '0'));
}

/**
 * Reads a price as typed or sent. A string follows the grammar above; a number (a JSON body) is
 * taken as euros; `null`, `undefined` and blank text are no price. The range is checked too.
 */
export function parsePrice(input: string | number | null | undefined): ParsedPrice {
  if (input === null || input === undefined) return { kind: 'empty' };
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return invalid(texts.priceInvalid);
    const error = priceError(input);
    return error === null ? { kind: 'amount', euros: input } : invalid(error);
  }
  let text = input.replace(SPACES, ' ').trim();
  if (text === '') return { kind: 'empty' };
  if (text.length > MAX_PRICE_TEXT_LENGTH) return invalid(texts.priceInvalid);

  const withoutMark = withoutCurrency(text);
  const hadMark = withoutMark !== text;
  text = withoutMark;
  const negative = MINUS.test(text);
  if (negative) {
    text = text.replace(MINUS, '').trim();
    if (!hadMark) text = withoutCurrency(text);
  }
  text = text.replace(WHOLE_EUROS, '').trim();
  // Spaces count only between groups of digits ("1 000"), not around a separator.
  text = text.replace(/ ?([.,]) ?/g, '$1');
  if (text === '') return invalid(texts.priceInvalid);

  const cents = readAmount(text);
  if (typeof cents === 'string') return invalid(cents);
  if (negative && cents > 0) return invalid(texts.priceTooLow);
  const euros = cents / 100;
  const error = priceError(euros);
  return error === null ? { kind: 'amount', euros } : invalid(error);
}

/**
 * A price field's text as a request sends it: the amount when readable, `null` when empty, and
 * otherwise the text itself, which the request's schema then refuses with the parser's message.
 */
export function priceForPayload(text: string): number | string | null {
  const parsed = parsePrice(text);
  if (parsed.kind === 'amount') return parsed.euros;
  return parsed.kind === 'empty' ? null : text.trim();
}

/** Euros as a price field shows them, and `parsePrice` reads back: '250', '12,50'. */
export function priceInputText(euros: number): string {
  return Number.isInteger(euros) ? String(euros) : euros.toFixed(2).replace('.', ',');
}

/** The Dutch error for a price in euros out of range, or `null` (also for no price). */
export function priceError(price: number | null): string | null {
  if (price === null) return null;
  if (price < MIN_PRICE) return texts.priceTooLow;
  if (price > MAX_PRICE) return texts.priceTooHigh;
  return null;
}

/** The cross-field rule: with both set, the minimum may not exceed the maximum. */
export function priceRangeError(minPrice: number | null, maxPrice: number | null): string | null {
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) {
    return texts.minAboveMax;
  }
  return null;
}
