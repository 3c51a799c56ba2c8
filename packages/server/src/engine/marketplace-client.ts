/** The marketplace client of a worker process, built from the configuration. */
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { createMarketplaceClient, type MarketplaceClient } from './marketplace';

/** The cool-down ladder doubles up to this (or the first step, if that is longer). */
const COOLDOWN_MAX_MS = 5 * 60_000;

export function marketplaceClientFor(
  config: Pick<Config, 'marktplaatsBaseUrl' | 'tweedehandsBaseUrl' | 'marketplaceRate' | 'engine'>,
  logger: Logger,
  /**
   * This client's share of MARKETPLACE_RATE per host (default all of it): with the feed on, the
   * feed's client and the workers' checks split it, so together they stay within the rate.
   */
  rateShare = 1,
): MarketplaceClient {
  return createMarketplaceClient({
    baseUrls: { marktplaats: config.marktplaatsBaseUrl, '2dehands': config.tweedehandsBaseUrl },
    ratePerSecond: config.marketplaceRate * rateShare,
    logger: logger.child({ component: 'marketplace' }),
    cooldownInitialMs: config.engine.marketplaceCooldownMs,
    cooldownMaxMs: Math.max(COOLDOWN_MAX_MS, config.engine.marketplaceCooldownMs),
  });
}
