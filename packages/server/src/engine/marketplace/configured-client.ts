/** The marketplace client of a worker process, built from the configuration. */
import { Redis } from 'ioredis';
import type { Config } from '../../config/env';
import type { Logger } from '../../logger';
import { marketplaceStatusLabel, type Metrics } from '../../metrics';
import {
  createMarketplaceClient,
  createSharedHostPolicy,
  type HostPolicy,
  type MarketplaceClient,
} from '.';

/** The cool-down ladder doubles up to this (or the first step, if that is longer). */
const COOLDOWN_MAX_MS = 5 * 60_000;
/** How long a new client waits for Redis before its first request spaces without it. */
const REDIS_CONNECT_WAIT_MS = 2000;
/** A Redis that hangs must not hold requests: after this the process spaces on its own. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

type ClientConfig = Pick<
  Config,
  | 'marktplaatsBaseUrl'
  | 'tweedehandsBaseUrl'
  | 'marketplaceRate'
  | 'engine'
  | 'redisUrl'
  | 'redisPrefix'
>;

/**
 * The feed's ad pages (read by the match-listing-pages job in a worker) get this part of the
 * feed's share, on a client of their own: behind the worker's checks they would wait minutes.
 */
export const FEED_PAGE_SHARE = 0.2;

/**
 * Who gets which part of MARKETPLACE_RATE per host — the one place it is split: the feed's visits
 * (scheduler), its ad pages and the per-search checks (workers). Together they make 1.
 */
export function rateShares(engine: Config['engine']): {
  feedVisits: number;
  feedPages: number;
  checks: number;
} {
  if (!engine.feedEnabled) return { feedVisits: 0, feedPages: 0, checks: 1 };
  return {
    feedVisits: engine.feedRateShare * (1 - FEED_PAGE_SHARE),
    feedPages: engine.feedRateShare * FEED_PAGE_SHARE,
    checks: 1 - engine.feedRateShare,
  };
}

export function marketplaceClientFor(
  config: ClientConfig,
  logger: Logger,
  /**
   * This client's share of MARKETPLACE_RATE per host (default all of it): with the feed on, the
   * feed's client and the workers' checks split it, so together they stay within the rate. With
   * REDIS_URL the share is one budget for every process (shared-host-policy.ts).
   */
  rateShare = 1,
  /** The process's metrics: every request counted by host and status. */
  metrics: Metrics | null = null,
): MarketplaceClient {
  const marketplaceLogger = logger.child({ component: 'marketplace' });
  const ratePerSecond = config.marketplaceRate * rateShare;
  const cooldownInitialMs = config.engine.marketplaceCooldownMs;
  const cooldownMaxMs = Math.max(COOLDOWN_MAX_MS, cooldownInitialMs);
  return createMarketplaceClient({
    baseUrls: { marktplaats: config.marktplaatsBaseUrl, '2dehands': config.tweedehandsBaseUrl },
    ratePerSecond,
    logger: marketplaceLogger,
    cooldownInitialMs,
    cooldownMaxMs,
    ...(metrics
      ? {
          onResponse: (host: string, statusCode: number | null) =>
            metrics.marketplaceRequests.inc({ host, status: marketplaceStatusLabel(statusCode) }),
        }
      : {}),
    ...(config.redisUrl
      ? {
          hostPolicy: redisHostPolicy(config.redisUrl, marketplaceLogger, {
            prefix: config.redisPrefix,
            ratePerSecond,
            // Every process's client of this share spaces on one key per host.
            budget: `share-${Number(rateShare.toFixed(6))}`,
            cooldownInitialMs,
            cooldownMaxMs,
          }),
        }
      : {}),
  });
}

/**
 * The client's own Redis connection, set up like the HTTP limits' one (boot.ts): a command never
 * waits for a lost connection, it fails at once and the policy spaces locally until Redis is back.
 */
function redisHostPolicy(
  redisUrl: string,
  logger: Logger,
  options: {
    prefix: string;
    ratePerSecond: number;
    budget: string;
    cooldownInitialMs: number;
    cooldownMaxMs: number;
  },
): HostPolicy {
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectionName: 'prijsalarm-marketplace-rate',
  });
  client.on('error', (error: unknown) =>
    logger.debug({ err: error }, 'redis marketplace-rate connection error'),
  );
  const ready = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECT_WAIT_MS);
    timer.unref();
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return createSharedHostPolicy({
    client,
    ...options,
    logger,
    ready,
    onClose: () => client.disconnect(),
  });
}
