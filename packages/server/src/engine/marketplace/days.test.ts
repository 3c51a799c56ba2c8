import { describe, expect, it } from 'vitest';
import { dayOfLabel, LATE_INDEXING_MS, marketDay, oldestOpenDay, parseHttpDate } from './days';

/** 10 March 2026, 12:00 in Amsterdam (UTC+1). */
const NOON = Date.UTC(2026, 2, 10, 11, 0);
const MIDNIGHT = Date.UTC(2026, 2, 10, 23, 0);

describe('the sites’ days', () => {
  it('are Amsterdam days', () => {
    expect(marketDay(NOON)).toBe('2026-03-10');
    expect(marketDay(MIDNIGHT - 1)).toBe('2026-03-10');
    expect(marketDay(MIDNIGHT)).toBe('2026-03-11');
  });

  it.each([
    ['Vandaag', '2026-03-10'],
    ['Gisteren', '2026-03-09'],
    ['Eergisteren', '2026-03-08'],
    ['1 mrt 26', '2026-03-01'],
    ['28 dec 25', '2025-12-28'],
    ['onbekend', null],
    ['', null],
  ])('the label %j names %s', (label, day) => {
    expect(dayOfLabel(label, '2026-03-10')).toBe(day);
  });

  it('a day stays open for late indexing past its midnight', () => {
    expect(oldestOpenDay(NOON)).toBe('2026-03-10');
    // Read at 00:30: yesterday's ads may still be indexed, so yesterday is read through again.
    expect(oldestOpenDay(MIDNIGHT + 30 * 60_000)).toBe('2026-03-10');
    expect(oldestOpenDay(MIDNIGHT + LATE_INDEXING_MS)).toBe('2026-03-11');
    // A read two days ago: every day since is open.
    expect(oldestOpenDay(NOON - 2 * 86_400_000)).toBe('2026-03-08');
  });

  it('the Date header', () => {
    expect(parseHttpDate('Tue, 10 Mar 2026 11:00:00 GMT')).toBe(NOON);
    expect(parseHttpDate(undefined)).toBeNull();
    expect(parseHttpDate('gisteren')).toBeNull();
  });
});
