/**
 * /api/push through the running server (real SQLite), sending with web-push to the local push
 * service (tests/doubles/push) over real TLS: the public key, adding a device (plan, endpoint rules,
 * the same browser again), the list, a test notification decrypted by the double, the push
 * service's 410/429 answers, deleting.
 */
import {
  PUSH_RULES,
  PUSH_TEXTS,
  type CreatePushSubscriptionResponse,
  type PushPublicKeyResponse,
  type PushSubscriptionListResponse,
  type PushTestResponse,
} from '@prijsalarm/core';
import dns, { type LookupAddress } from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushDouble, type PushDouble } from '../../../../../tests/doubles/push';
import { loginAs } from '../../../test/auth-helpers';
import { startTestServer, type TestServer } from '../../../test/support';

let push: PushDouble;
let server: TestServer;

beforeAll(async () => {
  push = await startPushDouble();
  server = await startTestServer({
    env: { RATE_LIMITS: 'off', PUSH_SERVICE_HOSTS: push.host, PUSH_CA_FILE: push.caFile },
  });
});
afterAll(async () => {
  await server?.stop();
  await push?.stop();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

async function signedIn(plan: 'FREE' | 'REGISTERED' | 'PRO' = 'REGISTERED') {
  const browser = server.client();
  const user = await loginAs(server, browser, { plan });
  return { browser, user };
}

/** A browser's subscription made with the server's VAPID key, as pushManager.subscribe does. */
const subscribe = () =>
  push.subscribe({ applicationServerKey: server.config.push.vapid.publicKey });

describe('GET /push/public-key', () => {
  it('answers the VAPID public key browsers subscribe with', async () => {
    const { browser } = await signedIn();
    const res = await browser.get<PushPublicKeyResponse>('/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toBe(server.config.push.vapid.publicKey);
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
  });

  it('needs a session', async () => {
    expect((await server.client().get('/api/push/public-key')).status).toBe(401);
  });
});

describe('POST /push/subscriptions', () => {
  it('adds the device with a name from its browser and lists it without its keys', async () => {
    const { browser } = await signedIn();
    const subscription = subscribe();
    const created = await browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
      { headers: { 'user-agent': ANDROID_CHROME } },
    );
    expect(created.status).toBe(201);
    expect(created.body.id).toEqual(created.body.subscription.id);
    expect(created.body.subscription).toMatchObject({
      label: 'Chrome op Android',
      endpoint: subscription.endpoint,
      lastDeliveredAt: null,
    });

    const list = await browser.get<PushSubscriptionListResponse>('/api/push/subscriptions');
    expect(list.body).toEqual({
      subscriptions: [created.body.subscription],
      limit: PUSH_RULES.maxPerUser,
    });
    expect(JSON.stringify(list.body)).not.toContain(subscription.keys.auth);
  });

  it('takes the label the app sends', async () => {
    const { browser } = await signedIn();
    const created = await browser.post<CreatePushSubscriptionResponse>('/api/push/subscriptions', {
      ...subscribe(),
      label: 'Safari op iPhone',
    });
    expect(created.body.subscription.label).toBe('Safari op iPhone');
  });

  it('the same browser again is one device, moved to whoever turned it on last', async () => {
    const subscription = subscribe();
    const first = await signedIn();
    const second = await signedIn();
    const a = await first.browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    const again = await first.browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    expect(again.body.id).toBe(a.body.id);
    const b = await second.browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    expect(b.body.id).toBe(a.body.id);
    const firstList =
      await first.browser.get<PushSubscriptionListResponse>('/api/push/subscriptions');
    const secondList =
      await second.browser.get<PushSubscriptionListResponse>('/api/push/subscriptions');
    expect(firstList.body.subscriptions).toEqual([]);
    expect(secondList.body.subscriptions.map((device) => device.id)).toEqual([a.body.id]);
  });

  it.each([
    [
      'an unknown push service',
      'https://push.example.nl/send/abc',
      PUSH_TEXTS.errors.unknownService,
    ],
    [
      'a look-alike of a known one',
      'https://fcm.googleapis.com.example.nl/fcm/send/x',
      PUSH_TEXTS.errors.unknownService,
    ],
    [
      'a known host on another port',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      PUSH_TEXTS.errors.unknownService,
    ],
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x', PUSH_TEXTS.errors.httpsOnly],
  ])('refuses %s with a Dutch 400', async (_case, endpoint, message) => {
    const { browser } = await signedIn();
    const res = await browser.post<{ error: string }>('/api/push/subscriptions', {
      ...subscribe(),
      endpoint,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    const list = await browser.get<PushSubscriptionListResponse>('/api/push/subscriptions');
    expect(list.body.subscriptions).toEqual([]);
  });

  it.each(['::127.0.0.1', '::7f00:1', '::ffff:10.0.0.1', '127.0.0.1'])(
    'refuses a known push service whose name answers %s (not public) with a Dutch 400',
    async (address) => {
      // node:dns answers this once, in-process: nothing is asked of a real resolver.
      const realLookup = dns.lookup;
      const fakeLookup = (
        _host: string,
        _options: unknown,
        callback: (error: null, addresses: LookupAddress[]) => void,
      ) => callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
      (dns as { lookup: unknown }).lookup = fakeLookup;
      syncBuiltinESMExports();
      try {
        const { browser } = await signedIn();
        const res = await browser.post<{ error: string }>('/api/push/subscriptions', {
          ...subscribe(),
          endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        });
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain(PUSH_TEXTS.errors.notPublic);
      } finally {
        dns.lookup = realLookup;
        syncBuiltinESMExports();
      }
    },
  );

  it('refuses keys that are not a browser’s', async () => {
    const { browser } = await signedIn();
    const subscription = subscribe();
    const res = await browser.post<{ error: string }>('/api/push/subscriptions', {
      ...subscription,
      keys: { p256dh: 'abc', auth: subscription.keys.auth },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(PUSH_TEXTS.errors.keysInvalid);
  });

  it('is for REGISTERED and PRO: a FREE user gets the plan’s 403', async () => {
    const { browser } = await signedIn('FREE');
    const res = await browser.post<{ requiredPlans: string[] }>(
      '/api/push/subscriptions',
      subscribe(),
    );
    expect(res.status).toBe(403);
    expect(res.body.requiredPlans).toEqual(['REGISTERED', 'PRO']);
  });

  it(`allows ${PUSH_RULES.maxPerUser} devices, then answers the limit in Dutch`, async () => {
    const { browser } = await signedIn('PRO');
    for (let i = 0; i < PUSH_RULES.maxPerUser; i += 1) {
      expect((await browser.post('/api/push/subscriptions', subscribe())).status).toBe(201);
    }
    const res = await browser.post('/api/push/subscriptions', subscribe());
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(PUSH_TEXTS.errors.limitReached);
  });
});

describe('POST /push/subscriptions/:id/test', () => {
  it('sends a Dutch test notification the device can decrypt, and notes the delivery', async () => {
    const { browser } = await signedIn();
    const subscription = subscribe();
    const { body } = await browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    const res = await browser.post<PushTestResponse>(`/api/push/subscriptions/${body.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sent: true, removed: false, message: PUSH_TEXTS.test.sent });
    expect(push.delivered(subscription.endpoint)).toEqual([
      expect.objectContaining({
        title: PUSH_TEXTS.testMessage.title,
        body: PUSH_TEXTS.testMessage.body,
        url: '/my-account',
      }),
    ]);
    const [arrived] = push.received(subscription.endpoint);
    expect(arrived).toMatchObject({
      ttl: PUSH_RULES.testTtlSeconds,
      vapid: { sub: 'mailto:support@prijsalarm.nl', publicKey: server.config.push.vapid.publicKey },
    });
    const list = await browser.get<PushSubscriptionListResponse>('/api/push/subscriptions');
    expect(list.body.subscriptions[0]?.lastDeliveredAt).not.toBeNull();
  });

  it('a device the push service calls gone (410) is removed from the list', async () => {
    const { browser } = await signedIn();
    const subscription = subscribe();
    const { body } = await browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    push.expire(subscription.endpoint);
    const res = await browser.post<PushTestResponse>(`/api/push/subscriptions/${body.id}/test`);
    expect(res.body).toEqual({ sent: false, removed: true, message: PUSH_TEXTS.test.gone });
    const list = await browser.get<PushSubscriptionListResponse>('/api/push/subscriptions');
    expect(list.body.subscriptions).toEqual([]);
  });

  it('a rate-limited push service (429) keeps the device and says to wait', async () => {
    const { browser } = await signedIn();
    const subscription = subscribe();
    const { body } = await browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    push.respondWith(subscription.endpoint, 429);
    const res = await browser.post<PushTestResponse>(`/api/push/subscriptions/${body.id}/test`);
    expect(res.body).toEqual({
      sent: false,
      removed: false,
      message: PUSH_TEXTS.test.tooManyRequests,
    });
    const list = await browser.get<PushSubscriptionListResponse>('/api/push/subscriptions');
    expect(list.body.subscriptions.map((device) => device.id)).toEqual([body.id]);
  });

  it('a payload refused as too large (413) is sent again, trimmed', async () => {
    const { browser } = await signedIn();
    const subscription = subscribe();
    const { body } = await browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    push.respondWith(subscription.endpoint, 413);
    const res = await browser.post<PushTestResponse>(`/api/push/subscriptions/${body.id}/test`);
    expect(res.body.sent).toBe(true);
    expect(push.received(subscription.endpoint).map((arrived) => arrived.status)).toEqual([
      413, 201,
    ]);
  });

  it('is only for the device’s owner', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const { body } = await owner.browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscribe(),
    );
    const res = await other.browser.post<{ error: string }>(
      `/api/push/subscriptions/${body.id}/test`,
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(PUSH_TEXTS.errors.notFound);
  });
});

describe('DELETE /push/subscriptions/:id', () => {
  it('removes the device: no more notifications reach it', async () => {
    const { browser } = await signedIn();
    const subscription = subscribe();
    const { body } = await browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    const other = await signedIn();
    expect((await other.browser.delete(`/api/push/subscriptions/${body.id}`)).status).toBe(404);

    const res = await browser.delete<{ message: string }>(`/api/push/subscriptions/${body.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PUSH_TEXTS.screen.removed);
    const test = await browser.post(`/api/push/subscriptions/${body.id}/test`);
    expect(test.status).toBe(404);
    expect(push.received(subscription.endpoint)).toEqual([]);
  });
});
