/**
 * The Telegram message for a new listing, in `parse_mode: 'HTML'`. Every marketplace and user
 * value is escaped (marketplace text is untrusted), and the visible text is kept
 * within the Bot API limits by shortening those values before they are escaped, so a cut never
 * lands inside a tag or an entity.
 */
import { formatEuroCents, PLATFORMS, PRICE_DROP_TEXTS, TELEGRAM_TEXTS } from '@prijsalarm/core';
import type { Listing } from '../../engine/marketplace/types';
import { formatPlace, formatPrice, isWebUrl, oneLine, truncateText } from '../../lib/listing-text';

// The shared listing formatting, still reachable where the Telegram module is imported.
export { formatDistance, formatEuros, formatPrice, truncateText } from '../../lib/listing-text';

/** Bot API: a caption is 0-1024 and a message 1-4096 characters after entity parsing. */
export const TELEGRAM_CAPTION_LIMIT = 1024;
export const TELEGRAM_MESSAGE_LIMIT = 4096;

export type ListingForMessage = Pick<
  Listing,
  'platform' | 'title' | 'priceCents' | 'priceType' | 'imageUrls' | 'url'
> & {
  location: Pick<Listing['location'], 'cityName' | 'distanceMeters'>;
  /** A price drop: the price before it. */
  previousPriceCents?: number | null;
};

export interface ListingMessage {
  /** The first https image, sent with sendPhoto; null: send `text` with sendMessage. */
  photoUrl: string | null;
  /** HTML, at most 1024 visible characters: the sendPhoto caption. */
  caption: string;
  /** HTML, at most 4096 visible characters: for sendMessage (no photo, or the photo was refused). */
  text: string;
}

/**
 * Telegram's HTML knows only the named entities &lt; &gt; &amp; &quot; (and numeric ones), so
 * this escapes with exactly those; safe in text and in double-quoted attributes.
 */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => TELEGRAM_ESCAPES[char] ?? char);
}
const TELEGRAM_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

export interface Segment {
  text: string;
  tag?: 'b' | 'i' | 's';
  href?: string;
  /** Untrusted and possibly long: may be shortened to fit the limit. */
  shrinkable?: boolean;
}
export type Line = Segment[];

export function visibleLength(lines: Line[]): number {
  const characters = lines.reduce(
    (sum, line) => sum + line.reduce((lineSum, segment) => lineSum + segment.text.length, 0),
    0,
  );
  return characters + Math.max(0, lines.length - 1);
}

/**
 * Cuts the shrinkable segments to one common maximum length, the largest that makes the visible
 * text fit: long values are shortened evenly and short ones stay whole.
 */
function fit(lines: Line[], limit: number): Line[] {
  const fitted = lines.map((line) => line.map((segment) => ({ ...segment })));
  const shrinkable = fitted.flat().filter((segment) => segment.shrinkable);
  if (visibleLength(fitted) <= limit || shrinkable.length === 0) return fitted;
  const fixed = visibleLength(fitted) - shrinkable.reduce((sum, s) => sum + s.text.length, 0);
  const lengthWithCap = (cap: number) =>
    fixed + shrinkable.reduce((sum, segment) => sum + Math.min(segment.text.length, cap), 0);
  let low = 1;
  let high = Math.max(...shrinkable.map((segment) => segment.text.length));
  while (low < high) {
    const cap = Math.ceil((low + high) / 2);
    if (lengthWithCap(cap) <= limit) low = cap;
    else high = cap - 1;
  }
  for (const segment of shrinkable) segment.text = truncateText(segment.text, low);
  return fitted;
}

export function render(lines: Line[]): string {
  return lines
    .map((line) =>
      line
        .map((segment) => {
          const text = escapeTelegramHtml(segment.text);
          if (segment.href) return `<a href="${escapeTelegramHtml(segment.href)}">${text}</a>`;
          return segment.tag ? `<${segment.tag}>${text}</${segment.tag}>` : text;
        })
        .join(''),
    )
    .join('\n');
}

/**
 * One message for one listing; `alertNames` are the user's alerts it matched (one message may
 * name several alerts of the same user).
 */
export function formatListingMessage(
  listing: ListingForMessage,
  alertNames: readonly string[],
): ListingMessage {
  const title: Segment = { text: oneLine(listing.title), tag: 'b', shrinkable: true };
  const price: Segment = { text: formatPrice(listing.priceCents, listing.priceType) };
  const previous = listing.previousPriceCents ?? null;
  const lines: Line[] = [];
  if (previous !== null && listing.priceCents !== null) {
    // 'Prijsdaling: <titel> van €X naar €Y', the title in bold, then the old price struck through.
    const marker = '\u0000';
    const [before = '', after = ''] = PRICE_DROP_TEXTS.title(
      marker,
      previous,
      listing.priceCents,
    ).split(marker);
    lines.push([{ text: before }, title, { text: after }]);
    lines.push([
      { text: `${PRICE_DROP_TEXTS.previousPrice} ` },
      { text: formatEuroCents(previous), tag: 's' },
      { text: ` ${PRICE_DROP_TEXTS.nowPrice.toLowerCase()} ` },
      { ...price, tag: 'b' },
    ]);
  } else {
    lines.push([title], [price]);
  }

  const place = formatPlace(listing.location.cityName, listing.location.distanceMeters);
  if (place) lines.push([{ text: place, shrinkable: true }]);

  const names = [...new Set(alertNames.map(oneLine).filter(Boolean))];
  if (names.length > 0) {
    lines.push([{ text: TELEGRAM_TEXTS.forAlerts(names), tag: 'i', shrinkable: true }]);
  }

  if (isWebUrl(listing.url)) {
    const platformName = PLATFORMS[listing.platform]?.name ?? listing.platform;
    lines.push([{ text: TELEGRAM_TEXTS.viewListing(platformName), href: listing.url }]);
  }

  const photoUrl = listing.imageUrls.find((url) => url.startsWith('https://')) ?? null;
  return {
    photoUrl,
    caption: render(fit(lines, TELEGRAM_CAPTION_LIMIT)),
    text: render(fit(lines, TELEGRAM_MESSAGE_LIMIT)),
  };
}
