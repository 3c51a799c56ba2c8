/**
 * What the chat widget does with its session, as a pure reducer so the
 * web and desktop widgets behave the same. Side effects (HTTP, socket, storage) stay with the
 * caller: e.g. on the transition to phase 'resolved' the caller clears the stored chat data,
 * on 'opened' it calls mark-read. Events that create a message carry `at` (ISO time) so the
 * reducer needs no clock.
 */
import { CHAT_TEXTS } from './strings';
import type { ChatMessage, ChatSender, ChatSessionStatus } from './model';
import { canSendChatMessage } from './model';
import type { ChatResolvedBy, ChatServerMessage } from './protocol';

/** 'none' before initialize; 'resolved' shows the ended panel until 'new_chat'. */
export type ChatSessionPhase = 'none' | 'active' | 'resolved';

/** Why the ended panel shows: support closed it, the user ended it, or it was over on initialize. */
export type ChatEndReason = 'support' | 'user' | 'init';

export interface ChatState {
  sessionId: string | null;
  phase: ChatSessionPhase;
  messages: ChatMessage[];
  /** Temporary ids of optimistic messages still waiting for the server's id. */
  pendingTempIds: string[];
  isOpen: boolean;
  unread: number;
  supportTyping: boolean;
  /** `null` until the server said. */
  supportOnline: boolean | null;
  ended: { reason: ChatEndReason; text: string } | null;
  /** Numbers the locally made (system) messages so their ids are unique without a clock. */
  localSeq: number;
}

export const INITIAL_CHAT_STATE: ChatState = {
  sessionId: null,
  phase: 'none',
  messages: [],
  pendingTempIds: [],
  isOpen: false,
  unread: 0,
  supportTyping: false,
  supportOnline: null,
  ended: null,
  localSeq: 0,
};

/** A message as the server pushes it (socket `message`) or returns it (polling). */
export interface IncomingChatMessage {
  id: string;
  text: string;
  sender: ChatSender;
  timestamp: string;
  read?: boolean | undefined;
}

export type ChatEvent =
  | {
      type: 'initialized';
      sessionId: string;
      messages: ChatMessage[];
      sessionStatus: ChatSessionStatus;
    }
  | { type: 'send_started'; tempId: string; text: string; sender: 'user' | 'guest'; at: string }
  | { type: 'message_sent'; tempId: string; messageId: string }
  | { type: 'send_failed'; tempId: string; at: string }
  | { type: 'messages_received'; messages: IncomingChatMessage[] }
  | { type: 'delivered'; messageId: string }
  | { type: 'typing'; isTyping: boolean }
  | { type: 'online_status'; isOnline: boolean }
  | { type: 'session_resolved'; resolvedBy: ChatResolvedBy; at: string }
  /** check-messages answered 403: support closed the session. */
  | { type: 'session_closed'; at: string }
  | { type: 'end_failed'; at: string }
  | { type: 'opened' }
  | { type: 'minimized' }
  /** The server's unread count; `null` when the call failed, which resets the badge to 0. */
  | { type: 'unread_count'; count: number | null }
  /** 'Start new chat': back to no session, the widget stays open. */
  | { type: 'new_chat' };

export function isChatSending(state: ChatState): boolean {
  return state.pendingTempIds.length > 0;
}

function withSystemMessage(state: ChatState, text: string, at: string): ChatState {
  const localSeq = state.localSeq + 1;
  const message: ChatMessage = {
    id: `local-${localSeq}`,
    text,
    sender: 'system',
    timestamp: at,
    delivered: true,
    read: true,
  };
  return { ...state, localSeq, messages: [...state.messages, message] };
}

function end(state: ChatState, reason: 'support' | 'user', at: string): ChatState {
  if (state.phase === 'resolved') return state;
  const note = reason === 'support' ? CHAT_TEXTS.closedBySupportNote : CHAT_TEXTS.endedByUserNote;
  const text = reason === 'support' ? CHAT_TEXTS.closedBySupport : CHAT_TEXTS.endedByUser;
  return {
    ...withSystemMessage(state, note, at),
    phase: 'resolved',
    pendingTempIds: [],
    supportTyping: false,
    ended: { reason, text },
  };
}

function isUnreadFromSupport(message: { sender: ChatSender; read?: boolean | undefined }): boolean {
  return message.sender === 'support' && message.read !== true;
}

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'initialized': {
      const messages = dedupeById(event.messages).map((m) =>
        state.isOpen ? { ...m, read: true } : m,
      );
      const unread = state.isOpen ? 0 : messages.filter(isUnreadFromSupport).length;
      const over = event.sessionStatus !== 'active';
      return {
        ...state,
        sessionId: event.sessionId,
        phase: over ? 'resolved' : 'active',
        messages,
        pendingTempIds: [],
        unread,
        ended: over ? { reason: 'init', text: CHAT_TEXTS.resolvedOnInit } : null,
      };
    }

    case 'send_started': {
      if (state.phase !== 'active' || !canSendChatMessage(event.text, isChatSending(state))) {
        return state;
      }
      const message: ChatMessage = {
        id: event.tempId,
        text: event.text.trim(),
        sender: event.sender,
        timestamp: event.at,
        delivered: false,
        read: true,
      };
      return {
        ...state,
        messages: [...state.messages, message],
        pendingTempIds: [...state.pendingTempIds, event.tempId],
      };
    }

    case 'message_sent': {
      if (!state.pendingTempIds.includes(event.tempId)) return state;
      const pendingTempIds = state.pendingTempIds.filter((id) => id !== event.tempId);
      // Polling may have brought the stored message before the acknowledgement did.
      const alreadyHere = state.messages.some((m) => m.id === event.messageId);
      const messages = alreadyHere
        ? state.messages.filter((m) => m.id !== event.tempId)
        : state.messages.map((m) => (m.id === event.tempId ? { ...m, id: event.messageId } : m));
      return { ...state, messages, pendingTempIds };
    }

    case 'send_failed': {
      if (!state.pendingTempIds.includes(event.tempId)) return state;
      const withoutTemp: ChatState = {
        ...state,
        messages: state.messages.filter((m) => m.id !== event.tempId),
        pendingTempIds: state.pendingTempIds.filter((id) => id !== event.tempId),
      };
      return withSystemMessage(withoutTemp, CHAT_TEXTS.sendFailed, event.at);
    }

    case 'messages_received': {
      const known = new Set(state.messages.map((m) => m.id));
      const fresh: ChatMessage[] = [];
      // One's own message stored before its acknowledgement came: it takes its optimistic
      // copy's place at once, so the conversation never shows it twice.
      let messages = state.messages;
      let pendingTempIds = state.pendingTempIds;
      for (const incoming of event.messages) {
        if (known.has(incoming.id)) continue;
        known.add(incoming.id);
        const copy = messages.find(
          (m) =>
            pendingTempIds.includes(m.id) &&
            m.sender === incoming.sender &&
            m.text === incoming.text.trim(),
        );
        if (copy) {
          pendingTempIds = pendingTempIds.filter((id) => id !== copy.id);
          messages = messages.map((m) =>
            m.id === copy.id
              ? { ...m, id: incoming.id, timestamp: incoming.timestamp, delivered: true }
              : m,
          );
          continue;
        }
        fresh.push({
          id: incoming.id,
          text: incoming.text,
          sender: incoming.sender,
          timestamp: incoming.timestamp,
          delivered: true,
          read: state.isOpen || incoming.sender !== 'support' || incoming.read === true,
        });
      }
      if (fresh.length === 0 && messages === state.messages) return state;
      // Read is already true for everything that arrives while the widget is open.
      const newUnread = fresh.filter(isUnreadFromSupport).length;
      return {
        ...state,
        pendingTempIds,
        messages: [...messages, ...fresh],
        unread: state.unread + newUnread,
        // A support message ends their typing.
        supportTyping: fresh.some((m) => m.sender === 'support') ? false : state.supportTyping,
      };
    }

    case 'delivered':
      return {
        ...state,
        messages: state.messages.map((m) =>
          m.id === event.messageId ? { ...m, delivered: true } : m,
        ),
      };

    case 'typing':
      return { ...state, supportTyping: state.phase === 'active' && event.isTyping };

    case 'online_status':
      return { ...state, supportOnline: event.isOnline };

    case 'session_resolved':
      return end(state, event.resolvedBy, event.at);

    case 'session_closed':
      return end(state, 'support', event.at);

    case 'end_failed':
      return withSystemMessage(state, CHAT_TEXTS.endFailed, event.at);

    case 'opened':
      return {
        ...state,
        isOpen: true,
        unread: 0,
        messages: state.messages.some((m) => !m.read)
          ? state.messages.map((m) => (m.read ? m : { ...m, read: true }))
          : state.messages,
      };

    case 'minimized':
      return { ...state, isOpen: false };

    case 'unread_count': {
      const count = event.count ?? 0;
      return {
        ...state,
        unread: state.isOpen || !Number.isFinite(count) ? 0 : Math.max(0, Math.floor(count)),
      };
    }

    case 'new_chat':
      return {
        ...INITIAL_CHAT_STATE,
        isOpen: state.isOpen,
        supportOnline: state.supportOnline,
        localSeq: state.localSeq,
      };
  }
}

function dedupeById(messages: ChatMessage[]): ChatMessage[] {
  const seen = new Set<string>();
  return messages.filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
}

/**
 * The reducer event for a socket frame, or `null` for frames that do not change the session
 * (connected, authenticated, heartbeat_ack, pong, error: those concern the connection).
 */
export function chatEventFromServerMessage(
  message: ChatServerMessage,
  at: string,
): ChatEvent | null {
  switch (message.type) {
    case 'message':
      return {
        type: 'messages_received',
        messages: [
          {
            id: message.id,
            text: message.text,
            sender: message.sender,
            timestamp: message.timestamp,
          },
        ],
      };
    case 'message_sent':
      return { type: 'message_sent', tempId: message.tempId, messageId: message.messageId };
    case 'typing':
      return { type: 'typing', isTyping: message.isTyping };
    case 'online_status':
      return { type: 'online_status', isOnline: message.isOnline };
    case 'delivered':
      return { type: 'delivered', messageId: message.messageId };
    case 'session_resolved':
      return { type: 'session_resolved', resolvedBy: message.resolvedBy, at };
    case 'connected':
    case 'authenticated':
    case 'guest_authenticated':
    case 'heartbeat_ack':
    case 'pong':
    case 'error':
      return null;
  }
}
