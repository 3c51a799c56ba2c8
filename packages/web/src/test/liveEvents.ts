/** A live events server (/ws/events) on 127.0.0.1 for the tests: the page's socket connects here. */
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { LiveSocket, LiveSocketFactory } from '../stores/LiveEventsStore';

/** The page's side: a real WebSocket. */
export const wsFactory: LiveSocketFactory = (url) => new WebSocket(url) as unknown as LiveSocket;

export interface LiveEventsServer {
  readonly sockets: WebSocketServer;
  readonly url: string;
  /** Cuts every connection and forgets the waiting ones (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startLiveEventsServer(): Promise<LiveEventsServer> {
  const sockets = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => sockets.once('listening', resolve));
  return {
    sockets,
    url: `ws://127.0.0.1:${(sockets.address() as AddressInfo).port}/ws/events`,
    reset() {
      for (const client of sockets.clients) client.terminate();
      sockets.removeAllListeners('connection');
    },
    close: () => new Promise<void>((resolve) => sockets.close(() => resolve())),
  };
}
