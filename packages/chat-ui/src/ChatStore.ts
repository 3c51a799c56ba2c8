/**
 * The support chat's logic, shared by the web widget and the desktop chat
 * window. The session rules are core's reducer (chatReducer) and connection policy
 * (chatConnectionReducer, backoff, StaleDetector); this store owns what they leave to the caller:
 * the HTTP calls, the /ws/chat socket, the timers and what is kept between visits. How the calls
 * and the socket travel is the host's (ChatHost): the web app's same-origin fetch and WebSocket,
 * or the desktop's preload bridge to the main process.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import {
  ChatAuthErrorCooldown,
  CHAT_HEARTBEAT_MS,
  CHAT_STATUS_CHECK_MS,
  CHAT_STORAGE_KEYS,
  INITIAL_CHAT_CONNECTION,
  INITIAL_CHAT_STATE,
  STRINGS,
  StaleDetector,
  chatConnectionReducer,
  chatEventFromServerMessage,
  chatHeartbeat,
  chatOnlineStatusText,
  chatPollIntervalMs,
  chatReducer,
  chatSocketUrl,
  chatStatusText,
  chatSupportStatusMessage,
  guestEmailError,
  isApiError,
  isChatSending,
  nextReconnectDelayMs,
  parseChatServerMessage,
  parseStoredChatMessages,
  parseStoredGuestSession,
  validateGuestForm,
  type ChatConnection,
  type ChatConnectionEvent,
  type ChatEvent,
  type ChatInitializeResponse,
  type ChatMessage,
  type ChatOnlineStatusResponse,
  type ApiClient,
  type ChatInitializeRequest,
  type ChatState,
  type GuestFormErrors,
  type GuestInfo,
} from '@prijsalarm/core';

/** The chat's HTTP calls (core's API client's `chat` part, or the desktop bridge's). */
export type ChatApi = Pick<
  ApiClient['chat'],
  | 'initialize'
  | 'checkMessages'
  | 'validateEmail'
  | 'send'
  | 'markRead'
  | 'resolve'
  | 'unreadCount'
  | 'guestUnreadCount'
  | 'onlineStatus'
>;

/** Where the chat is kept between visits (localStorage, or memory). */
export interface ChatStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What the chat needs from the app around it. */
export interface ChatHost {
  api: ChatApi;
  storage: ChatStorage;
  now(): number;
  /** The signed-in user, as initialize wants them; null for a guest. */
  user(): Extract<ChatInitializeRequest, { userInfo: unknown }>['userInfo'] | null;
}

function readJson(storage: ChatStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** The part of a WebSocket the store uses. */
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

const OPEN = 1;
/** A message over the socket that is not acknowledged in this time has failed. */
const SEND_TIMEOUT_MS = 10_000;
/** Typing stops counting after this long without a key. */
const TYPING_IDLE_MS = 2_000;

export interface ChatStoreOptions {
  createSocket?: ChatSocketFactory;
  /** The page address the socket URL is made from (default: location.href). */
  pageUrl?: () => string;
}

export class ChatStore {
  state: ChatState = INITIAL_CHAT_STATE;
  connection: ChatConnection = INITIAL_CHAT_CONNECTION;
  /** The guest's details once the form was accepted (or restored); null for users. */
  guestInfo: GuestInfo | null = null;
  form = { name: '', email: '' };
  formErrors: GuestFormErrors = {};
  formError: string | null = null;
  submitting = false;
  draft = '';
  onlineStatus: ChatOnlineStatusResponse | null = null;
  statusFailed = false;
  hasInteracted = false;
  /** What the polite live region says last (new messages, the end of the chat). */
  announcement = '';

  /** From a reply mail's link: the session the guest form resumes. */
  private resumeSessionId: string | null = null;
  private socket: ChatSocketLike | null = null;
  private authenticated = false;
  private stale: StaleDetector | null = null;
  /** Repeated refusals of auth / guest_auth pause reconnecting for 60 s, so a refused client does not hammer the server. */
  private readonly authErrors = new ChatAuthErrorCooldown();
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  private statusTimer: ReturnType<typeof setInterval> | null = null;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private typingSent = false;
  private readonly sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private tempSeq = 0;
  private disposed = false;
  private readonly createSocket: ChatSocketFactory;
  private readonly pageUrl: () => string;

  constructor(
    private readonly host: ChatHost,
    options: ChatStoreOptions = {},
  ) {
    this.createSocket =
      options.createSocket ?? ((url) => new WebSocket(url) as unknown as ChatSocketLike);
    this.pageUrl = options.pageUrl ?? (() => window.location.href);
    makeAutoObservable<
      ChatStore,
      'host' | 'createSocket' | 'pageUrl' | 'sendTimers' | 'authErrors' | 'stale'
    >(
      this,
      {
        host: false,
        createSocket: false,
        pageUrl: false,
        sendTimers: false,
        authErrors: false,
        stale: false,
      },
      { autoBind: true },
    );
  }

  // ————— what the widget shows —————

  get isGuest(): boolean {
    return this.host.user() === null;
  }

  get showGuestForm(): boolean {
    return this.state.phase === 'none' && this.isGuest && this.guestInfo === null;
  }

  get statusText(): string {
    return chatStatusText(this.connection);
  }

  get supportStatusText(): string {
    if (this.state.supportOnline !== null)
      return chatSupportStatusMessage(this.state.supportOnline);
    return this.statusFailed
      ? chatOnlineStatusText(null)
      : (this.onlineStatus?.statusMessage ?? '');
  }

  get sending(): boolean {
    return isChatSending(this.state);
  }

  /** Quick questions are offered until the visitor has said something. */
  get showQuickQuestions(): boolean {
    return (
      this.state.phase !== 'resolved' &&
      !this.state.messages.some((m) => m.sender === 'user' || m.sender === 'guest')
    );
  }

  // ————— life cycle —————

  /** The widget mounted: restore what was stored and pick a running session up again. */
  start(resumeSessionId: string | null = null): void {
    // React's StrictMode (development) disposes and starts the same store again.
    this.disposed = false;
    const { storage } = this.host;
    this.resumeSessionId = resumeSessionId;
    this.hasInteracted = storage.getItem(CHAT_STORAGE_KEYS.hasInteracted) === 'true';
    const guest = parseStoredGuestSession(
      readJson(storage, CHAT_STORAGE_KEYS.guestSession),
      this.host.now(),
    );
    const storedSessionId = storage.getItem(CHAT_STORAGE_KEYS.sessionId);
    const mine = this.isGuest
      ? guest !== null && guest.sessionId === storedSessionId
      : storedSessionId !== null && storedSessionId !== guest?.sessionId;
    if (!mine) {
      // Another visitor's chat (a user who logged out, an expired guest): not shown, forgotten.
      storage.removeItem(CHAT_STORAGE_KEYS.sessionId);
      storage.removeItem(CHAT_STORAGE_KEYS.messages);
    }
    const messages = parseStoredChatMessages(readJson(storage, CHAT_STORAGE_KEYS.messages));
    // Shown at once; initialize below brings the server's version.
    if (mine && messages && storedSessionId) {
      this.dispatch({
        type: 'initialized',
        sessionId: storedSessionId,
        messages,
        sessionStatus: 'active',
      });
    }
    if (guest && this.isGuest) {
      this.guestInfo = guest.guestInfo;
      void this.initialize(guest.sessionId);
    } else if (!this.isGuest && mine && storedSessionId) {
      void this.initialize();
    }
    void this.loadOnlineStatus();
    this.statusTimer = setInterval(() => void this.refreshCounts(), CHAT_STATUS_CHECK_MS);
  }

  dispose(): void {
    this.disposed = true;
    this.closeSocket();
    for (const timer of [this.reconnectTimer, this.pollTimer, this.typingTimer]) {
      if (timer) clearTimeout(timer);
    }
    if (this.statusTimer) clearInterval(this.statusTimer);
    for (const timer of this.sendTimers.values()) clearTimeout(timer);
  }

  open(): void {
    this.dispatch({ type: 'opened' });
    this.markInteracted();
    if (this.state.phase === 'none' && !this.isGuest) void this.initialize();
    if (this.state.phase === 'active') {
      void this.markRead();
      if (this.connection.state !== 'connected' && this.connection.state !== 'connecting') {
        this.connect(true);
      }
    }
  }

  /** Minimizing keeps the session; the chat goes on in polling, the socket closes. */
  minimize(): void {
    this.dispatch({ type: 'minimized' });
    this.persist();
    if (this.socket) this.forceReconnect();
  }

  markInteracted(): void {
    if (this.hasInteracted) return;
    this.hasInteracted = true;
    this.host.storage.setItem(CHAT_STORAGE_KEYS.hasInteracted, 'true');
  }

  // ————— the guest form —————

  setFormField(field: 'name' | 'email', value: string): void {
    this.form[field] = value;
    if (this.formErrors[field]) this.formErrors = { ...this.formErrors, [field]: undefined };
  }

  async submitGuestForm(): Promise<void> {
    if (this.submitting) return;
    const errors = validateGuestForm(this.form);
    this.formErrors = errors;
    this.formError = null;
    if (errors.name || errors.email) return;
    this.submitting = true;
    try {
      let emailError: string | null;
      let email = this.form.email.trim();
      try {
        const result = await this.host.api.validateEmail({ email });
        emailError = guestEmailError(result);
        if (result.normalized) email = result.normalized;
      } catch {
        emailError = guestEmailError('failed');
      }
      if (emailError) {
        runInAction(() => (this.formErrors = { email: emailError }));
        return;
      }
      runInAction(() => (this.guestInfo = { name: this.form.name.trim(), email }));
      await this.initialize(this.resumeSessionId ?? undefined);
      this.resumeSessionId = null;
      if (this.state.phase !== 'active') {
        runInAction(() => {
          this.guestInfo = null;
          this.formError = STRINGS.chat.genericError;
        });
      }
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }

  // ————— session —————

  private async initialize(sessionId?: string): Promise<void> {
    let response: ChatInitializeResponse;
    try {
      if (this.isGuest) {
        if (!this.guestInfo) return;
        response = await this.host.api.initialize({
          guestInfo: this.guestInfo,
          ...(sessionId ? { sessionId } : {}),
        });
      } else {
        const user = this.host.user()!;
        response = await this.host.api.initialize({
          userInfo: { email: user.email, name: user.name, plan: user.plan },
        });
      }
    } catch {
      return;
    }
    if (this.disposed) return;
    this.dispatch({
      type: 'initialized',
      sessionId: response.sessionId,
      messages: response.messages,
      sessionStatus: response.sessionStatus,
    });
    if (this.state.phase === 'active') {
      this.persist();
      // The socket is for the open window; a closed widget polls.
      if (this.state.isOpen) {
        void this.markRead();
        this.connect(true);
      } else this.schedulePoll();
    }
  }

  async endChat(): Promise<void> {
    const sessionId = this.state.sessionId;
    if (!sessionId) return;
    try {
      await this.host.api.resolve({
        sessionId,
        ...(this.guestInfo ? { guestInfo: this.guestInfo } : {}),
      });
      this.dispatch({ type: 'session_resolved', resolvedBy: 'user', at: new Date().toISOString() });
    } catch {
      this.dispatch({ type: 'end_failed', at: new Date().toISOString() });
    }
  }

  /** 'Start nieuwe chat': guests fill the form again, users get a new session. */
  newChat(): void {
    this.dispatch({ type: 'new_chat' });
    this.guestInfo = null;
    this.form = { name: this.form.name, email: this.form.email };
    if (!this.isGuest) void this.initialize();
  }

  // ————— messages —————

  setDraft(text: string): void {
    this.draft = text;
    this.sendTyping(text.trim().length > 0);
  }

  send(text: string = this.draft): void {
    const sessionId = this.state.sessionId;
    if (!sessionId || this.state.phase !== 'active') return;
    this.tempSeq += 1;
    const tempId = `temp-${this.host.now()}-${this.tempSeq}`;
    const before = this.state;
    this.dispatch({
      type: 'send_started',
      tempId,
      text,
      sender: this.isGuest ? 'guest' : 'user',
      at: new Date(this.host.now()).toISOString(),
    });
    if (this.state === before) return;
    this.markInteracted();
    if (text === this.draft) this.draft = '';
    this.sendTyping(false);
    const clean = text.trim();
    if (this.socket && this.authenticated && this.socket.readyState === OPEN) {
      this.socket.send(JSON.stringify({ type: 'message', text: clean, tempId }));
      this.sendTimers.set(
        tempId,
        setTimeout(() => this.failSend(tempId), SEND_TIMEOUT_MS),
      );
      return;
    }
    void this.sendOverHttp(sessionId, tempId, clean);
  }

  private async sendOverHttp(sessionId: string, tempId: string, message: string) {
    try {
      const { messageId } = await this.host.api.send({
        sessionId,
        message,
        ...(this.guestInfo ? { guestInfo: this.guestInfo } : {}),
      });
      this.dispatch({ type: 'message_sent', tempId, messageId });
    } catch {
      this.failSend(tempId);
    }
  }

  private failSend(tempId: string): void {
    const timer = this.sendTimers.get(tempId);
    if (timer) clearTimeout(timer);
    this.sendTimers.delete(tempId);
    this.dispatch({ type: 'send_failed', tempId, at: new Date(this.host.now()).toISOString() });
  }

  private async markRead(): Promise<void> {
    const sessionId = this.state.sessionId;
    if (!sessionId || this.state.phase !== 'active') return;
    try {
      await this.host.api.markRead({
        sessionId,
        ...(this.guestInfo ? { guestInfo: this.guestInfo } : {}),
      });
    } catch {
      // The count is corrected by the next unread check.
    }
  }

  private sendTyping(isTyping: boolean): void {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = isTyping ? setTimeout(() => this.sendTyping(false), TYPING_IDLE_MS) : null;
    if (isTyping === this.typingSent) return;
    this.typingSent = isTyping;
    if (this.socket && this.authenticated && this.socket.readyState === OPEN) {
      this.socket.send(JSON.stringify({ type: 'typing', isTyping }));
    }
  }

  // ————— the reducer and storage —————

  dispatch(event: ChatEvent): void {
    const before = this.state;
    this.state = chatReducer(before, event);
    if (before === this.state) return;
    const fresh = this.state.messages.filter(
      (m) => !before.messages.some((b) => b.id === m.id) && m.sender === 'support',
    );
    if (fresh.length > 0) {
      this.announcement = `${fresh.at(-1)!.text}`;
      if (this.state.isOpen) void this.markRead();
    }
    if (before.phase !== 'resolved' && this.state.phase === 'resolved') this.ended();
    else if (this.state.phase === 'active' && before.messages !== this.state.messages)
      this.persist();
  }

  /** The session is over: stored chat data is cleared (nothing of it stays on the device) and the socket closes. */
  private ended(): void {
    this.announcement = this.state.ended?.text ?? '';
    this.closeSocket();
    this.stopPolling();
    const { storage } = this.host;
    storage.removeItem(CHAT_STORAGE_KEYS.guestSession);
    storage.removeItem(CHAT_STORAGE_KEYS.sessionId);
    storage.removeItem(CHAT_STORAGE_KEYS.messages);
  }

  private persist(): void {
    const { storage } = this.host;
    const { sessionId, messages } = this.state;
    if (!sessionId) return;
    storage.setItem(CHAT_STORAGE_KEYS.sessionId, sessionId);
    // Optimistic and locally made messages are not the server's: they are not kept.
    const kept = messages.filter(
      (m) => !this.state.pendingTempIds.includes(m.id) && !m.id.startsWith('local-'),
    );
    storage.setItem(CHAT_STORAGE_KEYS.messages, JSON.stringify(kept));
    if (this.guestInfo) {
      const stored = readJson(storage, CHAT_STORAGE_KEYS.guestSession) as {
        sessionId?: string;
        storedAt?: number;
      } | null;
      // The 24 h run from when the session was first stored, not from the last save.
      const storedAt =
        stored?.sessionId === sessionId && typeof stored.storedAt === 'number'
          ? stored.storedAt
          : this.host.now();
      storage.setItem(
        CHAT_STORAGE_KEYS.guestSession,
        JSON.stringify({ sessionId, guestInfo: this.guestInfo, storedAt }),
      );
    }
  }

  // ————— the socket —————

  private connectionEvent(event: ChatConnectionEvent): void {
    this.connection = chatConnectionReducer(this.connection, event);
    this.schedulePoll();
  }

  private connect(fresh: boolean): void {
    if (this.disposed || this.state.phase !== 'active' || !this.state.sessionId) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.closeSocket();
    this.connectionEvent({ type: fresh ? 'connect' : 'reconnect' });
    const url = chatSocketUrl({
      pageUrl: this.pageUrl(),
      guestSessionId: this.guestInfo ? this.state.sessionId : undefined,
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
    const sessionId = this.state.sessionId!;
    socket.send(
      JSON.stringify(
        this.guestInfo
          ? { type: 'guest_auth', sessionId, guestInfo: this.guestInfo }
          : { type: 'auth', sessionId },
      ),
    );
    this.stale = new StaleDetector(this.host.now());
    this.heartbeatTimer = setInterval(() => this.heartbeat(), CHAT_HEARTBEAT_MS);
  }

  private heartbeat(): void {
    const socket = this.socket;
    if (!socket || !this.stale) return;
    try {
      socket.send(JSON.stringify(chatHeartbeat(this.host.now())));
    } catch {
      this.stale.heartbeatFailed(this.host.now());
      this.forceReconnect();
      return;
    }
    if (this.stale.check(this.host.now()) === 'reconnect') this.forceReconnect();
  }

  private forceReconnect(): void {
    this.closeSocket();
    this.socketClosed();
  }

  private received(raw: string): void {
    this.stale?.recordTraffic(this.host.now());
    const message = parseChatServerMessage(raw);
    if (!message) return;
    switch (message.type) {
      case 'authenticated':
      case 'guest_authenticated':
        this.authenticated = true;
        this.authErrors.recordSuccess();
        this.connectionEvent({ type: 'open' });
        // Whatever came while the socket was down.
        void this.poll();
        return;
      case 'message_sent': {
        const timer = this.sendTimers.get(message.tempId);
        if (timer) clearTimeout(timer);
        this.sendTimers.delete(message.tempId);
        break;
      }
      case 'error':
        // Before auth it refuses the auth; after, it answers the oldest message in flight.
        if (!this.authenticated) this.authErrors.recordAuthError(this.host.now());
        else if (this.state.pendingTempIds.length > 0) {
          this.failSend(this.state.pendingTempIds[0]!);
        }
        return;
      default:
        break;
    }
    const event = chatEventFromServerMessage(message, new Date(this.host.now()).toISOString());
    if (event) this.dispatch(event);
  }

  private socketClosed(): void {
    this.socket = null;
    this.authenticated = false;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    for (const tempId of [...this.sendTimers.keys()]) this.failSend(tempId);
    if (this.connection.state !== 'disconnected') this.connectionEvent({ type: 'close' });
    if (this.disposed || this.state.phase !== 'active') return;
    const delay = nextReconnectDelayMs(this.connection, this.state.isOpen);
    if (delay === null) return;
    const cooldown = this.authErrors.remainingMs(this.host.now());
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = null;
        this.connect(false);
      },
      Math.max(delay, cooldown),
    );
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.authenticated = false;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000);
      } catch {
        // Already closed.
      }
    }
  }

  // ————— polling (while the socket is down) and the 30 s checks —————

  /** Keeps a running poll timer: reconnect attempts must not keep postponing the next poll. */
  private schedulePoll(): void {
    const interval = chatPollIntervalMs(this.connection.state);
    if (interval === null || this.state.phase !== 'active' || this.disposed) {
      this.stopPolling();
      return;
    }
    if (this.pollTimer) return;
    this.pollTimer = setTimeout(() => {
      this.pollTimer = null;
      void this.poll().finally(() => this.schedulePoll());
    }, interval);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  private lastServerMessageId(): string | null {
    const { messages, pendingTempIds } = this.state;
    for (let index = messages.length - 1; index >= 0; index -= 1) {
      const message: ChatMessage = messages[index]!;
      if (!pendingTempIds.includes(message.id) && !message.id.startsWith('local-'))
        return message.id;
    }
    return null;
  }

  /** check-messages: new messages, or a 403 when support closed the session. */
  async poll(): Promise<void> {
    const sessionId = this.state.sessionId;
    if (!sessionId || this.state.phase !== 'active') return;
    try {
      const result = await this.host.api.checkMessages({
        sessionId,
        lastMessageId: this.lastServerMessageId(),
        ...(this.guestInfo ? { guestInfo: this.guestInfo } : {}),
      });
      if (this.state.sessionId !== sessionId) return;
      this.dispatch({ type: 'messages_received', messages: result.newMessages });
    } catch (error) {
      if (isApiError(error) && error.status === 403 && this.state.sessionId === sessionId) {
        this.dispatch({ type: 'session_closed', at: new Date(this.host.now()).toISOString() });
      }
    }
  }

  private async loadOnlineStatus(): Promise<void> {
    try {
      const status = await this.host.api.onlineStatus();
      runInAction(() => {
        this.onlineStatus = status;
        this.statusFailed = false;
      });
      this.dispatch({ type: 'online_status', isOnline: status.isOnline });
    } catch {
      runInAction(() => (this.statusFailed = true));
    }
  }

  /** Every 30 s: support's status, and the unread count while the widget is closed. */
  private async refreshCounts(): Promise<void> {
    await this.loadOnlineStatus();
    if (this.state.isOpen || this.state.phase !== 'active' || !this.state.sessionId) return;
    try {
      const { count } = this.guestInfo
        ? await this.host.api.guestUnreadCount({
            sessionId: this.state.sessionId,
            guestInfo: this.guestInfo,
          })
        : await this.host.api.unreadCount();
      this.dispatch({ type: 'unread_count', count });
    } catch {
      // A failed badge count is no reason to bother the user: it silently resets the count.
      this.dispatch({ type: 'unread_count', count: null });
    }
  }
}
