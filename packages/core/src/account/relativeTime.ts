/** Dutch relative times ('over 5 minuten', '2 uur geleden') and dates for the signed-in screens. */
import { formatLocalClock, SCHEDULE_TIME_ZONE } from '../schedule/timing';
import { onFirstUse } from '../intl';

const relativeFormat = onFirstUse(() => new Intl.RelativeTimeFormat('nl', { numeric: 'auto' }));

/** A Dutch date format on the Dutch clock, made on first use. */
const dutchDateFormat = (options: Intl.DateTimeFormatOptions) =>
  onFirstUse(() => new Intl.DateTimeFormat('nl-NL', { ...options, timeZone: SCHEDULE_TIME_ZONE }));

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * `target` relative to `now` (both epoch ms) in the largest whole unit: 'over 10 minuten',
 * 'gisteren', '3 dagen geleden'. Under a minute away reads 'nu'.
 */
export function formatRelativeTime(target: number, now: number): string {
  const seconds = Math.round((target - now) / 1000);
  const size = Math.abs(seconds);
  for (const [unit, unitSeconds] of UNITS) {
    if (size >= unitSeconds)
      return relativeFormat().format(Math.round(seconds / unitSeconds), unit);
  }
  return relativeFormat().format(0, 'second');
}

/** An ISO date relative to now; null for a missing or unreadable date. */
export function formatRelativeIso(iso: string | null, now: number): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : formatRelativeTime(time, now);
}

const dateTimeFormat = dutchDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = dutchDateFormat({ dateStyle: 'medium' });

/** '2 mrt 2026, 11:00' in Dutch time. */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat().format(time);
}

/** '2 mrt 2026' in Dutch time; a bare 'YYYY-MM-DD' is read as that calendar day. */
export function formatDate(iso: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00Z` : iso;
  const time = Date.parse(day);
  return Number.isNaN(time) ? iso : dateFormat().format(time);
}

const yearFormat = dutchDateFormat({ year: 'numeric' });

/** '24 november 2026' in Dutch time: receipts, paid-until dates, charges. */
export function formatLongDate(date: Date | string): string {
  return longDateFormat().format(typeof date === 'string' ? new Date(date) : date);
}

/**
 * '29 november – 29 december 2026': a paid period, the year named once when both ends share it
 * ('29 december 2026 – 29 januari 2027' when not).
 */
export function formatPeriod(start: Date | string, end: Date | string): string {
  const from = typeof start === 'string' ? new Date(start) : start;
  const to = typeof end === 'string' ? new Date(end) : end;
  const sameYear = yearFormat().format(from) === yearFormat().format(to);
  return `${sameYear ? longDayFormat().format(from) : formatLongDate(from)} – ${formatLongDate(to)}`;
}

const dayFormat = dutchDateFormat({ day: 'numeric', month: 'short' });

/** A calendar day 'YYYY-MM-DD' in short: '2 mrt' (the statistics per day). */
export function formatDayShort(day: string): string {
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T12:00:00Z` : day);
  return Number.isNaN(time) ? day : dayFormat().format(time);
}

const clockFormat = dutchDateFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const longDayFormat = dutchDateFormat({ day: 'numeric', month: 'long' });
const longDateFormat = dutchDateFormat({ day: 'numeric', month: 'long', year: 'numeric' });

/** Days since 1970 of the Dutch calendar day an instant falls on. */
function localDayNumber(instant: Date): number {
  const [y, m, d] = formatLocalClock(instant).slice(0, 10).split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / 86_400_000;
}

/**
 * When something happened, as a Dutch reader says it on the Dutch clock: 'vandaag 14:05',
 * 'gisteren 21:40', '3 december' (with the year when it is not this year's).
 */
export function formatCalendarMoment(target: Date, now: Date): string {
  const daysAgo = localDayNumber(now) - localDayNumber(target);
  if (daysAgo === 0 || daysAgo === 1) {
    return `${relativeFormat().format(-daysAgo, 'day')} ${clockFormat().format(target)}`;
  }
  const sameYear = formatLocalClock(target).slice(0, 4) === formatLocalClock(now).slice(0, 4);
  return (sameYear ? longDayFormat() : longDateFormat()).format(target);
}
