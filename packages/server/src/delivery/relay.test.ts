/**
 * The relay through the running server (web + worker + scheduler): deliveries left open without a
 * job are found and sent; ones waiting for their retry are left alone until it is due.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplication } from '../boot';
import { createUser } from '../../test/auth-helpers';
import { makeListing, recordMatches, waitForDelivery } from '../../test/delivery-helpers';
import { createAlert, createDelivery, createNotification } from '../../test/factories';
import { startTestServer, testLogger, type TestServer } from '../../test/support';
import type { Alert } from '../models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SERVICES: 'web,worker,scheduler',
      DELIVERY_RELAY_SECONDS: '1',
      MARKTPLAATS_BASE_URL: 'http://127.0.0.1:9',
      TWEEDEHANDS_BASE_URL: 'http://127.0.0.1:9',
    },
  });
});
afterAll(() => server.stop());

/** A notification with an e-mail delivery in the database and no job for it: a lost enqueue. */
async function orphanedEmailDelivery(
  alert: Alert,
  overrides: Parameters<typeof createDelivery>[2],
) {
  const checkId = randomUUID();
  const notification = await createNotification(server.models, alert);
  return createDelivery(server.models, notification, {
    channel: 'email',
    checkId,
    recipient: `guest:${alert.email}`,
    ...overrides,
  });
}

describe('the relay', () => {
  it('sends a pending delivery whose job was lost', async () => {
    const alert = await createAlert(server.models, { email: 'verloren@example.nl' });
    await orphanedEmailDelivery(alert, {});
    await server.mailbox.waitFor({ to: 'verloren@example.nl' }, 10_000);
    const sent = await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'sent');
    expect(sent.attempts).toBe(1);
  });

  it('sends a delivery whose claim lapsed (its worker was killed mid-send)', async () => {
    const alert = await createAlert(server.models, { email: 'gekilld@example.nl' });
    await orphanedEmailDelivery(alert, { nextAttemptAt: new Date(Date.now() - 120_000) });
    await server.mailbox.waitFor({ to: 'gekilld@example.nl' }, 10_000);
    await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'sent');
  });

  it('leaves a delivery alone until its retry is due', async () => {
    const alert = await createAlert(server.models, { email: 'geduld@example.nl' });
    const delivery = await orphanedEmailDelivery(alert, {
      status: 'retrying',
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await delivery.reload();
    expect(delivery.status).toBe('retrying');
    expect(server.mailbox.messages.some((mail) => mail.to.includes('geduld@example.nl'))).toBe(
      false,
    );
  });
});

describe('a restart with the in-process queue', () => {
  it('sends what was queued in memory before the restart', async () => {
    const user = await createUser(server, { email: 'herstart@example.nl' });
    const alert = await createAlert(server.models, { userId: user.id, searchTerm: 'radio' });
    // The jobs sit in memory, unprocessed, when the process goes away.
    await server.ctx.queue.pause();
    await recordMatches(server, [{ alert, listing: makeListing({ title: 'Philips radio' }) }]);
    await server.app.stop();

    const restarted = await startApplication({
      config: {
        ...server.config,
        delivery: { ...server.config.delivery, relayIntervalMs: 3_600_000 },
      },
      logger: testLogger(),
      host: '127.0.0.1',
      shutdownTimeoutMs: 2000,
    });
    try {
      const mail = await server.mailbox.waitFor({ to: 'herstart@example.nl' }, 10_000);
      expect(mail.text).toContain('Philips radio');
      await waitForDelivery(restarted, { alertId: alert.id, channel: 'email' }, 'sent');
    } finally {
      await restarted.stop();
    }
    // Two stops and a start of a whole application: on a busy machine more than the usual 30 s.
  }, 60_000);
});
