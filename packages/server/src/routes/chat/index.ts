/**
 * The chat's HTTP calls: the widget's way in before its socket is up and its
 * fallback while the socket is down. A call is a guest's when it carries `guestInfo` (checked
 * against the session's e-mail), otherwise the signed-in user's; neither → 401.
 */
import type { Request } from 'express';
import {
  API_CONTRACT,
  chatCheckMessagesRequestSchema,
  chatGuestUnreadCountRequestSchema,
  chatInitializeRequestSchema,
  chatSendRequestSchema,
  chatSessionRequestSchema,
  chatSupportStatusMessage,
  chatValidateEmailRequestSchema,
  chatVerifySessionRequestSchema,
  CHAT_TEXTS,
  validateChatEmail,
  type GuestInfo,
} from '@prijsalarm/core';
import {
  checkMessages,
  initializeChat,
  isSupportOnline,
  markReadByVisitor,
  postVisitorMessage,
  resolveChat,
  unreadForVisitor,
  verifyGuestSession,
  visitorSession,
} from '../../commands/chat';
import type { AppContext } from '../../context';
import { route, type BoundRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { chatSessionStatus, type ChatVisitor } from '../../policies/chat';
import { presentChatMessage } from '../../presenters/chat';

/** New sessions and e-mail checks per IP; override with RATE_LIMITS="chat-open-ip=…/…". */
export const CHAT_OPEN_RATE_LIMIT = { points: 30, duration: 60 * 60 };

function visitorOf(req: Request, guestInfo: GuestInfo | undefined): ChatVisitor {
  if (guestInfo) return { kind: 'guest', guestInfo };
  if (req.auth) return { kind: 'user', user: req.auth.user };
  throw HttpError.unauthenticated();
}

export default function chatRoutes(ctx: AppContext): BoundRoute[] {
  const openLimit = rateLimit('chat-open-ip', { ...CHAT_OPEN_RATE_LIMIT, key: (req) => req.ip });
  const c = API_CONTRACT.chat;
  return [
    route(
      c.initialize,
      { schemas: { body: chatInitializeRequestSchema }, before: [openLimit] },
      async (req) => {
        const body = req.input.body;
        let visitor: ChatVisitor;
        if ('userInfo' in body) {
          if (!req.auth) throw HttpError.unauthenticated(CHAT_TEXTS.errors.userInfoNeedsLogin);
          visitor = { kind: 'user', user: req.auth.user };
        } else {
          visitor = { kind: 'guest', guestInfo: body.guestInfo };
        }
        const sessionId = 'sessionId' in body ? body.sessionId : undefined;
        const { session, messages, status } = await initializeChat(ctx, visitor, sessionId);
        return {
          sessionId: session.id,
          messages: messages.map(presentChatMessage),
          sessionStatus: status,
        };
      },
    ),

    route(c.checkMessages, { schemas: { body: chatCheckMessagesRequestSchema } }, async (req) => {
      const { sessionId, lastMessageId, guestInfo } = req.input.body;
      const session = await visitorSession(ctx, visitorOf(req, guestInfo), sessionId);
      const { messages, status } = await checkMessages(ctx, session, lastMessageId);
      return { newMessages: messages.map(presentChatMessage), sessionStatus: status };
    }),

    route(c.verifySession, { schemas: { body: chatVerifySessionRequestSchema } }, async (req) => {
      const { sessionId, guestInfo } = req.input.body;
      return verifyGuestSession(ctx, guestInfo, sessionId);
    }),

    route(
      c.validateEmail,
      { schemas: { body: chatValidateEmailRequestSchema }, before: [openLimit] },
      (req) => validateChatEmail(req.input.body.email),
    ),

    route(c.send, { schemas: { body: chatSendRequestSchema } }, async (req) => {
      const { sessionId, message, guestInfo } = req.input.body;
      const visitor = visitorOf(req, guestInfo);
      const session = await visitorSession(ctx, visitor, sessionId);
      const stored = await postVisitorMessage(ctx, visitor, session, message);
      return { messageId: stored.id };
    }),

    route(c.markRead, { schemas: { body: chatSessionRequestSchema } }, async (req) => {
      const { sessionId, guestInfo } = req.input.body;
      const session = await visitorSession(ctx, visitorOf(req, guestInfo), sessionId);
      await markReadByVisitor(ctx, session);
      return { success: true };
    }),

    route(c.resolve, { schemas: { body: chatSessionRequestSchema } }, async (req) => {
      const { sessionId, guestInfo } = req.input.body;
      const session = await visitorSession(ctx, visitorOf(req, guestInfo), sessionId);
      const sessionStatus = await resolveChat(ctx, session, 'user');
      return { success: true, sessionStatus };
    }),

    route(c.unreadCount, async (req) => {
      if (!req.auth) throw HttpError.unauthenticated();
      return {
        count: await unreadForVisitor(ctx, { userId: req.auth.user.id }),
        authenticated: true,
      };
    }),

    route(
      c.guestUnreadCount,
      { schemas: { body: chatGuestUnreadCountRequestSchema } },
      async (req) => {
        const { sessionId, guestInfo } = req.input.body;
        const session = await visitorSession(ctx, { kind: 'guest', guestInfo }, sessionId);
        const active = chatSessionStatus(session, new Date()) === 'active';
        return {
          count: active ? await unreadForVisitor(ctx, { sessionId: session.id }) : 0,
          authenticated: false,
        };
      },
    ),

    route(c.onlineStatus, async () => {
      const isOnline = await isSupportOnline(ctx);
      return { isOnline, statusMessage: chatSupportStatusMessage(isOnline) };
    }),
  ];
}
