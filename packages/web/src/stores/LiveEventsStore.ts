import { makeAutoObservable } from 'mobx';
import { isApiError, liveEventsReconnectDelayMs, parseLiveEventMessage } from '@prijsalarm/core';
import type { NotificationDto } from '@prijsalarm/core';
import type { RootStore } from './RootStore';

/** The part of a WebSocket this store uses (the browser's, or `ws` in tests). */
export interface LiveSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

export type LiveSocketFactory = (url: string) => LiveSocket;

export type LiveState = 'idle' | 'connecting' | 'open' | 'waiting' | 'stopped';

/** The server's close code for a session that ended (logout elsewhere, expiry). */
const CLOSE_SESSION_ENDED = 4401;

export interface LiveEventsOptions {
  url: string;
  createSocket?: LiveSocketFactory;
  /** The wait before reconnect attempt n (default: core's chat backoff, 1 s × 1.5^n up to 30 s). */
  reconnectDelayMs?: (attempt: number) => number;
}

type Listener = (notification: NotificationDto) => void;
type UnreadListener = (unread: number) => void;

/**
 * The live events socket (/ws/events): new notifications as they are recorded, and the user's
 * unread count (as the socket opens and after every read, in any tab). It reconnects with
 * backoff. The socket is authenticated by the access cookie, so a socket that could not open, or
 * that the server closed for an ended session, first refreshes the session through the API
 * client; when that is refused the session is gone and it stops.
 */
export class LiveEventsStore {
  state: LiveState = 'idle';
  /** Reconnect attempts since the last open socket. */
  attempts = 0;

  private socket: LiveSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly accountListeners = new Set<() => void>();
  private readonly unreadListeners = new Set<UnreadListener>();
  private readonly createSocket: LiveSocketFactory;
  private readonly delayFor: (attempt: number) => number;

  constructor(
    private readonly root: RootStore,
    private readonly options: LiveEventsOptions,
  ) {
    this.createSocket =
      options.createSocket ?? ((url) => new WebSocket(url) as unknown as LiveSocket);
    this.delayFor = options.reconnectDelayMs ?? liveEventsReconnectDelayMs;
    makeAutoObservable<
      LiveEventsStore,
      | 'root'
      | 'options'
      | 'socket'
      | 'timer'
      | 'listeners'
      | 'accountListeners'
      | 'unreadListeners'
      | 'createSocket'
      | 'delayFor'
    >(
      this,
      {
        root: false,
        options: false,
        socket: false,
        timer: false,
        listeners: false,
        accountListeners: false,
        unreadListeners: false,
        createSocket: false,
        delayFor: false,
      },
      { autoBind: true },
    );
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** Calls `listener` for every notification that arrives; returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` when the user's plan or alert limit changed; returns the unsubscribe. */
  subscribeAccount(listener: () => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  /** Calls `listener` with every unread count the server sends; returns the unsubscribe. */
  subscribeUnread(listener: UnreadListener): () => void {
    this.unreadListeners.add(listener);
    return () => this.unreadListeners.delete(listener);
  }

  start(): void {
    if (this.state === 'connecting' || this.state === 'open') return;
    this.attempts = 0;
    this.connect();
  }

  stop(): void {
    this.state = 'stopped';
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000, 'page left');
    }
  }

  private connect(): void {
    this.clearTimer();
    this.state = 'connecting';
    let opened = false;
    let socket: LiveSocket;
    try {
      socket = this.createSocket(this.options.url);
    } catch (error) {
      console.warn('Live events: no socket', error);
      this.scheduleReconnect(false, 0);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      opened = true;
      this.opened();
    };
    socket.onmessage = (event) => this.received(event.data);
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleReconnect(opened, event.code);
    };
  }

  private opened(): void {
    this.state = 'open';
    this.attempts = 0;
  }

  private received(data: unknown): void {
    const message = parseLiveEventMessage(data);
    if (message?.type === 'notification') {
      for (const listener of this.listeners) listener(message.notification);
    } else if (message?.type === 'unread') {
      for (const listener of this.unreadListeners) listener(message.unread);
    } else if (message?.type === 'account') {
      for (const listener of this.accountListeners) listener();
    }
  }

  private scheduleReconnect(wasOpen: boolean, code: number): void {
    if (this.state === 'stopped') return;
    this.state = 'waiting';
    // A socket refused at the handshake may carry an expired access cookie: one refresh per
    // outage (not per attempt) renews it; an ended session always asks.
    const sessionSuspect = code === CLOSE_SESSION_ENDED || (!wasOpen && this.attempts === 0);
    const delay = this.delayFor(this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.reconnect(sessionSuspect);
    }, delay);
  }

  private async reconnect(refreshFirst: boolean): Promise<void> {
    if (this.state === 'stopped') return;
    if (refreshFirst) {
      try {
        // Renews the access cookie the socket is authenticated by.
        await this.root.api.refreshSession();
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) {
          this.stop();
          return;
        }
        // No network: the socket will not open either; keep backing off.
      }
      // The page may have been left while the refresh was under way.
      if ((this.state as LiveState) === 'stopped') return;
    }
    this.connect();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
