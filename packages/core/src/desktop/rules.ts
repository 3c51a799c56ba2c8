/**
 * The desktop tray app's rules: who may use it, when alerts become a summary, how many the tray
 * lists. The desktop app reads them from here; the server and the web app may explain them.
 */
import type { Plan } from '../domain';
import { PLANS } from '../domain';
import { PAGE_PATHS } from '../auth/pages';

/** Every signed-in plan has the desktop app today; a plan left out here would be refused. */
export const DESKTOP_ACCESS_PLANS: readonly Plan[] = PLANS;

export function hasDesktopAccess(plan: Plan): boolean {
  return DESKTOP_ACCESS_PLANS.includes(plan);
}

/** More than this many alerts within DESKTOP_BURST_WINDOW_MS become one summary notification. */
export const DESKTOP_BURST_THRESHOLD = 3;
export const DESKTOP_BURST_WINDOW_MS = 10_000;
/** The tray menu lists this many of the newest notifications. */
export const DESKTOP_TRAY_RECENT_COUNT = 5;
/** Mute choices of the tray menu. */
export const DESKTOP_MUTE_CHOICES = ['oneHour', 'untilTomorrow', 'off'] as const;
export type DesktopMuteChoice = (typeof DESKTOP_MUTE_CHOICES)[number];
/** The web notification centre, opened by 'Alle meldingen'. */
export const WEB_NOTIFICATIONS_PATH = PAGE_PATHS.notifications;
