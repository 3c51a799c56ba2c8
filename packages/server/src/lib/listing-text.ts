/**
 * How a listing's facts read in every alert message (Telegram, e-mail). The price, distance and
 * link rules are core's (`account/listing.ts`), shared with the web and desktop apps, so a
 * Telegram message, an e-mail and the notification centre never disagree about what an ad costs.
 * Only the message-specific text shaping lives here.
 */
import {
  formatEuroCents,
  formatListingDistance,
  formatListingPrice,
  isWebUrl,
} from '@prijsalarm/core';

export {
  formatEuroCents as formatEuros,
  formatListingPrice as formatPrice,
  formatListingDistance as formatDistance,
  isWebUrl,
};

/** Ad text may hold newlines, tabs and control characters; a message line holds one space. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** 'Amsterdam · 12 km', 'Amsterdam', '12 km' or null: where the ad is and how far away. */
export function formatPlace(cityName: string | null, distanceMeters: number | null): string | null {
  const parts = [cityName ? oneLine(cityName) : '', formatListingDistance(distanceMeters) ?? ''];
  const present = parts.filter(Boolean);
  return present.length > 0 ? present.join(' · ') : null;
}

/** Cuts to at most `maxUnits` UTF-16 units including the '…', never inside a surrogate pair. */
export function truncateText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let out = '';
  for (const codePoint of text) {
    if (out.length + codePoint.length > maxUnits - 1) break;
    out += codePoint;
  }
  return `${out.trimEnd()}…`;
}
