/**
 * One new listing against a set of alerts, shared by per-search polling (check-search.ts) and the
 * feed (feed/feed-reader.ts): the matcher decides per alert, and the ad page is read (cached by the
 * client) only when an alert's answer depends on it — a private-seller filter on a listing the
 * search did not mark, or a Pro alert's match (exact posting time).
 */
import type { Alert } from '../models';
import {
  alertFilters,
  matchListing,
  wantsDetail,
  type AlertFilters,
  type MatchResult,
} from './matcher';
import {
  applyDetail,
  type Listing,
  type MarketplaceClient,
  type MarketplaceFailure,
} from './marketplace';

export type AlertWithFilters = { alert: Alert; filters: AlertFilters };

/** Each alert with its filters, resolved once per run (owner's plan now, the paid-ads setting). */
export function withFilters(alerts: readonly Alert[], filterPaidAds: boolean): AlertWithFilters[] {
  return alerts.map((alert) => ({
    alert,
    filters: alertFilters(alert, { ownerPlan: alert.user?.plan ?? null, filterPaidAds }),
  }));
}

/** The matcher's first answer for a listing, and whether its ad page must be read to finish. */
export interface MatchPlan {
  listing: Listing;
  alerts: readonly AlertWithFilters[];
  results: MatchResult[];
  readPage: boolean;
}

/**
 * Matches without the ad page and says whether the page is needed: always when an answer depends
 * on it (a private-seller filter on a listing the search did not mark), for a Pro alert's exact
 * posting time only when `mayReadForPostingTime` allows (asked once, only then).
 */
export function planMatch(
  listing: Listing,
  alerts: readonly AlertWithFilters[],
  options: {
    /**
     * May the ad page be read only for a Pro alert's exact posting time (no answer depends on
     * it)? Default yes (per-search checks); the feed says no: its deliveries never wait for it.
     */
    mayReadForPostingTime?: () => boolean;
  } = {},
): MatchPlan {
  const results = alerts.map(({ filters }) => matchListing(listing, filters));
  const decides = alerts.some(({ filters }, i) => {
    const result = results[i]!;
    return !result.match && wantsDetail(listing, filters, result);
  });
  const forTime = alerts.some(({ filters }, i) => {
    const result = results[i]!;
    return result.match && wantsDetail(listing, filters, result);
  });
  const readPage = decides || (forTime && (options.mayReadForPostingTime?.() ?? true));
  return { listing, alerts, results, readPage };
}

/**
 * The alerts the listing matches, with the listing as matched (ad page applied when the plan
 * reads it). A host cool-down while reading the ad page is returned as is (the caller stops and
 * retries later); a vanished ad (`gone`) notifies nobody.
 */
export async function finishMatch(
  client: Pick<MarketplaceClient, 'fetchDetail'>,
  logger: { warn(obj: object, msg: string): void },
  plan: MatchPlan,
): Promise<{ listing: Listing; alerts: Alert[] } | MarketplaceFailure> {
  const { listing, alerts } = plan;
  let current = listing;
  let results = plan.results;
  if (plan.readPage) {
    const detail = await client.fetchDetail(listing);
    if (detail.status === 'cooling-down') return detail;
    if (detail.status === 'gone') return { listing, alerts: [] };
    if (detail.status === 'ok') current = applyDetail(listing, detail.detail);
    else logger.warn({ listingId: listing.id, detail }, 'ad page unreadable; matching without it');
    results = alerts.map(({ filters }) => matchListing(current, filters, { detailRead: true }));
  }
  return {
    listing: current,
    alerts: alerts.filter((_, i) => results[i]!.match).map(({ alert }) => alert),
  };
}

/** planMatch then finishMatch: one listing, its ad page read when needed. */
export function matchWithDetail(
  client: Pick<MarketplaceClient, 'fetchDetail'>,
  logger: { warn(obj: object, msg: string): void },
  listing: Listing,
  alerts: readonly AlertWithFilters[],
  options: Parameters<typeof planMatch>[2] = {},
): Promise<{ listing: Listing; alerts: Alert[] } | MarketplaceFailure> {
  return finishMatch(client, logger, planMatch(listing, alerts, options));
}
