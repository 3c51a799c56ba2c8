/**
 * Webhook retries are durable on BullMQ (REDIS_URL): a webhook that answered 500 is retried from
 * the queue's delayed job by whichever worker process runs then — here a new one, after the worker
 * that made the first call has stopped — and the receiver gets exactly one successful call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../tests/doubles/webhook-receiver';
import { startApplication, type Application } from '../boot';
import { createUser } from '../../test/auth-helpers';
import {
  eventually,
  makeListing,
  recordMatches,
  waitForDelivery,
} from '../../test/delivery-helpers';
import { createAlert } from '../../test/factories';
import { startTestServer, testLogger, type TestServer } from '../../test/support';
import { sealWebhookSecret } from '../security/webhook-secret-box';
import { newWebhookSecret } from '../security/webhook-signature';

const redisUrl = inject('redisUrl');

describe.skipIf(!redisUrl)('webhook retries on BullMQ', () => {
  let receiver: WebhookReceiver;
  let web: TestServer;
  const workers: Application[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    web = await startTestServer({
      mailbox: false,
      env: {
        SERVICES: 'web',
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `test-${randomUUID()}`,
        // Long enough that the new worker finds the retry as a delayed job, not through the relay.
        DELIVERY_RETRY_SECONDS: '2',
        DELIVERY_RELAY_SECONDS: '600',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOKS_CA_FILE: receiver.caFile,
      },
    });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await web?.stop();
    await receiver?.stop();
  });

  const startWorker = async () => {
    const worker = await startApplication({
      config: { ...web.config, services: ['worker'] },
      logger: testLogger(),
    });
    workers.push(worker);
    return worker;
  };

  it('a 500 is retried by another worker process and succeeds exactly once', async () => {
    const user = await createUser(web, { plan: 'PRO' });
    await web.models.Webhook.create({
      userId: user.id,
      url: `${receiver.origin}/bullmq`,
      secret: sealWebhookSecret(web.config.sessionSecret, newWebhookSecret()),
    });
    const alert = await createAlert(web.models, {
      userId: user.id,
      searchTerm: 'synthesizer',
      notifyEmail: false,
    });
    receiver.respondWith('/bullmq', 500);
    const first = await startWorker();
    await recordMatches(web, [{ alert, listing: makeListing() }]);
    await eventually(() => receiver.calls('/bullmq').length === 1, 10_000, 'the first call');
    await eventually(
      () => web.models.Delivery.findOne({ where: { channel: 'webhook', status: 'retrying' } }),
      5000,
      'retrying',
    );
    await first.stop();
    workers.splice(workers.indexOf(first), 1);

    await startWorker();
    const sent = await waitForDelivery(
      web,
      { alertId: alert.id, channel: 'webhook' },
      'sent',
      15_000,
    );
    expect(sent.attempts).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.calls('/bullmq')).toHaveLength(2);
  });
});
