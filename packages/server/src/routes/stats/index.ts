/**
 * GET /stats/listings-today: the home page's live figure (ads the engine checked today). Public,
 * counted at most once a minute, and cacheable for as long by browsers and shared caches.
 */
import { API_CONTRACT, PUBLIC_STATS_MAX_AGE_SECONDS } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { cachedListingsToday } from '../../commands/public-stats';
import { route, type BoundRoute } from '../../http/contract-route';

export default function statsRoutes({ models }: AppContext): BoundRoute[] {
  const listingsToday = cachedListingsToday(models);
  return [
    route(API_CONTRACT.stats.listingsToday, async (_req, res) => {
      res.setHeader('Cache-Control', `public, max-age=${PUBLIC_STATS_MAX_AGE_SECONDS}`);
      return listingsToday();
    }),
  ];
}
