import { describe, expect, it } from 'vitest';
import { addDays, localDate, localDateTime, localMonth, startOfLocalDay } from './calendar';

describe('local days (Europe/Amsterdam)', () => {
  it.each([
    ['winter: 23:30 UTC is already the next day', '2024-01-14T23:30:00Z', '2024-01-15'],
    ['winter: 22:59 UTC is still the same day', '2024-01-14T22:59:00Z', '2024-01-14'],
    ['summer: 22:00 UTC is the next day', '2024-06-30T22:00:00Z', '2024-07-01'],
    ['summer: 21:59 UTC is the same day', '2024-06-30T21:59:59Z', '2024-06-30'],
  ])('localDate, %s', (_case, instant, expected) => {
    expect(localDate(new Date(instant))).toBe(expected);
  });

  it('localDateTime shows the local clock to the minute', () => {
    expect(localDateTime(new Date('2024-06-30T22:05:30Z'))).toBe('2024-07-01 00:05');
  });

  it.each([
    ['a winter day', '2024-01-15', '2024-01-14T23:00:00.000Z'],
    ['a summer day', '2024-07-01', '2024-06-30T22:00:00.000Z'],
    [
      'the day summer time starts (midnight is still winter time)',
      '2024-03-31',
      '2024-03-30T23:00:00.000Z',
    ],
    ['the day after summer time starts', '2024-04-01', '2024-03-31T22:00:00.000Z'],
    [
      'the day winter time returns (midnight is still summer time)',
      '2024-10-27',
      '2024-10-26T22:00:00.000Z',
    ],
    ['the day after winter time returns', '2024-10-28', '2024-10-27T23:00:00.000Z'],
  ])('startOfLocalDay, %s', (_case, day, expected) => {
    expect(startOfLocalDay(day).toISOString()).toBe(expected);
  });

  it.each([
    ['2024-01-31', 1, '2024-02-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-03-31', 1, '2024-04-01'],
  ])('addDays(%s, %i) = %s', (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });
});

describe('local months (Europe/Amsterdam)', () => {
  it.each([
    [
      'a winter month begins at 23:00 UTC the day before',
      '2026-11-24T13:00:00Z',
      '2026-10-31T23:00:00.000Z',
      '2026-11-30T23:00:00.000Z',
    ],
    [
      'the first local hour of a month is that month, though UTC is still in the last',
      '2026-10-31T23:30:00Z',
      '2026-10-31T23:00:00.000Z',
      '2026-11-30T23:00:00.000Z',
    ],
    [
      'a month in which winter time returns',
      '2026-10-15T12:00:00Z',
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
    ],
    [
      'December runs into January of the next year',
      '2026-12-31T22:59:59Z',
      '2026-11-30T23:00:00.000Z',
      '2026-12-31T23:00:00.000Z',
    ],
  ])('localMonth, %s', (_case, instant, start, end) => {
    const month = localMonth(new Date(instant));
    expect(month.start.toISOString()).toBe(start);
    expect(month.end.toISOString()).toBe(end);
  });
});
