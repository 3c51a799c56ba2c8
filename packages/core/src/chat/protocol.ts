/**
 * The chat WebSocket: endpoint and both directions' messages.
 * Every frame is one JSON object with a `type`. Parsing never throws: garbage gives `null`, so
 * neither side can be crashed by a bad frame. Unknown extra fields are dropped, not rejected.
 */
import { z } from 'zod';
import { CHAT_SENDERS, chatMessageTextSchema, guestInfoSchema } from './model';

export const CHAT_SOCKET_PATH = '/ws/chat';
export const CHAT_SOCKET_GUEST_QUERY = 'guestSessionId';

const id = z.string().min(1);

export const chatClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), sessionId: id }),
  z.object({ type: z.literal('guest_auth'), sessionId: id, guestInfo: guestInfoSchema }),
  /** `timestamp` is the sender's clock in epoch milliseconds. */
  z.object({ type: z.literal('heartbeat'), timestamp: z.number().finite() }),
  z.object({ type: z.literal('message'), text: chatMessageTextSchema, tempId: id }),
  /** The visitor is typing (or stopped): shown to support. */
  z.object({ type: z.literal('typing'), isTyping: z.boolean() }),
  /** Support's inbox (an ADMIN's cookie): every session's live updates, see ./agent. */
  z.object({ type: z.literal('agent_auth') }),
  z.object({ type: z.literal('agent_typing'), sessionId: id, isTyping: z.boolean() }),
]);
export type ChatClientMessage = z.infer<typeof chatClientMessageSchema>;
export type ChatClientMessageType = ChatClientMessage['type'];

/** Who ended a session: support, or the visitor themself (guest or signed-in). */
export const CHAT_RESOLVED_BY = ['support', 'user'] as const;
export type ChatResolvedBy = (typeof CHAT_RESOLVED_BY)[number];

export const chatServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected') }),
  z.object({ type: z.literal('authenticated') }),
  z.object({ type: z.literal('guest_authenticated') }),
  z.object({ type: z.literal('heartbeat_ack') }),
  z.object({ type: z.literal('pong') }),
  z.object({
    type: z.literal('message'),
    id,
    text: z.string(),
    sender: z.enum(CHAT_SENDERS),
    timestamp: z.iso.datetime({ offset: true }),
  }),
  z.object({ type: z.literal('message_sent'), tempId: id, messageId: id }),
  z.object({ type: z.literal('typing'), isTyping: z.boolean() }),
  z.object({ type: z.literal('online_status'), isOnline: z.boolean() }),
  z.object({ type: z.literal('delivered'), messageId: id }),
  z.object({ type: z.literal('session_resolved'), resolvedBy: z.enum(CHAT_RESOLVED_BY) }),
  /** `message` is Dutch and may be shown. */
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ChatServerMessage = z.infer<typeof chatServerMessageSchema>;
export type ChatServerMessageType = ChatServerMessage['type'];
/** The server message of one type, e.g. `ChatServerMessageOf<'message_sent'>`. */
export type ChatServerMessageOf<T extends ChatServerMessageType> = Extract<
  ChatServerMessage,
  { type: T }
>;

/** A JSON frame checked against `schema`, or `null`: parsing never throws. */
export function parseJsonWith<T>(schema: z.ZodType<T>, raw: string): T | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : null;
}

/** A frame from the server, typed, or `null` when it is not one of the known messages. */
export function parseChatServerMessage(raw: string): ChatServerMessage | null {
  return parseJsonWith(chatServerMessageSchema, raw);
}

/** A frame from a client, typed (message text trimmed), or `null` when it is not valid. */
export function parseChatClientMessage(raw: string): ChatClientMessage | null {
  return parseJsonWith(chatClientMessageSchema, raw);
}

/** The heartbeat the client sends every CHAT_HEARTBEAT_MS. */
export function chatHeartbeat(now: number): ChatClientMessage {
  return { type: 'heartbeat', timestamp: now };
}

export type ChatSocketUrlInput = ({ pageUrl: string } | { protocol: string; host: string }) & {
  /** Set for guests; signed-in users authenticate with their cookies. */
  guestSessionId?: string | undefined;
};

const ORIGIN_PATTERN = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]+)/i;

/**
 * The WebSocket address on the page's host: `wss:` when the page is https, else `ws:`.
 * Desktop passes the server's base URL as `pageUrl`.
 */
export function chatSocketUrl(input: ChatSocketUrlInput): string {
  let protocol: string;
  let host: string;
  if ('pageUrl' in input) {
    const match = ORIGIN_PATTERN.exec(input.pageUrl);
    if (!match?.[1] || !match[2]) throw new Error(`Not an absolute URL: ${input.pageUrl}`);
    protocol = match[1];
    // Credentials in a page address never belong in the socket address.
    host = match[2].slice(match[2].lastIndexOf('@') + 1);
  } else {
    protocol = input.protocol;
    host = input.host;
  }
  const secure = /^(https|wss):?$/i.test(protocol);
  const query =
    input.guestSessionId !== undefined && input.guestSessionId !== ''
      ? `?${CHAT_SOCKET_GUEST_QUERY}=${encodeURIComponent(input.guestSessionId)}`
      : '';
  return `${secure ? 'wss' : 'ws'}://${host}${CHAT_SOCKET_PATH}${query}`;
}
