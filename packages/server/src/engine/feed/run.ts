/**
 * Runs the feed in the scheduler role (under its leader lock, so one reader per platform in the
 * whole installation): one loop per platform that keeps the alert index current and visits the
 * category due next. Requests go through one client of the feed's own, at its share of
 * MARKETPLACE_RATE per host (ENGINE_FEED_RATE_SHARE); the workers' checks get the rest.
 */
import { L1_CATEGORY_KEYS, PLATFORM_IDS, type PlatformId } from '@prijsalarm/core';
import type { EngineContext } from '../check-search';
import { marketplaceClientFor, rateShares } from '../marketplace/configured-client';
import type { MarketplaceClient } from '../marketplace';
import type { AlertIndex } from './alert-index';
import { createFeedReader, type FeedOptions, type VisitOutcome } from './feed-reader';
import { createPostcodeLocator, type LocateOutcome } from './locate';
import { enqueueMatchJob, unmatchedBatches } from './match-listings';
import { processAlertIndex } from './process-index';
import { LISTING_RETENTION_MS, feedModels, pruneListings } from './store';

/** Every L1 category both sites share (their ids are the same). */
export const FEED_CATEGORIES: readonly number[] = [...new Set(Object.values(L1_CATEGORY_KEYS))];

/** The index is read again at most this often (changed alerts only). */
const INDEX_REFRESH_MS = 1_000;
/** Stored listings still unmatched this long after they were read are enqueued again. */
export const UNMATCHED_RETRY_MS = 5 * 60_000;
/** How often the safety net and the listings' pruning run. */
const HOUSEKEEPING_MS = 60_000;

export interface RunningFeed {
  index: AlertIndex;
  stop(): Promise<void>;
}

export interface StartFeedOptions extends Partial<
  Pick<FeedOptions, 'overlapMs' | 'minGapMs' | 'maxGapMs'>
> {
  client?: MarketplaceClient;
  platforms?: readonly PlatformId[];
  categories?: readonly number[];
  /** Each visit's outcome (the bench counts them). */
  onVisit?: (platform: PlatformId, l1: number, outcome: VisitOutcome) => void;
  /** Each postcode located (or not) for distance alerts. */
  onLocate?: (platform: PlatformId, outcome: LocateOutcome) => void;
  /**
   * Hand each stored batch to the worker role as a `match-listings` job (the scheduler does);
   * without it the feed matches inline (the bench, tests).
   */
  matchInWorkers?: boolean;
  /** Unmatched listings older than this are enqueued again (default UNMATCHED_RETRY_MS). */
  unmatchedRetryMs?: number;
}

export function startFeed(ctx: EngineContext, options: StartFeedOptions = {}): RunningFeed {
  const logger = ctx.logger.child({ component: 'feed' });
  const ownClient = options.client === undefined;
  // The feed's part of MARKETPLACE_RATE, computed as if the feed were on (a bench may start it).
  const visitShare = rateShares({ ...ctx.config.engine, feedEnabled: true }).feedVisits;
  const client =
    options.client ?? marketplaceClientFor(ctx.config, ctx.logger, visitShare, ctx.metrics);
  // Shared with this process's match jobs (embedded default: scheduler and worker in one).
  const { index, refreshAtMostEvery } = processAlertIndex(ctx);
  let stopped = false;
  let wake: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** One refresh at a time, shared by the platform loops. */
  const refreshIndex = () => refreshAtMostEvery(INDEX_REFRESH_MS);

  async function loop(platform: PlatformId): Promise<void> {
    const reader = createFeedReader(ctx, {
      platform,
      categories: options.categories ?? FEED_CATEGORIES,
      client,
      index,
      overlapMs: options.overlapMs ?? ctx.config.engine.feedOverlapMs,
      maxGapMs: options.maxGapMs ?? ctx.config.engine.feedMaxGapMs,
      minGapMs: options.minGapMs ?? Math.min(5_000, ctx.config.engine.feedMaxGapMs),
      requestsPerSecond: ctx.config.marketplaceRate * visitShare,
      ...(options.matchInWorkers
        ? { enqueueMatch: (batchId: string) => enqueueMatchJob(ctx, batchId) }
        : {}),
    });
    const locator = createPostcodeLocator(ctx, {
      platform,
      client,
      index,
      categories: options.categories ?? FEED_CATEGORIES,
    });
    while (!stopped) {
      try {
        await refreshIndex();
        // A distance alert's postcode first: until it is located only per-search polling serves it.
        const located = await locator.locateNext();
        if (located.status !== 'idle') {
          options.onLocate?.(platform, located);
          continue;
        }
        // Nothing to look for: no requests at all.
        if (index.sizeOf(platform) === 0) {
          await sleep(INDEX_REFRESH_MS);
          continue;
        }
        const due = await reader.nextDue();
        const wait = due.at - Date.now();
        if (wait > 0) {
          await sleep(Math.min(wait, INDEX_REFRESH_MS));
          continue;
        }
        const outcome = await reader.visit(due.l1);
        options.onVisit?.(platform, due.l1, outcome);
      } catch (error) {
        logger.error({ err: error, platform }, 'feed visit crashed; next one goes on');
        await sleep(INDEX_REFRESH_MS);
      }
    }
  }

  /**
   * The safety net (like the delivery relay): batches no worker matched in time — it died before
   * or the enqueue was lost — are enqueued again; listings past their retention are deleted.
   */
  async function housekeeping(): Promise<void> {
    while (!stopped) {
      try {
        const at = Date.now();
        if (options.matchInWorkers) {
          const retryMs = options.unmatchedRetryMs ?? UNMATCHED_RETRY_MS;
          const batches = await unmatchedBatches(ctx, new Date(at - retryMs));
          for (const batchId of batches) await enqueueMatchJob(ctx, batchId);
          if (batches.length > 0)
            logger.warn({ batches: batches.length }, 'unmatched listings enqueued again');
        }
        await pruneListings(feedModels(ctx.sequelize), new Date(at - LISTING_RETENTION_MS));
      } catch (error) {
        logger.error({ err: error }, 'feed housekeeping failed; next round goes on');
      }
      await sleepHousekeeping(
        Math.min(HOUSEKEEPING_MS, options.unmatchedRetryMs ?? HOUSEKEEPING_MS),
      );
    }
  }
  let wakeHousekeeping: (() => void) | null = null;
  const sleepHousekeeping = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeHousekeeping = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const platforms = options.platforms ?? PLATFORM_IDS;
  const loops = [...platforms.map((platform) => loop(platform)), housekeeping()];
  logger.info(
    { platforms, categories: (options.categories ?? FEED_CATEGORIES).length },
    'feed running',
  );
  return {
    index,
    async stop() {
      stopped = true;
      wake?.();
      wakeHousekeeping?.();
      await Promise.all(loops);
      if (ownClient) await client.close();
    },
  };
}
