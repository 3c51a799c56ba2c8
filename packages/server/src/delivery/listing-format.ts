/**
 * How a listing's facts read in every alert message (Telegram, e-mail): the price as the
 * marketplace shows it, the distance, and one-line text. One place, so a Telegram message and an
 * e-mail never disagree about what an ad costs.
 */
import { STRINGS } from '@prijsalarm/core';

const euroFormat = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** '€ 1.250,00' (a plain space, so the text is the same everywhere it is shown). */
export function formatEuros(cents: number): string {
  return euroFormat.format(cents / 100).replace(/\s/g, ' ');
}

/** The price as the marketplace shows it: an amount, 'Bieden vanaf …', 'Bieden', 'Gratis', … */
export function formatPrice(priceCents: number | null, priceType: string): string {
  const labels: Record<string, string> = STRINGS.listing.priceLabels;
  if (priceType === 'MIN_BID') {
    return priceCents && priceCents > 0
      ? STRINGS.listing.minBidFrom(formatEuros(priceCents))
      : STRINGS.listing.priceLabels.FAST_BID;
  }
  const label = labels[priceType];
  if (label) return label;
  if (priceType === 'FIXED' && priceCents !== null) return formatEuros(priceCents);
  // A priceType the marketplace added since: an amount if there is one.
  return priceCents !== null && priceCents > 0
    ? formatEuros(priceCents)
    : STRINGS.listing.priceUnknown;
}

/** '12 km', 'Minder dan 1 km'; null when unknown (the marketplace sends -1000 without a postcode). */
export function formatDistance(distanceMeters: number | null): string | null {
  if (distanceMeters === null || !Number.isFinite(distanceMeters) || distanceMeters < 0) {
    return null;
  }
  if (distanceMeters < 1000) return STRINGS.listing.distanceUnderOneKm;
  return STRINGS.listing.distanceKm(Math.round(distanceMeters / 1000));
}

/** Ad text may hold newlines, tabs and control characters; a message line holds one space. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** Only http(s) links are shown, so a marketplace value can never become a `javascript:` link. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** 'Amsterdam · 12 km', 'Amsterdam', '12 km' or null: where the ad is and how far away. */
export function formatPlace(cityName: string | null, distanceMeters: number | null): string | null {
  const parts = [cityName ? oneLine(cityName) : '', formatDistance(distanceMeters) ?? ''].filter(
    Boolean,
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}
