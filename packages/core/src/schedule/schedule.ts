/**
 * An alert's delivery schedule: instant (the default), an hourly digest, or a daily
 * digest at a chosen hour; and optional quiet hours (may wrap midnight, Europe/Amsterdam) during
 * which nothing is sent on e-mail, Telegram or the desktop's native notifications.
 */
import { SCHEDULE_TEXTS } from './strings';

export const DELIVERY_MODES = ['instant', 'hourly', 'daily'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** The daily digest's hour when none is chosen. */
export const DEFAULT_DAILY_HOUR = 8;
/** What the wizard proposes when quiet hours are switched on. */
export const DEFAULT_QUIET_HOURS = { start: '23:00', end: '07:00' } as const;
/** Ads listed in one digest mail; the rest wait in the notification centre. */
export const DIGEST_MAIL_MAX_LISTINGS = 50;

export interface QuietHours {
  /** 'HH:MM', local time (Europe/Amsterdam). */
  start: string;
  end: string;
}

/** The schedule as the API answers it. `dailyHour` is only there for a daily digest. */
export interface DeliverySchedule {
  mode: DeliveryMode;
  dailyHour?: number;
  quietHours: QuietHours | null;
}

export const DEFAULT_DELIVERY_SCHEDULE: DeliverySchedule = Object.freeze({
  mode: 'instant',
  quietHours: null,
}) as DeliverySchedule;

/** 'HH:MM', 00:00 … 23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after local midnight of an 'HH:MM'. */
export function minutesOfTime(time: string): number {
  const match = TIME_OF_DAY.exec(time);
  if (!match) throw new Error(`not a time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The stored and answered form: defaults filled in, `dailyHour` only for a daily digest. */
export function normalizeSchedule(
  schedule:
    | Partial<{
        mode: DeliveryMode;
        dailyHour: number | null;
        quietHours: QuietHours | null;
      }>
    | null
    | undefined,
): DeliverySchedule {
  const mode = schedule?.mode ?? 'instant';
  const quietHours = schedule?.quietHours
    ? { start: schedule.quietHours.start, end: schedule.quietHours.end }
    : null;
  return mode === 'daily'
    ? { mode, dailyHour: schedule?.dailyHour ?? DEFAULT_DAILY_HOUR, quietHours }
    : { mode, quietHours };
}

export type { DeliveryScheduleInput } from './scheduleSchema';

/** The schedule after choosing `mode` in a form: a daily digest gets the default hour. */
export function withDeliveryMode(schedule: DeliverySchedule, mode: DeliveryMode): DeliverySchedule {
  return normalizeSchedule({
    ...schedule,
    mode,
    dailyHour: mode === 'daily' ? schedule.dailyHour : null,
  });
}

/** The schedule after switching quiet hours on (with the proposed night) or off. */
export function withQuietHours(schedule: DeliverySchedule, on: boolean): DeliverySchedule {
  return {
    ...schedule,
    quietHours: on ? (schedule.quietHours ?? { ...DEFAULT_QUIET_HOURS }) : null,
  };
}

/** The summary line of a schedule, as the wizard and the manage page show it. */
export function describeSchedule(schedule: DeliverySchedule): string {
  return SCHEDULE_TEXTS.form.summary(
    schedule.mode,
    schedule.dailyHour ?? null,
    schedule.quietHours,
  );
}
