/**
 * The scheduler role: reconciles searches and queues due checks (engine/scheduler), runs the
 * new-ads feed, sends expiry reminders, and runs the delivery relay, the payment sweep, the
 * retention sweep and the Telegram updates poller. One scheduler
 * runs per installation: with REDIS_URL a Redis lock decides, and a second scheduler waits.
 */
import { createHash } from 'node:crypto';
import { describeDatabase } from '../config/env';
import type { AppContext } from '../context';
import { createRedisLock, SCHEDULER_LOCK_KEY } from '../engine/leader-lock';
import { runAsLeader } from '../engine/leadership';
import { createScheduler, startSchedulerLoop } from '../engine/scheduler';
import { startFeed } from '../engine/feed/run';
import { startExpiryReminders } from '../delivery/expiry-reminders';
import { startDeliveryRelay } from '../delivery/relay';
import { startTelegramUpdates } from '../bots/telegram-updates';
import { databaseSizeBytes } from '../db/size';
import { searchReach } from '../engine/scheduler/reach';
import { observeInstallation, type InstallationSources, type QueueState } from '../metrics';
import { ALERT_ENGINE_JOB_NAMES } from '../queues';
import { startPaymentSweep } from './payment-sweep';
import { startRetentionSweep } from './retention-sweep';
import type { RunningService } from './types';

export async function start(ctx: AppContext): Promise<RunningService> {
  const logger = ctx.logger.child({ role: 'scheduler' });
  const tickMs = ctx.config.engine.schedulerTickMs;
  // Long enough to outlive a slow tick; renewed every third of it.
  const lockTtlMs = Math.max(30_000, 3 * tickMs);
  // One lock per installation (= per database), so installations sharing a Redis do not wait.
  const installation = createHash('sha256')
    .update(describeDatabase(ctx.config.database))
    .digest('hex')
    .slice(0, 16);
  const lock = ctx.config.redisUrl
    ? createRedisLock({
        redisUrl: ctx.config.redisUrl,
        key: `${SCHEDULER_LOCK_KEY}:${installation}`,
        ttlMs: lockTtlMs,
        logger,
      })
    : null;
  // The installation's gauges (queue, searches, database): one scheduler process exposes them.
  const unobserve = ctx.metrics ? observeInstallation(ctx.metrics, installationSources(ctx)) : null;
  const leadership = await runAsLeader({
    lock,
    renewEveryMs: Math.floor(lockTtlMs / 3),
    logger,
    lead: async () => {
      const loop = startSchedulerLoop(createScheduler(ctx), { tickMs, logger });
      // Re-queues deliveries left open by a crash or a lost job.
      const relay = startDeliveryRelay(ctx);
      const reminders = startExpiryReminders(ctx);
      // The bot's /start messages: one poller per bot, and there is one scheduler.
      const telegramUpdates = startTelegramUpdates(ctx);
      // Ends Pro after a cancel or a failed renewal's grace.
      const paymentSweep = startPaymentSweep(ctx);
      // Deletes what the retention setting lets go, in short batches.
      const retention = startRetentionSweep(ctx);
      // The new-ads feed: one reader per platform, here under the same leadership; it
      // stores the new listings and the worker role matches them (`match-listings` jobs).
      const feed = ctx.config.engine.feedEnabled ? startFeed(ctx, { matchInWorkers: true }) : null;
      logger.info({ tickMs }, 'scheduler running');
      return {
        async stop() {
          await loop.stop();
          await feed?.stop();
          await paymentSweep.stop();
          await retention.stop();
          await telegramUpdates?.stop();
          await reminders.stop();
          await relay.stop();
        },
      };
    },
  });
  return {
    name: 'scheduler',
    async stop() {
      await leadership.stop();
      unobserve?.();
      logger.info('scheduler stopped');
    },
  };
}

/** What the installation's gauges read when scraped: every job type, not only this process's. */
function installationSources(ctx: AppContext): InstallationSources {
  return {
    async queue() {
      const [counts, oldest] = await Promise.all([
        ctx.queue.counts(ALERT_ENGINE_JOB_NAMES),
        ctx.queue.oldestWaitingMs(ALERT_ENGINE_JOB_NAMES),
      ]);
      const states: Partial<Record<string, QueueState>> = {};
      for (const name of ALERT_ENGINE_JOB_NAMES) {
        const count = counts[name] ?? { waiting: 0, active: 0, delayed: 0, failed: 0 };
        states[name] = { ...count, oldestWaitingMs: oldest[name] ?? 0 };
      }
      return states;
    },
    searchReach: () => searchReach(ctx.models),
    databaseSizeBytes: () => databaseSizeBytes(ctx.sequelize, ctx.config.database),
  };
}
