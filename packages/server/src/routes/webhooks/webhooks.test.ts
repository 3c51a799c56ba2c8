/**
 * /api/webhooks through the running server, calling the local HTTPS receiver
 * (tests/doubles/webhook-receiver) over real TLS: adding (secret once), the limit and the plan,
 * the URL rules, a signed test call and its log, deleting.
 */
import {
  API_TEXTS,
  WEBHOOK_RULES,
  WEBHOOK_TEXTS,
  type CreateWebhookResponse,
  type WebhookCallsResponse,
  type WebhookListResponse,
  type WebhookTestResponse,
} from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signatureIsValid,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../../tests/doubles/webhook-receiver';
import { loginAs } from '../../../test/auth-helpers';
import { createAlert } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/support';

let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    env: {
      RATE_LIMITS: 'off',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_CA_FILE: receiver.caFile,
    },
  });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.stop();
});

let next = 0;
const receiverPort = () => new URL(receiver.origin).port;
const hookUrl = () => `${receiver.origin}/hook-${++next}`;

async function signedIn(plan: 'FREE' | 'REGISTERED' | 'PRO' = 'REGISTERED') {
  const browser = server.client();
  const user = await loginAs(server, browser, { plan });
  return { browser, user };
}

describe('POST /webhooks', () => {
  it('adds a URL and answers its secret once; the list never shows it', async () => {
    const { browser } = await signedIn();
    const url = hookUrl();
    const created = await browser.post<CreateWebhookResponse>('/api/webhooks', { url });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created.body.webhook).toMatchObject({
      url,
      alertIds: null,
      enabled: true,
      lastCall: null,
    });

    // Kept sealed at rest, never in the clear.
    const row = await server.models.Webhook.findByPk(created.body.webhook.id);
    expect(row!.secret).not.toContain(created.body.secret.slice(6));

    const list = await browser.get<WebhookListResponse>('/api/webhooks');
    expect(list.body.limit).toBe(WEBHOOK_RULES.maxPerUser);
    expect(list.body.webhooks.map((hook) => hook.url)).toEqual([url]);
    expect(list.text).not.toContain(created.body.secret);
  });

  it(`allows ${WEBHOOK_RULES.maxPerUser} URLs per user and refuses the next with a Dutch reason`, async () => {
    const { browser } = await signedIn('PRO');
    for (let i = 0; i < WEBHOOK_RULES.maxPerUser; i += 1) {
      expect((await browser.post('/api/webhooks', { url: hookUrl() })).status).toBe(201);
    }
    const refused = await browser.post<{ error: string }>('/api/webhooks', { url: hookUrl() });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(WEBHOOK_TEXTS.errors.limitReached);
  });

  it('FREE users and guests get none', async () => {
    const { browser } = await signedIn('FREE');
    const free = await browser.post<{ error: string; requiredPlans: string[] }>('/api/webhooks', {
      url: hookUrl(),
    });
    expect(free.status).toBe(403);
    expect(free.body.requiredPlans).toEqual(['REGISTERED', 'PRO']);
    const guest = server.client();
    expect((await guest.post('/api/webhooks', { url: hookUrl() })).status).toBe(401);
  });

  it.each([
    ['http://example.nl/hook', WEBHOOK_TEXTS.errors.httpsOnly],
    ['https://user:pw@example.nl/hook', WEBHOOK_TEXTS.errors.credentials],
    ['geen url', WEBHOOK_TEXTS.errors.urlInvalid],
    ['', WEBHOOK_TEXTS.errors.urlRequired],
  ])('refuses %j with a Dutch reason on the field', async (url, message) => {
    const { browser } = await signedIn();
    const res = await browser.post<{ fields: Record<string, string> }>('/api/webhooks', { url });
    expect(res.status).toBe(400);
    expect(res.body.fields.url).toBe(message);
  });

  it('takes only the user’s own alerts', async () => {
    const { browser, user } = await signedIn();
    const { user: other } = await signedIn();
    const mine = await createAlert(server.models, { userId: user.id, searchTerm: 'fiets' });
    const theirs = await createAlert(server.models, { userId: other.id, searchTerm: 'lamp' });
    const refused = await browser.post<{ error: string }>('/api/webhooks', {
      url: hookUrl(),
      alertIds: [mine.id, theirs.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(WEBHOOK_TEXTS.errors.unknownAlert);
    const ok = await browser.post<CreateWebhookResponse>('/api/webhooks', {
      url: hookUrl(),
      alertIds: [mine.id],
    });
    expect(ok.status).toBe(201);
    expect(ok.body.webhook.alertIds).toEqual([mine.id]);
  });
});

describe('POST /webhooks/:id/test and GET /webhooks/:id/deliveries', () => {
  it('sends a correctly signed test body and logs the answer with its status code', async () => {
    const { browser } = await signedIn();
    const url = hookUrl();
    const { body } = await browser.post<CreateWebhookResponse>('/api/webhooks', { url });
    const path = new URL(url).pathname;
    receiver.respondWith(path, { status: 200, body: 'bedankt '.repeat(500) });

    const res = await browser.post<WebhookTestResponse>(`/api/webhooks/${body.webhook.id}/test`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(WEBHOOK_TEXTS.testSent);
    expect(res.body.call).toMatchObject({ kind: 'test', ok: true, statusCode: 200, error: null });
    // Only a clipped excerpt of the answer is kept.
    expect(res.body.call.excerpt!.length).toBeLessThanOrEqual(WEBHOOK_RULES.excerptLength);

    const [call] = receiver.calls(path);
    expect(call!.headers['content-type']).toBe('application/json');
    const signature = call!.headers['x-prijsalarm-signature'] as string;
    expect(signatureIsValid(body.secret, signature, call!.body)).toBe(true);
    const t = Number(/^t=(\d+),/.exec(signature)![1]);
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(30);
    expect(JSON.parse(call!.body)).toMatchObject({
      kind: 'test',
      alert: { searchTerm: 'Testmelding' },
      price: { currency: 'EUR' },
    });

    receiver.respondWith(path, { status: 503, body: '<b>onderhoud</b>' });
    const failed = await browser.post<WebhookTestResponse>(`/api/webhooks/${body.webhook.id}/test`);
    expect(failed.body.message).toBe(WEBHOOK_TEXTS.testFailed);
    expect(failed.body.call).toMatchObject({
      ok: false,
      statusCode: 503,
      error: WEBHOOK_TEXTS.failures.status(503),
      excerpt: '<b>onderhoud</b>',
    });

    const log = await browser.get<WebhookCallsResponse>(
      `/api/webhooks/${body.webhook.id}/deliveries`,
    );
    expect(log.body.calls.map((c) => c.statusCode)).toEqual([503, 200]);
    const list = await browser.get<WebhookListResponse>('/api/webhooks');
    expect(list.body.webhooks[0]!.lastCall).toMatchObject({ statusCode: 503 });
  });

  it('a secret that no longer opens (another SESSION_SECRET) fails without a call', async () => {
    const { browser } = await signedIn();
    const url = hookUrl();
    const { body } = await browser.post<CreateWebhookResponse>('/api/webhooks', { url });
    await server.models.Webhook.update(
      { secret: 'v1:c2VhbGVkIHdpdGggYW5vdGhlciBrZXkgYWx0b2dldGhlcg' },
      { where: { id: body.webhook.id } },
    );
    const res = await browser.post<WebhookTestResponse>(`/api/webhooks/${body.webhook.id}/test`);
    expect(res.body.call).toMatchObject({
      ok: false,
      statusCode: null,
      error: WEBHOOK_TEXTS.failures.secretLost,
    });
    expect(receiver.calls(new URL(url).pathname)).toHaveLength(0);
  });

  it('a redirect is not followed', async () => {
    const { browser } = await signedIn();
    const url = hookUrl();
    const { body } = await browser.post<CreateWebhookResponse>('/api/webhooks', { url });
    receiver.respondWith(new URL(url).pathname, {
      status: 302,
      headers: { location: `${receiver.origin}/elsewhere` },
    });
    const res = await browser.post<WebhookTestResponse>(`/api/webhooks/${body.webhook.id}/test`);
    expect(res.body.call).toMatchObject({ ok: false, statusCode: 302 });
    expect(res.body.call.error).toBe(WEBHOOK_TEXTS.failures.redirect(302));
    expect(receiver.calls('/elsewhere')).toHaveLength(0);
  });

  it('another user’s webhook is not found; deleting stops it', async () => {
    const { browser } = await signedIn();
    const { browser: stranger } = await signedIn();
    const { body } = await browser.post<CreateWebhookResponse>('/api/webhooks', { url: hookUrl() });
    const id = body.webhook.id;
    expect((await stranger.post(`/api/webhooks/${id}/test`)).status).toBe(404);
    expect((await stranger.get(`/api/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await stranger.delete(`/api/webhooks/${id}`)).status).toBe(404);

    const removed = await browser.delete<{ message: string }>(`/api/webhooks/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(WEBHOOK_TEXTS.screen.removed);
    expect((await browser.get<WebhookListResponse>('/api/webhooks')).body.webhooks).toEqual([]);
    const gone = await browser.post<{ error: string }>(`/api/webhooks/${id}/test`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe(WEBHOOK_TEXTS.errors.notFound);
  });
});

describe('without WEBHOOKS_ALLOW_PRIVATE (as in production)', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({
      mailbox: false,
      env: { RATE_LIMITS: 'off', WEBHOOKS_CA_FILE: receiver.caFile },
    });
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it.each([
    ['a name that resolves to 127.0.0.1', () => `${receiver.localhostOrigin}/hook`],
    ['loopback', () => `${receiver.origin}/hook`],
    ['IPv6 loopback', () => 'https://[::1]/hook'],
    ['IPv4-mapped IPv6', () => 'https://[::ffff:127.0.0.1]/hook'],
    ['IPv4-compatible IPv6', () => `https://[::127.0.0.1]:${receiverPort()}/hook`],
    ['IPv4-compatible IPv6 in hex', () => `https://[::7f00:1]:${receiverPort()}/hook`],
    ['NAT64 of a private address', () => 'https://[64:ff9b::10.0.0.1]/hook'],
    ['6to4 of a private address', () => 'https://[2002:c0a8:101::1]/hook'],
    ['hex loopback', () => `https://0x7f.1:${receiverPort()}/hook`],
    ['decimal loopback', () => `https://2130706433:${receiverPort()}/hook`],
    ['link-local (cloud metadata)', () => 'https://169.254.169.254/latest'],
    ['private', () => 'https://192.168.1.10/hook'],
    ['carrier-grade NAT', () => 'https://100.64.1.1/hook'],
    ['0.0.0.0', () => 'https://0.0.0.0/hook'],
  ])('refuses %s', async (_what, url) => {
    const browser = strict.client();
    await loginAs(strict, browser, { plan: 'PRO' });
    const res = await browser.post<{ error: string; fields: Record<string, string> }>(
      '/api/webhooks',
      { url: url() },
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.url).toBe(WEBHOOK_TEXTS.errors.notPublic);
    expect(res.body.error).not.toBe(API_TEXTS.validationFailed);
  });
});
