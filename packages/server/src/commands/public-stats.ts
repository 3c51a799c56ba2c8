/**
 * The home page's live figure: distinct ads the engine saw today (local day), from the searches'
 * seen-sets, which every check refreshes (`lastSeenAt`). Counted at most once a minute per
 * process: the page is public, the count is not free.
 */
import { Op } from 'sequelize';
import { PUBLIC_STATS_MAX_AGE_SECONDS, type ListingsTodayStats } from '@prijsalarm/core';
import { localDate, startOfLocalDay } from '../lib/calendar';
import type { Models } from '../models';

export async function countListingsToday(
  { SearchSeenListing }: Pick<Models, 'SearchSeenListing'>,
  now: Date = new Date(),
): Promise<ListingsTodayStats> {
  const day = localDate(now);
  const listingsChecked = await SearchSeenListing.count({
    where: { lastSeenAt: { [Op.gte]: startOfLocalDay(day) } },
    distinct: true,
    col: 'listingId',
  });
  return { day, listingsChecked };
}

/** `countListingsToday`, remembered for PUBLIC_STATS_MAX_AGE_SECONDS. */
export function cachedListingsToday(
  models: Pick<Models, 'SearchSeenListing'>,
  clock: () => Date = () => new Date(),
): () => Promise<ListingsTodayStats> {
  let cached: { at: number; value: Promise<ListingsTodayStats> } | null = null;
  return () => {
    const now = clock();
    if (!cached || now.getTime() - cached.at >= PUBLIC_STATS_MAX_AGE_SECONDS * 1000) {
      const value = countListingsToday(models, now);
      cached = { at: now.getTime(), value };
      // A failed count is not remembered.
      value.catch(() => {
        if (cached?.value === value) cached = null;
      });
    }
    return cached.value;
  };
}
