/**
 * Retention: rows older than the admin's `retention` setting (core DEFAULT_RETENTION) are deleted
 * by the scheduler role (services/retention-sweep.ts), in batches of a few hundred rows by primary
 * key, each in its own short transaction, so SQLite's one write lock is never held long and the
 * engine's new notifications are written between batches.
 *
 * What is old is a list of targets, one per table: to prune another table, add an entry.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Op, literal, type Transaction, type WhereOptions } from 'sequelize';
import {
  PLANS,
  RETENTION_KINDS,
  notificationRetentionDays,
  retentionCutoff,
  type Plan,
  type RetentionKind,
  type RetentionSetting,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { Notification } from '../models';
import { loadSettings } from '../models/current-settings';
import { deleteUnreferencedSnapshots, unreferencedSnapshotIds } from '../engine/listing-snapshots';

type RetentionContext = Pick<AppContext, 'models' | 'sequelize' | 'logger'>;
type RowId = string | number;

/** Rows deleted per transaction: short enough that a waiting writer never waits long. */
export const RETENTION_BATCH_ROWS = 300;

export type PrunedCounts = Partial<Record<RetentionKind, number>>;

/** One table the pruner keeps short. */
export interface RetentionTarget {
  /** The kind its rows are counted as (the admin's figures). */
  kind: RetentionKind;
  /** Primary keys of at most `limit` rows that are old at `now`. */
  expired(
    ctx: RetentionContext,
    retention: RetentionSetting,
    now: Date,
    limit: number,
  ): Promise<RowId[]>;
  /** Deletes those rows, and what goes with them, in `transaction`; how many of each kind went. */
  remove(ctx: RetentionContext, ids: RowId[], transaction: Transaction): Promise<PrunedCounts>;
}

/**
 * Whose notifications are kept by which plan: a guest's alert by FREE's period, a user's by the
 * plan they have now. Each group is its own query, so the (userId, createdAt) index finds its rows.
 */
function ownerGroups(
  ctx: RetentionContext,
): Array<{ plan: Plan; owners: WhereOptions<Notification> }> {
  const q = (name: string) => ctx.sequelize.getQueryInterface().quoteIdentifier(name);
  const usersOn = (plan: Plan) =>
    literal(
      `(SELECT ${q('id')} FROM ${q('users')} WHERE ${q('plan')} = ${ctx.sequelize.escape(plan)})`,
    );
  return [
    { plan: 'FREE', owners: { userId: null } },
    ...PLANS.map((plan) => ({ plan, owners: { userId: { [Op.in]: usersOn(plan) } } })),
  ];
}

/** A table whose rows are old by one date column and go on their own. */
function olderThan(
  kind: RetentionKind,
  table: (models: RetentionContext['models']) => {
    findAll(options: object): Promise<unknown[]>;
    destroy(options: object): Promise<number>;
  },
  column: string,
  days: (retention: RetentionSetting) => number,
  primaryKey = 'id',
): RetentionTarget {
  return {
    kind,
    async expired(ctx, retention, now, limit) {
      const rows = (await table(ctx.models).findAll({
        attributes: [primaryKey],
        where: { [column]: { [Op.lt]: retentionCutoff(now, days(retention)) } },
        order: [[column, 'ASC']],
        limit,
        raw: true,
      })) as Array<Record<string, RowId>>;
      return rows.map((row) => row[primaryKey]!);
    },
    async remove(ctx, ids, transaction) {
      const removed = await table(ctx.models).destroy({
        where: { [primaryKey]: ids },
        transaction,
      });
      return { [kind]: removed };
    },
  };
}

/**
 * Stored listings no notification refers to any more (their notifications pruned or their alerts
 * deleted). Each call looks at a window of snapshots after where the last one stopped (a PRO
 * user's year of notifications keeps many old ones referenced: never a scan of them all).
 */
function unreferencedSnapshots(): RetentionTarget {
  // Where the last call stopped, per database (a test process opens many).
  const cursors = new WeakMap<object, number>();
  return {
    kind: 'listingSnapshots',
    async expired(ctx, _retention, _now, limit) {
      const { ids, next } = await unreferencedSnapshotIds(ctx, {
        after: cursors.get(ctx.models) ?? 0,
        limit,
        window: limit * 10,
      });
      cursors.set(ctx.models, next);
      return ids;
    },
    async remove(ctx, ids, transaction) {
      return {
        listingSnapshots: await deleteUnreferencedSnapshots(ctx, ids as number[], transaction),
      };
    },
  };
}

/** Every table the pruner keeps short, each with what makes its rows old. */
export const RETENTION_TARGETS: readonly RetentionTarget[] = [
  {
    // By the plan its owner has now: a user who upgrades keeps more from then on.
    kind: 'notifications',
    async expired(ctx, retention, now, limit) {
      const ids: RowId[] = [];
      for (const { plan, owners } of ownerGroups(ctx)) {
        if (ids.length >= limit) break;
        // No ORDER BY: sorting a large backlog for every batch would cost more than it is worth.
        const rows = await ctx.models.Notification.findAll({
          attributes: ['id'],
          where: {
            ...owners,
            createdAt: {
              [Op.lt]: retentionCutoff(now, notificationRetentionDays(retention, plan)),
            },
          },
          limit: limit - ids.length,
          raw: true,
        });
        ids.push(...rows.map((row) => row.id));
      }
      return ids;
    },
    async remove(ctx, ids, transaction) {
      // The deliveries go with their notification (the database would cascade; counted here).
      const deliveries = await ctx.models.Delivery.destroy({
        where: { notificationId: ids },
        transaction,
      });
      const notifications = await ctx.models.Notification.destroy({
        where: { id: ids },
        transaction,
      });
      return { notifications, deliveries };
    },
  },
  unreferencedSnapshots(),
  olderThan(
    'listingPrices',
    (m) => m.ListingPrice,
    'observedAt',
    (r) => r.priceHistory,
  ),
  olderThan(
    'webhookCalls',
    (m) => m.WebhookCall,
    'createdAt',
    (r) => r.webhookCalls,
  ),
  olderThan(
    'setAsideListings',
    (m) => m.SetAsideListing,
    'createdAt',
    (r) => r.setAside,
  ),
];

export interface PruneOptions {
  now?: Date;
  batchRows?: number;
  targets?: readonly RetentionTarget[];
}

export interface PruneReport {
  pruned: PrunedCounts;
  batches: number;
}

/** Adds `counts` to the running totals, in the batch's transaction (so they never drift). */
async function addToTotals(
  ctx: RetentionContext,
  counts: PrunedCounts,
  transaction: Transaction,
): Promise<void> {
  const { RetentionTotal } = ctx.models;
  for (const [kind, count] of Object.entries(counts)) {
    if (!count) continue;
    const [row] = await RetentionTotal.findOrCreate({
      where: { kind },
      defaults: { kind, pruned: 0, updatedAt: new Date() },
      transaction,
    });
    await row.increment('pruned', { by: count, transaction });
  }
}

/**
 * Deletes every row that is old at `now`: per target, batch after batch (each its own
 * transaction, the event loop let through between them) until a batch comes back short.
 */
export async function pruneExpired(
  ctx: RetentionContext,
  {
    now = new Date(),
    batchRows = RETENTION_BATCH_ROWS,
    targets = RETENTION_TARGETS,
  }: PruneOptions = {},
): Promise<PruneReport> {
  const { retention } = await loadSettings(ctx);
  const pruned: PrunedCounts = {};
  let batches = 0;
  for (const target of targets) {
    for (;;) {
      const ids = await target.expired(ctx, retention, now, batchRows);
      if (ids.length === 0) break;
      const counts = await ctx.sequelize.transaction(async (transaction) => {
        const removed = await target.remove(ctx, ids, transaction);
        await addToTotals(ctx, removed, transaction);
        return removed;
      });
      batches += 1;
      for (const [kind, count] of Object.entries(counts) as [RetentionKind, number][]) {
        pruned[kind] = (pruned[kind] ?? 0) + count;
      }
      if (ids.length < batchRows) break;
      // Whoever waits for the write lock goes first.
      await nextTurn();
    }
  }
  return { pruned, batches };
}

/** Per kind: rows held now, and rows pruned since the pruner first ran. */
export async function storageFigures(
  ctx: Pick<AppContext, 'models'>,
): Promise<Record<RetentionKind, { held: number; pruned: number }>> {
  const {
    Notification,
    Delivery,
    ListingSnapshot,
    ListingPrice,
    WebhookCall,
    SetAsideListing,
    RetentionTotal,
  } = ctx.models;
  const [
    notifications,
    deliveries,
    listingSnapshots,
    listingPrices,
    webhookCalls,
    setAsideListings,
    totals,
  ] = await Promise.all([
    Notification.count(),
    Delivery.count(),
    ListingSnapshot.count(),
    ListingPrice.count(),
    WebhookCall.count(),
    SetAsideListing.count(),
    RetentionTotal.findAll(),
  ]);
  const held: Record<RetentionKind, number> = {
    notifications,
    deliveries,
    listingSnapshots,
    listingPrices,
    webhookCalls,
    setAsideListings,
  };
  const prunedOf = new Map(totals.map((row) => [row.kind, row.pruned]));
  return Object.fromEntries(
    RETENTION_KINDS.map((kind) => [kind, { held: held[kind], pruned: prunedOf.get(kind) ?? 0 }]),
  ) as Record<RetentionKind, { held: number; pruned: number }>;
}

/** Days the notifications of `userId` (null: a guest) are kept, by their plan now. */
export async function notificationKeptDays(
  ctx: Pick<AppContext, 'models' | 'sequelize' | 'logger'>,
  userId: string | null,
): Promise<number> {
  const [{ retention }, owner] = await Promise.all([
    loadSettings(ctx),
    userId ? ctx.models.User.findByPk(userId, { attributes: ['plan'] }) : null,
  ]);
  return notificationRetentionDays(retention, owner?.plan ?? null);
}
