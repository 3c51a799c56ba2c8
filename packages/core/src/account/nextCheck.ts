/**
 * An alert's check rhythm as every screen states it (wizard, manage page, dashboard): the plan's
 * interval, and the next check the engine has planned — or why there is none.
 */
import type { AlertDto } from '../api/types';
import { formatCheckInterval } from '../content/format';
import { CHECK_TEXTS } from './strings';
import { onFirstUse } from '../intl';

export type NextCheck =
  /** A guest alert whose e-mail address is not confirmed yet: nothing is checked. */
  | { kind: 'awaiting_confirmation'; text: string }
  /** Paused or expired: no check is planned. */
  | { kind: 'not_scheduled'; text: string }
  /** The planned moment has come: the check is running (or queued to run this moment). */
  | { kind: 'running'; text: string }
  | { kind: 'scheduled'; at: string; text: string };

const relativeFormat = onFirstUse(() => new Intl.RelativeTimeFormat('nl', { numeric: 'always' }));

/** 'over 12 seconden', 'over 3 minuten', 'over 2 uur' (rounded up: a check is never early). */
export function formatTimeUntil(targetMs: number, nowMs: number): string {
  const seconds = Math.max(1, Math.ceil((targetMs - nowMs) / 1000));
  if (seconds < 60) return relativeFormat().format(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return relativeFormat().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return relativeFormat().format(hours, 'hour');
  return relativeFormat().format(Math.round(hours / 24), 'day');
}

/** The alert's next check at `nowMs`, in Dutch. */
export function describeNextCheck(
  alert: Pick<AlertDto, 'status' | 'nextCheckAt'>,
  nowMs: number,
): NextCheck {
  if (alert.status === 'pending_confirmation') {
    return { kind: 'awaiting_confirmation', text: CHECK_TEXTS.awaitingConfirmation };
  }
  const at = alert.status === 'active' && alert.nextCheckAt ? Date.parse(alert.nextCheckAt) : NaN;
  if (Number.isNaN(at)) return { kind: 'not_scheduled', text: CHECK_TEXTS.notScheduled };
  if (at <= nowMs) return { kind: 'running', text: CHECK_TEXTS.running };
  return { kind: 'scheduled', at: new Date(at).toISOString(), text: formatTimeUntil(at, nowMs) };
}

/** 'elke 10 minuten': the interval of the alert's plan, which the server stored on the alert. */
export function describeCheckInterval(alert: Pick<AlertDto, 'checkIntervalMinutes'>): string {
  return formatCheckInterval(alert.checkIntervalMinutes);
}

/** Until when the alert is active; before confirmation it waits for that, whatever its row says. */
export function describeValidity(
  alert: Pick<AlertDto, 'status' | 'expiresAt'>,
  formatDate: (iso: string) => string,
): string {
  if (alert.status === 'pending_confirmation') return CHECK_TEXTS.awaitingConfirmation;
  return alert.expiresAt ? formatDate(alert.expiresAt) : CHECK_TEXTS.noEnd;
}
