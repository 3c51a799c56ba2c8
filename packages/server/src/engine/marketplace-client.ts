/** The marketplace client of a worker process, built from the configuration. */
import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { createMarketplaceClient, type MarketplaceClient } from './marketplace';

/** The cool-down ladder doubles up to this (or the first step, if that is longer). */
const COOLDOWN_MAX_MS = 5 * 60_000;

export function marketplaceClientFor(
  config: Pick<Config, 'marktplaatsBaseUrl' | 'tweedehandsBaseUrl' | 'marketplaceRate' | 'engine'>,
  logger: Logger,
): MarketplaceClient {
  return createMarketplaceClient({
    baseUrls: { marktplaats: config.marktplaatsBaseUrl, '2dehands': config.tweedehandsBaseUrl },
    ratePerSecond: config.marketplaceRate,
    logger: logger.child({ component: 'marketplace' }),
    cooldownInitialMs: config.engine.marketplaceCooldownMs,
    cooldownMaxMs: Math.max(COOLDOWN_MAX_MS, config.engine.marketplaceCooldownMs),
  });
}
