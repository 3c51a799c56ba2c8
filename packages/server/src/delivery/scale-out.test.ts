/**
 * Scale-out (REDIS_URL): a web process and a worker+scheduler process on one database and one
 * Redis. What the worker process records is sent by its BullMQ worker, and reaches the web
 * process's /ws/events sockets through Redis pub/sub; the relay works on BullMQ too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApplication, type Application } from '../boot';
import { loginAs } from '../../test/auth-helpers';
import { makeListing, recordMatches, waitForDelivery } from '../../test/delivery-helpers';
import { createAlert, createDelivery, createNotification } from '../../test/factories';
import { closeLiveSockets, openLiveEvents } from '../../test/live-events';
import { startTestServer, testLogger, type TestServer } from '../../test/support';

const redisUrl = inject('redisUrl');
if (!redisUrl)
  console.warn('⚠  No Redis (SKIP_REDIS=1): the scale-out delivery tests are skipped.');

describe.skipIf(!redisUrl)('web and worker in separate processes (BullMQ, Redis pub/sub)', () => {
  let web: TestServer;
  let worker: Application;

  beforeAll(async () => {
    web = await startTestServer({
      env: {
        SERVICES: 'web',
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `test-${randomUUID()}`,
        DELIVERY_RELAY_SECONDS: '1',
        MARKTPLAATS_BASE_URL: 'http://127.0.0.1:9',
        TWEEDEHANDS_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    // The same installation (database, Redis prefix, SMTP), other roles: a second process.
    worker = await startApplication({
      config: { ...web.config, services: ['worker', 'scheduler'] },
      logger: testLogger(),
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await web?.stop();
  });

  it('a notification recorded by the worker process is mailed by it and pushed by the web process', async () => {
    const browser = web.client();
    const user = await loginAs(web, browser, { email: 'schaal@example.nl' });
    const alert = await createAlert(web.models, { userId: user.id, searchTerm: 'piano' });
    const tab = await openLiveEvents(web.baseUrl, browser);
    expect(tab.unread).toBe(0);

    try {
      const listing = makeListing({ title: 'Yamaha piano' });
      await recordMatches(worker, [{ alert, listing }]);

      const message = await tab.next();
      expect(message).toMatchObject({
        type: 'notification',
        notification: { alertId: alert.id, listing: { title: 'Yamaha piano' } },
      });
      const mail = await web.mailbox.waitFor({ to: 'schaal@example.nl' }, 15_000);
      expect(mail.subject).toBe('1 nieuwe advertentie voor "piano"');
      await waitForDelivery(web, { alertId: alert.id, channel: 'email' }, 'sent', 15_000);
      await waitForDelivery(web, { alertId: alert.id, channel: 'live' }, 'sent', 15_000);

      // Reading goes round through Redis too: the page's bell goes back to 0.
      await browser.post('/api/notifications/mark-all-viewed');
      expect(await tab.next()).toEqual({ type: 'unread', unread: 0 });
    } finally {
      closeLiveSockets();
    }
  });

  it('the relay (scheduler process) re-queues a delivery whose job was lost, on BullMQ', async () => {
    const alert = await createAlert(web.models, { email: 'bullmq-relay@example.nl' });
    const checkId = randomUUID();
    const notification = await createNotification(web.models, alert);
    await createDelivery(web.models, notification, {
      channel: 'email',
      checkId,
      recipient: `guest:${alert.email}`,
    });
    await web.mailbox.waitFor({ to: 'bullmq-relay@example.nl' }, 15_000);
    await waitForDelivery(web, { alertId: alert.id, channel: 'email' }, 'sent', 15_000);
  });
});
