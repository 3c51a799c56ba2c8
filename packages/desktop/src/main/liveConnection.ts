/**
 * Holds the live events socket (/ws/events) from the main process: the session cookies go along
 * on the upgrade (no Origin: the server lets non-browser clients in on their cookie alone). It
 * reconnects with core's backoff after a drop, a failed open, sleep or a server restart, renews
 * the session first when the server may have refused an expired access cookie, pings so a
 * half-open socket (after sleep or a lost network) is noticed, and says when it is open so the
 * owner can catch up on what was recorded meanwhile.
 */
import {
  LIVE_EVENTS_PATH,
  liveEventsReconnectDelayMs,
  liveEventsRefreshFirst,
  parseLiveEventMessage,
  type NotificationDto,
} from '@prijsalarm/core';
import type { Logger } from './logger';

/** What this module needs of a WebSocket (the `ws` package in main and in tests). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface SocketHandlers {
  onOpen(): void;
  onMessage(data: string): void;
  onClose(code: number): void;
}

export type SocketFactory = (
  url: string,
  headers: Record<string, string>,
  handlers: SocketHandlers,
) => SocketLike;

export type ConnectionStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

/** A ping this often; no answer by the next one and the socket is taken for dead. */
export const LIVE_PING_INTERVAL_MS = 25_000;

export interface LiveConnectionOptions {
  /** The server's base URL, e.g. 'https://prijsalarm.nl'. */
  serverUrl: string;
  cookieHeader(url: string): string;
  createSocket: SocketFactory;
  /** Renews the access cookie: 'ended' when the server refused (sign in again). */
  refreshSession(): Promise<'ok' | 'ended' | 'offline'>;
  onNotification(notification: NotificationDto): void;
  /** The server's unread count: as the socket opens, and whenever the user reads anywhere. */
  onUnread(unread: number): void;
  /** The socket is open: catch up on what was recorded while it was not. */
  onOpen(): void;
  onStatus(status: ConnectionStatus): void;
  onSessionEnded(): void;
  logger: Logger;
  reconnectDelayMs?: (attempt: number) => number;
  pingIntervalMs?: number;
}

export function liveEventsSocketUrl(serverUrl: string): string {
  const url = new URL(LIVE_EVENTS_PATH, serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export class LiveConnection {
  private status: ConnectionStatus = 'stopped';
  private socket: SocketLike | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private answered = true;
  private readonly delayFor: (attempt: number) => number;
  private readonly url: string;

  constructor(private readonly options: LiveConnectionOptions) {
    this.delayFor = options.reconnectDelayMs ?? liveEventsReconnectDelayMs;
    this.url = liveEventsSocketUrl(options.serverUrl);
  }

  get current(): ConnectionStatus {
    return this.status;
  }

  start(): void {
    if (this.status === 'connecting' || this.status === 'open') return;
    this.attempts = 0;
    this.connect();
  }

  stop(): void {
    this.setStatus('stopped');
    this.clearTimers();
    this.dropSocket(1000, 'signed out');
  }

  /** After sleep or when the network came back: try now instead of waiting out the backoff. */
  reconnectNow(): void {
    if (this.status === 'stopped') return;
    this.clearTimers();
    this.dropSocket(1000, 'reconnecting');
    this.attempts = 0;
    this.connect();
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }

  private connect(): void {
    this.setStatus('connecting');
    let opened = false;
    let socket: SocketLike | null = null;
    const isCurrent = () => socket !== null && this.socket === socket;
    const cookie = this.options.cookieHeader(this.url.replace(/^ws/, 'http'));
    try {
      socket = this.options.createSocket(this.url, cookie ? { cookie } : {}, {
        onOpen: () => {
          if (!isCurrent()) return;
          opened = true;
          this.attempts = 0;
          this.setStatus('open');
          this.startPinging();
          this.options.onOpen();
        },
        onMessage: (data) => {
          if (!isCurrent()) return;
          this.answered = true;
          const message = parseLiveEventMessage(data);
          if (message?.type === 'notification') this.options.onNotification(message.notification);
          else if (message?.type === 'unread') this.options.onUnread(message.unread);
        },
        onClose: (code) => {
          if (!isCurrent()) return;
          this.socket = null;
          this.stopPinging();
          this.scheduleReconnect(opened, code);
        },
      });
      this.socket = socket;
    } catch (error) {
      this.options.logger.warn('live events: could not open a socket', { error: String(error) });
      this.scheduleReconnect(false, 0);
    }
  }

  private startPinging(): void {
    this.stopPinging();
    this.answered = true;
    this.pingTimer = setInterval(() => {
      if (!this.answered) {
        // No pong since the last ping: the socket is half-open (sleep, lost network).
        this.options.logger.warn('live events: no answer to ping, reconnecting');
        const socket = this.socket;
        this.socket = null;
        this.stopPinging();
        socket?.close(4000, 'no pong');
        this.scheduleReconnect(true, 0);
        return;
      }
      this.answered = false;
      try {
        this.socket?.send(JSON.stringify({ type: 'ping' }));
      } catch {
        // The close handler reconnects.
      }
    }, this.options.pingIntervalMs ?? LIVE_PING_INTERVAL_MS);
  }

  private stopPinging(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private scheduleReconnect(wasOpen: boolean, code: number): void {
    if (this.status === 'stopped') return;
    this.setStatus('waiting');
    const refreshFirst = liveEventsRefreshFirst(code, wasOpen, this.attempts);
    const delay = this.delayFor(this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.reconnect(refreshFirst);
    }, delay);
  }

  private async reconnect(refreshFirst: boolean): Promise<void> {
    if (this.status === 'stopped') return;
    if (refreshFirst) {
      const outcome = await this.options.refreshSession();
      if ((this.status as ConnectionStatus) === 'stopped') return;
      if (outcome === 'ended') {
        this.stop();
        this.options.onSessionEnded();
        return;
      }
    }
    this.connect();
  }

  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    this.stopPinging();
    socket?.close(code, reason);
  }

  private clearTimers(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.stopPinging();
  }
}
