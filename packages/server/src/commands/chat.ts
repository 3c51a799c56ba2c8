/**
 * The support chat: sessions, messages, read and delivered marks, resolving, support's
 * presence, and the e-mail fallbacks. HTTP routes and the /ws/chat socket both call these; live
 * frames go out as `chat.frame` engine events, which every web process hands to its own sockets
 * (through Redis in scale-out), so a guest and an agent on two processes see each other.
 */
import {
  CHAT_TEXTS,
  compareChatSessions,
  validateChatEmail,
  type ChatResolvedBy,
  type ChatSessionStatus,
  type ChatSessionSummary,
  type GuestInfo,
} from '@prijsalarm/core';
import { Op } from 'sequelize';
import type { AppContext } from '../context';
import type { ChatFrameEvent } from '../engine/events';
import { HttpError } from '../http/errors';
import { Limiter } from '../http/rate-limit';
import type { ChatMessage, ChatSession, User } from '../models';
import { chatPolicy, chatSessionStatus, type ChatVisitor } from '../policies/chat';
import { presentChatMessage, presentChatSession } from '../presenters/chat';

export type ChatContext = Pick<AppContext, 'models' | 'events' | 'mailer' | 'config' | 'logger'> &
  Partial<Pick<AppContext, 'sharedLimits'>>;

/** Messages per session; override with RATE_LIMITS="chat-message-session=…/…". */
export const CHAT_MESSAGE_RATE_LIMIT = { points: 20, duration: 60 };
/** A visitor with no socket and no poll for this long has left: support's answer is e-mailed. */
export const CHAT_VISITOR_GONE_MS = 3 * 60_000;
/** visitorSeenAt is written at most this often while the visitor stays (heartbeats, polls). */
export const SEEN_WRITE_EVERY_MS = 60_000;
/** The inbox shows this many sessions, newest activity first. */
const INBOX_SIZE = 100;

const limiters = new WeakMap<object, Limiter>();
function messageLimiter(ctx: ChatContext): Limiter {
  let limiter = limiters.get(ctx.models);
  if (!limiter) {
    // In Redis when REDIS_URL is set, so every web process counts a session's messages together.
    limiter = new Limiter(
      'chat-message-session',
      CHAT_MESSAGE_RATE_LIMIT,
      ctx.config.rateLimits,
      ctx.sharedLimits,
    );
    limiters.set(ctx.models, limiter);
  }
  return limiter;
}

function emit(ctx: ChatContext, to: ChatFrameEvent['to'], frame: ChatFrameEvent['frame']): void {
  ctx.events.emit('chat.frame', { to, frame });
}

/** Why a session takes no more messages, in the words the widget shows. */
function overText(session: ChatSession, status: ChatSessionStatus): string {
  if (status === 'closed') return CHAT_TEXTS.errors.sessionExpired;
  return session.resolvedBy === 'support'
    ? CHAT_TEXTS.closedBySupport
    : CHAT_TEXTS.errors.sessionOver;
}

function assertWritable(session: ChatSession, now: Date): void {
  const status = chatSessionStatus(session, now);
  if (status !== 'active') throw HttpError.forbidden(overText(session, status));
}

/** The visitor's session, or a 404 that says the same for unknown and foreign ids. */
export async function visitorSession(
  ctx: ChatContext,
  visitor: ChatVisitor,
  sessionId: string,
): Promise<ChatSession> {
  const session = await ctx.models.ChatSession.findByPk(sessionId).catch(() => null);
  if (!session || !chatPolicy.owns(visitor, session)) {
    throw HttpError.notFound(CHAT_TEXTS.errors.notFound);
  }
  return session;
}

export async function agentSession(ctx: ChatContext, sessionId: string): Promise<ChatSession> {
  const session = await ctx.models.ChatSession.findByPk(sessionId, {
    include: [{ association: 'user' }],
  }).catch(() => null);
  if (!session) throw HttpError.notFound(CHAT_TEXTS.errors.notFound);
  return session;
}

async function messagesOf(ctx: ChatContext, sessionId: string): Promise<ChatMessage[]> {
  return ctx.models.ChatMessage.findAll({
    where: { sessionId },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

/** Support's messages reached the visitor (they fetched them). */
async function markSupportMessagesDelivered(ctx: ChatContext, session: ChatSession, now: Date) {
  await ctx.models.ChatMessage.update(
    { deliveredAt: now },
    { where: { sessionId: session.id, sender: 'support', deliveredAt: null } },
  );
}

/** Records that the visitor is here; throttled unless `force` (auth, disconnect). */
export async function touchVisitor(
  ctx: ChatContext,
  session: ChatSession,
  now: Date = new Date(),
  force = false,
): Promise<void> {
  const seen = session.visitorSeenAt?.getTime() ?? 0;
  if (!force && now.getTime() - seen < SEEN_WRITE_EVERY_MS) return;
  session.visitorSeenAt = now;
  await ctx.models.ChatSession.update({ visitorSeenAt: now }, { where: { id: session.id } });
}

/** The inbox line of each session (unread visitor messages, last message, the user). */
async function summarize(
  ctx: ChatContext,
  sessions: ChatSession[],
  now: Date = new Date(),
): Promise<ChatSessionSummary[]> {
  if (sessions.length === 0) return [];
  const ids = sessions.map((s) => s.id);
  const unreadRows = await ctx.models.ChatMessage.count({
    where: { sessionId: { [Op.in]: ids }, sender: { [Op.in]: ['user', 'guest'] }, readAt: null },
    group: ['sessionId'],
  });
  const unread = new Map(unreadRows.map((row) => [String(row.sessionId), Number(row.count)]));
  const last = await Promise.all(
    sessions.map((s) =>
      ctx.models.ChatMessage.findOne({
        where: { sessionId: s.id },
        order: [
          ['createdAt', 'DESC'],
          ['id', 'DESC'],
        ],
      }),
    ),
  );
  const users = new Map<string, User>();
  const missing = sessions.filter((s) => s.userId && !s.user).map((s) => s.userId!);
  if (missing.length > 0) {
    for (const user of await ctx.models.User.findAll({ where: { id: { [Op.in]: missing } } })) {
      users.set(user.id, user);
    }
  }
  return sessions.map((s, index) =>
    presentChatSession(
      s,
      {
        user: s.user ?? (s.userId ? users.get(s.userId) : null),
        unread: unread.get(s.id) ?? 0,
        lastMessage: last[index] ?? null,
      },
      now,
    ),
  );
}

async function announceSession(
  ctx: ChatContext,
  session: ChatSession,
): Promise<ChatSessionSummary> {
  const [summary] = await summarize(ctx, [session]);
  emit(ctx, { kind: 'agents' }, { type: 'session_updated', session: summary! });
  return summary!;
}

// ————— visitors —————

export interface ChatSnapshot {
  session: ChatSession;
  messages: ChatMessage[];
  status: ChatSessionStatus;
}

async function snapshot(ctx: ChatContext, session: ChatSession, now: Date): Promise<ChatSnapshot> {
  await markSupportMessagesDelivered(ctx, session, now);
  await touchVisitor(ctx, session, now, true);
  return {
    session,
    messages: await messagesOf(ctx, session.id),
    status: chatSessionStatus(session, now),
  };
}

/**
 * POST /chat/initialize. A user gets their open session or a new one. A guest resumes the session
 * whose id and e-mail they prove (an expired or resolved one is reported as such, so the widget
 * shows its ended panel) or starts a new one; an id they cannot prove starts a new one too.
 */
export async function initializeChat(
  ctx: ChatContext,
  visitor: ChatVisitor,
  sessionId?: string,
  now: Date = new Date(),
): Promise<ChatSnapshot> {
  const { ChatSession } = ctx.models;
  if (visitor.kind === 'user') {
    const open = await ChatSession.findOne({
      where: { userId: visitor.user.id, status: 'active' },
      order: [['lastActivityAt', 'DESC']],
    });
    if (open) return snapshot(ctx, open, now);
    const created = await ChatSession.create({
      userId: visitor.user.id,
      guestName: null,
      guestEmail: null,
      lastActivityAt: now,
    });
    await announceSession(ctx, created);
    return snapshot(ctx, created, now);
  }
  if (sessionId) {
    const existing = await ChatSession.findByPk(sessionId).catch(() => null);
    if (existing && chatPolicy.owns(visitor, existing)) return snapshot(ctx, existing, now);
  }
  const email = validateChatEmail(visitor.guestInfo.email);
  if (!email.valid) throw HttpError.badRequest(email.error, { fields: { email: email.error! } });
  const created = await ChatSession.create({
    userId: null,
    guestName: visitor.guestInfo.name.trim(),
    guestEmail: email.normalized!,
    lastActivityAt: now,
  });
  await announceSession(ctx, created);
  return snapshot(ctx, created, now);
}

/** POST /chat/check-messages: what came after `lastMessageId`; 403 once the session is over. */
export async function checkMessages(
  ctx: ChatContext,
  session: ChatSession,
  lastMessageId: string | null,
  now: Date = new Date(),
): Promise<{ messages: ChatMessage[]; status: ChatSessionStatus }> {
  const status = chatSessionStatus(session, now);
  if (status !== 'active') throw HttpError.forbidden(overText(session, status));
  await markSupportMessagesDelivered(ctx, session, now);
  await touchVisitor(ctx, session, now);
  const all = await messagesOf(ctx, session.id);
  const anchor = lastMessageId ? all.findIndex((m) => m.id === lastMessageId) : -1;
  return { messages: all.slice(anchor + 1), status };
}

/** POST /chat/verify-session: whether a stored guest session may still be used. */
export async function verifyGuestSession(
  ctx: ChatContext,
  guestInfo: GuestInfo,
  sessionId: string,
  now: Date = new Date(),
): Promise<{ valid: boolean; sessionStatus: ChatSessionStatus | null }> {
  const session = await ctx.models.ChatSession.findByPk(sessionId).catch(() => null);
  if (!session || !chatPolicy.owns({ kind: 'guest', guestInfo }, session)) {
    return { valid: false, sessionStatus: null };
  }
  const sessionStatus = chatSessionStatus(session, now);
  return { valid: sessionStatus === 'active', sessionStatus };
}

/**
 * A visitor's message (HTTP send or the socket's `message`). `exceptConnection` is the socket it
 * came from: that one gets `message_sent` instead of an echo.
 */
export async function postVisitorMessage(
  ctx: ChatContext,
  visitor: ChatVisitor,
  session: ChatSession,
  text: string,
  options: {
    exceptConnection?: string;
    /** Called once the message is stored, before any frame about it goes out. */
    acknowledge?: (message: ChatMessage) => void;
    now?: Date;
  } = {},
): Promise<ChatMessage> {
  const now = options.now ?? new Date();
  assertWritable(session, now);
  try {
    await messageLimiter(ctx).consume(session.id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      throw HttpError.tooManyRequests(
        Number(error.extra.retryAfter ?? 1),
        CHAT_TEXTS.errors.tooManyMessages,
      );
    }
    throw error;
  }
  const message = await ctx.models.ChatMessage.create({
    sessionId: session.id,
    sender: visitor.kind === 'user' ? 'user' : 'guest',
    text,
  });
  // The sender hears its id first, so a `delivered` for it never comes before it.
  options.acknowledge?.(message);
  session.lastActivityAt = now;
  session.visitorSeenAt = now;
  await ctx.models.ChatSession.update(
    { lastActivityAt: now, visitorSeenAt: now },
    { where: { id: session.id } },
  );
  const dto = presentChatMessage(message);
  emit(
    ctx,
    { kind: 'session', sessionId: session.id, exceptConnection: options.exceptConnection },
    { type: 'message', id: dto.id, text: dto.text, sender: dto.sender, timestamp: dto.timestamp },
  );
  emit(ctx, { kind: 'agents' }, { type: 'session_message', sessionId: session.id, message: dto });
  await announceSession(ctx, session);
  void notifySupportIfOffline(ctx, session, message);
  return message;
}

/** The first visitor message of a session goes to SUPPORT_EMAIL when no agent is online. */
async function notifySupportIfOffline(
  ctx: ChatContext,
  session: ChatSession,
  message: ChatMessage,
) {
  try {
    if (session.supportNotifiedAt || (await isSupportOnline(ctx))) return;
    // One mail per session, even when two processes race.
    const [claimed] = await ctx.models.ChatSession.update(
      { supportNotifiedAt: new Date() },
      { where: { id: session.id, supportNotifiedAt: null } },
    );
    if (claimed === 0) return;
    session.supportNotifiedAt = new Date();
    const user = session.userId ? await ctx.models.User.findByPk(session.userId) : null;
    await ctx.mailer.send(
      'chatSupportNotice',
      ctx.config.supportEmail,
      {
        name: user ? (user.name ?? user.firstName ?? user.email) : (session.guestName ?? ''),
        email: user ? user.email : (session.guestEmail ?? ''),
        message: message.text,
        inboxUrl: `${ctx.config.publicUrl.replace(/\/$/, '')}/admin?tab=support`,
      },
      { replyTo: user ? user.email : (session.guestEmail ?? undefined) },
    );
  } catch (error) {
    ctx.logger.warn({ err: error, sessionId: session.id }, 'chat: support notice not sent');
  }
}

/** POST /chat/mark-read: the visitor read support's messages. */
export async function markReadByVisitor(ctx: ChatContext, session: ChatSession, now = new Date()) {
  await ctx.models.ChatMessage.update(
    { readAt: now },
    { where: { sessionId: session.id, sender: 'support', readAt: null } },
  );
  await markSupportMessagesDelivered(ctx, session, now);
}

/** Support messages the visitor has not read, in one session or over a user's open sessions. */
export async function unreadForVisitor(
  ctx: ChatContext,
  where: { sessionId: string } | { userId: string },
): Promise<number> {
  const sessionIds =
    'sessionId' in where
      ? [where.sessionId]
      : (
          await ctx.models.ChatSession.findAll({
            attributes: ['id'],
            where: { userId: where.userId, status: 'active' },
          })
        ).map((s) => s.id);
  if (sessionIds.length === 0) return 0;
  return ctx.models.ChatMessage.count({
    where: { sessionId: { [Op.in]: sessionIds }, sender: 'support', readAt: null },
  });
}

/**
 * Ends a session (POST /chat/resolve by the visitor, or support's resolve). Stores the system note
 * for support's view; the visitor's widget writes its own note on `session_resolved`.
 * Ending an ended session changes nothing.
 */
export async function resolveChat(
  ctx: ChatContext,
  session: ChatSession,
  by: ChatResolvedBy,
  agent: Pick<User, 'id'> | null = null,
  now: Date = new Date(),
): Promise<ChatSessionStatus> {
  const status = chatSessionStatus(session, now);
  if (status !== 'active') return status;
  const [changed] = await ctx.models.ChatSession.update(
    {
      status: 'resolved',
      resolvedBy: by,
      resolvedByUserId: agent?.id ?? null,
      lastActivityAt: now,
    },
    { where: { id: session.id, status: 'active' } },
  );
  Object.assign(session, { status: 'resolved', resolvedBy: by, lastActivityAt: now });
  if (changed === 0) return 'resolved';
  const note = await ctx.models.ChatMessage.create({
    sessionId: session.id,
    sender: 'system',
    text: by === 'support' ? CHAT_TEXTS.closedBySupportNote : CHAT_TEXTS.endedByUserNote,
    deliveredAt: now,
    readAt: now,
  });
  emit(
    ctx,
    { kind: 'session', sessionId: session.id },
    { type: 'session_resolved', resolvedBy: by },
  );
  emit(
    ctx,
    { kind: 'agents' },
    { type: 'session_message', sessionId: session.id, message: presentChatMessage(note) },
  );
  await announceSession(ctx, session);
  return 'resolved';
}

/** A frame reached the other side's socket: the message is delivered (once). */
export async function markDelivered(ctx: ChatContext, messageId: string): Promise<boolean> {
  const [changed] = await ctx.models.ChatMessage.update(
    { deliveredAt: new Date() },
    { where: { id: messageId, deliveredAt: null } },
  );
  return changed > 0;
}

// ————— support —————

export async function isSupportOnline(ctx: Pick<AppContext, 'models'>): Promise<boolean> {
  return (await ctx.models.ChatAgent.count({ where: { online: true } })) > 0;
}

export async function agentOnline(ctx: ChatContext, agent: Pick<User, 'id'>): Promise<boolean> {
  return (await ctx.models.ChatAgent.findByPk(agent.id))?.online ?? false;
}

/** PUT /admin/chat/presence: the agent's switch; every visitor and agent hears the result. */
export async function setAgentPresence(
  ctx: ChatContext,
  agent: Pick<User, 'id'>,
  online: boolean,
): Promise<{ isOnline: boolean; agentOnline: boolean }> {
  await ctx.models.ChatAgent.upsert({ userId: agent.id, online });
  const isOnline = await isSupportOnline(ctx);
  const frame = { type: 'online_status', isOnline } as const;
  emit(ctx, { kind: 'visitors' }, frame);
  emit(ctx, { kind: 'agents' }, frame);
  return { isOnline, agentOnline: online };
}

/** GET /admin/chat/sessions: open sessions first, then by newest activity. */
export async function listSessionsForAgents(ctx: ChatContext): Promise<ChatSessionSummary[]> {
  const sessions = await ctx.models.ChatSession.findAll({
    include: [{ association: 'user' }],
    order: [['lastActivityAt', 'DESC']],
    limit: INBOX_SIZE,
  });
  return (await summarize(ctx, sessions)).sort(compareChatSessions);
}

/** GET /admin/chat/sessions/:id: the conversation; opening it reads the visitor's messages. */
export async function openSessionForAgent(
  ctx: ChatContext,
  session: ChatSession,
  now: Date = new Date(),
): Promise<{ summary: ChatSessionSummary; messages: ChatMessage[] }> {
  const unreadVisitorMessages = await ctx.models.ChatMessage.findAll({
    where: { sessionId: session.id, sender: { [Op.in]: ['user', 'guest'] }, readAt: null },
  });
  if (unreadVisitorMessages.length > 0) {
    await ctx.models.ChatMessage.update(
      { readAt: now },
      { where: { id: { [Op.in]: unreadVisitorMessages.map((m) => m.id) } } },
    );
    // Read by support implies it reached support.
    for (const message of unreadVisitorMessages.filter((m) => !m.deliveredAt)) {
      if (await markDelivered(ctx, message.id)) {
        emit(
          ctx,
          { kind: 'session', sessionId: session.id },
          { type: 'delivered', messageId: message.id },
        );
      }
    }
  }
  const summary = await announceSession(ctx, session);
  return { summary, messages: await messagesOf(ctx, session.id) };
}

/** POST /admin/chat/sessions/:id/messages: support's answer, e-mailed to a guest who has left. */
export async function postSupportMessage(
  ctx: ChatContext,
  agent: Pick<User, 'id'>,
  session: ChatSession,
  text: string,
  now: Date = new Date(),
): Promise<ChatMessage> {
  assertWritable(session, now);
  const message = await ctx.models.ChatMessage.create({
    sessionId: session.id,
    sender: 'support',
    authorUserId: agent.id,
    text,
  });
  // Answering means support read what came before.
  await ctx.models.ChatMessage.update(
    { readAt: now },
    { where: { sessionId: session.id, sender: { [Op.in]: ['user', 'guest'] }, readAt: null } },
  );
  session.lastActivityAt = now;
  await ctx.models.ChatSession.update({ lastActivityAt: now }, { where: { id: session.id } });
  const dto = presentChatMessage(message);
  emit(
    ctx,
    { kind: 'session', sessionId: session.id },
    { type: 'message', id: dto.id, text: dto.text, sender: dto.sender, timestamp: dto.timestamp },
  );
  emit(ctx, { kind: 'agents' }, { type: 'session_message', sessionId: session.id, message: dto });
  await announceSession(ctx, session);
  void mailGuestWhoLeft(ctx, session, message, now);
  return message;
}

async function mailGuestWhoLeft(
  ctx: ChatContext,
  session: ChatSession,
  message: ChatMessage,
  now: Date,
) {
  try {
    if (session.userId !== null || !session.guestEmail) return;
    const seen = session.visitorSeenAt?.getTime() ?? 0;
    if (now.getTime() - seen < CHAT_VISITOR_GONE_MS) return;
    const chatUrl = `${ctx.config.publicUrl.replace(/\/$/, '')}/?chat=${encodeURIComponent(session.id)}`;
    await ctx.mailer.send('chatReply', session.guestEmail, {
      name: session.guestName ?? '',
      message: message.text,
      chatUrl,
    });
    await ctx.models.ChatMessage.update({ mailedAt: new Date() }, { where: { id: message.id } });
  } catch (error) {
    ctx.logger.warn({ err: error, sessionId: session.id }, 'chat: reply mail not sent');
  }
}

/** Relays typing to the other side (socket only; nothing is stored). */
export function relayTyping(
  ctx: ChatContext,
  from: 'visitor' | 'support',
  sessionId: string,
  isTyping: boolean,
): void {
  if (from === 'visitor')
    emit(ctx, { kind: 'agents' }, { type: 'visitor_typing', sessionId, isTyping });
  else emit(ctx, { kind: 'session', sessionId }, { type: 'typing', isTyping });
}
