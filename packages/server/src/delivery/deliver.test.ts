/**
 * The `deliver` job on a real migrated database (SQLite or MariaDB), for what one job does for
 * the other rows of its message.
 */
import { randomUUID } from 'node:crypto';
import { STRINGS } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlert, createDelivery, createNotification } from '../../test/factories';
import { createMigratedDatabase, testLogger } from '../../test/support';
import type { AppContext } from '../context';
import { initModels, type Models } from '../models';
import { createJobQueue, type AlertEngineJobs } from '../queues';
import { LIVE_GRACE_MS } from './channels/live';
import { processDelivery } from './deliver';

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

const ctx = () => ({ models, queue, logger }) as unknown as AppContext;

describe('a live row’s job', () => {
  it('settles its check’s other live rows also when a web process sent its own row', async () => {
    const checkId = randomUUID();
    const recorded = new Date(Date.now() - LIVE_GRACE_MS - 1000);
    const liveRow = async (userEmail: string, status: 'sent' | 'pending') => {
      const user = await models.User.create({ email: userEmail });
      const alert = await createAlert(models, { userId: user.id, email: null });
      const notification = await createNotification(models, alert);
      return createDelivery(models, notification, {
        channel: 'live',
        status,
        checkId,
        recipient: `user:${user.id}`,
        createdAt: recorded,
      });
    };
    // The row whose job runs was taken by an open page; the other user had none.
    const taken = await liveRow(`${randomUUID()}@example.nl`, 'sent');
    const open = await liveRow(`${randomUUID()}@example.nl`, 'pending');

    await processDelivery(ctx(), taken.id);

    await Promise.all([taken.reload(), open.reload()]);
    expect(taken.status).toBe('sent');
    expect(open).toMatchObject({ status: 'failed', lastError: STRINGS.delivery.noOpenConnection });
  });
});
