/**
 * The days of the marketplaces' date sort. Search results carry only a day label ('Vandaag',
 * 'Gisteren', 'Eergisteren', '10 mrt 24'), relative to the site's own clock, which its answers
 * send in their Date header; the sites count days in Europe/Amsterdam (Brussels has the same
 * clock). Days are 'YYYY-MM-DD', so they compare as strings.
 */
import { addDays, localDate } from '../../lib/calendar';

/**
 * How late an ad may be indexed after it was posted: its day stays open this long after its
 * midnight. An ad that shows up later
 * than this in a day already read through is missed (engine README).
 */
export const LATE_INDEXING_MS = 60 * 60_000;

const MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
const RELATIVE: Record<string, number> = { vandaag: 0, gisteren: 1, eergisteren: 2 };

/** The site's day at an instant (epoch ms). */
export function marketDay(at: number): string {
  return localDate(new Date(at));
}

/** The day a result's label names, seen from `today`; null for a label it does not know. */
export function dayOfLabel(label: string, today: string): string | null {
  const text = label.trim().toLowerCase();
  const back = RELATIVE[text];
  if (back !== undefined) return addDays(today, -back);
  const match = /^(\d{1,2}) ([a-z]{3})\.? (\d{2})$/.exec(text);
  if (!match) return null;
  const month = MONTHS.indexOf(match[2]!);
  if (month < 0) return null;
  const day = `20${match[3]}-${String(month + 1).padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return Number.isNaN(Date.parse(day)) ? null : day;
}

/**
 * The oldest day a read must go through when the previous complete read happened at `since`
 * (site time): that read could not have seen that day whole — it was still open then, or it had
 * just ended and ads posted in it could still be indexed.
 */
export function oldestOpenDay(since: number): string {
  return marketDay(since - LATE_INDEXING_MS);
}

/** The Date header of an answer (HTTP-date), as epoch ms; null when absent or unreadable. */
export function parseHttpDate(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
