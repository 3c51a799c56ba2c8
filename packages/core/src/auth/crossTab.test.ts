import { afterEach, describe, expect, it, vi } from 'vitest';
import { CROSS_TAB_CHANNEL } from '../constants';
import type { CrossTabChannelLike, CrossTabMessage } from './crossTab';
import { CrossTabBus, createCrossTabMessage } from './crossTab';
import { parseCrossTabMessage } from './crossTabSchema';

const user = { id: 'u1', email: 'a@b.nl', plan: 'PRO', role: 'USER', name: null } as const;

describe('parseCrossTabMessage', () => {
  it.each<CrossTabMessage>([
    createCrossTabMessage('AUTH_LOGIN', { user, csrfToken: 'c1' }, 'tab-b', 5),
    createCrossTabMessage('AUTH_LOGOUT', null, 'tab-b', 5),
    createCrossTabMessage('PLAN_CHANGE', { plan: 'PRO' }, 'tab-b', 5),
    createCrossTabMessage('SESSION_REFRESH', { csrfToken: 'c2' }, 'tab-b', 5),
  ])('accepts $type from another tab, whole', (message) => {
    expect(parseCrossTabMessage(structuredClone(message), 'tab-a')).toEqual(message);
  });

  it.each([
    ['own tab', createCrossTabMessage('AUTH_LOGOUT', null, 'tab-a', 5)],
    ['null', null],
    ['a string', 'AUTH_LOGOUT'],
    ['unknown type', { type: 'AUTH_HACK', payload: null, timestamp: 5, tabId: 'tab-b' }],
    ['no tab id', { type: 'AUTH_LOGOUT', payload: null, timestamp: 5 }],
    ['empty tab id', { type: 'AUTH_LOGOUT', payload: null, timestamp: 5, tabId: '' }],
    ['no timestamp', { type: 'AUTH_LOGOUT', payload: null, tabId: 'tab-b' }],
    [
      'an endless timestamp',
      { type: 'AUTH_LOGOUT', payload: null, timestamp: Infinity, tabId: 'tab-b' },
    ],
    [
      'a plan that does not exist',
      { type: 'PLAN_CHANGE', payload: { plan: 'GOLD' }, timestamp: 5, tabId: 'tab-b' },
    ],
    [
      'login without csrf token',
      { type: 'AUTH_LOGIN', payload: { user }, timestamp: 5, tabId: 'tab-b' },
    ],
    [
      'login with a user without role',
      {
        type: 'AUTH_LOGIN',
        payload: { user: { email: 'a@b.nl', plan: 'PRO' }, csrfToken: 'c' },
        timestamp: 5,
        tabId: 'tab-b',
      },
    ],
  ])('rejects %s', (_name, data) => {
    expect(parseCrossTabMessage(data, 'tab-a')).toBeNull();
  });
});

/** Two tabs joined like a BroadcastChannel: a post reaches the other end, never the sender. */
function fakePair(): [CrossTabChannelLike, CrossTabChannelLike] {
  const make = () => {
    const listeners = new Set<(event: { data: unknown }) => void>();
    const channel = {
      peer: undefined as { deliver(data: unknown): void } | undefined,
      closed: false,
      deliver(data: unknown) {
        if (!channel.closed) for (const l of listeners) l({ data: structuredClone(data) });
      },
      postMessage(data: unknown) {
        if (channel.closed) throw new Error('InvalidStateError');
        channel.peer?.deliver(data);
      },
      addEventListener: (_type: 'message', l: (event: { data: unknown }) => void) =>
        void listeners.add(l),
      removeEventListener: (_type: 'message', l: (event: { data: unknown }) => void) =>
        void listeners.delete(l),
      close: () => {
        channel.closed = true;
      },
    };
    return channel;
  };
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

describe('CrossTabBus', () => {
  it('keeps what arrives before its check has loaded, and delivers it in order', async () => {
    const [ca, cb] = fakePair();
    const bus = new CrossTabBus(ca, 'tab-a', () => 1);
    const seen = vi.fn();
    bus.subscribe(seen);
    cb.postMessage(createCrossTabMessage('SESSION_REFRESH', { csrfToken: 'c1' }, 'tab-b', 1));
    cb.postMessage('garbage');
    cb.postMessage(createCrossTabMessage('AUTH_LOGOUT', null, 'tab-b', 2));
    await bus.ready;
    expect(seen.mock.calls.map(([message]) => message.type)).toEqual([
      'SESSION_REFRESH',
      'AUTH_LOGOUT',
    ]);
  });

  it('delivers to the other tab and not to itself', async () => {
    const [ca, cb] = fakePair();
    const tabA = new CrossTabBus(ca, 'tab-a', () => 100);
    const tabB = new CrossTabBus(cb, 'tab-b', () => 200);
    await Promise.all([tabA.ready, tabB.ready]);
    const seenByA = vi.fn();
    const seenByB = vi.fn();
    tabA.subscribe(seenByA);
    tabB.subscribe(seenByB);

    tabA.post('PLAN_CHANGE', { plan: 'PRO' });

    expect(seenByB).toHaveBeenCalledExactlyOnceWith({
      type: 'PLAN_CHANGE',
      payload: { plan: 'PRO' },
      timestamp: 100,
      tabId: 'tab-a',
    });
    expect(seenByA).not.toHaveBeenCalled();
  });

  it('ignores an echo of its own message (same tab id on the channel)', async () => {
    const [ca, cb] = fakePair();
    const bus = new CrossTabBus(ca, 'tab-a', () => 1);
    await bus.ready;
    const seen = vi.fn();
    bus.subscribe(seen);
    cb.postMessage(createCrossTabMessage('AUTH_LOGOUT', null, 'tab-a', 1));
    expect(seen).not.toHaveBeenCalled();
  });

  it('ignores garbage on the channel', async () => {
    const [ca, cb] = fakePair();
    const bus = new CrossTabBus(ca, 'tab-a', () => 1);
    await bus.ready;
    const seen = vi.fn();
    bus.subscribe(seen);
    cb.postMessage({ type: 'AUTH_LOGOUT' });
    cb.postMessage('hello');
    expect(seen).not.toHaveBeenCalled();
  });

  it('unsubscribes, and stops listening once closed', async () => {
    const [ca, cb] = fakePair();
    const tabA = new CrossTabBus(ca, 'tab-a', () => 1);
    const tabB = new CrossTabBus(cb, 'tab-b', () => 1);
    await Promise.all([tabA.ready, tabB.ready]);
    const first = vi.fn();
    const second = vi.fn();
    const unsubscribe = tabB.subscribe(first);
    tabB.subscribe(second);
    unsubscribe();
    tabA.post('AUTH_LOGOUT', null);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();

    tabB.close();
    tabA.post('AUTH_LOGOUT', null);
    expect(second).toHaveBeenCalledOnce();
  });

  it('posting on a closed bus does not throw, so a logout still completes', async () => {
    const [ca] = fakePair();
    const bus = new CrossTabBus(ca, 'tab-a', () => 1);
    await bus.ready;
    bus.close();
    expect(() => bus.post('AUTH_LOGOUT', null)).not.toThrow();
  });

  it('one failing listener does not keep the others from the message', async () => {
    const [ca, cb] = fakePair();
    const tabA = new CrossTabBus(ca, 'tab-a', () => 1);
    const tabB = new CrossTabBus(cb, 'tab-b', () => 1);
    await Promise.all([tabA.ready, tabB.ready]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    tabB.subscribe(() => {
      throw new Error('boom');
    });
    tabB.subscribe(after);
    tabA.post('SESSION_REFRESH', { csrfToken: 'c' });
    expect(after).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it('works with a channel that only has onmessage', async () => {
    const [ca, cb] = fakePair();
    const onmessageOnly: CrossTabChannelLike = {
      postMessage: (d) => ca.postMessage(d),
      close: () => ca.close(),
    };
    // Route deliveries for `ca` to the onmessage handler the bus installs.
    ca.addEventListener?.('message', (event) => onmessageOnly.onmessage?.(event));
    const bus = new CrossTabBus(onmessageOnly, 'tab-a', () => 1);
    await bus.ready;
    const seen = vi.fn();
    bus.subscribe(seen);
    cb.postMessage(createCrossTabMessage('AUTH_LOGOUT', null, 'tab-b', 1));
    expect(seen).toHaveBeenCalledOnce();
    bus.close();
    expect(onmessageOnly.onmessage).toBeNull();
  });
});

describe('CrossTabBus over a real BroadcastChannel', () => {
  const opened: BroadcastChannel[] = [];
  afterEach(() => {
    for (const channel of opened.splice(0)) channel.close();
  });

  it(`carries a login between two channels named ${CROSS_TAB_CHANNEL}`, async () => {
    const a = new BroadcastChannel(CROSS_TAB_CHANNEL);
    const b = new BroadcastChannel(CROSS_TAB_CHANNEL);
    opened.push(a, b);
    const tabA = new CrossTabBus(a, 'tab-a', () => 42);
    const tabB = new CrossTabBus(b, 'tab-b', () => 43);
    const received = new Promise<CrossTabMessage>((resolve) => tabB.subscribe(resolve));
    const ownEcho = vi.fn();
    tabA.subscribe(ownEcho);

    tabA.post('AUTH_LOGIN', { user, csrfToken: 'tok' });

    await expect(received).resolves.toEqual({
      type: 'AUTH_LOGIN',
      payload: { user, csrfToken: 'tok' },
      timestamp: 42,
      tabId: 'tab-a',
    });
    expect(ownEcho).not.toHaveBeenCalled();
    tabA.close();
    tabB.close();
  });
});
