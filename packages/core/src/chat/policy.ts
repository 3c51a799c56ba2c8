/**
 * The chat connection policy: reconnect backoff, liveness, polling,
 * the auth-error cooldown, the unread badge and the status bar. Pure: the caller owns the socket,
 * the timers and the clock, and passes `now` (epoch ms) in.
 */
import {
  CHAT_AUTH_ERROR_COOLDOWN_MS,
  CHAT_BACKOFF_BASE_MS,
  CHAT_BACKOFF_CAP_MS,
  CHAT_BACKOFF_FACTOR,
  CHAT_MAX_RECONNECT_ATTEMPTS,
  CHAT_POLL_WHEN_DISCONNECTED_MS,
  CHAT_STALE_STRIKES_BEFORE_RECONNECT,
  CHAT_STALE_THRESHOLD_MS,
  UNREAD_BADGE_CAP,
} from '../constants';
import { CHAT_TEXTS } from './strings';

/**
 * The wait before a reconnect attempt. `attempt` counts the reconnect attempts already made
 * since the last successful connection, so it starts at 0: the first reconnect waits 1 s, then
 * 1.5 s, 2.25 s, … and from attempt 9 (38.4 s uncapped) on, 30 s.
 */
export function reconnectDelayMs(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  return Math.min(CHAT_BACKOFF_CAP_MS, CHAT_BACKOFF_BASE_MS * CHAT_BACKOFF_FACTOR ** n);
}

/** Another reconnect is tried while fewer than 10 were made and the window is open. */
export function shouldReconnect(attempt: number, windowOpen: boolean): boolean {
  return windowOpen && attempt < CHAT_MAX_RECONNECT_ATTEMPTS;
}

/** Polling fills in for the socket: every 5 s while it is not connected, not at all while it is. */
export function chatPollIntervalMs(state: ChatConnectionState): number | null {
  return state === 'connected' ? null : CHAT_POLL_WHEN_DISCONNECTED_MS;
}

/** The unread badge: nothing for 0, the count up to 9, then '9+'. */
export function unreadBadge(count: number): string {
  if (!Number.isFinite(count) || count < 1) return '';
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(count));
}

export const CHAT_CONNECTION_STATES = ['disconnected', 'connecting', 'connected', 'error'] as const;
export type ChatConnectionState = (typeof CHAT_CONNECTION_STATES)[number];

export interface ChatConnection {
  state: ChatConnectionState;
  /** Reconnect attempts since the last successful connection; the `attempt` of the policy above. */
  attempts: number;
  /** The current connection was reached by reconnecting (shows '(Herverbonden)'). */
  reconnected: boolean;
  /** A connection was ever tried; before that there is no status to show. */
  started: boolean;
}

export const INITIAL_CHAT_CONNECTION: ChatConnection = {
  state: 'disconnected',
  attempts: 0,
  reconnected: false,
  started: false,
};

export type ChatConnectionEvent =
  /** A first (or manual, fresh) connection starts: the attempt count starts over. */
  | { type: 'connect' }
  /** A scheduled reconnect starts: one more attempt. */
  | { type: 'reconnect' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'error' };

export function chatConnectionReducer(
  connection: ChatConnection,
  event: ChatConnectionEvent,
): ChatConnection {
  switch (event.type) {
    case 'connect':
      return { state: 'connecting', attempts: 0, reconnected: false, started: true };
    case 'reconnect':
      return { ...connection, state: 'connecting', attempts: connection.attempts + 1 };
    case 'open':
      return {
        state: 'connected',
        attempts: 0,
        reconnected: connection.attempts > 0,
        started: true,
      };
    case 'close':
      return { ...connection, state: 'disconnected', reconnected: false };
    case 'error':
      return { ...connection, state: 'error', reconnected: false };
  }
}

/** The wait before the next reconnect, or `null` when no reconnect should be tried (keep polling). */
export function nextReconnectDelayMs(
  connection: ChatConnection,
  windowOpen: boolean,
): number | null {
  if (connection.state === 'connected' || connection.state === 'connecting') return null;
  return shouldReconnect(connection.attempts, windowOpen)
    ? reconnectDelayMs(connection.attempts)
    : null;
}

/** The status bar text for a connection; '' when there is nothing to say. */
export function chatStatusText(connection: ChatConnection): string {
  switch (connection.state) {
    case 'connecting':
      return connection.attempts > 0
        ? CHAT_TEXTS.reconnecting(connection.attempts)
        : CHAT_TEXTS.connecting;
    case 'connected':
      return connection.reconnected ? CHAT_TEXTS.reconnected : '';
    case 'disconnected':
    case 'error':
      return connection.started ? CHAT_TEXTS.disconnected : '';
  }
}

export type StaleVerdict = 'ok' | 'stale' | 'reconnect';

/**
 * Detects a socket that looks open but no longer carries anything: no server traffic for over
 * 30 s twice, or a heartbeat failure, forces a reconnect. Call `check` on each heartbeat
 * tick. A strike is a silence of over 30 s; after a strike the next one needs another 30 s of
 * silence, so a reconnect comes after two consecutive silent windows (just over 60 s), however
 * often `check` is called. Any server frame clears the strikes.
 */
export class StaleDetector {
  private windowStart: number;
  private strikes = 0;

  constructor(now: number) {
    this.windowStart = now;
  }

  recordTraffic(now: number): void {
    this.windowStart = now;
    this.strikes = 0;
  }

  check(now: number): StaleVerdict {
    if (now - this.windowStart <= CHAT_STALE_THRESHOLD_MS) return this.strikes > 0 ? 'stale' : 'ok';
    this.strikes += 1;
    this.windowStart = now;
    if (this.strikes >= CHAT_STALE_STRIKES_BEFORE_RECONNECT) {
      this.strikes = 0;
      return 'reconnect';
    }
    return 'stale';
  }

  /** Sending the heartbeat failed: the socket is dead, reconnect now. */
  heartbeatFailed(now: number): 'reconnect' {
    this.recordTraffic(now);
    return 'reconnect';
  }
}

/** "Repeated" auth errors: the second in a row starts the cooldown. */
export const CHAT_AUTH_ERRORS_BEFORE_COOLDOWN = 2;

/**
 * After repeated auth errors from the chat (socket `error` or a 401/403 on auth) the widget stops
 * trying for 60 s instead of hammering the server. A success clears the count.
 */
export class ChatAuthErrorCooldown {
  private consecutiveErrors = 0;
  private cooldownStartedAt: number | null = null;

  recordAuthError(now: number): void {
    if (this.isCoolingDown(now)) return;
    this.consecutiveErrors += 1;
    if (this.consecutiveErrors >= CHAT_AUTH_ERRORS_BEFORE_COOLDOWN) {
      this.cooldownStartedAt = now;
      this.consecutiveErrors = 0;
    }
  }

  recordSuccess(): void {
    this.consecutiveErrors = 0;
    this.cooldownStartedAt = null;
  }

  /** Milliseconds until auth may be tried again; 0 when it may be tried now. */
  remainingMs(now: number): number {
    if (this.cooldownStartedAt === null) return 0;
    return Math.max(0, this.cooldownStartedAt + CHAT_AUTH_ERROR_COOLDOWN_MS - now);
  }

  isCoolingDown(now: number): boolean {
    return this.remainingMs(now) > 0;
  }
}
