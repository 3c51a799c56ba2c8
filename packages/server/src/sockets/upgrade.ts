/**
 * The one 'upgrade' listener of the HTTP server. WebSocket endpoints register by pathname
 * (/ws/events, /ws/chat); every other upgrade request, and every upgrade that is not to a
 * WebSocket (`curl --http2`'s h2c), is answered at once with a 400/404 and `Connection: close` and
 * its socket destroyed. Node hands an upgrade request's socket to the listeners and never answers
 * or times it out itself: unanswered, a path nobody claimed would leave its socket open for good,
 * and an upgraded socket is no longer one of the server's connections, so server.close() would wait
 * for it.
 * The dispatcher therefore keeps every socket it was given until it closes, and close() destroys
 * those still open.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { refuseUpgrade } from '../http/ws-upgrade';

export { refuseUpgrade };

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface UpgradeDispatcher {
  /** Claims upgrades to `pathname`; returns the function that gives the path up again. */
  register(pathname: string, handler: UpgradeHandler): () => void;
  /** Sockets handed to an endpoint that are still open (handshaking or upgraded). */
  readonly openSockets: number;
  /** Refuses further upgrades and destroys every socket still open. */
  close(): void;
}

function pathnameOf(req: IncomingMessage): string | null {
  try {
    return new URL(req.url ?? '/', 'http://localhost').pathname;
  } catch {
    return null;
  }
}

export function createUpgradeDispatcher(server: Server): UpgradeDispatcher {
  const handlers = new Map<string, UpgradeHandler>();
  const open = new Set<Duplex>();
  let closed = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (closed) return refuseUpgrade(socket, 503);
    const pathname = pathnameOf(req);
    const handler = pathname === null ? undefined : handlers.get(pathname);
    if (!handler) return refuseUpgrade(socket, 404);
    if (req.headers.upgrade?.toLowerCase() !== 'websocket') return refuseUpgrade(socket, 400);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    handler(req, socket, head);
  };
  server.on('upgrade', onUpgrade);

  return {
    register(pathname, handler) {
      if (handlers.has(pathname)) throw new Error(`upgrade path ${pathname} is already taken`);
      handlers.set(pathname, handler);
      return () => {
        if (handlers.get(pathname) === handler) handlers.delete(pathname);
      };
    },
    get openSockets() {
      return open.size;
    },
    close() {
      closed = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
  };
}
