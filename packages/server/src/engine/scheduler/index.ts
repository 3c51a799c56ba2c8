/**
 * Step 2 of "The way of an alert": one tick (every SCHEDULER_TICK_MS) that keeps the searches in
 * step with the checked alerts (search-sync.ts) and queues the checks due within the next tick
 * (due-checks.ts). Only one scheduler runs at a time (services/scheduler.ts takes the Redis lock
 * in scale-out).
 */
import { repeat, type Repeating } from '../../lib/repeat';
import { enqueueDueChecks, type EnqueueReport } from './due-checks';
import { createSearchSync, type ReconcileReport } from './search-sync';
import type { SchedulerContext } from './types';

export type { EnqueueReport } from './due-checks';
export type { ReconcileReport } from './search-sync';
export type { SchedulerContext } from './types';

/** Deleted alerts' tombstones are kept this long (the readers look back seconds, reload every 10 min). */
export const ALERT_DELETION_RETENTION_MS = 24 * 60 * 60 * 1000;
/** How often the tick prunes the tombstones (not every few seconds). */
const TOMBSTONE_PRUNE_EVERY_MS = 60_000;

export interface SchedulerDeps {
  now?: () => Date;
  /** Look-ahead of one tick (default config.engine.schedulerTickMs). */
  tickMs?: number;
  /** The full reload's period, a safety net (default 10 minutes). */
  rebuildEveryMs?: number;
}

export interface TickReport {
  /** `full`: every checkable alert was read; `changes`: only those written since the last tick. */
  mode: 'full' | 'changes';
  reconcile: ReconcileReport;
  due: EnqueueReport;
}

export function createScheduler(ctx: SchedulerContext, deps: SchedulerDeps = {}) {
  const now = deps.now ?? (() => new Date());
  const tickMs = deps.tickMs ?? ctx.config.engine.schedulerTickMs;
  const searches = createSearchSync(ctx, { rebuildEveryMs: deps.rebuildEveryMs ?? 10 * 60_000 });
  const enqueueDue = (at: Date) => enqueueDueChecks(ctx, at, tickMs);
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function tick(): Promise<TickReport> {
    const at = now();
    const { mode, report } = await searches.sync(at);
    const due = await enqueueDue(at);
    if (at.getTime() - prunedAt >= TOMBSTONE_PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      await ctx.models.AlertDeletion.pruneBefore(
        new Date(at.getTime() - ALERT_DELETION_RETENTION_MS),
      );
    }
    return { mode, reconcile: report, due };
  }

  return { tick, reconcile: searches.reconcile, applyChanges: searches.applyChanges, enqueueDue };
}

export type Scheduler = ReturnType<typeof createScheduler>;

/** Ticks every `tickMs` until stopped; a failed tick is logged and the next one runs. */
export function startSchedulerLoop(
  scheduler: Pick<Scheduler, 'tick'>,
  options: { tickMs: number; logger: SchedulerContext['logger'] },
): Repeating {
  return repeat(() => scheduler.tick(), {
    everyMs: options.tickMs,
    onError: (error) => options.logger.error({ err: error }, 'scheduler tick failed'),
  });
}
