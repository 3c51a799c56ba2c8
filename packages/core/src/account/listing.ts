/**
 * How a listing reads on every screen and message (web, desktop, Telegram, e-mail): the price as
 * the marketplace shows it, the distance, and which of its URLs may be linked or shown. Listing
 * content is untrusted: only http(s) links and https images pass.
 */
import { LISTING_TEXTS } from './strings';
import { onFirstUse, wholeEuroFormat } from '../intl';

const euroFormat = onFirstUse(
  () => new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }),
);

/** '€ 1.250,00' (a plain space, so the text is the same everywhere it is shown). */
export function formatEuroCents(cents: number): string {
  return euroFormat()
    .format(cents / 100)
    .replace(/\s/g, ' ');
}

/** '€ 1.250': whole euros, for a chart's axis. */
export function formatWholeEuros(cents: number): string {
  return wholeEuroFormat()
    .format(cents / 100)
    .replace(/\s/g, ' ');
}

/** The price as the marketplace shows it: an amount, 'Bieden vanaf …', 'Bieden', 'Gratis', … */
export function formatListingPrice(priceCents: number | null, priceType: string): string {
  const labels: Record<string, string> = LISTING_TEXTS.priceLabels;
  if (priceType === 'MIN_BID') {
    return priceCents && priceCents > 0
      ? LISTING_TEXTS.minBidFrom(formatEuroCents(priceCents))
      : LISTING_TEXTS.priceLabels.FAST_BID;
  }
  const label = labels[priceType];
  if (label) return label;
  if (priceType === 'FIXED' && priceCents !== null) return formatEuroCents(priceCents);
  // A priceType the marketplace added since: an amount if there is one.
  return priceCents !== null && priceCents > 0
    ? formatEuroCents(priceCents)
    : LISTING_TEXTS.priceUnknown;
}

/** '12 km', 'Minder dan 1 km'; null when unknown (the marketplace sends -1000 without a postcode). */
export function formatListingDistance(distanceMeters: number | null): string | null {
  if (distanceMeters === null || !Number.isFinite(distanceMeters) || distanceMeters < 0) {
    return null;
  }
  if (distanceMeters < 1000) return LISTING_TEXTS.distanceUnderOneKm;
  return LISTING_TEXTS.distanceKm(Math.round(distanceMeters / 1000));
}

// No control characters or spaces anywhere: a URL with them is not one we link to.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f]/;

/** An http(s) URL with a host: the only links a listing may become. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^/?#]+/i.test(url) && !UNSAFE_CHARACTERS.test(url);
}

/** An https URL: the only images a page shows (no mixed content, no `data:` or `javascript:`). */
export function isHttpsUrl(url: string): boolean {
  return /^https:\/\/[^/?#]+/i.test(url) && !UNSAFE_CHARACTERS.test(url);
}

/**
 * An http URL on this machine's loopback (a secure context in browsers, so no mixed content): the
 * local marketplace double's pictures in the demo. The server keeps such URLs only outside
 * production, and its CSP allows them only there.
 */
export function isLoopbackHttpUrl(url: string): boolean {
  return (
    /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//i.test(url) && !UNSAFE_CHARACTERS.test(url)
  );
}

/** The first image of a listing that may be shown, or null. */
export function listingImageUrl(imageUrls: readonly string[]): string | null {
  return imageUrls.find((url) => isHttpsUrl(url) || isLoopbackHttpUrl(url)) ?? null;
}
