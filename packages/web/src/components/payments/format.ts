import { formatMoney } from '@prijsalarm/core';

/** 795 → '€ 7,95' */
export const euros = (cents: number, currency = 'EUR') => formatMoney(cents / 100, currency);

/** '24 november 2026' */
export function dutchDate(iso: string): string {
  return new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long' }).format(new Date(iso));
}

/**
 * '29 november – 29 december 2026'; the year is named once when both dates share it
 * ('29 december 2026 – 29 januari 2027' when not).
 */
export function dutchPeriod(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const sameYear = start.getFullYear() === end.getFullYear();
  const first = sameYear
    ? new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long' }).format(start)
    : dutchDate(startIso);
  return `${first} – ${dutchDate(endIso)}`;
}
