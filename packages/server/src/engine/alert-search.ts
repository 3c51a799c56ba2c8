/**
 * An alert → the server-side searches that check it, one per platform. Only what the search API
 * can filter goes in (query, categories, price range, postcode + distance, delivery, conditions);
 * everything else is the matcher's per-alert work. Alerts whose searches are equal share one
 * (same canonicalSearchKey).
 */
import {
  CONDITION_ATTRIBUTE_IDS,
  CONDITIONS,
  type Condition,
  type PlatformId,
} from '@prijsalarm/core';
import type { Config } from '../config/env';
import type { Alert } from '../models';
import { canonicalSearchKey, platformSearchDefaults, type MarketplaceSearch } from './marketplace';

export type SearchableAlert = Pick<
  Alert,
  | 'searchTerm'
  | 'platforms'
  | 'minPriceCents'
  | 'maxPriceCents'
  | 'postalCode'
  | 'distanceKm'
  | 'l1CategoryId'
  | 'l2CategoryId'
  | 'deliveryMethod'
  | 'customFilters'
> &
  Partial<Pick<Alert, 'priceDropEnabled'>>;

/** The conditions an alert asks for (customFilters.conditions), unknown values dropped. */
export function alertConditions(alert: Pick<Alert, 'customFilters'>): Condition[] {
  const asked = alert.customFilters?.conditions;
  if (!Array.isArray(asked)) return [];
  return asked.filter((value): value is Condition =>
    (CONDITIONS as readonly unknown[]).includes(value),
  );
}

export function alertSearch(alert: SearchableAlert, platform: PlatformId): MarketplaceSearch {
  const located = Boolean(alert.postalCode) && alert.distanceKm != null && alert.distanceKm > 0;
  return {
    platform,
    query: alert.searchTerm,
    l1CategoryId: alert.l1CategoryId ?? null,
    l2CategoryId: alert.l1CategoryId != null ? (alert.l2CategoryId ?? null) : null,
    minPriceCents: alert.minPriceCents ?? null,
    // Price drops: ads above the max price are read too (the matcher skips them), so one that
    // gets cheap enough later is known (engine/price-drops.ts).
    maxPriceCents: alert.priceDropEnabled ? null : (alert.maxPriceCents ?? null),
    // The API ignores a postcode without a distance; a distance without a postcode means nothing.
    postalCode: located ? alert.postalCode : null,
    distanceKm: located ? alert.distanceKm : null,
    delivery: alert.deliveryMethod === 'both' ? null : alert.deliveryMethod,
    conditionIds: alertConditions(alert).map((condition) => CONDITION_ATTRIBUTE_IDS[condition]),
    ...platformSearchDefaults(platform),
  };
}

export interface PlatformSearch {
  platform: PlatformId;
  key: string;
  search: MarketplaceSearch;
}

/** One search per platform of the alert (an alert on both platforms has two). */
export function alertSearches(alert: SearchableAlert): PlatformSearch[] {
  return [...new Set(alert.platforms)].map((platform) => {
    const search = alertSearch(alert, platform);
    return { platform, key: canonicalSearchKey(search), search };
  });
}

/** How often the alert wants checking: CHECK_INTERVAL_SECONDS for every plan when set. */
export function alertIntervalSeconds(
  alert: Pick<Alert, 'checkIntervalMinutes'>,
  config: Pick<Config, 'checkIntervalSeconds'>,
): number {
  if (config.checkIntervalSeconds !== null) return config.checkIntervalSeconds;
  return Math.max(1, Math.round(alert.checkIntervalMinutes * 60));
}
