/**
 * The admin area's support inbox: the sessions (core's order), one conversation, reply,
 * resolve, the agent's online switch, and the live view over /ws/chat (`agent_auth`). While the
 * browser tab is in the background, new visitor messages raise a count in the tab's title.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import {
  API_CONTRACT,
  CHAT_TEXTS,
  chatSocketUrl,
  parseChatAgentServerMessage,
  reconnectDelayMs,
  upsertChatSession,
  type ChatMessage,
  type ChatSessionSummary,
} from '@prijsalarm/core';
import type { ChatSocketFactory, ChatSocketLike } from '@prijsalarm/chat-ui';
import { errorText } from '../../../stores/errors';
import type { LoadStatus } from '../../../stores/latestLoad';
import type { RootStore } from '../../../stores/RootStore';

const TYPING_IDLE_MS = 2_000;

export class SupportStore {
  sessions: ChatSessionSummary[] = [];
  status: LoadStatus = 'idle';
  error: string | null = null;
  isOnline = false;
  agentOnline = false;
  selectedId: string | null = null;
  messages: ChatMessage[] = [];
  draft = '';
  replyError: string | null = null;
  /** Sessions whose visitor is typing. */
  typing = new Set<string>();
  /** Visitor messages that came while the browser tab was hidden. */
  backgroundUnread = 0;

  private socket: ChatSocketLike | null = null;
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private typingFor: string | null = null;
  private stopped = false;
  private baseTitle = '';
  private readonly createSocket: ChatSocketFactory;

  constructor(
    private readonly root: RootStore,
    createSocket?: ChatSocketFactory,
  ) {
    this.createSocket = createSocket ?? ((url) => new WebSocket(url) as unknown as ChatSocketLike);
    makeAutoObservable<SupportStore, 'root' | 'createSocket'>(
      this,
      { root: false, createSocket: false },
      { autoBind: true },
    );
  }

  get selected(): ChatSessionSummary | null {
    return this.sessions.find((s) => s.id === this.selectedId) ?? null;
  }

  get visitorTyping(): boolean {
    return this.selectedId !== null && this.typing.has(this.selectedId);
  }

  start(): void {
    this.stopped = false;
    document.addEventListener('visibilitychange', this.onVisibility);
    void this.load();
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.backgroundUnread = 0;
    this.updateTitle();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.typingTimer) clearTimeout(this.typingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000);
    }
  }

  async load(): Promise<void> {
    if (this.status === 'idle') this.status = 'loading';
    try {
      const result = await this.root.api.request(API_CONTRACT.adminChat.sessions);
      runInAction(() => {
        this.sessions = result.sessions;
        this.isOnline = result.isOnline;
        this.agentOnline = result.agentOnline;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = errorText(error);
      });
    }
  }

  async select(id: string): Promise<void> {
    this.selectedId = id;
    this.messages = [];
    this.replyError = null;
    try {
      const result = await this.root.api.request(API_CONTRACT.adminChat.session, {
        params: { id },
      });
      runInAction(() => {
        if (this.selectedId !== id) return;
        this.messages = result.messages;
        this.sessions = upsertChatSession(this.sessions, result.session);
      });
    } catch (error) {
      runInAction(() => (this.replyError = errorText(error)));
    }
  }

  setDraft(text: string): void {
    this.draft = text;
    this.sendTyping(text.trim().length > 0);
  }

  async reply(): Promise<void> {
    const id = this.selectedId;
    const text = this.draft.trim();
    if (!id || text === '') return;
    this.replyError = null;
    this.sendTyping(false);
    // Cleared at once, so what the agent types while this one is on its way is not wiped.
    this.draft = '';
    try {
      const { message } = await this.root.api.request(API_CONTRACT.adminChat.reply, {
        params: { id },
        body: { text },
      });
      runInAction(() => this.addMessage(id, message));
    } catch (error) {
      runInAction(() => {
        this.replyError = errorText(error);
        // Nothing typed since: give the unsent text back.
        if (this.draft === '') this.draft = text;
      });
    }
  }

  async resolve(): Promise<void> {
    const id = this.selectedId;
    if (!id) return;
    try {
      const { session } = await this.root.api.request(API_CONTRACT.adminChat.resolve, {
        params: { id },
      });
      runInAction(() => (this.sessions = upsertChatSession(this.sessions, session)));
    } catch (error) {
      runInAction(() => (this.replyError = errorText(error)));
    }
  }

  async setPresence(online: boolean): Promise<void> {
    try {
      const result = await this.root.api.request(API_CONTRACT.adminChat.presence, {
        body: { online },
      });
      runInAction(() => {
        this.isOnline = result.isOnline;
        this.agentOnline = result.agentOnline;
      });
    } catch (error) {
      runInAction(() => (this.error = errorText(error)));
    }
  }

  private addMessage(sessionId: string, message: ChatMessage): void {
    if (sessionId !== this.selectedId) return;
    if (this.messages.some((m) => m.id === message.id)) return;
    this.messages = [...this.messages, message];
  }

  private sendTyping(isTyping: boolean): void {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = isTyping ? setTimeout(() => this.sendTyping(false), TYPING_IDLE_MS) : null;
    const sessionId = isTyping ? this.selectedId : this.typingFor;
    if (!sessionId || (isTyping && this.typingFor === sessionId)) return;
    this.typingFor = isTyping ? sessionId : null;
    this.socket?.send(JSON.stringify({ type: 'agent_typing', sessionId, isTyping }));
  }

  // ————— the live view —————

  private connect(): void {
    if (this.stopped) return;
    const socket = this.createSocket(chatSocketUrl({ pageUrl: window.location.href }));
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'agent_auth' }));
    socket.onmessage = (event) => runInAction(() => this.received(String(event.data)));
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      const delay = reconnectDelayMs(this.attempts);
      this.attempts += 1;
      this.reconnectTimer = setTimeout(() => {
        // Whatever changed while the socket was down.
        void this.load();
        this.connect();
      }, delay);
    };
  }

  private received(raw: string): void {
    const frame = parseChatAgentServerMessage(raw);
    if (!frame) return;
    switch (frame.type) {
      case 'agent_authenticated':
        this.attempts = 0;
        this.isOnline = frame.isOnline;
        return;
      case 'session_updated':
        this.sessions = upsertChatSession(this.sessions, frame.session);
        return;
      case 'session_message': {
        const { sessionId, message } = frame;
        this.addMessage(sessionId, message);
        if (message.sender === 'support' || message.sender === 'system') return;
        const typing = new Set(this.typing);
        typing.delete(sessionId);
        this.typing = typing;
        if (document.hidden) {
          this.backgroundUnread += 1;
          this.updateTitle();
        } else if (sessionId === this.selectedId) {
          // Read as it arrives in the open conversation.
          void this.select(sessionId);
        }
        return;
      }
      case 'visitor_typing': {
        const typing = new Set(this.typing);
        if (frame.isTyping) typing.add(frame.sessionId);
        else typing.delete(frame.sessionId);
        this.typing = typing;
        return;
      }
      case 'online_status':
        this.isOnline = frame.isOnline;
        return;
      case 'error':
        this.error = frame.message;
        return;
    }
  }

  private onVisibility(): void {
    if (document.hidden) return;
    this.backgroundUnread = 0;
    this.updateTitle();
    if (this.selectedId) void this.select(this.selectedId);
  }

  /** The page's own title is taken when the count starts, so it is the one put back. */
  private updateTitle(): void {
    if (this.backgroundUnread > 0) {
      this.baseTitle ||= document.title;
      document.title = CHAT_TEXTS.inbox.titleUnread(this.backgroundUnread, this.baseTitle);
    } else if (this.baseTitle) {
      document.title = this.baseTitle;
      this.baseTitle = '';
    }
  }
}
