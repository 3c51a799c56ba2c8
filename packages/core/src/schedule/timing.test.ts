import { describe, expect, it } from 'vitest';
import { isInQuietHours, nextSendAt } from './timing';
import type { DeliverySchedule } from './schedule';

const at = (iso: string) => new Date(iso);
const instant: DeliverySchedule = { mode: 'instant', quietHours: null };
const night = { start: '23:00', end: '07:00' };

describe('nextSendAt (Europe/Amsterdam)', () => {
  it('instant without quiet hours: now', () => {
    const now = at('2026-11-24T15:17:00Z');
    expect(nextSendAt(instant, now)).toEqual(now);
    expect(nextSendAt(null, now)).toEqual(now);
  });

  it('hourly: the next full hour', () => {
    expect(nextSendAt({ mode: 'hourly', quietHours: null }, at('2026-11-24T15:17:00Z'))).toEqual(
      at('2026-11-24T16:00:00Z'),
    );
  });

  it('daily at 08:00 local: winter is UTC+1, summer UTC+2', () => {
    const daily: DeliverySchedule = { mode: 'daily', dailyHour: 8, quietHours: null };
    expect(nextSendAt(daily, at('2026-11-24T05:00:00Z'))).toEqual(at('2026-11-24T07:00:00Z'));
    expect(nextSendAt(daily, at('2026-11-24T07:00:01Z'))).toEqual(at('2026-11-25T07:00:00Z'));
    expect(nextSendAt(daily, at('2026-07-01T05:00:00Z'))).toEqual(at('2026-07-01T06:00:00Z'));
  });

  it('daily across the clock changes keeps the local hour', () => {
    const daily: DeliverySchedule = { mode: 'daily', dailyHour: 8, quietHours: null };
    // Saturday 28 March 2026 09:00 CET; Sunday the clocks go forward.
    expect(nextSendAt(daily, at('2026-03-28T08:00:00Z'))).toEqual(at('2026-03-29T06:00:00Z'));
    // Saturday 24 October 2026 09:00 CEST; Sunday the clocks go back.
    expect(nextSendAt(daily, at('2026-10-24T07:00:00Z'))).toEqual(at('2026-10-25T07:00:00Z'));
  });

  it('quiet hours that wrap midnight hold until they end, by the local clock', () => {
    const quiet: DeliverySchedule = { mode: 'instant', quietHours: night };
    // 23:30 CET → 07:00 CET next day.
    expect(nextSendAt(quiet, at('2026-11-24T22:30:00Z'))).toEqual(at('2026-11-25T06:00:00Z'));
    // 02:00 CET → 07:00 CET same day.
    expect(nextSendAt(quiet, at('2026-11-25T01:00:00Z'))).toEqual(at('2026-11-25T06:00:00Z'));
    // 22:59 CET: not quiet yet.
    expect(nextSendAt(quiet, at('2026-11-24T21:59:00Z'))).toEqual(at('2026-11-24T21:59:00Z'));
    // 07:00 is the end: sent.
    expect(nextSendAt(quiet, at('2026-11-25T06:00:00Z'))).toEqual(at('2026-11-25T06:00:00Z'));
    // Summer: 07:00 CEST is 05:00 UTC.
    expect(nextSendAt(quiet, at('2026-07-01T01:00:00Z'))).toEqual(at('2026-07-01T05:00:00Z'));
  });

  it('a night with a clock change ends at 07:00 local', () => {
    const quiet: DeliverySchedule = { mode: 'instant', quietHours: night };
    // 23:30 CET on 28 March → 07:00 CEST on 29 March (05:00 UTC).
    expect(nextSendAt(quiet, at('2026-03-28T22:30:00Z'))).toEqual(at('2026-03-29T05:00:00Z'));
    // 23:30 CEST on 24 October → 07:00 CET on 25 October (06:00 UTC).
    expect(nextSendAt(quiet, at('2026-10-24T21:30:00Z'))).toEqual(at('2026-10-25T06:00:00Z'));
  });

  it('quiet hours within one day, and a digest falling inside them', () => {
    const lunch = { start: '12:00', end: '13:30' };
    expect(isInQuietHours(lunch, at('2026-11-24T11:15:00Z'))).toBe(true);
    expect(isInQuietHours(lunch, at('2026-11-24T12:30:00Z'))).toBe(false);
    const hourly: DeliverySchedule = { mode: 'hourly', quietHours: lunch };
    // 12:10 local → the 13:00 digest is quiet → 13:30.
    expect(nextSendAt(hourly, at('2026-11-24T11:10:00Z'))).toEqual(at('2026-11-24T12:30:00Z'));
    const daily: DeliverySchedule = { mode: 'daily', dailyHour: 6, quietHours: night };
    expect(nextSendAt(daily, at('2026-11-24T12:00:00Z'))).toEqual(at('2026-11-25T06:00:00Z'));
  });
});
