/**
 * The support chat's session and messages, shared by the web widget and the desktop chat window.
 * The session rules are core's reducer (chatReducer); this store owns what it leaves to the
 * caller: the guest form, the HTTP calls, optimistic sending, the 30 s status and unread checks,
 * and the chat kept in storage between visits (so a reload or the next page picks it up again).
 * The socket's own life (connect, heartbeat, reconnect, polling while it is down) is
 * ChatSocketConnection's. How the calls and the socket travel is the host's (ChatHost): the web
 * app's same-origin fetch and WebSocket, or the desktop's preload bridge to the main process.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import {
  CHAT_STATUS_CHECK_MS,
  CHAT_STORAGE_KEYS,
  INITIAL_CHAT_STATE,
  CHAT_TEXTS,
  chatEventFromServerMessage,
  chatOnlineStatusText,
  chatReducer,
  chatStatusText,
  chatSupportStatusMessage,
  guestEmailError,
  isApiError,
  isChatSending,
  parseStoredChatMessages,
  parseStoredGuestSession,
  validateGuestForm,
  type ChatConnection,
  type ChatEvent,
  type ChatInitializeResponse,
  type ChatMessage,
  type ChatOnlineStatusResponse,
  type ApiClient,
  type ChatInitializeRequest,
  type ChatServerMessage,
  type ChatState,
  type GuestFormErrors,
  type GuestInfo,
} from '@prijsalarm/core';
import {
  ChatSocketConnection,
  type ChatSocketOptions,
  type ChatSocketSession,
} from './ChatSocketConnection';

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

/** Storage that forgets when the window closes: nothing of one user stays for the next. */
export function memoryChatStorage(): ChatStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, item) => void entries.set(key, item),
    removeItem: (key) => void entries.delete(key),
  };
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

/** A message over the socket that is not acknowledged in this time has failed. */
const SEND_TIMEOUT_MS = 10_000;
/** Typing stops counting after this long without a key. */
const TYPING_IDLE_MS = 2_000;

export class ChatStore {
  state: ChatState = INITIAL_CHAT_STATE;
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
  private readonly socket: ChatSocketConnection;
  private statusTimer: ReturnType<typeof setInterval> | null = null;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private typingSent = false;
  private readonly sendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private tempSeq = 0;
  private disposed = false;

  constructor(
    private readonly host: ChatHost,
    options: ChatSocketOptions = {},
  ) {
    this.socket = new ChatSocketConnection(
      {
        now: () => this.host.now(),
        session: () => this.socketSession(),
        received: (message) => this.received(message),
        catchUp: () => this.poll(),
        // Frames in flight on a lost socket are never acknowledged: they failed.
        lost: () => {
          for (const tempId of [...this.sendTimers.keys()]) this.failSend(tempId);
        },
      },
      options,
    );
    makeAutoObservable<ChatStore, 'host' | 'sendTimers' | 'socket'>(
      this,
      { host: false, sendTimers: false, socket: false },
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

  /** The socket's connection, as core's policy sees it. */
  get connection(): ChatConnection {
    return this.socket.state;
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
    this.socket.stop();
    if (this.typingTimer) clearTimeout(this.typingTimer);
    if (this.statusTimer) clearInterval(this.statusTimer);
    for (const timer of this.sendTimers.values()) clearTimeout(timer);
  }

  open(): void {
    this.dispatch({ type: 'opened' });
    this.markInteracted();
    if (this.state.phase === 'none' && !this.isGuest) void this.initialize();
    if (this.state.phase === 'active') {
      void this.markRead();
      if (!this.socket.isUp) this.socket.connect();
    }
  }

  /** Minimizing keeps the session; the chat goes on in polling, the socket closes. */
  minimize(): void {
    this.dispatch({ type: 'minimized' });
    this.persist();
    this.socket.drop();
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
          this.formError = CHAT_TEXTS.genericError;
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
        this.socket.connect();
      } else this.socket.schedulePoll();
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
    if (this.socket.send({ type: 'message', text: clean, tempId })) {
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
    this.socket.send({ type: 'typing', isTyping });
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

  /** The session is over: stored chat data is cleared and the socket closes. */
  private ended(): void {
    this.announcement = this.state.ended?.text ?? '';
    this.socket.stop();
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

  // ————— the socket's frames —————

  /** The session the socket serves: only an active one, and none once the widget is gone. */
  private socketSession(): ChatSocketSession | null {
    const { phase, sessionId, isOpen } = this.state;
    if (this.disposed || phase !== 'active' || !sessionId) return null;
    return { sessionId, guestInfo: this.guestInfo, windowOpen: isOpen };
  }

  private received(message: ChatServerMessage): void {
    switch (message.type) {
      case 'message_sent': {
        const timer = this.sendTimers.get(message.tempId);
        if (timer) clearTimeout(timer);
        this.sendTimers.delete(message.tempId);
        break;
      }
      case 'error':
        // After auth, a refusal answers the oldest message in flight.
        if (this.state.pendingTempIds.length > 0) this.failSend(this.state.pendingTempIds[0]!);
        return;
      default:
        break;
    }
    const event = chatEventFromServerMessage(message, new Date(this.host.now()).toISOString());
    if (event) this.dispatch(event);
  }

  // ————— catching up over HTTP (while the socket is down) and the 30 s checks —————

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
      // A failed unread check resets the badge, without an error to show.
      this.dispatch({ type: 'unread_count', count: null });
    }
  }
}
