/** The web role: the HTTP server (API, probes, built web app). */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../context';
import { attachLiveEvents, type LiveEventsEndpoint } from '../sockets/events';
import { createUpgradeDispatcher, type UpgradeDispatcher } from '../sockets/upgrade';
import { createApp, type AppOptions } from './app';
import { attachChatSocket, type ChatSocketEndpoint } from '../sockets/chat';
import type { RunningService } from './types';

/** How long in-flight requests may take to finish after a stop before they are cut off. */
export const HTTP_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface WebOptions extends AppOptions {
  /** Interface to listen on; HOST (loopback by default) unless given. */
  host?: string;
  shutdownTimeoutMs?: number;
}

export interface WebService extends RunningService {
  server: Server;
  /** The address it listens on, e.g. http://127.0.0.1:3000. */
  url: string;
  /** The live push WebSocket (/ws/events) of this server. */
  liveEvents: LiveEventsEndpoint;
  /** The support chat WebSocket (/ws/chat) of this server. */
  chat: ChatSocketEndpoint;
  /** Where WebSocket endpoints register their path (/ws/events; /ws/chat). */
  upgrades: UpgradeDispatcher;
}

export async function start(ctx: AppContext, options: WebOptions = {}): Promise<WebService> {
  const logger = ctx.logger.child({ role: 'web' });
  const server = createServer(createApp(ctx, options));
  const upgrades = createUpgradeDispatcher(server);
  const liveEvents = attachLiveEvents(ctx, upgrades);
  const chat = attachChatSocket(ctx, upgrades);
  let stopping = false;
  // During shutdown, answers tell keep-alive clients to go away so their sockets close at once.
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  // A little over common proxy idle timeouts, so the proxy closes idle connections first.
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(ctx.config.port, options.host ?? ctx.config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  logger.info({ url, publicUrl: ctx.config.publicUrl }, 'web server listening');

  return {
    name: 'web',
    server,
    url,
    liveEvents,
    chat,
    upgrades,
    stop: async () => {
      stopping = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      // Open WebSockets would keep the server from closing; clients reconnect to another process.
      await liveEvents.close();
      await chat.close();
      // Upgraded and handshaking sockets are no longer the server's connections: without this,
      // server.close() would wait for them for good.
      upgrades.close();
      return stopServer(server, options.shutdownTimeoutMs ?? HTTP_SHUTDOWN_TIMEOUT_MS, logger);
    },
  };
}

/** Stop accepting, let in-flight requests finish, close idle keep-alive sockets; cut off at the timeout. */
function stopServer(
  server: Server,
  timeoutMs: number,
  logger: AppContext['logger'],
): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      logger.warn({ timeoutMs }, 'requests still open at shutdown: closing them');
      server.closeAllConnections();
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      logger.info('web server stopped');
      resolve();
    });
    server.closeIdleConnections();
  });
}
