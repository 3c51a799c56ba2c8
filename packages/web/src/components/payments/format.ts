import { formatMoney } from '@prijsalarm/core';

/** 795 → '€ 7,95' */
export const euros = (cents: number, currency = 'EUR') => formatMoney(cents / 100, currency);

/** '24 november 2026'; '29 november – 29 december 2026' (core's, in Dutch time). */
export { formatLongDate as dutchDate, formatPeriod as dutchPeriod } from '@prijsalarm/core';
