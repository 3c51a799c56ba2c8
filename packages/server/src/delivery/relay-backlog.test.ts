/**
 * The relay on a real migrated database (SQLite or MariaDB), with jobs that wait (no worker):
 * what it leaves to the jobs still waiting, and what it queues again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlert, createNotification } from '../../test/factories';
import { createMigratedDatabase, testLogger } from '../../test/support';
import { loadConfig } from '../config/env';
import { initModels, type Models } from '../models';
import { createJobQueue, type AlertEngineJobs } from '../queues';
import { relayStuckDeliveries } from './relay';

let models: Models;
let close: () => Promise<void>;
const logger = testLogger();
const queue = createJobQueue<AlertEngineJobs>({ logger });

beforeAll(async () => {
  const db = await createMigratedDatabase();
  close = db.close;
  models = initModels(db.sequelize);
});
afterAll(async () => {
  await queue.close({ drainTimeoutMs: 100 });
  await close();
});

describe('the relay under a backlog', () => {
  it('leaves a row whose job still waits in the queue, and queues one whose job was lost', async () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/prijsalarm-relay-test',
      DELIVERY_RELAY_SECONDS: '1',
      SESSION_SECRET: 'a-session-secret-that-is-long-enough-for-tests-0123',
    });
    const alert = await createAlert(models, { email: 'wachtrij@example.nl' });
    const open = async (updatedAt: Date) =>
      models.Delivery.create(
        {
          notificationId: (await createNotification(models, alert)).id,
          channel: 'email',
          recipient: 'guest:wachtrij@example.nl',
          updatedAt,
        },
        { silent: true },
      );
    // Its job waits behind the backlog, longer than the relay interval.
    const waiting = await open(new Date());
    await queue.enqueue('deliver', { deliveryId: waiting.id }, { jobId: `deliver:${waiting.id}` });
    // Untouched for a minute, and no job: lost.
    const lost = await open(new Date(Date.now() - 60_000));
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const queued = await relayStuckDeliveries({ models, queue, config, logger });

    expect(queued).toBe(1);
    expect((await queue.counts(['deliver'])).deliver?.waiting).toBe(2);
    // The new job is the lost row's (the relay's key for it); the waiting row has its one job.
    const again = (deliveryId: number, jobId: string) =>
      queue.enqueue('deliver', { deliveryId }, { jobId });
    await expect(
      again(lost.id, `deliver:${lost.id}:relay:${lost.updatedAt.getTime()}`),
    ).resolves.toMatchObject({ deduplicated: true });
    await expect(again(waiting.id, `deliver:${waiting.id}`)).resolves.toMatchObject({
      deduplicated: true,
    });
  });
});
