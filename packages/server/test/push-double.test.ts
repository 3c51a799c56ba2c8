/** The push-service double itself (tests/doubles/push), through the web-push library unchanged. */
import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush, { WebPushError } from 'web-push';
import { startPushDouble, type PushDouble } from '../../../tests/doubles/push';

let push: PushDouble;
let agent: Agent;
const vapidKeys = webpush.generateVAPIDKeys();
const vapidDetails = {
  subject: 'mailto:support@prijsalarm.nl',
  publicKey: vapidKeys.publicKey,
  privateKey: vapidKeys.privateKey,
};

beforeAll(async () => {
  push = await startPushDouble();
  // This process trusts the double's self-signed certificate and nothing else besides.
  agent = new Agent({ ca: push.certPem });
});
afterAll(async () => {
  agent?.destroy();
  await push?.stop();
});

const send = (
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions = {},
) => webpush.sendNotification(subscription, payload, { vapidDetails, agent, ...options });

describe('the push double', () => {
  it('decrypts what web-push sends and records its headers', async () => {
    const subscription = push.subscribe({ applicationServerKey: vapidKeys.publicKey });
    const body = { title: 'Nieuwe advertentie voor "fiets"', body: 'Gazelle € 120', url: '/x' };
    const result = await send(subscription, JSON.stringify(body), {
      TTL: 3600,
      urgency: 'high',
      topic: 'alert-42',
    });
    expect(result.statusCode).toBe(201);
    const [arrived] = push.received(subscription.endpoint);
    expect(arrived).toMatchObject({
      status: 201,
      ttl: 3600,
      urgency: 'high',
      topic: 'alert-42',
      payload: body,
      vapid: {
        aud: push.origin,
        sub: 'mailto:support@prijsalarm.nl',
        publicKey: vapidKeys.publicKey,
      },
    });
    expect(push.delivered(subscription.endpoint)).toEqual([body]);
  });

  it('refuses a message signed by another VAPID key than the subscription was made with', async () => {
    const subscription = push.subscribe({ applicationServerKey: vapidKeys.publicKey });
    const other = webpush.generateVAPIDKeys();
    const error = await send(subscription, '{}', {
      vapidDetails: { ...vapidDetails, publicKey: other.publicKey, privateKey: other.privateKey },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebPushError);
    expect((error as WebPushError).statusCode).toBe(403);
    expect(push.delivered(subscription.endpoint)).toEqual([]);
  });

  it('refuses a message without VAPID (401) or whose keys are not the subscription’s (400)', async () => {
    const subscription = push.subscribe();
    const unsigned = await webpush
      .sendNotification(subscription, '{}', { agent })
      .catch((caught: WebPushError) => caught);
    expect((unsigned as WebPushError).statusCode).toBe(401);

    const stranger = push.subscribe();
    const wrongKeys = { endpoint: subscription.endpoint, keys: stranger.keys };
    const undecryptable = await send(wrongKeys, '{"title":"x"}').catch(
      (caught: WebPushError) => caught,
    );
    expect((undecryptable as WebPushError).statusCode).toBe(400);
    expect(push.received(subscription.endpoint).map((push) => push.refusal)).toEqual([
      'no Authorization header',
      expect.stringMatching(/^does not decrypt/),
    ]);
  });

  it('answers 429, 413 and 410 on command, then keeps answering 410', async () => {
    const subscription = push.subscribe();
    push.respondWith(subscription.endpoint, 429, 413);
    const statuses: number[] = [];
    const headers: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 3; i += 1) {
      try {
        statuses.push((await send(subscription, '{"n":1}')).statusCode);
      } catch (error) {
        statuses.push((error as WebPushError).statusCode);
        headers.push((error as WebPushError).headers);
      }
    }
    expect(statuses).toEqual([429, 413, 201]);
    expect(headers[0]).toMatchObject({ 'retry-after': '1' });

    push.respondWith(subscription.endpoint, 410);
    push.expire(push.subscribe().endpoint);
    const gone = async () =>
      send(subscription, '{}').then(
        (result) => result.statusCode,
        (error: WebPushError) => error.statusCode,
      );
    expect([await gone(), await gone()]).toEqual([410, 410]);
  });

  it('answers 413 to a body over 4096 bytes and 404 to an endpoint it never handed out', async () => {
    const subscription = push.subscribe();
    const tooLarge = await send(subscription, 'x'.repeat(4000)).catch(
      (caught: WebPushError) => caught,
    );
    expect((tooLarge as WebPushError).statusCode).toBe(413);

    const unknown = { ...subscription, endpoint: `${push.origin}/push/nobody` };
    const missing = await send(unknown, '{}').catch((caught: WebPushError) => caught);
    expect((missing as WebPushError).statusCode).toBe(404);
  });

  it('waits for deliveries', async () => {
    const subscription = push.subscribe();
    const waiting = push.waitForDelivered(2, { endpoint: subscription.endpoint });
    await send(subscription, '{"n":1}');
    await send(subscription, '{"n":2}');
    await expect(waiting).resolves.toEqual([{ n: 1 }, { n: 2 }]);
  });
});
