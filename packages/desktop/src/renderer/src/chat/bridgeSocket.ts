/**
 * The shared ChatStore's socket in the desktop chat window: it looks like a WebSocket to the
 * store, and is the main process's /ws/chat socket behind the bridge (main/chatConnection). The
 * window has no network of its own; frames go out through `chatSocketSend` (checked in main) and
 * come back as events of `onChatSocket`.
 */
import type { ChatSocketFactory, ChatSocketLike } from '@prijsalarm/chat-ui';
import type { ChatSocketEvent, DesktopBridge } from '../../../shared/ipc';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

class BridgeSocket implements ChatSocketLike {
  readyState = CONNECTING;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private socketId: number | null = null;
  /** Events that came before main said which socket is ours. */
  private early: ChatSocketEvent[] = [];
  private readonly unsubscribe: () => void;

  constructor(private readonly bridge: DesktopBridge) {
    this.unsubscribe = bridge.onChatSocket((event) => {
      if (this.socketId === null) this.early.push(event);
      else this.event(event);
    });
    void bridge.chatSocketOpen().then(
      (result) => {
        if (!result.ok) return this.finish(1006);
        const { socketId } = result.value;
        if (this.readyState === CLOSED) {
          void bridge.chatSocketClose({ socketId });
          return;
        }
        this.socketId = socketId;
        const early = this.early;
        this.early = [];
        for (const event of early) this.event(event);
      },
      () => this.finish(1006),
    );
  }

  send(data: string): void {
    if (this.readyState !== OPEN || this.socketId === null) {
      throw new Error('The chat socket is not open.');
    }
    // The store sends JSON frames; main checks each against core's protocol again.
    const frame = JSON.parse(data) as Parameters<DesktopBridge['chatSocketSend']>[0]['frame'];
    void this.bridge.chatSocketSend({ socketId: this.socketId, frame });
  }

  close(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.unsubscribe();
    if (this.socketId !== null) void this.bridge.chatSocketClose({ socketId: this.socketId });
  }

  private event(event: ChatSocketEvent): void {
    if (event.socketId !== this.socketId || this.readyState === CLOSED) return;
    switch (event.type) {
      case 'open':
        this.readyState = OPEN;
        this.onopen?.({});
        return;
      case 'message':
        this.onmessage?.({ data: JSON.stringify(event.message) });
        return;
      case 'close':
        this.finish(event.code);
        return;
    }
  }

  private finish(code: number): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.unsubscribe();
    this.onclose?.({ code });
  }
}

export function bridgeSocketFactory(bridge: DesktopBridge): ChatSocketFactory {
  return () => new BridgeSocket(bridge);
}
