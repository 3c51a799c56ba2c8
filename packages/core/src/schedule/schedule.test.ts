import { describe, expect, it } from 'vitest';
import { deliveryScheduleSchema, SCHEDULE_TEXTS } from '.';

const parse = (value: unknown) => deliveryScheduleSchema.safeParse(value);
const messages = (value: unknown) => parse(value).error?.issues.map((issue) => issue.message);

describe('deliveryScheduleSchema', () => {
  it('defaults: instant, no quiet hours; a daily digest at 08:00', () => {
    expect(parse({}).data).toEqual({ mode: 'instant', quietHours: null });
    expect(parse({ mode: 'daily' }).data).toEqual({
      mode: 'daily',
      dailyHour: 8,
      quietHours: null,
    });
    expect(parse({ mode: 'hourly', quietHours: { start: '23:00', end: '07:00' } }).data).toEqual({
      mode: 'hourly',
      quietHours: { start: '23:00', end: '07:00' },
    });
  });

  it('refuses bad hours, times and combinations in Dutch', () => {
    expect(messages({ mode: 'daily', dailyHour: 24 })).toEqual([SCHEDULE_TEXTS.errors.hourInvalid]);
    expect(messages({ mode: 'instant', dailyHour: 7 })).toEqual([
      SCHEDULE_TEXTS.errors.dailyHourOnlyForDaily,
    ]);
    expect(messages({ quietHours: { start: '25:00', end: '07:00' } })).toEqual([
      SCHEDULE_TEXTS.errors.timeInvalid,
    ]);
    expect(messages({ quietHours: { start: '07:00', end: '07:00' } })).toEqual([
      SCHEDULE_TEXTS.errors.quietSameTimes,
    ]);
    expect(parse({ mode: 'weekly' }).success).toBe(false);
    expect(parse({ mode: 'instant', extra: 1 }).success).toBe(false);
  });
});
