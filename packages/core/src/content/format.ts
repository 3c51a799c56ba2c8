/** Dutch formats for the clients' pages: prices, and the limits of a plan in words. */
import { wholeEuroFormat } from '../intl';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** `7.95` → '€ 7,95' (Dutch notation; `currency` is an ISO 4217 code). */
export function formatMoney(amount: number, currency = 'EUR'): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('nl-NL', { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format.format(amount);
}

/**
 * A price an alert filters on: `1000` → '€ 1.000', `12.5` → '€ 12,50'. Whole euros go without
 * ',00', the way Dutch ads and people write a price limit.
 */
export function formatPrice(amount: number): string {
  return Number.isInteger(amount) ? wholeEuroFormat().format(amount) : formatMoney(amount);
}

/** An alert limit in words; `null` is unlimited. */
export function formatAlertCount(limit: number | null): string {
  if (limit === null) return 'onbeperkt alerts';
  return limit === 1 ? '1 alert' : `${limit} alerts`;
}

/** A check interval in words: 'elke 10 minuten'. */
export function formatCheckInterval(minutes: number): string {
  return minutes === 1 ? 'elke minuut' : `elke ${minutes} minuten`;
}

/** A validity period in words: '14 dagen'. */
export function formatDays(days: number): string {
  return days === 1 ? '1 dag' : `${days} dagen`;
}
