import { formatMoney } from '@prijsalarm/core';

/** 795 → '€ 7,95' */
export const euros = (cents: number, currency = 'EUR') => formatMoney(cents / 100, currency);

/** '24 november 2026' */
export function dutchDate(iso: string): string {
  return new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long' }).format(new Date(iso));
}
