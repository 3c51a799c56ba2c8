/**
 * Retention: with the clock moved past each plan's period, exactly the rows that are old go —
 * each plan's notifications with their deliveries, price rows, webhook calls, set-aside listings —
 * in batches of a few rows, while the engine keeps recording new notifications between them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RETENTION, type Plan } from '@prijsalarm/core';
import { createUser } from '../../test/auth-helpers';
import { createAlert, createDelivery, createNotification } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/support';
import type { Alert, User } from '../models';
import { adminStats } from './admin';
import { changeSetting } from './settings';
import {
  RETENTION_TARGETS,
  pruneExpired,
  type PruneReport,
  type RetentionTarget,
} from './retention';

const DAY_MS = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-01-05T10:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY_MS);
/** Small batches, so every kind takes several. */
const BATCH = 7;

let server: TestServer;
let admin: User;
const alerts = {} as Record<'guest' | Plan, Alert>;
/** The notification ids made at T0 per owner, each with two deliveries. */
const made = {} as Record<'guest' | Plan, string[]>;

beforeAll(async () => {
  server = await startTestServer({ mailbox: false });
  admin = await createUser(server, { role: 'ADMIN', plan: 'PRO' });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  alerts.guest = await createAlert(server.models);
  for (const plan of ['FREE', 'REGISTERED', 'PRO'] as const) {
    const owner = await createUser(server, { plan });
    alerts[plan] = await createAlert(server.models, { userId: owner.id });
  }
  const counts = { guest: 9, FREE: 9, REGISTERED: 10, PRO: 10 };
  for (const [owner, count] of Object.entries(counts) as ['guest' | Plan, number][]) {
    made[owner] = [];
    for (let i = 0; i < count; i += 1) {
      const notification = await createNotification(server.models, alerts[owner]);
      await createDelivery(server.models, notification, { channel: 'email', status: 'sent' });
      await createDelivery(server.models, notification, { channel: 'live', status: 'sent' });
      made[owner].push(notification.id);
    }
  }
});
/** What the writer recorded: checked by each test, then removed, so later counts stay exact. */
const recordedByWriter: string[] = [];
afterEach(async () => {
  vi.setSystemTime(T0);
  const ids = recordedByWriter.splice(0);
  await server.models.Delivery.destroy({ where: { notificationId: ids } });
  await server.models.Notification.destroy({ where: { id: ids } });
});
afterAll(async () => {
  vi.useRealTimers();
  await server.stop();
});

async function remaining(ids: string[]): Promise<number> {
  return server.models.Notification.count({ where: { id: ids } });
}

async function deliveriesOf(ids: string[]): Promise<number> {
  return server.models.Delivery.count({ where: { notificationId: ids } });
}

/**
 * Prunes at `days` after T0 while a writer keeps recording new notifications for every owner;
 * returns the report, the new notifications, and how many of them were recorded between two of
 * the pruner's batches.
 */
async function pruneWhileRecording(days: number) {
  vi.setSystemTime(at(days));
  let removals = 0;
  let pruning = true;
  // Stored listings have a test of their own (below): here each notification's goes with it.
  const perPlan = RETENTION_TARGETS.filter((target) => target.kind !== 'listingSnapshots');
  const targets: RetentionTarget[] = perPlan.map((target) => ({
    ...target,
    remove: async (ctx, ids, transaction) => {
      removals += 1;
      return target.remove(ctx, ids, transaction);
    },
  }));
  const recorded: string[] = [];
  let recordedBetweenBatches = 0;
  const writer = (async () => {
    const owners = Object.keys(alerts) as Array<keyof typeof alerts>;
    for (let i = 0; pruning; i += 1) {
      const notification = await createNotification(server.models, alerts[owners[i % 4]!]);
      await createDelivery(server.models, notification, { channel: 'email' });
      recorded.push(notification.id);
      recordedByWriter.push(notification.id);
      if (pruning && removals > 0) recordedBetweenBatches += 1;
    }
  })();
  let report: PruneReport;
  try {
    report = await pruneExpired(server.ctx, { now: at(days), batchRows: BATCH, targets });
  } finally {
    pruning = false;
    await writer;
  }
  return { report, recorded, recordedBetweenBatches };
}

describe('pruning notifications by the plan of their owner', () => {
  it('keeps everything within every period', async () => {
    const { report } = await pruneWhileRecording(29);
    expect(report).toEqual({ pruned: {}, batches: 0 });
    for (const ids of Object.values(made)) expect(await remaining(ids)).toBe(ids.length);
  });

  it('after 30 days: the guests’ and FREE users’ go with their deliveries, in batches, while new ones arrive', async () => {
    const { report, recorded, recordedBetweenBatches } = await pruneWhileRecording(31);
    const free = [...made.guest, ...made.FREE];
    expect(report.pruned).toEqual({ notifications: free.length, deliveries: 2 * free.length });
    expect(report.batches).toBe(Math.ceil(free.length / BATCH));
    expect(await remaining(free)).toBe(0);
    expect(await deliveriesOf(free)).toBe(0);
    expect(await remaining(made.REGISTERED)).toBe(made.REGISTERED.length);
    expect(await remaining(made.PRO)).toBe(made.PRO.length);
    expect(await deliveriesOf([...made.REGISTERED, ...made.PRO])).toBe(
      2 * (made.REGISTERED.length + made.PRO.length),
    );
    // The new ones, of every owner, were recorded between the batches and all stay.
    expect(recordedBetweenBatches).toBeGreaterThan(0);
    expect(await remaining(recorded)).toBe(recorded.length);
    expect(await deliveriesOf(recorded)).toBe(recorded.length);
  });

  it('after 90 days: the REGISTERED users’ go; PRO keeps its own', async () => {
    const { report, recorded } = await pruneWhileRecording(91);
    expect(report.pruned.notifications).toBe(made.REGISTERED.length);
    expect(report.pruned.deliveries).toBe(2 * made.REGISTERED.length);
    expect(await remaining(made.REGISTERED)).toBe(0);
    expect(await remaining(made.PRO)).toBe(made.PRO.length);
    expect(await remaining(recorded)).toBe(recorded.length);
  });

  it('after 365 days: the PRO users’ go too', async () => {
    const { report } = await pruneWhileRecording(364);
    expect(report.pruned.notifications ?? 0).toBe(0);
    const later = await pruneWhileRecording(366);
    expect(later.report.pruned.notifications).toBe(made.PRO.length);
    expect(await remaining(made.PRO)).toBe(0);
    expect(await deliveriesOf(made.PRO)).toBe(0);
    expect(await remaining(later.recorded)).toBe(later.recorded.length);
  });
});

describe('pruning the other kinds', () => {
  it('takes price rows, webhook calls and set-aside listings past their periods, and only those', async () => {
    const { ListingPrice, Webhook, WebhookCall, SetAsideListing } = server.models;
    const owner = await createUser(server, { plan: 'PRO' });
    const webhook = await Webhook.create({
      userId: owner.id,
      url: 'https://hooks.example.nl/in',
      secret: 'geheim',
    });
    const oldSince = (days: number) => at(-days - 1);
    const young = (days: number) => at(-days + 1);
    const price = (listingId: string, observedAt: Date) => ({
      platform: 'marktplaats' as const,
      listingId,
      priceCents: 1000,
      observedAt,
    });
    const priceDays = DEFAULT_RETENTION.priceHistory;
    await ListingPrice.bulkCreate([
      ...Array.from({ length: 16 }, (_, i) => price(`old${i}`, oldSince(priceDays))),
      price('young', young(priceDays)),
    ]);
    const call = () =>
      WebhookCall.create({ webhookId: webhook.id, kind: 'test', ok: true, durationMs: 5 });
    const setAside = () =>
      SetAsideListing.create({
        platform: 'marktplaats',
        listingId: 'm1',
        stage: 'feed-store',
        reason: 'kapot',
        snippet: '…',
      });
    vi.setSystemTime(oldSince(DEFAULT_RETENTION.webhookCalls));
    for (let i = 0; i < 9; i += 1) await call();
    vi.setSystemTime(young(DEFAULT_RETENTION.webhookCalls));
    const youngCall = await call();
    vi.setSystemTime(oldSince(DEFAULT_RETENTION.setAside));
    for (let i = 0; i < 8; i += 1) await setAside();
    vi.setSystemTime(young(DEFAULT_RETENTION.setAside));
    const youngSetAside = await setAside();
    vi.setSystemTime(T0);

    const before = await adminStats(server.ctx, admin);
    const { report } = await pruneWhileRecording(0);
    expect(report.pruned).toEqual({ listingPrices: 16, webhookCalls: 9, setAsideListings: 8 });
    expect(report.batches).toBe(3 + 2 + 2);
    expect((await ListingPrice.findAll()).map((row) => row.listingId)).toEqual(['young']);
    expect((await WebhookCall.findAll()).map((row) => row.id)).toEqual([youngCall.id]);
    expect((await SetAsideListing.findAll()).map((row) => row.id)).toEqual([youngSetAside.id]);

    // The admin's figures: rows held now, and every row pruned since the pruner first ran.
    const { storage } = await adminStats(server.ctx, admin);
    expect(storage.listingPrices).toEqual({
      held: 1,
      pruned: before.storage.listingPrices.pruned + 16,
    });
    expect(storage.webhookCalls.held).toBe(1);
    expect(storage.setAsideListings.pruned).toBe(before.storage.setAsideListings.pruned + 8);
    const all = Object.values(made).flat();
    expect(storage.notifications.pruned).toBe(all.length);
    expect(storage.deliveries.pruned).toBe(2 * all.length);
    expect(storage.notifications.held).toBe(await server.models.Notification.count());
  });

  it('follows the admin’s setting: a shorter period prunes sooner', async () => {
    await changeSetting(server.ctx, admin, {
      key: 'retention',
      value: { ...DEFAULT_RETENTION, setAside: 7 },
    });
    const row = await server.models.SetAsideListing.create({
      platform: 'marktplaats',
      listingId: 'm2',
      stage: 'feed-match',
      reason: 'kapot',
      snippet: '…',
    });
    const { report } = await pruneWhileRecording(8);
    expect(report.pruned.setAsideListings).toBeGreaterThanOrEqual(1);
    expect(await server.models.SetAsideListing.findByPk(row.id)).toBeNull();
  });
});

describe('pruning stored listings', () => {
  it('a listing goes once no notification refers to it; one a kept notification shows stays', async () => {
    const { ListingSnapshot, Notification } = server.models;
    const shared = { listingId: 'm1999000001' };
    const guestsOwn = await createNotification(server.models, alerts.guest);
    const guestsShared = await createNotification(server.models, alerts.guest, shared);
    const prosShared = await createNotification(server.models, alerts.PRO, shared);
    const snapshotOf = async (id: string) =>
      (await Notification.findByPk(id, { attributes: ['listingSnapshotId'] }))!.listingSnapshotId;
    const own = await snapshotOf(guestsOwn.id);
    const kept = await snapshotOf(guestsShared.id);
    expect(await snapshotOf(prosShared.id)).toBe(kept);

    vi.setSystemTime(at(31));
    const report = await pruneExpired(server.ctx, { now: at(31), batchRows: BATCH });
    expect(report.pruned.listingSnapshots).toBeGreaterThan(0);
    expect(await Notification.count({ where: { id: [guestsOwn.id, guestsShared.id] } })).toBe(0);
    expect(await ListingSnapshot.findByPk(own)).toBeNull();
    expect(await ListingSnapshot.findByPk(kept)).not.toBeNull();
    expect(await Notification.findByPk(prosShared.id)).not.toBeNull();
    await Notification.destroy({ where: { id: prosShared.id } });
  });
});
