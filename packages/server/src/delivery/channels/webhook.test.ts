/**
 * The webhook channel through the running server (worker role) against the local HTTPS receiver:
 * what arrives (signed, the documented body), retries after a 500 that end in exactly one
 * success, the give-up after the retry window with the webhook turned off and a mail, and the
 * address check at connect time.
 */
import { MAIL_TEXTS, WEBHOOK_TEXTS, type WebhookPayload } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signatureIsValid,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../../tests/doubles/webhook-receiver';
import { createUser } from '../../../test/auth-helpers';
import {
  countDeliveries,
  eventually,
  makeListing,
  recordMatches,
  waitForDelivery,
} from '../../../test/delivery-helpers';
import { createAlert } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/support';
import type { User } from '../../models';
import { sealWebhookSecret } from '../../security/webhook-secret-box';
import { newWebhookSecret } from '../../security/webhook-signature';
import { callWebhook } from '../webhook-client';
import { testWebhookPayload } from '../webhook-payload';

let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({
    env: {
      SERVICES: 'web,worker',
      DELIVERY_RETRY_SECONDS: '1',
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

async function userWithWebhook(options: { alertIds?: string[] | null; user?: User } = {}) {
  const user = options.user ?? (await createUser(server, { plan: 'REGISTERED' }));
  const path = `/deliver-${++next}`;
  const secret = newWebhookSecret();
  const webhook = await server.models.Webhook.create({
    userId: user.id,
    url: `${receiver.origin}${path}`,
    secret: sealWebhookSecret(server.config.sessionSecret, secret),
    alertIds: options.alertIds ?? null,
  });
  return { user, path, secret, webhook };
}

const webhookAlert = (user: User, searchTerm: string) =>
  createAlert(server.models, { userId: user.id, searchTerm, notifyEmail: false });

describe('a new ad', () => {
  it('arrives once as the documented body, correctly signed; the delivery is sent', async () => {
    const { user, path, secret } = await userWithWebhook();
    const alert = await webhookAlert(user, 'iphone');
    const listing = makeListing({ title: '<b>iPhone</b> & "hoesje"', priceCents: 45_000 });
    await recordMatches(server, [{ alert, listing }]);

    const delivery = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'webhook' },
      'sent',
    );
    expect(delivery.attempts).toBe(1);
    const calls = receiver.calls(path);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(
      signatureIsValid(secret, call!.headers['x-prijsalarm-signature'] as string, call!.body),
    ).toBe(true);
    const body = JSON.parse(call!.body) as WebhookPayload;
    expect(body).toEqual({
      id: delivery.notificationId,
      kind: 'new',
      createdAt: expect.any(String),
      alert: { id: alert.id, searchTerm: 'iphone' },
      listing: {
        id: listing.id,
        platform: 'marktplaats',
        title: '<b>iPhone</b> & "hoesje"',
        location: listing.location.cityName,
        imageUrls: listing.imageUrls,
        postedAt: listing.postedAt ? new Date(listing.postedAt).toISOString() : null,
      },
      price: { cents: 45_000, currency: 'EUR', type: listing.priceType, previousCents: null },
      url: listing.url,
    });
    // The notification centre shows it as one more channel.
    const notification = await server.models.Notification.findByPk(delivery.notificationId, {
      include: [{ association: 'deliveries' }],
    });
    expect(notification!.deliveries!.map((d) => d.channel)).toEqual(['webhook']);
  });

  it('a webhook for other alerts gets nothing, and the alert gets no webhook delivery', async () => {
    const user = await createUser(server, { plan: 'REGISTERED' });
    const chosen = await webhookAlert(user, 'fiets');
    const other = await webhookAlert(user, 'lamp');
    const { path } = await userWithWebhook({ user, alertIds: [chosen.id] });
    await recordMatches(server, [
      { alert: other, listing: makeListing() },
      { alert: chosen, listing: makeListing() },
    ]);
    // Recorded in one check: the chosen alert's call arrives, and only that one.
    await waitForDelivery(server, { alertId: chosen.id, channel: 'webhook' }, 'sent', 15_000);
    expect(await countDeliveries(server, { alertId: other.id, channel: 'webhook' })).toBe(0);
    expect(receiver.calls(path)).toHaveLength(1);
  });
});

describe('retries', () => {
  it('a 500 is retried with backoff and then succeeds exactly once', async () => {
    const { user, path, secret } = await userWithWebhook();
    const alert = await webhookAlert(user, 'ps5');
    receiver.respondWith(path, 500);
    await recordMatches(server, [{ alert, listing: makeListing() }]);

    await eventually(
      () => server.models.Delivery.findOne({ where: { channel: 'webhook', status: 'retrying' } }),
      10_000,
      'the delivery to be retrying',
    );
    const sent = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'webhook' },
      'sent',
      15_000,
    );
    expect(sent.attempts).toBe(2);
    // Long enough for one more retry, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const calls = receiver.calls(path);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(900);
    // The same notification both times, each freshly signed.
    expect(JSON.parse(calls[0]!.body).id).toBe(JSON.parse(calls[1]!.body).id);
    for (const call of calls) {
      expect(
        signatureIsValid(secret, call.headers['x-prijsalarm-signature'] as string, call.body),
      ).toBe(true);
    }
    const log = await server.models.WebhookCall.findAll({
      where: { notificationId: sent.notificationId },
      order: [['createdAt', 'ASC']],
    });
    expect(log.map((entry) => entry.statusCode)).toEqual([500, 200]);
  });

  it('of two webhooks, only the one that failed is called again', async () => {
    const first = await userWithWebhook();
    const second = await userWithWebhook({ user: first.user });
    const alert = await webhookAlert(first.user, 'tent');
    receiver.respondWith(second.path, 503);
    await recordMatches(server, [{ alert, listing: makeListing() }]);
    await waitForDelivery(server, { alertId: alert.id, channel: 'webhook' }, 'sent', 15_000);
    expect(receiver.calls(first.path)).toHaveLength(1);
    expect(receiver.calls(second.path)).toHaveLength(2);
  });

  it('after the retry window it fails, the webhook is turned off and its owner gets a mail', async () => {
    const { user, path, webhook } = await userWithWebhook();
    const alert = await webhookAlert(user, 'bank');
    // It keeps failing; its notification is then made 25 hours old, past the retry window.
    receiver.respondWith(path, 500, 500, 500);
    const listing = makeListing();
    await recordMatches(server, [{ alert, listing }]);
    const first = await eventually(
      () =>
        server.models.Delivery.findOne({
          where: { channel: 'webhook', status: 'retrying' },
          include: [{ association: 'notification', where: { alertId: alert.id } }],
        }),
      10_000,
      'the first failure',
    );
    await server.sequelize.query('UPDATE deliveries SET createdAt = ? WHERE id = ?', {
      replacements: [new Date(Date.now() - 25 * 3_600_000), first.id],
    });
    const failed = await waitForDelivery(
      server,
      { alertId: alert.id, channel: 'webhook' },
      'failed',
      15_000,
    );
    expect(failed.lastError).toBe(WEBHOOK_TEXTS.failures.status(500));
    await webhook.reload();
    expect(webhook.enabled).toBe(false);
    expect(webhook.disabledReason).toBe(WEBHOOK_TEXTS.disabledReason(24));
    const mail = await server.mailbox.waitFor({
      to: user.email,
      subject: MAIL_TEXTS.webhookDisabled.subject,
    });
    expect(mail.text).toContain(webhook.url);
    expect(mail.text).toContain(WEBHOOK_TEXTS.failures.status(500));

    // Turned off: the next ad is not sent to it.
    const before = receiver.calls(path).length;
    await recordMatches(server, [{ alert, listing: makeListing() }]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.calls(path)).toHaveLength(before);
  });
});

describe('the address check at connect time', () => {
  const port = () => new URL(receiver.origin).port;
  it.each([
    ['a name that now resolves to 127.0.0.1', () => receiver.localhostOrigin],
    ['an IPv4-compatible IPv6 form of 127.0.0.1', () => `https://[::7f00:1]:${port()}`],
    ['the same, dotted', () => `https://[::127.0.0.1]:${port()}`],
    ['an IPv4-mapped IPv6 form of 127.0.0.1', () => `https://[::ffff:7f00:1]:${port()}`],
  ])('a stored URL with %s is not called', async (_what, origin) => {
    const path = `/refused-${++next}`;
    const result = await callWebhook(
      `${origin()}${path}`,
      newWebhookSecret(),
      testWebhookPayload(new Date()),
      { settings: { allowPrivate: false, extraCaPem: server.config.webhooks.extraCaPem } },
    );
    expect(result).toMatchObject({
      ok: false,
      statusCode: null,
      error: WEBHOOK_TEXTS.failures.notPublic,
      retryable: false,
    });
    expect(receiver.calls(path)).toHaveLength(0);
  });

  it('a DNS answer that was public for the check is the one connected to (no second lookup)', async () => {
    const path = `/pinned-${++next}`;
    let lookups = 0;
    const result = await callWebhook(
      `https://localhost:${new URL(receiver.origin).port}${path}`,
      newWebhookSecret(),
      testWebhookPayload(new Date()),
      {
        settings: { allowPrivate: true, extraCaPem: server.config.webhooks.extraCaPem },
        resolve: (_host, _options, callback) => {
          lookups += 1;
          callback(null, [{ address: '127.0.0.1', family: 4 }]);
        },
      },
    );
    expect(result.ok).toBe(true);
    expect(lookups).toBe(1);
    expect(receiver.calls(path)).toHaveLength(1);
  });

  it('an untrusted certificate is refused', async () => {
    const path = `/untrusted-${++next}`;
    const result = await callWebhook(
      `${receiver.origin}${path}`,
      newWebhookSecret(),
      testWebhookPayload(new Date()),
      { settings: { allowPrivate: true, extraCaPem: null } },
    );
    expect(result).toMatchObject({ ok: false, error: WEBHOOK_TEXTS.failures.tls });
    expect(receiver.calls(path)).toHaveLength(0);
  });

  it('a slow receiver times out', async () => {
    const path = `/slow-${++next}`;
    receiver.respondWith(path, { status: 200, delayMs: 1500 });
    const result = await callWebhook(
      `${receiver.origin}${path}`,
      newWebhookSecret(),
      testWebhookPayload(new Date()),
      { settings: server.config.webhooks, timeoutMs: 300 },
    );
    expect(result).toMatchObject({
      ok: false,
      statusCode: null,
      error: WEBHOOK_TEXTS.failures.timeout,
    });
  });
});
