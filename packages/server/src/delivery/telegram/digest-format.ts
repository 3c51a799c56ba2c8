/**
 * One Telegram message with the ads an alert's schedule held back: a heading with
 * the count, then per group of alerts their names and one line per ad (title linked, price),
 * newest first. Lines are added while the visible text stays within Telegram's 4096 characters;
 * what does not fit is counted in a last line pointing to the notification centre. Every
 * marketplace value is escaped by `render`.
 */
import { SCHEDULE_TEXTS, TELEGRAM_TEXTS } from '@prijsalarm/core';
import { formatPrice, isWebUrl, oneLine, truncateText } from '../../lib/listing-text';
import {
  render,
  TELEGRAM_MESSAGE_LIMIT,
  visibleLength,
  type Line,
  type ListingForMessage,
  type ListingMessage,
} from './format';

/** A title in a digest line is cut to this many characters. */
const DIGEST_TITLE_MAX_LENGTH = 80;
/** Room kept for the closing "… en nog N" line. */
const MORE_LINE_RESERVE = 80;

export interface DigestGroup {
  alertNames: readonly string[];
  listings: readonly ListingForMessage[];
}

export function formatDigestMessage(groups: readonly DigestGroup[]): ListingMessage {
  const total = groups.reduce((sum, group) => sum + group.listings.length, 0);
  const lines: Line[] = [[{ text: SCHEDULE_TEXTS.telegram.heading(total), tag: 'b' }]];
  const fits = (extra: Line[]) =>
    visibleLength([...lines, ...extra]) + MORE_LINE_RESERVE <= TELEGRAM_MESSAGE_LIMIT;
  let shown = 0;
  outer: for (const group of groups) {
    const names = [...new Set(group.alertNames.map(oneLine).filter(Boolean))];
    const header: Line[] = [
      [{ text: '' }],
      [{ text: truncateText(TELEGRAM_TEXTS.forAlerts(names), 200), tag: 'i' }],
    ];
    let headerAdded = false;
    for (const listing of group.listings) {
      const title = truncateText(oneLine(listing.title), DIGEST_TITLE_MAX_LENGTH);
      const line: Line = [
        { text: '• ' },
        isWebUrl(listing.url) ? { text: title, href: listing.url } : { text: title },
        { text: ` · ${formatPrice(listing.priceCents, listing.priceType)}` },
      ];
      const adding = headerAdded ? [line] : [...header, line];
      if (!fits(adding)) break outer;
      lines.push(...adding);
      headerAdded = true;
      shown += 1;
    }
  }
  if (shown < total)
    lines.push([{ text: '' }], [{ text: SCHEDULE_TEXTS.telegram.more(total - shown) }]);
  const text = render(lines);
  return { photoUrl: null, caption: text, text };
}
