/**
 * The support chat socket, /ws/chat.
 *
 * - The upgrade is checked like /ws/events (http/ws-upgrade.ts): Origin against PUBLIC_URL and
 *   CORS_ORIGINS, frames up to 64 KB (a bigger one closes the socket with 1009). Guests have no
 *   cookie, so the upgrade itself needs none: a socket may do nothing until it authenticates.
 * - `auth {sessionId}`: a signed-in user (their session cookie) joins one of their own sessions.
 *   `guest_auth {sessionId, guestInfo}`: a guest joins the session whose id and e-mail it proves
 *   (and, when the URL carried `guestSessionId`, only that one). `agent_auth`: an ADMIN's inbox.
 *   A refusal is an `error` in Dutch and the socket is closed (4401 / 4403).
 * - `heartbeat` → `heartbeat_ack`; `message {text, tempId}` → `message_sent {tempId, messageId}`
 *   (or `error`); `typing` / `agent_typing` are relayed to the other side.
 * - Frames for other sockets go out as `chat.frame` events (commands/chat.ts) and every web process
 *   hands them to its own sockets here, so in scale-out (Redis) both sides may be anywhere.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  CHAT_SOCKET_GUEST_QUERY,
  CHAT_SOCKET_PATH,
  CHAT_TEXTS,
  API_TEXTS,
  CHAT_MESSAGE_MAX_LENGTH,
  chatClientMessageSchema,
  parseChatClientMessage,
  type ChatAgentServerMessage,
  type ChatClientMessage,
  type ChatServerMessage,
} from '@prijsalarm/core';
import { WebSocket, WebSocketServer } from 'ws';
import {
  isSupportOnline,
  markDelivered,
  SEEN_WRITE_EVERY_MS,
  postVisitorMessage,
  relayTyping,
  touchVisitor,
  visitorSession,
  type ChatContext,
} from '../commands/chat';
import type { AppContext } from '../context';
import type { ChatFrameEvent } from '../engine/events';
import type { AuthState } from '../http/auth';
import { HttpError } from '../http/errors';
import {
  MAX_WS_FRAME_BYTES,
  endedSessionIds,
  originCheck,
  refuseUpgrade,
  sessionLookup,
} from '../http/ws-upgrade';
import { chatPolicy, chatSessionStatus, type ChatVisitor } from '../policies/chat';
import type { UpgradeDispatcher } from './upgrade';

/** Server pings; a socket that did not answer the previous one is cut off. */
export const CHAT_PING_MS = 30_000;
/** A socket must authenticate within this time. */
export const CHAT_AUTH_TIMEOUT_MS = 15_000;
/**
 * Frames of any kind one socket may send per minute (OWASP: "100 messages per minute is a common
 * starting point"); heartbeats and typing make up most of a normal minute's 10–30.
 */
export const CHAT_FRAMES_PER_MINUTE = 120;
/** RFC 6455 "policy violation": the flood limit. */
export const CLOSE_FLOOD = 1008;
export const CLOSE_NOT_AUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;

interface Connection {
  id: string;
  ws: WebSocket;
  /** From the cookie at upgrade time; null for guests. */
  auth: AuthState | null;
  /** `guestSessionId` of the URL: a guest socket may only join that session. */
  guestSessionId: string | null;
  role:
    | { kind: 'none' }
    | { kind: 'visitor'; sessionId: string; visitor: ChatVisitor }
    | { kind: 'agent'; userId: string };
  alive: boolean;
  /** When this socket last recorded that its visitor is here (epoch ms). */
  seenWrittenAt: number;
  /** Frames received in the current minute, and when that minute started. */
  frames: { count: number; since: number };
}

export interface ChatSocketEndpoint {
  /** Open sockets in this process (tests). */
  readonly connections: number;
  /** Runs the periodic liveness and login check now (tests). */
  check(): Promise<void>;
  close(): Promise<void>;
}

type Frame = ChatServerMessage | ChatAgentServerMessage;

function send(connection: Connection, frame: Frame): boolean {
  if (connection.ws.readyState !== WebSocket.OPEN) return false;
  connection.ws.send(JSON.stringify(frame));
  return true;
}

/** Why a frame was not understood, in Dutch: the message-length rule has its own text. */
function unreadableReason(raw: string): string {
  try {
    const result = chatClientMessageSchema.safeParse(JSON.parse(raw));
    const tooLong = result.error?.issues.some((i) => i.path[0] === 'text' && i.code === 'too_big');
    if (tooLong) return CHAT_TEXTS.messageTooLong(CHAT_MESSAGE_MAX_LENGTH);
  } catch {
    // Not JSON at all.
  }
  return CHAT_TEXTS.errors.unreadableFrame;
}

function flooding(connection: Connection): boolean {
  const now = Date.now();
  if (now - connection.frames.since >= 60_000) connection.frames = { count: 0, since: now };
  connection.frames.count += 1;
  return connection.frames.count > CHAT_FRAMES_PER_MINUTE;
}

function refuse(connection: Connection, code: number, message: string): void {
  send(connection, { type: 'error', message });
  connection.ws.close(code, 'refused');
}

export function attachChatSocket(ctx: AppContext, upgrades: UpgradeDispatcher): ChatSocketEndpoint {
  const logger = ctx.logger.child({ component: 'ws-chat' });
  const chat: ChatContext = ctx;
  const originAllowed = originCheck(ctx.config);
  const sessionOf = sessionLookup(ctx);
  // perMessageDeflate off (OWASP: compression bombs); frames bounded.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_WS_FRAME_BYTES,
    perMessageDeflate: false,
  });
  const connections = new Set<Connection>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!originAllowed(req.headers.origin)) {
      logger.warn({ origin: req.headers.origin }, 'chat: origin refused');
      return refuseUpgrade(socket, 403);
    }
    sessionOf(req).then(
      (auth) => {
        if (socket.destroyed) return;
        wss.handleUpgrade(req, socket, head, (ws) =>
          accept(ws, auth, url.searchParams.get(CHAT_SOCKET_GUEST_QUERY)),
        );
      },
      (error: unknown) => {
        logger.error({ err: error }, 'chat: session lookup failed');
        socket.destroy();
      },
    );
  };
  const unregister = upgrades.register(CHAT_SOCKET_PATH, onUpgrade);

  function accept(ws: WebSocket, auth: AuthState | null, guestSessionId: string | null) {
    const connection: Connection = {
      id: randomUUID(),
      ws,
      auth,
      guestSessionId: guestSessionId || null,
      role: { kind: 'none' },
      alive: true,
      frames: { count: 0, since: Date.now() },
      seenWrittenAt: Date.now(),
    };
    connections.add(connection);
    const authTimer = setTimeout(() => {
      if (connection.role.kind === 'none') {
        refuse(connection, CLOSE_NOT_AUTHENTICATED, CHAT_TEXTS.errors.notAuthenticated);
      }
    }, CHAT_AUTH_TIMEOUT_MS);
    authTimer.unref();
    // One frame at a time per socket, so message_sent answers come in the order sent.
    let queue = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      connection.alive = true;
      if (flooding(connection)) {
        return refuse(connection, CLOSE_FLOOD, CHAT_TEXTS.errors.tooManyMessages);
      }
      const message = isBinary ? null : parseChatClientMessage(String(data));
      queue = queue
        .then(() =>
          message
            ? handle(connection, message)
            : void send(connection, { type: 'error', message: unreadableReason(String(data)) }),
        )
        .catch((error: unknown) => {
          if (error instanceof HttpError)
            return void send(connection, { type: 'error', message: error.message });
          logger.error({ err: error }, 'chat: frame failed');
          send(connection, { type: 'error', message: CHAT_TEXTS.genericError });
        });
    });
    ws.on('pong', () => (connection.alive = true));
    const gone = () => {
      clearTimeout(authTimer);
      if (!connections.delete(connection)) return;
      if (connection.role.kind === 'visitor') {
        // The visitor left now: from here the reply-by-mail clock runs.
        const { sessionId } = connection.role;
        void ctx.models.ChatSession.findByPk(sessionId)
          .then((session) => session && touchVisitor(chat, session, new Date(), true))
          .catch(() => undefined);
      }
    };
    ws.on('close', gone);
    ws.on('error', gone);
    send(connection, { type: 'connected' });
  }

  async function joinAsVisitor(
    connection: Connection,
    visitor: ChatVisitor,
    sessionId: string,
    answer: 'authenticated' | 'guest_authenticated',
  ) {
    let session;
    try {
      session = await visitorSession(chat, visitor, sessionId);
    } catch (error) {
      if (error instanceof HttpError) return refuse(connection, CLOSE_FORBIDDEN, error.message);
      throw error;
    }
    const status = chatSessionStatus(session, new Date());
    if (status !== 'active') {
      return refuse(
        connection,
        CLOSE_FORBIDDEN,
        status === 'closed' ? CHAT_TEXTS.errors.sessionExpired : CHAT_TEXTS.errors.sessionOver,
      );
    }
    connection.role = { kind: 'visitor', sessionId: session.id, visitor };
    await touchVisitor(chat, session, new Date(), true);
    send(connection, { type: answer });
    send(connection, { type: 'online_status', isOnline: await isSupportOnline(ctx) });
  }

  async function handle(connection: Connection, message: ChatClientMessage): Promise<void> {
    const { role } = connection;
    switch (message.type) {
      case 'auth': {
        if (!connection.auth) {
          return refuse(connection, CLOSE_NOT_AUTHENTICATED, API_TEXTS.unauthenticated);
        }
        const visitor: ChatVisitor = { kind: 'user', user: connection.auth.user };
        return joinAsVisitor(connection, visitor, message.sessionId, 'authenticated');
      }
      case 'guest_auth': {
        if (connection.guestSessionId !== null && connection.guestSessionId !== message.sessionId) {
          return refuse(connection, CLOSE_FORBIDDEN, CHAT_TEXTS.errors.notFound);
        }
        const visitor: ChatVisitor = { kind: 'guest', guestInfo: message.guestInfo };
        return joinAsVisitor(connection, visitor, message.sessionId, 'guest_authenticated');
      }
      case 'agent_auth': {
        if (!connection.auth) {
          return refuse(connection, CLOSE_NOT_AUTHENTICATED, API_TEXTS.unauthenticated);
        }
        if (!chatPolicy.isAgent(connection.auth.user)) {
          return refuse(connection, CLOSE_FORBIDDEN, API_TEXTS.adminOnly);
        }
        connection.role = { kind: 'agent', userId: connection.auth.user.id };
        send(connection, { type: 'agent_authenticated', isOnline: await isSupportOnline(ctx) });
        return;
      }
      case 'heartbeat': {
        send(connection, { type: 'heartbeat_ack' });
        // The visitor is still here: recorded once a minute, not on every 10 s heartbeat.
        const now = Date.now();
        if (role.kind === 'visitor' && now - connection.seenWrittenAt >= SEEN_WRITE_EVERY_MS) {
          connection.seenWrittenAt = now;
          await ctx.models.ChatSession.update(
            { visitorSeenAt: new Date(now) },
            { where: { id: role.sessionId } },
          );
        }
        return;
      }
      case 'message': {
        if (role.kind !== 'visitor') {
          return void send(connection, {
            type: 'error',
            message: CHAT_TEXTS.errors.notAuthenticated,
          });
        }
        const session = await visitorSession(chat, role.visitor, role.sessionId);
        await postVisitorMessage(chat, role.visitor, session, message.text, {
          exceptConnection: connection.id,
          acknowledge: (stored) =>
            send(connection, {
              type: 'message_sent',
              tempId: message.tempId,
              messageId: stored.id,
            }),
        });
        return;
      }
      case 'typing': {
        if (role.kind === 'visitor') relayTyping(chat, 'visitor', role.sessionId, message.isTyping);
        return;
      }
      case 'agent_typing': {
        if (role.kind === 'agent')
          relayTyping(chat, 'support', message.sessionId, message.isTyping);
        return;
      }
    }
  }

  /** A frame from any process, for this process's sockets. */
  async function deliver({ to, frame }: ChatFrameEvent): Promise<void> {
    const targets = [...connections].filter((connection) => {
      const { role } = connection;
      if (to.kind === 'agents') return role.kind === 'agent';
      if (to.kind === 'visitors') return role.kind === 'visitor';
      return (
        role.kind === 'visitor' &&
        role.sessionId === to.sessionId &&
        connection.id !== to.exceptConnection
      );
    });
    const took = targets.map((connection) => send(connection, frame)).some(Boolean);
    if (!took) return;
    // A message that reached the other side's socket is delivered; the sender hears it once.
    if (frame.type === 'message' && frame.sender === 'support') {
      await markDelivered(chat, frame.id);
    } else if (
      frame.type === 'session_message' &&
      (frame.message.sender === 'user' || frame.message.sender === 'guest') &&
      (await markDelivered(chat, frame.message.id))
    ) {
      ctx.events.emit('chat.frame', {
        to: { kind: 'session', sessionId: frame.sessionId },
        frame: { type: 'delivered', messageId: frame.message.id },
      });
    }
  }
  const unsubscribe = ctx.events.on('chat.frame', deliver);

  /**
   * Every CHAT_PING_MS: a socket that missed the last ping is cut off, and a user's or agent's
   * socket closes once their login ended (logout, expiry), as /ws/events does.
   */
  async function checkConnections(): Promise<void> {
    const now = new Date();
    const signedIn = [...connections].filter(
      ({ role }) =>
        role.kind === 'agent' || (role.kind === 'visitor' && role.visitor.kind === 'user'),
    );
    const ended = await endedSessionIds(
      ctx,
      signedIn.map((connection) => connection.auth!.session.id),
      now,
    );
    for (const connection of connections) {
      const session = connection.auth?.session;
      const loginEnded =
        signedIn.includes(connection) && (ended.has(session!.id) || session!.expiresAt <= now);
      if (loginEnded) {
        connections.delete(connection);
        refuse(connection, CLOSE_NOT_AUTHENTICATED, API_TEXTS.unauthenticated);
      } else if (!connection.alive) {
        connections.delete(connection);
        connection.ws.terminate();
      } else {
        connection.alive = false;
        connection.ws.ping();
      }
    }
  }
  const ping = setInterval(() => {
    void checkConnections().catch((error: unknown) =>
      logger.warn({ err: error }, 'chat: connection check failed'),
    );
  }, CHAT_PING_MS);
  ping.unref();

  return {
    get connections() {
      return connections.size;
    },
    check: checkConnections,
    async close() {
      unsubscribe();
      clearInterval(ping);
      unregister();
      for (const connection of connections) connection.ws.terminate();
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
