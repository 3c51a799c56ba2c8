import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LAST_IN_DAY,
  createVirtualClock,
  startMarketplaceDouble,
  type MarketplaceDouble,
  type VirtualClock,
} from '../../../../../tests/doubles/marketplace';
import {
  DEFAULT_MARKETPLACE_USER_AGENT,
  createMarketplaceClient,
  type MarketplaceClient,
  type MarketplaceClientOptions,
} from './client';
import type { MarketplaceSearch } from './search-query';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 12:00 in Amsterdam. */
const NOON = Date.UTC(2026, 2, 10, 11, 0, 0);
const fiets: MarketplaceSearch = { platform: 'marktplaats', query: 'fiets' };
const silent = { warn: () => {} };

let clock: VirtualClock;
let double: MarketplaceDouble;
let client: MarketplaceClient;
const clientClock = {
  now: () => clock.now(),
  sleep: (ms: number) => clock.sleep(ms),
};

beforeAll(async () => {
  clock = createVirtualClock(NOON);
  double = await startMarketplaceDouble({ now: () => clock.now(), seed: 7 });
});
afterAll(async () => {
  await double.stop();
});
beforeEach(() => {
  clock = createVirtualClock(NOON);
  double.reset();
});
afterEach(async () => {
  await client?.close();
});

function newClient(options: Partial<MarketplaceClientOptions> = {}): MarketplaceClient {
  client = createMarketplaceClient({
    baseUrls: double.baseUrl,
    logger: silent,
    ...clientClock,
    ...options,
  });
  return client;
}

function searchRequests() {
  return double.requests.filter((entry) => entry.path === '/lrp/api/search');
}

/** `count` fiets ads posted on the day `daysAgo` before today, spread over that day's hours. */
function publishDay(count: number, daysAgo: number, title = 'fiets') {
  const dayStart = NOON - 11 * HOUR - daysAgo * DAY;
  return Array.from({ length: count }, (_, index) =>
    double.publish({
      title: `${title} ${index}`,
      postedAt: dayStart + Math.floor((index * 10 * HOUR) / count),
    }),
  );
}

describe('identification and connections', () => {
  it('sends the identifying User-Agent and a Dutch Accept-Language', async () => {
    newClient();
    await client.searchPage(fiets);
    await client.searchPage({ platform: '2dehands', query: 'fiets' });
    const [nl, be] = searchRequests();
    expect(nl?.headers['user-agent']).toBe('PrijsalarmBot/0.1 (+https://prijsalarm.nl/bot)');
    expect(DEFAULT_MARKETPLACE_USER_AGENT).toBe('PrijsalarmBot/0.1 (+https://prijsalarm.nl/bot)');
    expect(nl?.headers['accept-language']).toMatch(/^nl-NL/);
    expect(be?.headers['accept-language']).toMatch(/^nl-BE/);
  });

  it('keeps one connection alive per host across requests', async () => {
    newClient({ ratePerSecond: 1000 });
    publishDay(3, 0);
    for (let i = 0; i < 5; i++) await client.searchPage(fiets);
    await client.searchPage({ platform: '2dehands', query: 'fiets' });
    expect(searchRequests()).toHaveLength(6);
    expect(double.connections('marktplaats')).toBe(1);
    expect(double.connections('2dehands')).toBe(1);
  });
});

describe('fetchNewListings: paging back to the previous check', () => {
  it('finds new ads anywhere in today’s block (date sort orders by day, not time), past pinned paid ads', async () => {
    newClient({ ratePerSecond: 1000 });
    // The previous check saw all of this: 150 ads of today, 100 of yesterday, 3 dagtoppers of last
    // week pinned on top, and an Admarkt ad injected inline.
    const seen = [
      ...publishDay(150, 0),
      ...publishDay(100, 1),
      ...[0, 1, 2].map((i) =>
        double.publish({
          title: `fiets topper ${i}`,
          priorityProduct: 'DAGTOPPER',
          postedAt: NOON - 6 * DAY,
        }),
      ),
      double.publish({ title: 'fietsenwinkel', admarkt: true, postedAt: NOON - 9 * DAY }),
    ];
    const seenIds = new Set(seen.map((ad) => ad.itemId));
    clock.advance(HOUR);
    const fresh = publishDay(6, 0, 'fiets nieuw').map((ad) => ad.itemId);

    // Precondition of the quirk: some new ads sort after already-seen ads of today, on page 2.
    const page2 = await client.searchPage(fiets, { offset: 100 });
    if (page2.status !== 'ok') throw new Error(page2.status);
    expect(page2.listings.some((listing) => fresh.includes(listing.id))).toBe(true);
    double.requests.length = 0;

    const result = await client.fetchNewListings(fiets, { seenIds });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings.map((listing) => listing.id).sort()).toEqual([...fresh].sort());
    expect(result.stoppedBy).toBe('day-boundary');
    expect(searchRequests().map((entry) => entry.query.get('offset'))).toEqual(['0', '100']);
  });

  it('stops after the first page when the seen ads’ day ends on it', async () => {
    newClient({ ratePerSecond: 1000 });
    const seenIds = new Set([...publishDay(20, 0), ...publishDay(150, 1)].map((ad) => ad.itemId));
    const fresh = double.publish({ title: 'fiets nieuw' });
    const result = await client.fetchNewListings(fiets, { seenIds });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings.map((listing) => listing.id)).toEqual([fresh.itemId]);
    expect(result.pagesFetched).toBe(1);
    expect(result.stoppedBy).toBe('day-boundary');
  });

  it('returns new paid ads flagged, and a pinned ad that was seen does not end the paging', async () => {
    newClient({ ratePerSecond: 1000 });
    const pinned = double.publish({
      title: 'fiets topper',
      priorityProduct: 'DAGTOPPER',
      postedAt: NOON - 9 * DAY,
    });
    const seenIds = new Set([pinned.itemId, ...publishDay(5, 1).map((ad) => ad.itemId)]);
    const todays = publishDay(3, 0).map((ad) => ad.itemId);
    const newTopper = double.publish({ title: 'fiets topper 2', priorityProduct: 'DAGTOPPER' });
    const result = await client.fetchNewListings(fiets, { seenIds });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings.map((listing) => listing.id).sort()).toEqual(
      [...todays, newTopper.itemId].sort(),
    );
    expect(result.listings.find((listing) => listing.id === newTopper.itemId)?.paid.isPaid).toBe(
      true,
    );
  });

  it.each([1, 2, 3])('page cap %i: a too broad search stops at the cap', async (pageCap) => {
    newClient({ ratePerSecond: 1000 });
    publishDay(350, 0);
    const result = await client.fetchNewListings(fiets, { seenIds: new Set(), pageCap });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.stoppedBy).toBe('page-cap');
    expect(result.pagesFetched).toBe(pageCap);
    expect(result.listings).toHaveLength(pageCap * 100);
    expect(searchRequests()).toHaveLength(pageCap);
  });

  it('the default page cap is 3', async () => {
    newClient({ ratePerSecond: 1000 });
    publishDay(450, 0);
    await client.fetchNewListings(fiets);
    expect(searchRequests().map((entry) => entry.query.get('offset'))).toEqual(['0', '100', '200']);
  });

  it('stops at the end of the results', async () => {
    newClient({ ratePerSecond: 1000 });
    publishDay(130, 0);
    const result = await client.fetchNewListings(fiets);
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result).toMatchObject({ stoppedBy: 'end-of-results', pagesFetched: 2 });
    expect(result.listings).toHaveLength(130);
  });

  it('an isSeen predicate works like a seen-set', async () => {
    newClient({ ratePerSecond: 1000 });
    const old = publishDay(10, 1);
    const fresh = double.publish({ title: 'fiets nieuw' });
    const oldIds = new Set(old.map((ad) => ad.itemId));
    const result = await client.fetchNewListings(fiets, {
      isSeen: (listing) => oldIds.has(listing.id),
    });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings.map((listing) => listing.id)).toEqual([fresh.itemId]);
  });

  it('returns what it has when a later page fails', async () => {
    newClient({ ratePerSecond: 1000 });
    publishDay(150, 0);
    double.inject({ status: 403, target: 'search', after: 1 });
    const result = await client.fetchNewListings(fiets);
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.stoppedBy).toBe('failure');
    expect(result.failure?.status).toBe('cooling-down');
    expect(result.listings).toHaveLength(100);
  });
});

describe('late-indexed ads: every day the previous read could not see whole', () => {
  const MIDNIGHT = NOON + 12 * HOUR;

  /** 230 ads of the day before MIDNIGHT, read by a check at 23:40. */
  function busyEvening() {
    clock.set(MIDNIGHT - 20 * 60_000);
    const evening = Array.from({ length: 230 }, (_, n) =>
      double.publish({ title: `fiets ${n}`, postedAt: MIDNIGHT - 12 * HOUR + n * 3 * 60_000 }),
    );
    return { seen: new Set(evening.map((ad) => ad.itemId)), since: clock.now() };
  }

  it('after midnight, an ad of yesterday indexed late and sorted last is found on page 3', async () => {
    newClient({ ratePerSecond: 1000 });
    const { seen, since } = busyEvening();
    clock.set(MIDNIGHT + 20 * 60_000);
    const today = double.publish({ title: 'fiets vannacht', postedAt: MIDNIGHT + 5 * 60_000 });
    seen.add(today.itemId);
    const late = double.publish({
      title: 'fiets laat',
      postedAt: MIDNIGHT - 3 * 60_000,
      daySortKey: LAST_IN_DAY,
    });

    const result = await client.fetchNewListings(fiets, { seenIds: seen, since, pageCap: 50 });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings.map((listing) => listing.id)).toEqual([late.itemId]);
    expect(result.listings[0]?.dayLabel).toBe('Gisteren');
    expect(searchRequests().map((entry) => entry.query.get('offset'))).toEqual(['0', '100', '200']);
    expect(result.siteTime).toBe(MIDNIGHT + 20 * 60_000);
  });

  it('a read long after midnight stops where yesterday begins', async () => {
    newClient({ ratePerSecond: 1000 });
    const { seen } = busyEvening();
    clock.set(MIDNIGHT + 3 * HOUR);
    const today = double.publish({ title: 'fiets vannacht', postedAt: MIDNIGHT + HOUR });
    const result = await client.fetchNewListings(fiets, {
      seenIds: seen,
      since: MIDNIGHT + 2 * HOUR,
      pageCap: 50,
    });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings.map((listing) => listing.id)).toEqual([today.itemId]);
    expect(result).toMatchObject({ stoppedBy: 'day-boundary', pagesFetched: 1 });
  });

  it('an unseen ad of a day already read through is not reported', async () => {
    newClient({ ratePerSecond: 1000 });
    const older = publishDay(3, 2);
    const result = await client.fetchNewListings(fiets, { seenIds: new Set(), since: NOON - HOUR });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings).toEqual([]);
    expect(older).toHaveLength(3);
  });

  it('the day to read from follows the site’s clock (Date header), not ours', async () => {
    // Our clock says 11:00 the next day; the site's answers say noon today.
    newClient({ ratePerSecond: 1000, now: () => clock.now() + DAY - HOUR });
    const todays = publishDay(2, 0).map((ad) => ad.itemId);
    const result = await client.fetchNewListings(fiets, { seenIds: new Set() });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.listings.map((listing) => listing.id).sort()).toEqual([...todays].sort());
    expect(result.siteTime).toBe(NOON);
  });
});

describe('204 No Content', () => {
  it.each([
    ['injected by the host', true],
    ['when nothing matches', false],
  ])('%s is an empty result', async (_rule, inject) => {
    newClient();
    if (inject) {
      publishDay(5, 0);
      double.inject({ status: 204 });
    }
    const page = await client.searchPage(fiets);
    expect(page).toMatchObject({ status: 'ok', noContent: true, listings: [], topBlock: [] });
    const result = await client.fetchNewListings(fiets);
    expect(result).toMatchObject({
      status: 'ok',
      listings: inject ? expect.any(Array) : [],
      stoppedBy: 'end-of-results',
    });
  });
  it('on the first page it is no real answer (noContent); later it means busy: a failure', async () => {
    newClient({ ratePerSecond: 1000 });
    publishDay(150, 0);
    double.inject({ status: 204, target: 'search' });
    expect(await client.fetchNewListings(fiets)).toMatchObject({
      status: 'ok',
      noContent: true,
      listings: [],
    });
    double.inject({ status: 204, target: 'search', after: 1 });
    const result = await client.fetchNewListings(fiets);
    expect(result).toMatchObject({
      status: 'ok',
      noContent: false,
      stoppedBy: 'failure',
      failure: { status: 'error', httpStatus: 204 },
    });
  });
});

describe('429 and 5xx: backoff', () => {
  it.each([
    ['429 with Retry-After 7', 429, 7, 7000],
    ['503 with Retry-After 2', 503, 2, 2000],
  ] as const)(
    '%s: waits exactly that long, then succeeds',
    async (_rule, status, retryAfter, waited) => {
      newClient();
      publishDay(2, 0);
      double.inject({ status, retryAfter });
      const page = await client.searchPage(fiets);
      expect(page.status).toBe('ok');
      expect(clock.sleeps).toEqual([waited]);
      const [first, second] = searchRequests();
      expect(second!.at - first!.at).toBe(waited);
    },
  );

  it('a Retry-After longer than a minute cools the host down instead of sleeping', async () => {
    newClient();
    double.inject({ status: 429, retryAfter: 600 });
    const page = await client.searchPage(fiets);
    expect(page).toMatchObject({ status: 'cooling-down', retryInMs: 600_000 });
    expect(clock.sleeps).toEqual([]);
    expect(await client.searchPage(fiets)).toMatchObject({ status: 'cooling-down' });
    expect(searchRequests()).toHaveLength(1);
  });

  it.each([0.25, 0.5, 0.999])(
    'full jitter (random %s): each wait is random·min(cap, base·2ⁿ)',
    async (r) => {
      newClient({
        ratePerSecond: 1000,
        random: () => r,
        backoffBaseMs: 1000,
        backoffCapMs: 30_000,
      });
      double.inject({ status: 500, times: 3 });
      const page = await client.searchPage(fiets);
      expect(page.status).toBe('ok');
      expect(clock.sleeps).toEqual([1000, 2000, 4000].map((ceiling) => Math.floor(r * ceiling)));
      clock.sleeps.forEach((ms, attempt) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThan(1000 * 2 ** attempt);
      });
    },
  );

  it('the backoff is capped', async () => {
    newClient({
      ratePerSecond: 1000,
      random: () => 0.999,
      backoffBaseMs: 1000,
      backoffCapMs: 1500,
    });
    double.inject({ status: 502, times: 3 });
    await client.searchPage(fiets);
    expect(clock.sleeps).toEqual([999, 1498, 1498]);
  });

  it.each([
    ['500', 500],
    ['429 without Retry-After', 429],
  ] as const)('gives up after the bounded retries on %s', async (_rule, status) => {
    newClient({ ratePerSecond: 1000, maxRetries: 3, random: () => 0.5 });
    double.inject({ status, times: 10 });
    const page = await client.searchPage(fiets);
    expect(page).toMatchObject({ status: 'error', httpStatus: status, attempts: 4 });
    expect(searchRequests()).toHaveLength(4);
  });

  it('retries network errors with backoff, then gives up', async () => {
    newClient({
      baseUrls: { marktplaats: 'http://127.0.0.1:1' },
      ratePerSecond: 1000,
      random: () => 0.5,
    });
    const page = await client.searchPage(fiets);
    expect(page).toMatchObject({ status: 'error', httpStatus: null, attempts: 4 });
    expect(clock.sleeps).toEqual([500, 1000, 2000]);
  });

  it.each([400, 404])('a %i is not retried', async (status) => {
    newClient();
    double.inject({ status });
    const page = await client.searchPage(fiets);
    expect(page).toMatchObject({ status: 'error', httpStatus: status });
    expect(searchRequests()).toHaveLength(1);
  });
});

describe('403: cool-down per host', () => {
  it('30 s, doubling with repeated 403s up to 5 min, and nothing is sent while cooling down', async () => {
    newClient();
    double.inject({ status: 403, times: 100, platform: 'marktplaats' });
    const ladder: number[] = [];
    for (let i = 0; i < 6; i++) {
      const blocked = await client.searchPage(fiets);
      if (blocked.status !== 'cooling-down') throw new Error(blocked.status);
      ladder.push(blocked.retryInMs);
      const requestsSoFar = searchRequests().length;
      // Asked again during the cool-down: answered without touching the host.
      expect(await client.searchPage(fiets)).toMatchObject({
        status: 'cooling-down',
        until: blocked.until,
      });
      expect(searchRequests()).toHaveLength(requestsSoFar);
      clock.set(blocked.until);
    }
    expect(ladder).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
  });

  it('a success resets the ladder', async () => {
    newClient();
    double.inject({ status: 403, times: 2, platform: 'marktplaats' });
    const first = await client.searchPage(fiets);
    if (first.status !== 'cooling-down') throw new Error(first.status);
    clock.set(first.until);
    const second = await client.searchPage(fiets);
    if (second.status !== 'cooling-down') throw new Error(second.status);
    expect(second.retryInMs).toBe(60_000);
    clock.set(second.until);
    expect((await client.searchPage(fiets)).status).toBe('ok');
    double.inject({ status: 403, platform: 'marktplaats' });
    expect(await client.searchPage(fiets)).toMatchObject({
      status: 'cooling-down',
      retryInMs: 30_000,
    });
  });

  it.each([
    ['shorter than the step: the step', 10, 30_000],
    ['longer than the step: the Retry-After', 90, 90_000],
  ])('a 403 with a Retry-After %s', async (_rule, retryAfter, waited) => {
    newClient();
    double.inject({ status: 403, retryAfter });
    expect(await client.searchPage(fiets)).toMatchObject({
      status: 'cooling-down',
      retryInMs: waited,
    });
  });

  it('only the blocked host cools down', async () => {
    newClient();
    double.inject({ status: 403, platform: 'marktplaats' });
    expect((await client.searchPage(fiets)).status).toBe('cooling-down');
    expect((await client.searchPage({ platform: '2dehands', query: 'fiets' })).status).toBe('ok');
    expect(client.coolingDownUntil('marktplaats')).toBe(NOON + 30_000);
    expect(client.coolingDownUntil('2dehands')).toBeNull();
  });
});

describe('rate limit per host (MARKETPLACE_RATE)', () => {
  it.each([
    [1, 1000],
    [2, 500],
    [4, 250],
  ])('%i request(s)/s: requests to one host are %i ms apart', async (ratePerSecond, gap) => {
    newClient({ ratePerSecond });
    for (let i = 0; i < 3; i++) await client.searchPage(fiets);
    const times = searchRequests().map((entry) => entry.at);
    expect(times).toEqual([NOON, NOON + gap, NOON + 2 * gap]);
  });

  it('the other host is not held up', async () => {
    newClient({ ratePerSecond: 1 });
    await client.searchPage(fiets);
    await client.searchPage({ platform: '2dehands', query: 'fiets' });
    expect(searchRequests().map((entry) => [entry.platform, entry.at])).toEqual([
      ['marktplaats', NOON],
      ['2dehands', NOON],
    ]);
  });

  it('concurrent callers queue instead of bursting (real timers)', async () => {
    const realClock = {
      now: Date.now,
      sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    };
    clock = { ...clock, ...realClock };
    newClient({ ratePerSecond: 20, ...realClock });
    await Promise.all([
      client.searchPage(fiets),
      client.searchPage(fiets),
      client.searchPage(fiets),
    ]);
    const [a, b, c] = searchRequests().map((entry) => entry.at);
    // 50 ms apart when sent; arrival at the double can jitter on a busy machine, a burst would not.
    expect(b! - a!).toBeGreaterThanOrEqual(35);
    expect(c! - a!).toBeGreaterThanOrEqual(85);
  });
});
