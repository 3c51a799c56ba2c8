/**
 * The life of the chat's /ws/chat socket, apart from the conversation it carries: connect and
 * authenticate, a heartbeat with stale detection, reconnects with backoff (paused after repeated
 * auth refusals), and polling over HTTP whenever the socket is not connected. The rules are core's
 * connection policy (chatConnectionReducer, nextReconnectDelayMs, StaleDetector,
 * ChatAuthErrorCooldown, chatPollIntervalMs); this class owns the socket and the timers they
 * leave to the caller. What the session is, what its frames mean and how to catch up over HTTP
 * are the owner's (ChatStore): the socket stays up only while `session()` names one.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import {
  ChatAuthErrorCooldown,
  CHAT_HEARTBEAT_MS,
  INITIAL_CHAT_CONNECTION,
  StaleDetector,
  chatConnectionReducer,
  chatHeartbeat,
  chatPollIntervalMs,
  chatSocketUrl,
  nextReconnectDelayMs,
  parseChatServerMessage,
  type ChatClientMessage,
  type ChatConnection,
  type ChatConnectionEvent,
  type ChatServerMessage,
  type GuestInfo,
} from '@prijsalarm/core';

/** The part of a WebSocket the connection uses. */
export interface ChatSocketLike {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}
export type ChatSocketFactory = (url: string) => ChatSocketLike;

/** How the socket travels: the browser's WebSocket on the page's host unless a host says else. */
export interface ChatSocketOptions {
  createSocket?: ChatSocketFactory;
  /** The page address the socket URL is made from (default: location.href). */
  pageUrl?: () => string;
}

/** The running session the socket serves. */
export interface ChatSocketSession {
  sessionId: string;
  /** A guest authenticates with their details; a signed-in user with their cookies. */
  guestInfo: GuestInfo | null;
  /** Reconnecting is for an open chat window; a closed one polls. */
  windowOpen: boolean;
}

/** What the connection needs from the conversation it carries. */
export interface ChatSocketOwner {
  now(): number;
  /** The session to keep a socket for; null when there is none (no session, ended, disposed). */
  session(): ChatSocketSession | null;
  /** A server frame after the auth handshake (including a refusal of a message). */
  received(message: ChatServerMessage): void;
  /** Fetches over HTTP what the socket may have missed: on (re)connect and while it is down. */
  catchUp(): Promise<void>;
  /** The socket is gone: frames in flight will never be acknowledged. */
  lost(): void;
}

const OPEN = 1;

export class ChatSocketConnection {
  /** The connection's state as core's policy sees it; the status bar is made from it. */
  state: ChatConnection = INITIAL_CHAT_CONNECTION;

  private socket: ChatSocketLike | null = null;
  private authenticated = false;
  private stale: StaleDetector | null = null;
  /** Repeated refusals of auth / guest_auth pause reconnecting for 60 s: the server is spared. */
  private readonly authErrors = new ChatAuthErrorCooldown();
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly createSocket: ChatSocketFactory;
  private readonly pageUrl: () => string;

  constructor(
    private readonly owner: ChatSocketOwner,
    options: ChatSocketOptions = {},
  ) {
    this.createSocket =
      options.createSocket ?? ((url) => new WebSocket(url) as unknown as ChatSocketLike);
    this.pageUrl = options.pageUrl ?? (() => window.location.href);
    makeAutoObservable<
      ChatSocketConnection,
      | 'owner'
      | 'createSocket'
      | 'pageUrl'
      | 'authErrors'
      | 'stale'
      | 'socket'
      | 'heartbeatTimer'
      | 'reconnectTimer'
      | 'pollTimer'
    >(
      this,
      {
        owner: false,
        createSocket: false,
        pageUrl: false,
        authErrors: false,
        stale: false,
        socket: false,
        heartbeatTimer: false,
        reconnectTimer: false,
        pollTimer: false,
      },
      { autoBind: true },
    );
  }

  /** Connected or on its way there: nothing to start. */
  get isUp(): boolean {
    return this.state.state === 'connected' || this.state.state === 'connecting';
  }

  /** Sends a frame if the socket is open and authenticated; false means: use HTTP instead. */
  send(frame: ChatClientMessage): boolean {
    if (!this.socket || !this.authenticated || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Opens a fresh socket for the owner's session: the reconnect attempts start over. */
  connect(): void {
    this.openSocket(true);
  }

  /**
   * Closes the socket as if it had dropped: polling takes over, and the backoff decides whether
   * to reconnect (not for a closed window).
   */
  drop(): void {
    if (this.socket) this.forceReconnect();
  }

  /** The session is over: the socket closes, polling and reconnecting stop. */
  stop(): void {
    this.closeSocket();
    this.stopPolling();
    this.clearReconnect();
  }

  /**
   * Keeps a poll running while the socket is not connected (and none when it is). A running poll
   * timer is kept: reconnect attempts must not keep postponing the next poll.
   */
  schedulePoll(): void {
    const interval = chatPollIntervalMs(this.state.state);
    if (interval === null || this.owner.session() === null) {
      this.stopPolling();
      return;
    }
    if (this.pollTimer) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.owner.catchUp().finally(() => this.schedulePoll());
    }, interval);
  }

  private transition(event: ChatConnectionEvent): void {
    this.state = chatConnectionReducer(this.state, event);
    this.schedulePoll();
  }

  private openSocket(fresh: boolean): void {
    const session = this.owner.session();
    if (!session) return;
    this.clearReconnect();
    this.closeSocket();
    this.transition({ type: fresh ? 'connect' : 'reconnect' });
    const url = chatSocketUrl({
      pageUrl: this.pageUrl(),
      guestSessionId: session.guestInfo ? session.sessionId : undefined,
    });
    let socket: ChatSocketLike;
    try {
      socket = this.createSocket(url);
    } catch {
      this.socketClosed();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      runInAction(() => this.socketOpened(socket));
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      runInAction(() => this.received(String(event.data)));
    };
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      runInAction(() => this.socketClosed());
    };
  }

  private socketOpened(socket: ChatSocketLike): void {
    const session = this.owner.session();
    if (!session) return;
    const { sessionId, guestInfo } = session;
    socket.send(
      JSON.stringify(
        guestInfo ? { type: 'guest_auth', sessionId, guestInfo } : { type: 'auth', sessionId },
      ),
    );
    this.stale = new StaleDetector(this.owner.now());
    this.heartbeatTimer = setInterval(() => this.heartbeat(), CHAT_HEARTBEAT_MS);
  }

  /** A heartbeat that cannot be sent, or two silent windows in a row, force a reconnect. */
  private heartbeat(): void {
    const socket = this.socket;
    if (!socket || !this.stale) return;
    try {
      socket.send(JSON.stringify(chatHeartbeat(this.owner.now())));
    } catch {
      this.stale.heartbeatFailed(this.owner.now());
      this.forceReconnect();
      return;
    }
    if (this.stale.check(this.owner.now()) === 'reconnect') this.forceReconnect();
  }

  private forceReconnect(): void {
    this.closeSocket();
    this.socketClosed();
  }

  /** The auth handshake is answered here; every other frame is the owner's. */
  private received(raw: string): void {
    this.stale?.recordTraffic(this.owner.now());
    const message = parseChatServerMessage(raw);
    if (!message) return;
    if (message.type === 'authenticated' || message.type === 'guest_authenticated') {
      this.authenticated = true;
      this.authErrors.recordSuccess();
      this.transition({ type: 'open' });
      // Whatever came while the socket was down.
      void this.owner.catchUp();
      return;
    }
    // Before auth, an error refuses the auth; after, it is the owner's (a refused message).
    if (message.type === 'error' && !this.authenticated) {
      this.authErrors.recordAuthError(this.owner.now());
      return;
    }
    this.owner.received(message);
  }

  private socketClosed(): void {
    this.socket = null;
    this.authenticated = false;
    this.stopHeartbeat();
    this.owner.lost();
    if (this.state.state !== 'disconnected') this.transition({ type: 'close' });
    const session = this.owner.session();
    if (!session) return;
    const delay = nextReconnectDelayMs(this.state, session.windowOpen);
    if (delay === null) return;
    const cooldown = this.authErrors.remainingMs(this.owner.now());
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = null;
        this.openSocket(false);
      },
      Math.max(delay, cooldown),
    );
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.authenticated = false;
    this.stopHeartbeat();
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000);
      } catch {
        // Already closed.
      }
    }
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private stopPolling(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }
}
