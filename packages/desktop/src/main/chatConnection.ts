/**
 * The chat window's /ws/chat socket, held by the main process: the sandboxed renderer has no
 * network of its own (CSP connect-src 'self'), and the session cookies live here. The shared
 * ChatStore (@prijsalarm/chat-ui) drives it through the bridge as if it were a WebSocket: open,
 * send, close; it keeps core's reconnect policy, heartbeats and stale detection, exactly as on
 * the web. This side speaks core's chat protocol both ways: only a signed-in user's frames go out
 * (checked again here), and only frames that parse as server messages come back.
 */
import { chatSocketUrl, parseChatServerMessage, type ChatClientMessage } from '@prijsalarm/core';
import { CHAT_WINDOW_FRAME_TYPES, type ChatSocketEvent } from '../shared/ipc';
import type { SocketFactory, SocketLike } from './liveConnection';
import type { Logger } from './logger';

export type { ChatSocketEvent };

export interface ChatConnectionOptions {
  serverUrl: string;
  cookieHeader(url: string): string;
  createSocket: SocketFactory;
  onEvent(event: ChatSocketEvent): void;
  logger: Logger;
}

export class ChatConnection {
  private current: { id: number; socket: SocketLike; open: boolean } | null = null;
  private seq = 0;
  private readonly url: string;

  constructor(private readonly options: ChatConnectionOptions) {
    this.url = chatSocketUrl({ pageUrl: options.serverUrl });
  }

  /** Opens a socket for the chat window (one at a time: an earlier one is closed); its id. */
  open(): number {
    this.closeCurrent();
    this.seq += 1;
    const id = this.seq;
    const entry = { id, socket: null as unknown as SocketLike, open: false };
    this.current = entry;
    const headers: Record<string, string> = {};
    const cookie = this.options.cookieHeader(this.url);
    if (cookie) headers.cookie = cookie;
    entry.socket = this.options.createSocket(this.url, headers, {
      onOpen: () => {
        if (this.current !== entry) return;
        entry.open = true;
        this.options.onEvent({ socketId: id, type: 'open' });
      },
      onMessage: (data) => {
        if (this.current !== entry) return;
        const message = parseChatServerMessage(data);
        if (!message) {
          this.options.logger.warn('chat: unknown frame from the server dropped');
          return;
        }
        this.options.onEvent({ socketId: id, type: 'message', message });
      },
      onClose: (code) => {
        if (this.current !== entry) return;
        this.current = null;
        this.options.onEvent({ socketId: id, type: 'close', code });
      },
    });
    return id;
  }

  /** Sends a frame on the window's open socket; false when that socket is gone or not open. */
  send(socketId: number, frame: ChatClientMessage): boolean {
    const entry = this.current;
    if (!entry || entry.id !== socketId || !entry.open) return false;
    if (!CHAT_WINDOW_FRAME_TYPES.includes(frame.type)) return false;
    try {
      entry.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /** The window closed its socket (minimized, ended, or the window itself closed). */
  close(socketId: number): void {
    if (this.current?.id === socketId) this.closeCurrent();
  }

  /** Signed out, another server, quitting: no socket stays. */
  stop(): void {
    this.closeCurrent();
  }

  get openSocketId(): number | null {
    return this.current?.id ?? null;
  }

  private closeCurrent(): void {
    const entry = this.current;
    this.current = null;
    if (!entry) return;
    try {
      entry.socket.close(1000, 'closed by the chat window');
    } catch {
      // Already closed.
    }
    // The window hears of it as of any other close, so its store does not wait for a socket.
    this.options.onEvent({ socketId: entry.id, type: 'close', code: 1000 });
  }
}
