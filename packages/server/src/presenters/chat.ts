/** Chat rows as the API and the sockets show them (core's ChatMessage and ChatSessionSummary). */
import type { ChatMessage as ChatMessageDto, ChatSessionSummary } from '@prijsalarm/core';
import type { ChatMessage, ChatSession, User } from '../models';
import { chatSessionStatus } from '../policies/chat';

export function presentChatMessage(message: ChatMessage): ChatMessageDto {
  return {
    id: message.id,
    text: message.text,
    sender: message.sender,
    timestamp: message.createdAt.toISOString(),
    delivered: message.deliveredAt !== null && message.deliveredAt !== undefined,
    read: message.readAt !== null && message.readAt !== undefined,
  };
}

/** The name support sees: the guest's, or the user's name, first name or e-mail. */
function visitorOf(
  session: ChatSession,
  user: User | null | undefined,
): ChatSessionSummary['visitor'] {
  if (user) {
    return {
      kind: 'user',
      name: user.name ?? user.firstName ?? user.email,
      email: user.email,
      plan: user.plan,
    };
  }
  return {
    kind: 'guest',
    name: session.guestName ?? '',
    email: session.guestEmail ?? '',
    plan: null,
  };
}

export function presentChatSession(
  session: ChatSession,
  facts: { user: User | null | undefined; unread: number; lastMessage: ChatMessage | null },
  now: Date = new Date(),
): ChatSessionSummary {
  return {
    id: session.id,
    status: chatSessionStatus(session, now),
    resolvedBy: session.resolvedBy ?? null,
    visitor: visitorOf(session, facts.user),
    createdAt: session.createdAt.toISOString(),
    lastActivityAt: session.lastActivityAt.toISOString(),
    unread: facts.unread,
    lastMessage: facts.lastMessage
      ? {
          text: facts.lastMessage.text,
          sender: facts.lastMessage.sender,
          timestamp: facts.lastMessage.createdAt.toISOString(),
        }
      : null,
  };
}
