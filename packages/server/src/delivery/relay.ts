/**
 * The relay (transactional outbox): deliveries still open that
 * nothing has touched for a while get their `deliver` job queued again. That covers a crash between
 * the recorder's commit and its enqueue, a worker killed mid-send (its claim lapses), a retry job
 * that was lost, and the in-process queue, which forgets everything on a restart.
 *
 * Safe to overdo: the job key `deliver:<id>` is ignored while such a job is pending, and the row's
 * claim (ledger.ts) stops two runs sending at once. Runs in the scheduler role (one per
 * installation).
 */
import { Op } from 'sequelize';
import type { AppContext } from '../context';
import { nowOf } from './clock';
import { openDeliveryWhere } from './ledger';

/** Rows queued again per pass; the next pass takes the rest. */
export const RELAY_BATCH_SIZE = 500;

export interface RelayOptions {
  now?: Date;
  /** Open rows untouched since before this moment count as left. Default: one relay interval ago. */
  staleBefore?: Date;
  /**
   * Queue every open row (each when it is due): for a start on the in-process queue, which lost
   * whatever it held before.
   */
  all?: boolean;
}

/**
 * How long the oldest `deliver` job waiting in the queue has waited. A row untouched for less than
 * that (plus the relay interval) may still have its job in the queue: under a burst the relay
 * queued such rows again — rows a message's job covers, held rows just due — under keys of their
 * own, and the extra jobs made the backlog longer still.
 */
async function backlogMs(ctx: Pick<AppContext, 'queue'>): Promise<number> {
  const oldest = await ctx.queue.oldestWaitingMs(['deliver']);
  return oldest.deliver ?? 0;
}

/** One pass; resolves with how many deliveries it queued (deduplicated ones included). */
export async function relayStuckDeliveries(
  ctx: Pick<AppContext, 'models' | 'queue' | 'config' | 'logger' | 'clock'>,
  options: RelayOptions = {},
): Promise<number> {
  const now = options.now ?? nowOf(ctx);
  const staleBefore =
    options.staleBefore ??
    new Date(now.getTime() - ctx.config.delivery.relayIntervalMs - (await backlogMs(ctx)));
  const left = {
    [Op.or]: [
      // Never claimed: the job was lost (or is far behind; then the key keeps it single).
      { nextAttemptAt: null, updatedAt: { [Op.lt]: staleBefore } },
      // A claim that lapsed (its worker died) or a retry that is overdue.
      { nextAttemptAt: { [Op.lt]: staleBefore } },
    ],
  };
  const rows = await ctx.models.Delivery.findAll({
    attributes: ['id', 'nextAttemptAt', 'updatedAt'],
    where: { ...openDeliveryWhere(), ...(options.all ? {} : left) },
    order: [['updatedAt', 'ASC']],
    limit: RELAY_BATCH_SIZE,
  });
  for (const row of rows) {
    const delayMs = row.nextAttemptAt
      ? Math.max(0, row.nextAttemptAt.getTime() - now.getTime())
      : 0;
    // Not the recorder's `deliver:<id>`: a job a killed worker held still blocks that key until
    // BullMQ's stall check gives it back (a minute or more). The key is stable for one stuck
    // state, so relay passes don't pile up, and the row's claim keeps the two from both sending.
    const stuckSince = (row.nextAttemptAt ?? row.updatedAt).getTime();
    await ctx.queue.enqueue(
      'deliver',
      { deliveryId: row.id },
      { jobId: `deliver:${row.id}:relay:${stuckSince}`, ...(delayMs > 0 ? { delayMs } : {}) },
    );
  }
  if (rows.length > 0) ctx.logger.info({ count: rows.length }, 'relay queued open deliveries');
  return rows.length;
}

export interface DeliveryRelay {
  /** One pass now (tests, and the first pass at start). */
  runOnce(options?: RelayOptions): Promise<number>;
  stop(): Promise<void>;
}

/** Scheduler role: a pass every DELIVERY_RELAY_SECONDS; the first one at start. */
export function startDeliveryRelay(
  ctx: Pick<AppContext, 'models' | 'queue' | 'config' | 'logger' | 'clock'>,
): DeliveryRelay {
  const logger = ctx.logger.child({ component: 'relay' });
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = (options?: RelayOptions) => {
    const result = running.then(() => relayStuckDeliveries({ ...ctx, logger }, options));
    running = result.catch((error: unknown) => logger.error({ err: error }, 'relay pass failed'));
    return result;
  };
  // The in-process queue starts empty: whatever was open before this start has no job any more.
  void pass(ctx.queue.driver === 'memory' ? { all: true } : undefined).catch(() => undefined);
  const timer = setInterval(() => {
    if (!stopped) void pass().catch(() => undefined);
  }, ctx.config.delivery.relayIntervalMs);
  timer.unref();
  return {
    runOnce: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
