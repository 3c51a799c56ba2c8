/**
 * The support side of the chat: the admin inbox's HTTP shapes
 * (GET /admin/chat/sessions …, ADMIN only) and the frames an agent's /ws/chat socket carries, plus
 * the inbox rules (order, unread counts) as pure functions for the web and desktop inboxes.
 */
import { z } from 'zod';
import { PLANS } from '../domain';
import {
  CHAT_SENDERS,
  CHAT_SESSION_STATUSES,
  chatMessageSchema,
  chatMessageTextSchema,
} from './model';
import type { ChatMessage } from './model';
import { CHAT_RESOLVED_BY, parseJsonWith } from './protocol';

const isoTimestamp = z.iso.datetime({ offset: true });

export const chatSessionSummarySchema = z.object({
  id: z.string().min(1),
  status: z.enum(CHAT_SESSION_STATUSES),
  resolvedBy: z.enum(CHAT_RESOLVED_BY).nullable(),
  visitor: z.object({
    kind: z.enum(['guest', 'user']),
    name: z.string(),
    email: z.string(),
    /** The user's plan; null for guests. */
    plan: z.enum(PLANS).nullable(),
  }),
  createdAt: isoTimestamp,
  lastActivityAt: isoTimestamp,
  /** Visitor messages support has not read yet. */
  unread: z.number().int().nonnegative(),
  lastMessage: z
    .object({ text: z.string(), sender: z.enum(CHAT_SENDERS), timestamp: isoTimestamp })
    .nullable(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;

export interface AdminChatSessionsResponse {
  sessions: ChatSessionSummary[];
  /** Whether any agent is online (what visitors are told). */
  isOnline: boolean;
  /** The calling agent's own switch. */
  agentOnline: boolean;
}

export interface AdminChatSessionResponse {
  session: ChatSessionSummary;
  messages: ChatMessage[];
}

export const adminChatReplySchema = z.object({ text: chatMessageTextSchema });
export type AdminChatReplyRequest = z.infer<typeof adminChatReplySchema>;
export interface AdminChatReplyResponse {
  message: ChatMessage;
}

export interface AdminChatResolveResponse {
  session: ChatSessionSummary;
}

export const adminChatPresenceSchema = z.object({ online: z.boolean() });
export type AdminChatPresenceRequest = z.infer<typeof adminChatPresenceSchema>;
export interface AdminChatPresenceResponse {
  isOnline: boolean;
  agentOnline: boolean;
}

/** What an agent's socket receives besides `online_status` and `error`. */
export const chatAgentServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('agent_authenticated'), isOnline: z.boolean() }),
  z.object({ type: z.literal('session_updated'), session: chatSessionSummarySchema }),
  z.object({
    type: z.literal('session_message'),
    sessionId: z.string(),
    message: chatMessageSchema,
  }),
  z.object({ type: z.literal('visitor_typing'), sessionId: z.string(), isTyping: z.boolean() }),
  z.object({ type: z.literal('online_status'), isOnline: z.boolean() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatAgentServerMessage = z.infer<typeof chatAgentServerMessageSchema>;

export function parseChatAgentServerMessage(raw: string): ChatAgentServerMessage | null {
  return parseJsonWith(chatAgentServerMessageSchema, raw);
}

/** The inbox order: open sessions first, then by newest activity. */
export function compareChatSessions(a: ChatSessionSummary, b: ChatSessionSummary): number {
  const openA = a.status === 'active' ? 0 : 1;
  const openB = b.status === 'active' ? 0 : 1;
  if (openA !== openB) return openA - openB;
  return b.lastActivityAt.localeCompare(a.lastActivityAt) || a.id.localeCompare(b.id);
}

/** A session list with one session added or replaced, in inbox order. */
export function upsertChatSession(
  sessions: readonly ChatSessionSummary[],
  session: ChatSessionSummary,
): ChatSessionSummary[] {
  return [...sessions.filter((s) => s.id !== session.id), session].sort(compareChatSessions);
}

/** Unread visitor messages over every open session: the number in the tab title. */
export function totalUnread(sessions: readonly ChatSessionSummary[]): number {
  return sessions.reduce((sum, s) => sum + (s.status === 'active' ? s.unread : 0), 0);
}
