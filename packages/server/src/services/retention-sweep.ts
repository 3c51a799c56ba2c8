/**
 * Prunes the rows the admin's retention setting lets go (commands/retention.ts): in the scheduler
 * role (one per installation), once a minute, batch after short batch. Each run that deleted
 * anything is logged with its counts and the process's running totals; the totals that every
 * process's admin figures read are kept in the database.
 */
import type { RetentionKind } from '@prijsalarm/core';
import type { AppContext } from '../context';
import { pruneExpired, type PruneOptions, type PrunedCounts } from '../commands/retention';
import { repeat, type Repeating } from '../lib/repeat';

export const RETENTION_SWEEP_INTERVAL_MS = 60_000;

export interface RetentionSweep extends Repeating {
  /** Rows pruned per kind since this sweep started. */
  totals(): PrunedCounts;
}

export function startRetentionSweep(
  ctx: AppContext,
  {
    intervalMs = RETENTION_SWEEP_INTERVAL_MS,
    ...options
  }: { intervalMs?: number } & Omit<PruneOptions, 'now'> = {},
): RetentionSweep {
  const logger = ctx.logger.child({ component: 'retention' });
  const totals: PrunedCounts = {};
  const run = async () => {
    const startedAt = Date.now();
    const { pruned, batches } = await pruneExpired(ctx, { ...options, now: new Date() });
    if (batches === 0) return;
    for (const [kind, count] of Object.entries(pruned) as [RetentionKind, number][]) {
      totals[kind] = (totals[kind] ?? 0) + count;
    }
    logger.info(
      { pruned, batches, durationMs: Date.now() - startedAt, totals: { ...totals } },
      'retention: expired rows pruned',
    );
  };
  const repeating = repeat(run, {
    everyMs: intervalMs,
    // Not in the middle of a start: the first run a period after.
    startNow: false,
    onError: (error) => logger.error({ err: error }, 'retention sweep failed'),
  });
  return { stop: () => repeating.stop(), totals: () => ({ ...totals }) };
}
