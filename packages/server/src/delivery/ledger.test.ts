/**
 * The delivery ledger on a real migrated database (SQLite or MariaDB): who gets to send, and what
 * each kind of outcome writes.
 */
import { DELIVERY_ERROR_TEXTS } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError, type Sequelize } from 'sequelize';
import { createAlert, createDelivery, createNotification } from '../../test/factories';
import { queryPlanOf, statementsOf } from '../../test/query-plan';
import { createMigratedDatabase, testDatabaseKind, testLogger } from '../../test/support';
import { loadConfig } from '../config/env';
import { initModels, type Delivery, type Models } from '../models';
import { createJobQueue, type AlertEngineJobs } from '../queues';
import { claimDeliveries, recordOutcome, retryDelayMs, type SendOutcome } from './ledger';

let sequelize: Sequelize;
let models: Models;
let close: () => Promise<void>;
const logger = testLogger();
const queue = createJobQueue<AlertEngineJobs>({ logger });
const config = loadConfig({
  DATA_DIR: '/tmp/prijsalarm-ledger-test',
  DELIVERY_ATTEMPTS: '3',
  DELIVERY_RETRY_SECONDS: '30',
  DELIVERY_CLAIM_SECONDS: '45',
  SESSION_SECRET: 'a-session-secret-that-is-long-enough-for-tests-0123',
});

beforeAll(async () => {
  const db = await createMigratedDatabase();
  sequelize = db.sequelize;
  close = db.close;
  models = initModels(sequelize);
});
afterAll(async () => {
  await queue.close({ drainTimeoutMs: 100 });
  await close();
});

const ctx = () => ({ models, config, queue, logger });

/** How many UPDATEs of the deliveries `run` makes. */
async function deliveryUpdates(run: () => Promise<unknown>): Promise<number> {
  return (await statementsOf(sequelize, run, /UPDATE `deliveries`/)).length;
}

async function deliveries(count: number, overrides: Parameters<typeof createDelivery>[2] = {}) {
  const alert = await createAlert(models);
  const rows: Delivery[] = [];
  for (let index = 0; index < count; index += 1) {
    const notification = await createNotification(models, alert);
    rows.push(await createDelivery(models, notification, overrides));
  }
  return rows;
}

describe('claims', () => {
  it('two runs claiming one group at the same moment: one holds all of it, the other none', async () => {
    const group = await deliveries(4);
    const [first, second] = await Promise.all([
      claimDeliveries(ctx(), group),
      claimDeliveries(ctx(), [...group].reverse()),
    ]);
    expect([first.length, second.length].sort()).toEqual([0, 4]);
  });

  it('claims of many sends at once go together, and each run holds exactly its own rows', async () => {
    const groups = await Promise.all([1, 2, 3, 1, 2, 3].map((size) => deliveries(size)));
    const notYetDue = await deliveries(1, { nextAttemptAt: new Date(Date.now() + 60_000) });
    let held: Delivery[][] = [];
    const updates = await deliveryUpdates(async () => {
      held = await Promise.all([
        ...groups.map((group) => claimDeliveries(ctx(), group)),
        // The same group again (a relayed job beside the first) and a row leased into the future.
        claimDeliveries(ctx(), groups[1]!),
        claimDeliveries(ctx(), notYetDue),
      ]);
    });
    // The first goes at once; the others asked meanwhile share a statement, the repeated group
    // the one after that.
    expect(updates).toBeLessThanOrEqual(3);
    expect(held.slice(0, groups.length).map((rows) => rows.length)).toEqual([1, 2, 3, 1, 2, 3]);
    expect(held[groups.length]).toEqual([]);
    expect(held[groups.length + 1]).toEqual([]);
    // Each group carries its own run's token: one run's outcome never speaks for another's rows.
    const tokens = await Promise.all(
      groups.map(async (group) => {
        const rows = await Promise.all(group.map((row) => row.reload()));
        return new Set(rows.map((row) => row.claimToken));
      }),
    );
    expect(tokens.every((set) => set.size === 1 && !set.has(null))).toBe(true);
    expect(new Set(tokens.flatMap((set) => [...set])).size).toBe(groups.length);
  });

  it.each<[string, Parameters<typeof createDelivery>[2], boolean]>([
    ['pending, never claimed', {}, true],
    ['retrying and due', { status: 'retrying', nextAttemptAt: new Date(Date.now() - 1000) }, true],
    ['a lapsed claim (its run died)', { nextAttemptAt: new Date(Date.now() - 1000) }, true],
    ['leased by a live run', { nextAttemptAt: new Date(Date.now() + 60_000) }, false],
    [
      'retrying, not yet due',
      { status: 'retrying', nextAttemptAt: new Date(Date.now() + 60_000) },
      false,
    ],
    ['sent', { status: 'sent' }, false],
    ['failed', { status: 'failed' }, false],
  ])('%s: claimable %s', async (_case, overrides, claimable) => {
    const [row] = await deliveries(1, overrides);
    expect(await claimDeliveries(ctx(), [row!])).toHaveLength(claimable ? 1 : 0);
  });

  it('a claim leases the row for DELIVERY_CLAIM_SECONDS', async () => {
    const [row] = await deliveries(1);
    const now = new Date();
    await claimDeliveries(ctx(), [row!], now);
    await row!.reload();
    expect(row!.nextAttemptAt!.getTime()).toBe(now.getTime() + 45_000);
    expect(await claimDeliveries(ctx(), [row!])).toHaveLength(0);
  });
});

describe('outcomes', () => {
  const now = new Date('2030-01-01T12:00:00.000Z');
  const transient: SendOutcome = {
    kind: 'retry',
    reason: DELIVERY_ERROR_TEXTS.temporaryFailure('451 busy'),
    detail: '451 busy',
  };

  it.each<[string, number, SendOutcome, Partial<Delivery>]>([
    ['sent', 0, { kind: 'sent' }, { status: 'sent', attempts: 1, lastError: null, sentAt: now }],
    [
      'a permanent failure',
      0,
      { kind: 'failed', reason: 'Weg' },
      { status: 'failed', attempts: 1, lastError: 'Weg', nextAttemptAt: null },
    ],
    [
      'the first transient failure: retry after the base delay',
      0,
      transient,
      { status: 'retrying', attempts: 1, nextAttemptAt: new Date(now.getTime() + 30_000) },
    ],
    [
      'the second: twice the delay',
      1,
      transient,
      { status: 'retrying', attempts: 2, nextAttemptAt: new Date(now.getTime() + 60_000) },
    ],
    [
      'the last allowed attempt: failed with how often it was tried',
      2,
      transient,
      { status: 'failed', attempts: 3, lastError: DELIVERY_ERROR_TEXTS.gaveUp(3, '451 busy') },
    ],
    [
      'flood control: at the time Telegram named, not counted',
      2,
      {
        kind: 'retry',
        reason: DELIVERY_ERROR_TEXTS.telegramRateLimited(90),
        detail: '429',
        retryAt: new Date(now.getTime() + 90_000),
        countsAsAttempt: false,
      },
      { status: 'retrying', attempts: 2, nextAttemptAt: new Date(now.getTime() + 90_000) },
    ],
  ])('%s', async (_case, attemptsBefore, outcome, expected) => {
    const rows = await deliveries(2, { attempts: attemptsBefore });
    await recordOutcome(ctx(), rows, outcome, now);
    for (const row of rows) {
      await row.reload();
      expect(row).toMatchObject(expected);
    }
  });

  it('a sent row keeps no claim: neither its lease nor the run that held it', async () => {
    const rows = await deliveries(2);
    const claimed = await claimDeliveries(ctx(), rows, now);
    await recordOutcome(ctx(), claimed, { kind: 'sent' }, now);
    for (const row of rows) {
      await row.reload();
      expect(row).toMatchObject({ status: 'sent', nextAttemptAt: null, claimToken: null });
    }
  });

  it('a claim and an outcome InnoDB chose as a deadlock victim run again: the rows end sent', async () => {
    const rows = await deliveries(2);
    const model = models.Delivery as unknown as {
      update: (...args: unknown[]) => Promise<unknown>;
    };
    const update = model.update;
    let refused = 0;
    // The first try of each statement is rolled back, as InnoDB does to a deadlock's victim.
    model.update = async (...args) => {
      refused += 1;
      if (refused % 2 === 1) {
        throw new DatabaseError(
          Object.assign(new Error('Deadlock found when trying to get lock'), {
            errno: 1213,
            sql: 'UPDATE deliveries',
          }),
        );
      }
      return update.apply(models.Delivery, args);
    };
    try {
      const claimed = await claimDeliveries(ctx(), rows, now);
      expect(claimed.map((row) => row.id)).toEqual(rows.map((row) => row.id));
      await recordOutcome(ctx(), claimed, { kind: 'sent' }, now);
    } finally {
      model.update = update;
    }
    expect(refused).toBe(4);
    const after = await models.Delivery.findAll({ where: { id: rows.map((row) => row.id) } });
    expect(after.map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it.runIf(testDatabaseKind() === 'sqlite')(
    "a send's outcome finds its rows by id and lead, not by reading every open row",
    async () => {
      // Open rows waiting for their plan's batch, as thousands do between slots.
      await deliveries(30, { nextAttemptAt: new Date(now.getTime() + 600_000) });
      const rows = await deliveries(2);
      const [update] = await statementsOf(
        sequelize,
        () => recordOutcome(ctx(), rows, { kind: 'sent' }, now),
        /UPDATE `deliveries`/,
      );
      expect(update).toBeDefined();
      const steps = await queryPlanOf(sequelize, update!);
      expect(steps.some((step) => step.startsWith('SCAN'))).toBe(false);
      // The rows' own key (an INTEGER PRIMARY KEY is the rowid), and the followers' index.
      expect(steps.join('\n')).toMatch(/INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(steps.join('\n')).toMatch(/deliveries_lead_id \(leadId=\?\)/);
    },
  );

  it('the outcomes of many sends at once: one statement, each row sent once with its own time and attempts', async () => {
    const sends = await Promise.all(
      [0, 1, 2, 0, 1].map(async (attemptsBefore, index) => ({
        rows: await deliveries(2, { attempts: attemptsBefore }),
        attemptsBefore,
        at: new Date(now.getTime() + index * 1000),
      })),
    );
    // Another alert's delivery of the first send's ad to the same recipient: it takes the outcome.
    const [follower] = await deliveries(1, { leadId: sends[0]!.rows[0]!.id });
    const updates = await deliveryUpdates(() =>
      Promise.all(sends.map(({ rows, at }) => recordOutcome(ctx(), rows, { kind: 'sent' }, at))),
    );
    expect(updates).toBeLessThanOrEqual(2);
    for (const { rows, attemptsBefore, at } of sends) {
      for (const row of rows) {
        await row.reload();
        expect(row).toMatchObject({ status: 'sent', sentAt: at, attempts: attemptsBefore + 1 });
      }
    }
    await follower!.reload();
    expect(follower).toMatchObject({ status: 'sent', sentAt: sends[0]!.at, attempts: 0 });
  });

  it('never turns a row that is already sent back', async () => {
    const [row] = await deliveries(1, { status: 'sent' });
    await recordOutcome(ctx(), [row!], transient, now);
    await row!.reload();
    expect(row!.status).toBe('sent');
  });

  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
  ])('retry %i waits %i ms', (attempt, expected) => {
    expect(retryDelayMs(30_000, attempt)).toBe(expected);
  });
});
