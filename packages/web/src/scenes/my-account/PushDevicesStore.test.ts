import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_TEXTS, type PushSubscriptionDto } from '@prijsalarm/core';
import type { PushPermission, PushPlatform, PushSupport } from '../../platform/push';
import { startHttpDouble, userDto, type HttpDouble } from '../../test/helpers';
import { capabilities, signedInStore } from '../../test/screens';
import { PushDevicesStore } from './PushDevicesStore';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted.map((r) => `${r.method} ${r.path}`)).toEqual([]));

const PUBLIC_KEY = 'BServerVapidKey';
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  keys: { p256dh: 'BKey', auth: 'secret' },
};
const device = (overrides: Partial<PushSubscriptionDto> = {}): PushSubscriptionDto => ({
  id: 'p1',
  label: 'Chrome op Android',
  endpoint: subscription.endpoint,
  createdAt: '2026-11-24T10:00:00.000Z',
  lastDeliveredAt: null,
  ...overrides,
});

/** A browser as the store sees it: what it supports, what the user answers when asked. */
function fakeBrowser(support: PushSupport = 'supported', answer: PushPermission = 'granted') {
  let permission: PushPermission = 'default';
  let endpoint: string | null = null;
  const platform: PushPlatform = {
    support: () => support,
    permission: () => permission,
    requestPermission: vi.fn(async () => (permission = answer)),
    subscribe: vi.fn(async () => {
      endpoint = subscription.endpoint;
      return subscription;
    }),
    currentEndpoint: async () => endpoint,
    unsubscribe: vi.fn(async () => {
      endpoint = null;
    }),
  };
  return platform;
}

async function storeFor(platform: PushPlatform, plan: 'FREE' | 'REGISTERED' = 'REGISTERED') {
  server.script('GET', '/api/user-capabilities', { body: capabilities(plan) });
  const { store: root } = await signedInStore(server, { user: userDto({ plan }) });
  return { root, store: new PushDevicesStore(root, platform) };
}

function scriptList(devices: PushSubscriptionDto[]) {
  server.script('GET', '/api/push/subscriptions', { body: { subscriptions: devices, limit: 10 } });
  server.script('GET', '/api/push/public-key', { body: { publicKey: PUBLIC_KEY } });
}

describe('PushDevicesStore', () => {
  it('turns push on: permission first, then the subscription with the server’s key, then POST', async () => {
    const browser = fakeBrowser();
    const { store, root } = await storeFor(browser);
    scriptList([]);
    await store.load();
    expect(store.phase).toBe('ready');
    expect(store.canTurnOn).toBe(true);

    server.script('POST', '/api/push/subscriptions', {
      status: 201,
      body: { id: 'p1', subscription: device() },
    });
    await store.turnOn();
    expect(browser.subscribe).toHaveBeenCalledWith(PUBLIC_KEY);
    expect(JSON.parse(server.requestsTo('POST', '/api/push/subscriptions')[0]!.body)).toEqual(
      subscription,
    );
    expect(store.thisDeviceOn).toBe(true);
    expect(store.devices.map((d) => d.id)).toEqual(['p1']);
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain(PUSH_TEXTS.screen.turnedOn);
  });

  it('a refused permission subscribes nothing and says how to allow it', async () => {
    const browser = fakeBrowser('supported', 'denied');
    const { store, root } = await storeFor(browser);
    scriptList([]);
    await store.load();
    await store.turnOn();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(store.permission).toBe('denied');
    expect(store.canTurnOn).toBe(false);
    expect(root.toasts.toasts.map((toast) => toast.message)).toContain(PUSH_TEXTS.screen.denied);
  });

  it('a FREE user gets the plan message and no call', async () => {
    const { store } = await storeFor(fakeBrowser(), 'FREE');
    await store.load();
    expect(store.phase).toBe('locked');
    expect(store.lockedMessage).toBe('Beschikbaar vanaf Geregistreerd plan');
  });

  it('a test that finds the device gone takes it off the list', async () => {
    const { store } = await storeFor(fakeBrowser());
    scriptList([device()]);
    await store.load();
    server.script('POST', '/api/push/subscriptions/p1/test', {
      body: { sent: false, removed: true, message: PUSH_TEXTS.test.gone },
    });
    await store.sendTest('p1');
    expect(store.devices).toEqual([]);
  });

  it('removing this browser’s own device ends its subscription too', async () => {
    const browser = fakeBrowser();
    const { store } = await storeFor(browser);
    scriptList([]);
    await store.load();
    server.script('POST', '/api/push/subscriptions', {
      status: 201,
      body: { id: 'p1', subscription: device() },
    });
    await store.turnOn();
    server.script('DELETE', '/api/push/subscriptions/p1', {
      body: { message: PUSH_TEXTS.screen.removed },
    });
    await store.remove('p1');
    expect(browser.unsubscribe).toHaveBeenCalled();
    expect(store.devices).toEqual([]);
    expect(store.thisDeviceOn).toBe(false);
  });

  it('on an iPhone’s Safari tab it offers no button: the home screen comes first', async () => {
    const browser = fakeBrowser('needsHomeScreen');
    const { store } = await storeFor(browser);
    scriptList([]);
    await store.load();
    expect(store.canTurnOn).toBe(false);
  });
});
