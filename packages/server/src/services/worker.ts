/**
 * The worker role: runs queued jobs — search checks (engine/check-search.ts), the feed's
 * `match-listings` batches (engine/feed/match-listings.ts) and deliveries.
 */
import type { AppContext } from '../context';
import { createSearchChecker } from '../engine/check-search';
import { processMatchJobs } from '../engine/feed/match-listings';
import { marketplaceClientFor, rateShares } from '../engine/marketplace/configured-client';
import { DEFAULT_DRAIN_TIMEOUT_MS } from '../queues';
import { startDeliveryWorker } from '../delivery/deliver';
import type { RunningService } from './types';

export async function start(ctx: AppContext): Promise<RunningService> {
  const logger = ctx.logger.child({ role: 'worker' });
  // One marketplace client per process: its rate limiter and cool-down cover every check here
  // (with REDIS_URL, every worker's checks: one budget in Redis). With the feed on, the feed's
  // client takes its share of MARKETPLACE_RATE and checks the rest.
  const shares = rateShares(ctx.config.engine);
  const client = marketplaceClientFor(ctx.config, logger, shares.checks, ctx.metrics);
  const checker = createSearchChecker(ctx, { client });
  await ctx.queue.process(
    'check-search',
    async ({ searchKey }) => {
      await checker.check(searchKey);
    },
    { concurrency: ctx.config.engine.checkConcurrency },
  );
  // The feed's new listings, matched here with this process's alert index; their
  // ad pages through a client of their own, out of the feed's share.
  const pageClient = ctx.config.engine.feedEnabled
    ? marketplaceClientFor(ctx.config, logger, shares.feedPages, ctx.metrics)
    : null;
  if (pageClient) await processMatchJobs(ctx, pageClient);
  logger.info({ checkConcurrency: ctx.config.engine.checkConcurrency }, 'worker started');
  // Deliveries on every channel; running ones finish when boot closes the queue.
  await startDeliveryWorker(ctx);
  return {
    name: 'worker',
    async stop() {
      // Running checks still use the client: take no new jobs, let them finish, then close it.
      await ctx.queue.pause();
      await ctx.queue.drain(DEFAULT_DRAIN_TIMEOUT_MS);
      await client.close();
      await pageClient?.close();
      logger.info('worker stopped');
    },
  };
}
