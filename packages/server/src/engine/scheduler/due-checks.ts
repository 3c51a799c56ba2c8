/**
 * Queues `check-search` for the searches due within the next tick, each at its own slot (slots.ts:
 * a stable phase per key, so never a burst), with jobId `check:<key>` so a search never runs twice
 * at once; the searches of a host that is cooling down wait.
 */
import { Op } from 'sequelize';
import type { PlatformId } from '@prijsalarm/core';
import { setEach } from '../../lib/sql';
import { nextSlotAfter, startSlot } from '../slots';
import type { SchedulerContext } from './types';

export interface EnqueueReport {
  enqueued: Array<{ searchKey: string; delayMs: number }>;
  coolingDown: string[];
}

export async function enqueueDueChecks(
  ctx: Pick<SchedulerContext, 'models' | 'queue' | 'logger'>,
  at: Date,
  tickMs: number,
): Promise<EnqueueReport> {
  const { models } = ctx;
  const logger = ctx.logger.child({ component: 'scheduler' });
  const report: EnqueueReport = { enqueued: [], coolingDown: [] };
  const nowMs = at.getTime();
  const horizon = new Date(nowMs + tickMs);
  // Only the searches due within the tick (index searches_next_check_at), not all of them.
  const searches = await models.Search.findAll({
    attributes: ['key', 'platform', 'intervalSeconds', 'nextCheckAt', 'cooldownUntil'],
    where: { [Op.or]: [{ nextCheckAt: null }, { nextCheckAt: { [Op.lte]: horizon } }] },
  });
  // A host that blocked one search blocks them all: its other searches wait too.
  const cooling = await models.Search.findAll({
    attributes: ['platform', 'cooldownUntil'],
    where: { cooldownUntil: { [Op.gt]: at } },
  });
  const hostCooldown = new Map<PlatformId, number>();
  for (const search of cooling) {
    const until = search.cooldownUntil?.getTime() ?? 0;
    hostCooldown.set(search.platform, Math.max(until, hostCooldown.get(search.platform) ?? 0));
  }

  // Each due search's next check, written in one statement after the loop.
  const moved = new Map<string, Date>();
  for (const search of searches) {
    const scheduled = search.nextCheckAt?.getTime() ?? nowMs;
    if (scheduled > horizon.getTime()) continue;
    if ((hostCooldown.get(search.platform) ?? 0) > nowMs) {
      report.coolingDown.push(search.key);
      continue;
    }
    const intervalMs = search.intervalSeconds * 1000;
    // Missed slots (scheduler down, host cooled down): restart spread out, not all at once.
    const runAt =
      scheduled < nowMs - 2 * tickMs
        ? startSlot(search.key, intervalMs, nowMs)
        : Math.max(scheduled, nowMs);
    if (runAt > horizon.getTime()) {
      moved.set(search.key, new Date(runAt));
      continue;
    }
    const delayMs = runAt - nowMs;
    try {
      await ctx.queue.enqueue(
        'check-search',
        { searchKey: search.key },
        { jobId: `check:${search.key}`, delayMs },
      );
    } catch (error) {
      logger.warn({ err: error, searchKey: search.key }, 'check not queued; tried next tick');
      continue;
    }
    // At least half an interval on: a start slot just before a regular one must not run twice.
    const next = nextSlotAfter(search.key, intervalMs, runAt + Math.floor(intervalMs / 2));
    moved.set(search.key, new Date(next));
    report.enqueued.push({ searchKey: search.key, delayMs });
  }
  await setEach(models.Search, 'nextCheckAt', moved);
  return report;
}
