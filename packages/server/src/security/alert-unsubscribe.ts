/**
 * One-click unsubscribe for alert mails (RFC 8058): the List-Unsubscribe URL
 * `${PUBLIC_URL}/api/alerts/unsubscribe?token=…` pauses the alerts the mail was about. It must work
 * without cookies or a login and keep working from old mails, so the token is signed, not stored
 * (signed-ids.ts). It can only pause those alerts (never read or change anything else), which is
 * all a leaked mail header could ever allow.
 */
import type { Config } from '../config/env';
import { createSignedIdsToken, readSignedIdsToken } from './signed-ids';

/** Separates this MAC from every other use of SESSION_SECRET. */
const PURPOSE = 'alert_unsubscribe';
/** A mail names at most this many alerts in its token (a longer URL helps nobody). */
export const MAX_UNSUBSCRIBE_ALERTS = 50;

export const ALERT_UNSUBSCRIBE_PATH = '/api/alerts/unsubscribe';

export function createAlertUnsubscribeToken(secret: string, alertIds: readonly string[]): string {
  return createSignedIdsToken(secret, PURPOSE, alertIds, MAX_UNSUBSCRIBE_ALERTS);
}

/** The alert ids a token names when its signature holds; null for anything else. */
export function readAlertUnsubscribeToken(secret: string, token: unknown): string[] | null {
  return readSignedIdsToken(secret, PURPOSE, token, MAX_UNSUBSCRIBE_ALERTS);
}

export function alertUnsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  alertIds: readonly string[],
): string {
  const url = new URL(`${config.publicUrl}${ALERT_UNSUBSCRIBE_PATH}`);
  url.searchParams.set('token', createAlertUnsubscribeToken(config.sessionSecret, alertIds));
  return url.toString();
}
