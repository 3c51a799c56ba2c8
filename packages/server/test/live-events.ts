/**
 * A page's /ws/events socket in tests: opened with a client's cookies, its messages in order. The
 * server's first message on every socket is the user's unread count; opening waits for it.
 */
import { LIVE_EVENTS_PATH, type LiveEventMessage } from '@prijsalarm/core';
import { WebSocket } from 'ws';
import type { TestClient } from './http-client';

export interface OpenLiveSocket {
  socket: WebSocket;
  /** The unread count the server sent as the socket opened. */
  unread: number;
  /** Messages that arrived while nobody waited for one. */
  received: LiveEventMessage[];
  /** The next message (a queued one first); rejects after 5 s without one. */
  next(): Promise<LiveEventMessage>;
}

const opened: WebSocket[] = [];

/** Opens /ws/events with the client's cookies; rejects with the HTTP status when refused. */
export function openLiveEvents(
  baseUrl: string,
  client: TestClient | null,
  headers: Record<string, string> = {},
): Promise<OpenLiveSocket> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${LIVE_EVENTS_PATH}`;
  const cookie = client ? [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const socket = new WebSocket(url, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  opened.push(socket);
  const received: LiveEventMessage[] = [];
  const waiting: Array<(message: LiveEventMessage) => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as LiveEventMessage;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else received.push(message);
  });
  const next = () =>
    new Promise<LiveEventMessage>((resolve, reject) => {
      const queued = received.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
      waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      next()
        .then((first) => {
          if (first.type !== 'unread') throw new Error(`first message: ${JSON.stringify(first)}`);
          resolve({ socket, unread: first.unread, received, next });
        })
        .catch(reject);
    });
    socket.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`refused: ${res.statusCode}`), { status: res.statusCode })),
    );
    socket.once('error', reject);
  });
}

/** Cuts every socket opened here (after the tests of a file). */
export function closeLiveSockets(): void {
  for (const socket of opened.splice(0)) socket.terminate();
}
