/**
 * Support chat in tests: start a guest's or user's session over HTTP, and open /ws/chat like the
 * widget (and the inbox) does.
 *
 *   const guest = await startGuestChat(server);                 // POST /api/chat/initialize
 *   const socket = await openChatSocket(server.baseUrl, { guestSessionId: guest.sessionId });
 *   socket.send({ type: 'guest_auth', sessionId: guest.sessionId, guestInfo: guest.guestInfo });
 *   await socket.next('guest_authenticated');
 */
import { randomUUID } from 'node:crypto';
import {
  CHAT_SOCKET_PATH,
  chatSocketUrl,
  type ChatInitializeResponse,
  type GuestInfo,
} from '@prijsalarm/core';
import { WebSocket } from 'ws';
import type { TestClient } from './http-client';

export interface GuestChat {
  client: TestClient;
  guestInfo: GuestInfo;
  sessionId: string;
}

export async function startGuestChat(
  server: { client(): TestClient },
  guestInfo: GuestInfo = {
    name: 'Gerda Gast',
    email: `gast-${randomUUID().slice(0, 8)}@example.nl`,
  },
): Promise<GuestChat> {
  const client = server.client();
  const res = await client.post<ChatInitializeResponse>('/api/chat/initialize', { guestInfo });
  if (res.status !== 200) throw new Error(`initialize answered ${res.status}: ${res.text}`);
  return { client, guestInfo, sessionId: res.body.sessionId };
}

/** Any frame: the server's visitor and agent frames are both plain `{ type, … }` objects. */
export type Frame = { type: string } & Record<string, unknown>;

export interface ChatSocket {
  socket: WebSocket;
  send(frame: unknown): void;
  /** The next frame (of `type`, skipping others) within `timeoutMs`. */
  next(type?: string, timeoutMs?: number): Promise<Frame>;
  /** Frames received and not yet taken by `next`. */
  frames: Frame[];
  /** Resolves with the close code. */
  closed: Promise<number>;
}

export interface OpenChatSocketOptions {
  /** Sends this client's cookies (a signed-in user or admin). */
  client?: TestClient;
  guestSessionId?: string;
  headers?: Record<string, string>;
}

/** Opens /ws/chat; rejects with `status` when the upgrade is refused. */
export function openChatSocket(
  baseUrl: string,
  options: OpenChatSocketOptions = {},
): Promise<ChatSocket> {
  const url = chatSocketUrl({ pageUrl: baseUrl, guestSessionId: options.guestSessionId });
  if (!url.includes(CHAT_SOCKET_PATH)) throw new Error(url);
  const cookie = options.client
    ? [...options.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    : '';
  const socket = new WebSocket(url, {
    headers: { ...(cookie ? { cookie } : {}), ...options.headers },
  });
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as Frame);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const next = (type?: string, timeoutMs = 5000) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no ${type ?? 'frame'} within ${timeoutMs} ms; had ${JSON.stringify(frames)}`,
            ),
          ),
        timeoutMs,
      );
      const look = () => {
        const index = frames.findIndex((frame) => type === undefined || frame.type === type);
        if (index >= 0) {
          clearTimeout(timer);
          resolve(frames.splice(index, 1)[0]!);
        } else waiters.push(look);
      };
      look();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () =>
      resolve({
        socket,
        send: (frame) => socket.send(JSON.stringify(frame)),
        next,
        frames,
        closed,
      }),
    );
    socket.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`refused: ${res.statusCode}`), { status: res.statusCode })),
    );
    socket.once('error', reject);
  });
}

/** A socket joined as the guest (waits for `guest_authenticated`). */
export async function guestSocket(baseUrl: string, guest: GuestChat): Promise<ChatSocket> {
  const socket = await openChatSocket(baseUrl, { guestSessionId: guest.sessionId });
  await socket.next('connected');
  socket.send({ type: 'guest_auth', sessionId: guest.sessionId, guestInfo: guest.guestInfo });
  await socket.next('guest_authenticated');
  return socket;
}

/** An admin's inbox socket (waits for `agent_authenticated`). */
export async function agentSocket(baseUrl: string, admin: TestClient): Promise<ChatSocket> {
  const socket = await openChatSocket(baseUrl, { client: admin });
  await socket.next('connected');
  socket.send({ type: 'agent_auth' });
  await socket.next('agent_authenticated');
  return socket;
}
