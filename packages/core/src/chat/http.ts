/**
 * The chat's HTTP calls: paths, request and response schemas and types.
 * The server validates requests with these schemas; clients type their calls with them.
 * Each response's shape is written here once: the API contract and the clients take it from here.
 */
import { z } from 'zod';
import { PLANS } from '../domain';
import { CHAT_TEXTS } from './strings';
import {
  CHAT_SESSION_STATUSES,
  chatMessageSchema,
  chatMessageTextSchema,
  guestInfoSchema,
} from './model';

/** Paths under the API base. `unreadCount` is GET for signed-in users and POST for guests. */
export const CHAT_HTTP_PATHS = {
  initialize: '/chat/initialize',
  checkMessages: '/chat/check-messages',
  verifySession: '/chat/verify-session',
  validateEmail: '/chat/validate-email',
  send: '/chat/send',
  markRead: '/chat/mark-read',
  resolve: '/chat/resolve',
  unreadCount: '/chat/unread-count',
  onlineStatus: '/chat/online-status',
} as const;

const sessionId = z.string().min(1);
const sessionStatus = z.enum(CHAT_SESSION_STATUSES);

/** Signed-in users send who they are; guests send their details and, when resuming, their session. */
export const chatInitializeRequestSchema = z.union([
  z.object({
    userInfo: z.object({
      email: z.string(),
      name: z.string().nullable(),
      plan: z.enum(PLANS),
    }),
  }),
  z.object({
    guestInfo: guestInfoSchema,
    sessionId: sessionId.optional(),
  }),
]);
export type ChatInitializeRequest = z.infer<typeof chatInitializeRequestSchema>;

export const chatInitializeResponseSchema = z.object({
  sessionId,
  messages: z.array(chatMessageSchema),
  sessionStatus,
});
export type ChatInitializeResponse = z.infer<typeof chatInitializeResponseSchema>;

/** `lastMessageId` is null before any message is known. A 403 answer means the session is closed. */
export const chatCheckMessagesRequestSchema = z.object({
  sessionId,
  lastMessageId: z.string().nullable(),
  guestInfo: guestInfoSchema.optional(),
});
export type ChatCheckMessagesRequest = z.infer<typeof chatCheckMessagesRequestSchema>;

export const chatCheckMessagesResponseSchema = z.object({
  newMessages: z.array(chatMessageSchema),
  sessionStatus,
});
export type ChatCheckMessagesResponse = z.infer<typeof chatCheckMessagesResponseSchema>;

export const chatVerifySessionRequestSchema = z.object({ sessionId, guestInfo: guestInfoSchema });
export type ChatVerifySessionRequest = z.infer<typeof chatVerifySessionRequestSchema>;

export const chatVerifySessionResponseSchema = z.object({
  valid: z.boolean(),
  sessionStatus: sessionStatus.nullable(),
});
export type ChatVerifySessionResponse = z.infer<typeof chatVerifySessionResponseSchema>;

export const chatValidateEmailRequestSchema = z.object({
  email: z.string().trim().min(1, CHAT_TEXTS.emailRequired),
});
export type ChatValidateEmailRequest = z.infer<typeof chatValidateEmailRequestSchema>;

/** `normalized` is present when valid, `error` (Dutch) when not. */
export const chatValidateEmailResponseSchema = z.object({
  valid: z.boolean(),
  normalized: z.string().optional(),
  error: z.string().optional(),
});
export type ChatValidateEmailResponse = z.infer<typeof chatValidateEmailResponseSchema>;

export const chatSendRequestSchema = z.object({
  sessionId,
  message: chatMessageTextSchema,
  guestInfo: guestInfoSchema.optional(),
});
export type ChatSendRequest = z.infer<typeof chatSendRequestSchema>;

export const chatSendResponseSchema = z.object({ messageId: z.string().min(1) });
export type ChatSendResponse = z.infer<typeof chatSendResponseSchema>;

/** mark-read and resolve carry the same body. */
export const chatSessionRequestSchema = z.object({
  sessionId,
  guestInfo: guestInfoSchema.optional(),
});
export type ChatMarkReadRequest = z.infer<typeof chatSessionRequestSchema>;
export type ChatResolveRequest = z.infer<typeof chatSessionRequestSchema>;

export const chatMarkReadResponseSchema = z.object({ success: z.boolean() });
export type ChatMarkReadResponse = z.infer<typeof chatMarkReadResponseSchema>;

export const chatResolveResponseSchema = z.object({
  success: z.boolean(),
  sessionStatus,
});
export type ChatResolveResponse = z.infer<typeof chatResolveResponseSchema>;

/** POST /chat/unread-count, the guests' variant; signed-in users use GET without a body. */
export const chatGuestUnreadCountRequestSchema = z.object({
  sessionId,
  guestInfo: guestInfoSchema,
});
export type ChatGuestUnreadCountRequest = z.infer<typeof chatGuestUnreadCountRequestSchema>;

export const chatUnreadCountResponseSchema = z.object({
  count: z.number().int().nonnegative(),
  authenticated: z.boolean(),
});
export type ChatUnreadCountResponse = z.infer<typeof chatUnreadCountResponseSchema>;

export const chatOnlineStatusResponseSchema = z.object({
  isOnline: z.boolean(),
  statusMessage: z.string(),
});
export type ChatOnlineStatusResponse = z.infer<typeof chatOnlineStatusResponseSchema>;

/** The support status line: the server's message, or 'Status niet beschikbaar' when it failed. */
export function chatOnlineStatusText(status: ChatOnlineStatusResponse | null): string {
  return status?.statusMessage.trim() || CHAT_TEXTS.statusUnavailable;
}
