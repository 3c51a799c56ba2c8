/**
 * One new listing against a set of alerts, shared by per-search polling (check-search.ts) and the
 * feed (feed/feed-reader.ts): the matcher decides per alert, and the ad page is read (cached by the
 * client) only when an alert's answer depends on it — a private-seller filter on a listing the
 * search did not mark, or a Pro alert's match (exact posting time).
 */
import type { Alert } from '../models';
import { alertFilters, matchListing, wantsDetail, type AlertFilters } from './matcher';
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

/**
 * The alerts the listing matches, with the listing as matched (ad page applied when read). A host
 * cool-down while reading the ad page is returned as is (the caller stops and retries later); a
 * vanished ad (`gone`) notifies nobody.
 */
export async function matchWithDetail(
  client: Pick<MarketplaceClient, 'fetchDetail'>,
  logger: { warn(obj: object, msg: string): void },
  listing: Listing,
  alerts: readonly AlertWithFilters[],
  options: {
    /**
     * May the ad page be read only for a Pro alert's exact posting time (no answer depends on
     * it)? Default yes; the feed asks its page budget (feed/page-budget.ts) first.
     */
    mayReadForPostingTime?: () => boolean;
  } = {},
): Promise<{ listing: Listing; alerts: Alert[] } | MarketplaceFailure> {
  let current = listing;
  let results = alerts.map(({ filters }) => matchListing(current, filters));
  const decides = alerts.some(({ filters }, i) => {
    const result = results[i]!;
    return !result.match && wantsDetail(current, filters, result);
  });
  const forTime = alerts.some(({ filters }, i) => {
    const result = results[i]!;
    return result.match && wantsDetail(current, filters, result);
  });
  const needsPage = decides || (forTime && (options.mayReadForPostingTime?.() ?? true));
  if (needsPage) {
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
