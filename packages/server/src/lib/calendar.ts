/**
 * Calendar days as the product's Dutch and Belgian users see them (Europe/Amsterdam and
 * Europe/Brussels share one clock). The database stores UTC instants; a "day" in a filter, a
 * statistic or a file name is a local day, converted here with Intl (no time-zone library).
 */

import { formatLocalClock, SCHEDULE_TIME_ZONE } from '@prijsalarm/core';

export const PRODUCT_TIME_ZONE = SCHEDULE_TIME_ZONE;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** 'YYYY-MM-DD HH:mm:ss' on the local clock. */
function localParts(instant: Date): string {
  return formatLocalClock(instant);
}

/** Local clock minus UTC at `instant`, in ms (+1 h in winter, +2 h in summer). */
function offsetAt(instant: Date): number {
  const [date = '', time = ''] = localParts(instant).split(' ');
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, hh!, mm!, ss!);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The local calendar day of an instant: 'YYYY-MM-DD'. */
export function localDate(instant: Date): string {
  return localParts(instant).slice(0, 10);
}

/** The local date and time of an instant to the minute: 'YYYY-MM-DD HH:mm'. */
export function localDateTime(instant: Date): string {
  return localParts(instant).slice(0, 16);
}

/** The instant a local day ('YYYY-MM-DD') begins. */
export function startOfLocalDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(y!, m! - 1, d!);
  // Twice: the offset at UTC midnight may differ from the one at local midnight on a DST day.
  let instant = utcMidnight - offsetAt(new Date(utcMidnight));
  instant = utcMidnight - offsetAt(new Date(instant));
  return new Date(instant);
}

/** The local day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The local calendar month of an instant: the instant it begins and the one the next begins. */
export function localMonth(instant: Date): { start: Date; end: Date } {
  const [y, m] = localDate(instant).split('-').map(Number) as [number, number];
  const month = (year: number, index: number) =>
    `${year + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return { start: startOfLocalDay(month(y, m - 1)), end: startOfLocalDay(month(y, m)) };
}
