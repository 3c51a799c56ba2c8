/**
 * Messages between tabs of the same browser: login, logout,
 * plan change and session refresh are announced on the CROSS_TAB_CHANNEL so other tabs follow.
 * The channel is injected: the web app passes a BroadcastChannel, tests a fake pair.
 *
 * What arrives is checked with the zod schema of ./crossTabSchema, which the bus loads on its own
 * (a dynamic import) when the first message arrives: the web app's shell runs this bus on every
 * first load, and a page with no other tab open never pays for zod's schemas on its start. Messages
 * that arrive before the check has loaded are kept, in order.
 */
import type { CROSS_TAB_MESSAGE_TYPES } from '../constants';
import type { CrossTabMessage, parseCrossTabMessage } from './crossTabSchema';
import type { AuthUserLike } from './state';

export type { CrossTabMessage } from './crossTabSchema';

export type CrossTabMessageType = (typeof CROSS_TAB_MESSAGE_TYPES)[number];

export type CrossTabMessageOf<T extends CrossTabMessageType> = Extract<
  CrossTabMessage,
  { type: T }
>;

/** What each type carries. The login user is the sender's whole user object. */
export interface CrossTabPayloads {
  AUTH_LOGIN: { user: AuthUserLike & Record<string, unknown>; csrfToken: string };
  AUTH_LOGOUT: null;
  PLAN_CHANGE: { plan: CrossTabMessageOf<'PLAN_CHANGE'>['payload']['plan'] };
  SESSION_REFRESH: { csrfToken: string };
}

export function createCrossTabMessage<T extends CrossTabMessageType>(
  type: T,
  payload: CrossTabPayloads[T],
  tabId: string,
  now: number,
): CrossTabMessageOf<T> {
  return { type, payload, timestamp: now, tabId } as CrossTabMessageOf<T>;
}

/**
 * A listener for channel messages. Written as a method's type on purpose: method parameters are
 * compared both ways, which lets the DOM's and Node's BroadcastChannel, whose listeners take a
 * MessageEvent, be passed as they are.
 */
type MessageListener = { bivariant(event: { data: unknown }): void }['bivariant'];

/** The part of a BroadcastChannel the bus uses: addEventListener when present, else onmessage. */
export interface CrossTabChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  addEventListener?(type: 'message', listener: MessageListener): void;
  removeEventListener?(type: 'message', listener: MessageListener): void;
  onmessage?: MessageListener | null;
}

export type CrossTabListener = (message: CrossTabMessage) => void;

export class CrossTabBus {
  private readonly listeners = new Set<CrossTabListener>();
  private readonly handler: MessageListener = (event) => this.receive(event.data);
  private closed = false;
  private parse: typeof parseCrossTabMessage | null = null;
  /** What arrived before the check had loaded. */
  private readonly early: unknown[] = [];
  private loading: Promise<void> | null = null;

  constructor(
    private readonly channel: CrossTabChannelLike,
    readonly tabId: string,
    private readonly clock: () => number,
  ) {
    if (channel.addEventListener) channel.addEventListener('message', this.handler);
    else channel.onmessage = this.handler;
  }

  /**
   * Loads the check (once) and resolves when what arrives can be checked; from then on messages
   * are delivered at once.
   */
  get ready(): Promise<void> {
    this.loading ??= import('./crossTabSchema').then(
      ({ parseCrossTabMessage }) => {
        this.parse = parseCrossTabMessage;
        for (const data of this.early.splice(0)) this.receive(data);
      },
      (error: unknown) => console.warn('Cross-tab messages cannot be checked', error),
    );
    return this.loading;
  }

  /**
   * Announces to the other tabs. Never throws: a logout must finish even when the announcement
   * cannot be made (closed channel, payload that cannot be cloned).
   */
  post<T extends CrossTabMessageType>(type: T, payload: CrossTabPayloads[T]): CrossTabMessageOf<T> {
    const message = createCrossTabMessage(type, payload, this.tabId, this.clock());
    if (!this.closed) {
      try {
        this.channel.postMessage(message);
      } catch (error) {
        console.warn('Cross-tab message not sent', type, error);
      }
    }
    return message;
  }

  /** Listens to the other tabs' messages; returns the unsubscribe function. */
  subscribe(listener: CrossTabListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    if (this.channel.removeEventListener) this.channel.removeEventListener('message', this.handler);
    else this.channel.onmessage = null;
    this.channel.close();
  }

  private receive(data: unknown): void {
    if (this.closed) return;
    if (!this.parse) {
      this.early.push(data);
      void this.ready;
      return;
    }
    const message = this.parse(data, this.tabId);
    if (!message) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch (error) {
        // One failing listener must not keep the others from following the other tab.
        console.error('Cross-tab listener failed', message.type, error);
      }
    }
  }
}
