/**
 * A tap on a push notification marks its ad read: the notification carries
 * `${PUBLIC_URL}/api/push/opened?token=…`, which the service worker POSTs while it opens the ad.
 * A service worker has no CSRF token to send and the tap may come long after the session ended, so
 * the token itself is the credential (signed-ids.ts). It can only mark those notifications read,
 * which is all a leaked notification could ever allow.
 */
import type { Config } from '../config/env';
import { createSignedIdsToken, readSignedIdsToken } from './signed-ids';

/** Separates this MAC from every other use of SESSION_SECRET. */
const PURPOSE = 'push_opened';
/** One ad's notifications: one per alert of the user that found it. */
const MAX_NOTIFICATIONS = 20;

export const PUSH_OPENED_PATH = '/api/push/opened';

/** The notification ids a token names when its signature holds; null for anything else. */
export function readPushOpenedToken(secret: string, token: unknown): string[] | null {
  return readSignedIdsToken(secret, PURPOSE, token, MAX_NOTIFICATIONS);
}

/** The URL that marks these notifications read (at most the first MAX_NOTIFICATIONS). */
export function pushOpenedUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  notificationIds: readonly string[],
): string {
  const ids = [...new Set(notificationIds)].slice(0, MAX_NOTIFICATIONS);
  const url = new URL(`${config.publicUrl}${PUSH_OPENED_PATH}`);
  url.searchParams.set(
    'token',
    createSignedIdsToken(config.sessionSecret, PURPOSE, ids, MAX_NOTIFICATIONS),
  );
  return url.toString();
}
