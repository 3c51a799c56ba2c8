/**
 * Intl formatters made on first use. A page's first Intl object costs tens of milliseconds of main
 * thread (the locale data is set up then), so importing a module must not make one: a formatter is
 * built when something is first formatted, and kept.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** '€ 1.250': whole euros, no cents (a price limit, a chart's axis). */
export const wholeEuroFormat = onFirstUse(
  () =>
    new Intl.NumberFormat('nl-NL', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
