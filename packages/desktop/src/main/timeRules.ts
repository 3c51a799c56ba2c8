/** Quiet hours and the tray's mute, in the user's local time. */
import type { DesktopMuteChoice } from '@prijsalarm/core';
import type { QuietHours } from '../shared/settings';

const HOUR_MS = 3_600_000;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function minuteOfDay(date: Date): number {
  return date.getHours() * 60 + date.getMinutes();
}

/** Inside the window [from, until); a window may run past midnight. Equal ends mean none. */
export function inQuietHours(quiet: QuietHours, now: number): boolean {
  if (!quiet.enabled) return false;
  const from = minutesOf(quiet.from);
  const until = minutesOf(quiet.until);
  const minute = minuteOfDay(new Date(now));
  if (from === until) return false;
  return from < until ? minute >= from && minute < until : minute >= from || minute < until;
}

/** When the quiet window that holds `now` ends (epoch ms). */
export function quietHoursEnd(quiet: QuietHours, now: number): number {
  const date = new Date(now);
  const end = new Date(date);
  const until = minutesOf(quiet.until);
  end.setHours(Math.floor(until / 60), until % 60, 0, 0);
  if (end.getTime() <= now) end.setDate(end.getDate() + 1);
  return end.getTime();
}

/** The mute's end for a tray choice; null for 'off'. 'Until tomorrow' ends at the next midnight. */
export function muteUntil(choice: DesktopMuteChoice, now: number): number | null {
  if (choice === 'off') return null;
  if (choice === 'oneHour') return now + HOUR_MS;
  const tomorrow = new Date(now);
  tomorrow.setHours(24, 0, 0, 0);
  return tomorrow.getTime();
}

export function isMuted(mutedUntil: number | null, now: number): boolean {
  return mutedUntil !== null && mutedUntil > now;
}

/** '14:05' for the tray's 'Gedempt tot …'. */
export function clockTime(epochMs: number): string {
  return new Date(epochMs).toLocaleTimeString('nl-NL', { hour: '2-digit', minute: '2-digit' });
}
