/**
 * When a notification of an alert may leave on e-mail, Telegram or the desktop's native
 * notifications, by the alert's schedule, on the Dutch clock (Europe/Amsterdam, summer and winter
 * time included). Intl only, so it runs in Node, browsers and Electron alike.
 */
import { minutesOfTime, type DeliverySchedule } from './schedule';
import { onFirstUse } from '../intl';

export const SCHEDULE_TIME_ZONE = 'Europe/Amsterdam';

const HOUR_MS = 3_600_000;

// 'sv-SE' formats ISO-like: 'YYYY-MM-DD HH:mm:ss'.
const localFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('sv-SE', {
      timeZone: SCHEDULE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

/** 'YYYY-MM-DD HH:mm:ss' on the Dutch clock (the server's calendar days use it too). */
export function formatLocalClock(instant: Date): string {
  return localFormat().format(instant);
}

function localParts(instant: Date): number[] {
  return formatLocalClock(instant)
    .split(/[- :]/)
    .map((part) => Number(part));
}

/** The local day ('YYYY-MM-DD' as numbers) and minutes after local midnight. */
function localDayAndMinutes(instant: Date): { day: [number, number, number]; minutes: number } {
  const [y = 0, m = 1, d = 1, hh = 0, mm = 0] = localParts(instant);
  return { day: [y, m, d], minutes: hh * 60 + mm };
}

/** Local clock minus UTC at `instant`, in ms (+1 h in winter, +2 h in summer). */
function offsetAt(instant: number): number {
  const [y = 0, m = 1, d = 1, hh = 0, mm = 0, ss = 0] = localParts(new Date(instant));
  return Date.UTC(y, m - 1, d, hh, mm, ss) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a local day's `minutes` after midnight happen. `dayOffset` days later. A time that
 * the clock skips (the spring change) lands just after the gap.
 */
function instantAt(day: [number, number, number], minutes: number, dayOffset = 0): Date {
  const asUtc = Date.UTC(day[0], day[1] - 1, day[2] + dayOffset, 0, minutes);
  // Twice: the offset at the guess may differ from the one at the answer on a change day.
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant);
}

/** Whether local 'HH:MM' `instant` falls in the quiet hours (start inclusive, end exclusive). */
export function isInQuietHours(
  quietHours: { start: string; end: string } | null | undefined,
  instant: Date,
): boolean {
  if (!quietHours) return false;
  const start = minutesOfTime(quietHours.start);
  const end = minutesOfTime(quietHours.end);
  const { minutes } = localDayAndMinutes(instant);
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** The next instant at or after `instant` at which local time reads `time`. */
function nextLocalTime(instant: Date, time: string): Date {
  const { day } = localDayAndMinutes(instant);
  const minutes = minutesOfTime(time);
  const today = instantAt(day, minutes);
  return today.getTime() >= instant.getTime() ? today : instantAt(day, minutes, 1);
}

/**
 * The moment something recorded at `now` may be sent: `now` for an instant alert outside quiet
 * hours; else the next full hour (hourly), the next `dailyHour`:00 (daily), moved to the end of
 * the quiet hours when it falls inside them. Everything held until one moment goes out together.
 */
export function nextSendAt(schedule: DeliverySchedule | null | undefined, now: Date): Date {
  let at: Date;
  switch (schedule?.mode ?? 'instant') {
    case 'hourly':
      at = new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS);
      break;
    case 'daily': {
      const hour = schedule?.dailyHour ?? 0;
      at = nextLocalTime(now, `${String(hour).padStart(2, '0')}:00`);
      break;
    }
    default:
      at = now;
  }
  const quiet = schedule?.quietHours ?? null;
  if (quiet && isInQuietHours(quiet, at)) at = nextLocalTime(at, quiet.end);
  return at;
}

/** Whether something recorded at `now` must wait (a digest or quiet hours). */
export function isHeld(schedule: DeliverySchedule | null | undefined, now: Date): boolean {
  return nextSendAt(schedule, now).getTime() > now.getTime();
}
