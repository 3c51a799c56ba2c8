/**
 * GET /stats/listings-today through the running server: the ads the engine saw today, each once
 * however many searches saw it, yesterday's not; public and cacheable for a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_STATS_MAX_AGE_SECONDS, type ListingsTodayStats } from '@prijsalarm/core';
import { cachedListingsToday } from '../../commands/public-stats';
import { addDays, localDate, startOfLocalDay } from '../../lib/calendar';
import { startTestServer, type TestServer } from '../../../test/support';

let server: TestServer;
beforeAll(async () => (server = await startTestServer({ env: { RATE_LIMITS: 'off' } })));
afterAll(() => server.stop());

const searches = new Set<string>();

async function seen(searchKey: string, listingId: string, lastSeenAt: Date) {
  if (!searches.has(searchKey)) {
    searches.add(searchKey);
    await server.models.Search.create({
      key: searchKey,
      platform: 'marktplaats',
      search: { platform: 'marktplaats', query: searchKey },
      intervalSeconds: 300,
    });
  }
  await server.models.SearchSeenListing.create({
    searchKey,
    listingId,
    priceCents: 1000,
    firstSeenAt: lastSeenAt,
    lastSeenAt,
  });
}

describe('GET /stats/listings-today', () => {
  it('counts the distinct ads the engine saw since the local day began', async () => {
    const now = new Date();
    const today = localDate(now);
    const beforeToday = new Date(startOfLocalDay(today).getTime() - 60_000);
    await seen('search-a', 'm100', now);
    await seen('search-b', 'm100', now); // the same ad seen by a second search: one ad
    await seen('search-a', 'm101', startOfLocalDay(today));
    await seen('search-a', 'm099', beforeToday);
    await seen('search-b', 'm098', startOfLocalDay(addDays(today, -3)));

    const res = await server.client().get<ListingsTodayStats>('/api/stats/listings-today');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ day: today, listingsChecked: 2 });
    expect(res.headers.get('cache-control')).toBe(
      `public, max-age=${PUBLIC_STATS_MAX_AGE_SECONDS}`,
    );
  });

  it('counts again only once the cached figure is a minute old', async () => {
    let now = new Date();
    const figure = cachedListingsToday(server.models, () => now);
    const first = (await figure()).listingsChecked;
    await seen('search-c', `m${Date.now()}`, now);
    expect((await figure()).listingsChecked).toBe(first);
    now = new Date(now.getTime() + PUBLIC_STATS_MAX_AGE_SECONDS * 1000);
    expect((await figure()).listingsChecked).toBe(first + 1);
  });
});
