/**
 * The live endpoint, WebSocket at /ws/events (core LIVE_EVENTS_PATH): logged-in web pages and
 * desktop apps hold it and receive `{ type: 'notification', notification }` as each notification of
 * their user is recorded (delivery/channels/live.ts). `{ type: 'unread', unread }` is the count of their
 * unread notifications (the navigation's bell): first on every socket as it opens, so a page that
 * (re)connects is up to date, and again whenever the user read one or all of them, anywhere.
 *
 * - Authenticated on upgrade by the access cookie through the same session lookup as the API
 *   (http/auth.ts `authenticate`): no live session → 401, and the socket is never opened.
 * - Cross-site WebSocket hijacking: a browser always sends Origin, so an Origin other than
 *   PUBLIC_URL's or one of CORS_ORIGINS → 403. Clients that are not browsers (the desktop app's
 *   main process) send none and are let through on their cookie alone.
 * - Heartbeat: a ping every HEARTBEAT_MS; a socket that did not answer the previous one is cut off.
 *   The same tick closes sockets whose session was revoked (logout) or expired.
 * - Clients may send `{ type: 'ping' }` (browsers cannot send WebSocket pings) and get `pong`.
 * - `{ type: 'account' }` when the user's plan or alert limit changed (`account.changed`): every
 *   open page of theirs, in any browser, reads its user and capabilities again.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIVE_EVENTS_PATH, type LiveEventMessage } from '@prijsalarm/core';
import { WebSocket, WebSocketServer } from 'ws';
import { unreadCountOf } from '../commands/notifications';
import type { AppContext } from '../context';
import { sendLive, type LiveHub } from '../delivery/channels/live';
import {
  endedSessionIds,
  originCheck,
  refuseUpgrade as reject,
  sessionLookup,
} from '../http/ws-upgrade';
import type { UpgradeDispatcher } from './upgrade';

export const HEARTBEAT_MS = 30_000;
/** Clients only send pings: anything bigger is not one of ours. */
const MAX_CLIENT_MESSAGE_BYTES = 1024;
/** Close codes (4000–4999 are the application's): the session ended, log in again. */
export const CLOSE_SESSION_ENDED = 4401;

interface LiveSocket {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  sessionExpiresAt: Date;
  alive: boolean;
}

export interface LiveEventsEndpoint {
  hub: LiveHub;
  /** Open sockets in this process (for tests and readiness). */
  readonly connections: number;
  close(): Promise<void>;
}

export function attachLiveEvents(ctx: AppContext, upgrades: UpgradeDispatcher): LiveEventsEndpoint {
  const logger = ctx.logger.child({ component: 'ws-events' });
  const originAllowed = originCheck(ctx.config);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  const byUser = new Map<string, Set<LiveSocket>>();
  const sessionOf = sessionLookup(ctx);

  const add = (live: LiveSocket) => {
    const set = byUser.get(live.userId) ?? new Set();
    set.add(live);
    byUser.set(live.userId, set);
  };
  const remove = (live: LiveSocket) => {
    const set = byUser.get(live.userId);
    set?.delete(live);
    if (set?.size === 0) byUser.delete(live.userId);
  };
  const send = (live: LiveSocket, message: LiveEventMessage) =>
    new Promise<boolean>((resolve) => {
      if (live.socket.readyState !== WebSocket.OPEN) return resolve(false);
      live.socket.send(JSON.stringify(message), (error) => resolve(!error));
    });

  // Counted as it is sent: the database's count, whichever process marked them read.
  const unreadOf = async (userId: string): Promise<LiveEventMessage> => ({
    type: 'unread',
    unread: await unreadCountOf(ctx, { id: userId }),
  });

  const hub: LiveHub = {
    hasSockets: (userId) => (byUser.get(userId)?.size ?? 0) > 0,
    async send(userId, message) {
      const now = Date.now();
      const sockets = [...(byUser.get(userId) ?? [])].filter(
        (live) => live.sessionExpiresAt.getTime() > now,
      );
      const results = await Promise.all(sockets.map((live) => send(live, message)));
      return results.filter(Boolean).length;
    },
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const origin = req.headers.origin;
    if (!originAllowed(origin)) {
      logger.warn({ origin }, 'live events: origin refused');
      return reject(socket, 403);
    }
    sessionOf(req).then(
      (auth) => {
        if (!auth) return reject(socket, 401);
        if (socket.destroyed) return;
        wss.handleUpgrade(req, socket, head, (ws) => {
          const live: LiveSocket = {
            socket: ws,
            userId: auth.user.id,
            sessionId: auth.session.id,
            sessionExpiresAt: auth.session.expiresAt,
            alive: true,
          };
          add(live);
          unreadOf(live.userId).then(
            (message) => send(live, message),
            (error: unknown) => logger.warn({ err: error }, 'live events: unread count failed'),
          );
          ws.on('pong', () => (live.alive = true));
          ws.on('message', (data) => {
            live.alive = true;
            let parsed: unknown;
            try {
              parsed = JSON.parse(String(data));
            } catch {
              return;
            }
            if ((parsed as { type?: unknown })?.type === 'ping') void send(live, { type: 'pong' });
          });
          ws.on('close', () => remove(live));
          ws.on('error', () => remove(live));
        });
      },
      (error: unknown) => {
        logger.error({ err: error }, 'live events: session lookup failed');
        socket.destroy();
      },
    );
  };
  const unregister = upgrades.register(LIVE_EVENTS_PATH, onUpgrade);

  const heartbeat = setInterval(() => {
    void checkSockets().catch((error: unknown) =>
      logger.warn({ err: error }, 'live events: heartbeat failed'),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  async function checkSockets() {
    const all = [...byUser.values()].flatMap((set) => [...set]);
    if (all.length === 0) return;
    const now = new Date();
    const ended = await endedSessionIds(
      ctx,
      all.map((live) => live.sessionId),
      now,
    );
    for (const live of all) {
      if (ended.has(live.sessionId) || live.sessionExpiresAt <= now) {
        remove(live);
        live.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      } else if (!live.alive) {
        remove(live);
        live.socket.terminate();
      } else {
        live.alive = false;
        live.socket.ping();
      }
    }
  }

  const unsubscribers = [
    ctx.events.on('notification.created', async (event) => {
      await sendLive(ctx, hub, event);
    }),
    ctx.events.on('account.changed', async ({ userId }) => {
      if (hub.hasSockets(userId)) await hub.send(userId, { type: 'account' });
    }),
    ctx.events.on('notifications.read', async ({ userId }) => {
      if (hub.hasSockets(userId)) await hub.send(userId, await unreadOf(userId));
    }),
  ];

  return {
    hub,
    get connections() {
      return [...byUser.values()].reduce((sum, set) => sum + set.size, 0);
    },
    async close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      clearInterval(heartbeat);
      unregister();
      for (const ws of wss.clients) ws.terminate();
      byUser.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
