/**
 * The live events socket (LIVE_EVENTS_PATH) as clients hold it: its URL, reading what the server
 * sends, and the reconnect wait, which is the chat's backoff (1 s × 1.5^n, capped at 30 s).
 */
import type { LiveEventMessage, NotificationDto } from '../api/types';
import { LIVE_EVENTS_PATH } from '../api/types';
import { reconnectDelayMs } from '../chat/policy';

/** `wss://host/ws/events` on a secure page, `ws://…` otherwise. */
export function liveEventsUrl(pageProtocol: string, host: string): string {
  return `${pageProtocol === 'https:' ? 'wss' : 'ws'}://${host}${LIVE_EVENTS_PATH}`;
}

/** The wait before reconnect attempt `attempt` (0 for the first after a drop). */
export function liveEventsReconnectDelayMs(attempt: number): number {
  return reconnectDelayMs(attempt);
}

function isNotification(value: unknown): value is NotificationDto {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const listing = record.listing as Record<string, unknown> | null | undefined;
  return (
    typeof record.id === 'string' &&
    typeof record.alertId === 'string' &&
    typeof listing === 'object' &&
    listing !== null &&
    typeof listing.title === 'string' &&
    Array.isArray(record.deliveries)
  );
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** A frame from the server, or null for anything this client does not know. */
export function parseLiveEventMessage(data: unknown): LiveEventMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const message = parsed as Record<string, unknown>;
  if (message.type === 'pong') return { type: 'pong' };
  if (message.type === 'account') return { type: 'account' };
  if (message.type === 'unread' && isCount(message.unread)) {
    return { type: 'unread', unread: message.unread };
  }
  if (message.type === 'notification' && isNotification(message.notification)) {
    return { type: 'notification', notification: message.notification };
  }
  return null;
}

/** The server's close code for a socket whose session ended (logout elsewhere, expiry). */
export const LIVE_EVENTS_CLOSE_SESSION_ENDED = 4401;

/**
 * Whether a reconnect renews the session first: always after the server ended the session, and
 * once per outage (its first attempt) when the socket was refused at the handshake, since an
 * expired access cookie looks just like that. Web and desktop clients follow the same rule.
 */
export function liveEventsRefreshFirst(
  closeCode: number,
  wasOpen: boolean,
  attempt: number,
): boolean {
  return closeCode === LIVE_EVENTS_CLOSE_SESSION_ENDED || (!wasOpen && attempt === 0);
}
