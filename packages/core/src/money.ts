/**
 * Prices travel in euros (forms, API) and are stored and compared in cents (rows, marketplace):
 * one conversion, so a price filter and a stored price never round two ways.
 */

export function eurosToCents(euros: number): number;
export function eurosToCents(euros: number | null | undefined): number | null;
export function eurosToCents(euros: number | null | undefined): number | null {
  return euros === null || euros === undefined ? null : Math.round(euros * 100);
}

export function centsToEuros(cents: number): number;
export function centsToEuros(cents: number | null | undefined): number | null;
export function centsToEuros(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100;
}
