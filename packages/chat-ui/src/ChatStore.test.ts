/**
 * ChatStore with its ChatSocketConnection, as a guest in a browser tab: a scripted API and socket
 * on fake timers. The stored guest session, optimistic sending, the reconnect backoff and its
 * status texts, the heartbeat, the auth-error cooldown, and polling while minimized.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_CONTRACT,
  ApiError,
  CHAT_HEARTBEAT_MS,
  CHAT_STORAGE_KEYS,
  CHAT_TEXTS,
  type AnyEndpoint,
  type ChatMessage,
} from '@prijsalarm/core';
import type { ChatSocketLike } from './ChatSocketConnection';
import { ChatStore, memoryChatStorage, type ChatApi } from './ChatStore';

const GUEST = { name: 'Gerda', email: 'gerda@example.nl' };
const T0 = Date.parse('2026-11-24T12:00:00Z');

class FakeSocket implements ChatSocketLike {
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  sent: Array<Record<string, unknown>> = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

type Handler = (body: unknown) => unknown;

function setup(handlers: Record<string, Handler> = {}) {
  const storage = memoryChatStorage();
  const calls: Array<{ path: string; body: unknown }> = [];
  const sockets: FakeSocket[] = [];
  const defaults: Record<string, Handler> = {
    'GET /chat/online-status': () => ({ isOnline: true, statusMessage: 'Online' }),
    'POST /chat/initialize': () => ({ sessionId: 's1', messages: [], sessionStatus: 'active' }),
    'POST /chat/check-messages': () => ({ newMessages: [], sessionStatus: 'active' }),
    'POST /chat/mark-read': () => ({ success: true }),
    'POST /chat/validate-email': () => ({ valid: true, normalized: GUEST.email }),
  };
  const request = async (endpoint: AnyEndpoint, body?: unknown) => {
    const key = `${endpoint.method} ${endpoint.path}`;
    calls.push({ path: key, body });
    const handler = handlers[key] ?? defaults[key];
    if (!handler) throw new Error(`unexpected ${key}`);
    return handler(body);
  };
  // core's API client's chat calls, each answered by the script above.
  const chat = API_CONTRACT.chat;
  const api = {
    initialize: (body: unknown) => request(chat.initialize, body),
    checkMessages: (body: unknown) => request(chat.checkMessages, body),
    validateEmail: (body: unknown) => request(chat.validateEmail, body),
    send: (body: unknown) => request(chat.send, body),
    markRead: (body: unknown) => request(chat.markRead, body),
    resolve: (body: unknown) => request(chat.resolve, body),
    unreadCount: () => request(chat.unreadCount),
    guestUnreadCount: (body: unknown) => request(chat.guestUnreadCount, body),
    onlineStatus: () => request(chat.onlineStatus),
  } as unknown as ChatApi;
  // A guest: nobody is signed in.
  const host = { api, storage, now: () => Date.now(), user: () => null };
  const store = new ChatStore(host, {
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    pageUrl: () => 'https://prijsalarm.example/',
  });
  return { store, storage, calls, sockets, latest: () => sockets.at(-1)! };
}

/** Lets the store's awaited calls settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

async function joinedGuest(handlers?: Record<string, Handler>) {
  const kit = setup(handlers);
  kit.store.start();
  kit.store.open();
  kit.store.setFormField('name', GUEST.name);
  kit.store.setFormField('email', GUEST.email);
  await kit.store.submitGuestForm();
  await settle();
  kit.latest().open();
  kit.latest().receive({ type: 'guest_authenticated' });
  await settle();
  return kit;
}

describe('a guest', () => {
  it('joins over the socket with its details and stores the session with its time', async () => {
    const { store, storage, latest } = await joinedGuest();
    expect(latest().url).toBe('wss://prijsalarm.example/ws/chat?guestSessionId=s1');
    expect(latest().sent[0]).toEqual({ type: 'guest_auth', sessionId: 's1', guestInfo: GUEST });
    expect(store.connection.state).toBe('connected');
    expect(JSON.parse(storage.getItem(CHAT_STORAGE_KEYS.guestSession)!)).toEqual({
      sessionId: 's1',
      guestInfo: GUEST,
      storedAt: T0,
    });
  });

  it('resumes a stored session within 24 h, and forgets one older', async () => {
    for (const [age, resumes] of [
      [23 * 3600_000, true],
      [24 * 3600_000 + 1, false],
    ] as const) {
      const kit = setup();
      kit.storage.setItem(
        CHAT_STORAGE_KEYS.guestSession,
        JSON.stringify({ sessionId: 's0', guestInfo: GUEST, storedAt: T0 - age }),
      );
      kit.store.start();
      await settle();
      const init = kit.calls.find((c) => c.path === 'POST /chat/initialize');
      expect(init?.body ?? null).toEqual(resumes ? { guestInfo: GUEST, sessionId: 's0' } : null);
      expect(kit.store.showGuestForm).toBe(!resumes);
      kit.store.dispose();
    }
  });

  it('does not see a signed-in user’s stored chat after the logout', async () => {
    const kit = setup();
    kit.storage.setItem(CHAT_STORAGE_KEYS.sessionId, 'u-session');
    kit.storage.setItem(
      CHAT_STORAGE_KEYS.messages,
      JSON.stringify([
        {
          id: 'm1',
          text: 'Privé',
          sender: 'user',
          timestamp: new Date(T0).toISOString(),
          delivered: true,
          read: true,
        },
      ]),
    );
    kit.store.start();
    await settle();
    expect(kit.store.state.messages).toEqual([]);
    expect(kit.store.showGuestForm).toBe(true);
    expect(kit.storage.getItem(CHAT_STORAGE_KEYS.messages)).toBeNull();
    kit.store.dispose();
  });
});

describe('sending', () => {
  it('shows the message at once and gives it the server id on message_sent', async () => {
    const { store, latest } = await joinedGuest();
    store.setDraft('Hallo');
    store.send();
    const frame = latest().sent.find((f) => f.type === 'message')!;
    expect(store.state.messages.map((m) => m.id)).toEqual([frame.tempId]);
    latest().receive({ type: 'message_sent', tempId: frame.tempId, messageId: 'm1' });
    expect(store.state.messages.map((m: ChatMessage) => [m.id, m.text])).toEqual([['m1', 'Hallo']]);
    expect(store.draft).toBe('');
  });

  it('replaces a refused message by the system error', async () => {
    const { store, latest } = await joinedGuest();
    store.send('Te veel');
    latest().receive({ type: 'error', message: 'Je stuurt te veel berichten.' });
    expect(store.state.messages.map((m) => [m.sender, m.text])).toEqual([
      ['system', CHAT_TEXTS.sendFailed],
    ]);
  });
});

describe('the connection', () => {
  it('a 403 on check-messages means support closed the chat', async () => {
    const { store, latest } = await joinedGuest({
      'POST /chat/check-messages': () => {
        throw new ApiError({
          kind: 'http',
          status: 403,
          method: 'POST',
          path: '/chat/check-messages',
        });
      },
    });
    latest().drop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.state.phase).toBe('resolved');
    expect(store.state.ended?.text).toBe(CHAT_TEXTS.closedBySupport);
  });

  it('reconnects after 1 s, 1.5 s, … with the status texts, then says (Herverbonden)', async () => {
    const { store, sockets, latest } = await joinedGuest();
    latest().drop();
    expect(store.statusText).toBe(CHAT_TEXTS.disconnected);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(store.statusText).toBe(CHAT_TEXTS.reconnecting(1));
    latest().drop();
    await vi.advanceTimersByTimeAsync(1499);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.statusText).toBe(CHAT_TEXTS.reconnecting(2));
    latest().open();
    latest().receive({ type: 'guest_authenticated' });
    expect(store.statusText).toBe(CHAT_TEXTS.reconnected);
  });

  it('polls check-messages every 5 s while the socket is down', async () => {
    const { calls, latest } = await joinedGuest();
    latest().drop();
    const polls = () => calls.filter((c) => c.path === 'POST /chat/check-messages').length;
    const before = polls();
    await vi.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(before + 1);
  });

  it('sends a heartbeat every 10 s', async () => {
    const { latest } = await joinedGuest();
    await vi.advanceTimersByTimeAsync(CHAT_HEARTBEAT_MS);
    expect(latest().sent.at(-1)).toEqual({ type: 'heartbeat', timestamp: T0 + CHAT_HEARTBEAT_MS });
  });

  it('waits 60 s after repeated auth refusals', async () => {
    const { sockets, latest } = await joinedGuest();
    for (let n = 0; n < 2; n += 1) {
      latest().drop();
      await vi.advanceTimersByTimeAsync(3000);
      latest().open();
      latest().receive({ type: 'error', message: 'Deze chat bestaat niet of hoort niet bij jou.' });
    }
    const count = sockets.length;
    latest().drop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sockets).toHaveLength(count);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(sockets).toHaveLength(count + 1);
  });

  it('minimized, it closes the socket and polls; support answers raise the unread count', async () => {
    const answer = {
      id: 'a1',
      text: 'Hoi',
      sender: 'support',
      timestamp: new Date(T0).toISOString(),
      delivered: true,
      read: false,
    };
    let answered = false;
    const { store, sockets } = await joinedGuest({
      'POST /chat/check-messages': () => ({
        newMessages: answered ? [answer] : [],
        sessionStatus: 'active',
      }),
    });
    store.minimize();
    expect(sockets.at(-1)!.readyState).toBe(3);
    answered = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.state.unread).toBe(1);
    expect(sockets).toHaveLength(1);
  });

  it('support ending the chat shows the ended text and clears what was stored', async () => {
    const { store, storage, latest } = await joinedGuest();
    latest().receive({ type: 'session_resolved', resolvedBy: 'support' });
    expect(store.state.ended?.text).toBe(CHAT_TEXTS.closedBySupport);
    expect(storage.getItem(CHAT_STORAGE_KEYS.guestSession)).toBeNull();
    expect(storage.getItem(CHAT_STORAGE_KEYS.messages)).toBeNull();
    expect(store.announcement).toBe(CHAT_TEXTS.closedBySupport);
  });
});
