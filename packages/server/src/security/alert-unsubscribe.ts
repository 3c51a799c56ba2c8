/**
 * One-click unsubscribe for alert mails (RFC 8058): the List-Unsubscribe URL
 * `${PUBLIC_URL}/api/alerts/unsubscribe?token=…` pauses the alerts the mail was about. It must work
 * without cookies or a login and keep working from old mails, so the token is signed, not stored:
 *
 *   token = base64url(alert uuid bytes, 16 each, concatenated) "." base64url(HMAC-SHA256(
 *           SESSION_SECRET, purpose ‖ sorted alert ids))
 *
 * It can only pause those alerts (never read or change anything else), which is all a leaked mail
 * header could ever allow.
 */
import { createHmac } from 'node:crypto';
import type { Config } from '../config/env';
import { safeEqual } from './tokens';

/** Separates this MAC from every other use of SESSION_SECRET. */
const PURPOSE = 'alert_unsubscribe';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_BYTES = 16;
const ID_CHARS = 22; // base64url of 16 bytes, unpadded
/** A mail names at most this many alerts in its token (a longer URL helps nobody). */
export const MAX_UNSUBSCRIBE_ALERTS = 50;

export const ALERT_UNSUBSCRIBE_PATH = '/api/alerts/unsubscribe';

function mac(secret: string, alertIds: readonly string[]): string {
  const canonical = [...alertIds].map((id) => id.toLowerCase()).sort();
  return createHmac('sha256', secret)
    .update(`${PURPOSE}\0${canonical.join('\0')}`)
    .digest('base64url');
}

function packId(id: string): string {
  return Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url');
}

function unpackId(packed: string): string {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createAlertUnsubscribeToken(secret: string, alertIds: readonly string[]): string {
  const ids = [...new Set(alertIds.map((id) => id.toLowerCase()))];
  if (
    ids.length === 0 ||
    ids.length > MAX_UNSUBSCRIBE_ALERTS ||
    !ids.every((id) => UUID.test(id))
  ) {
    throw new Error(`An unsubscribe token names 1 to ${MAX_UNSUBSCRIBE_ALERTS} alert ids`);
  }
  return `${ids.map(packId).join('')}.${mac(secret, ids)}`;
}

/** The alert ids a token names when its signature holds; null for anything else. */
export function readAlertUnsubscribeToken(secret: string, token: unknown): string[] | null {
  if (typeof token !== 'string' || token.length > MAX_UNSUBSCRIBE_ALERTS * ID_CHARS + 44) {
    return null;
  }
  const [packed, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !packed || !signature) return null;
  if (packed.length % ID_CHARS !== 0 || !/^[A-Za-z0-9_-]+$/.test(packed)) return null;
  const ids: string[] = [];
  for (let index = 0; index < packed.length; index += ID_CHARS) {
    const chunk = packed.slice(index, index + ID_CHARS);
    if (Buffer.from(chunk, 'base64url').length !== UUID_BYTES) return null;
    ids.push(unpackId(chunk));
  }
  return safeEqual(signature, mac(secret, ids)) ? ids : null;
}

export function alertUnsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  alertIds: readonly string[],
): string {
  const url = new URL(`${config.publicUrl}${ALERT_UNSUBSCRIBE_PATH}`);
  url.searchParams.set('token', createAlertUnsubscribeToken(config.sessionSecret, alertIds));
  return url.toString();
}
