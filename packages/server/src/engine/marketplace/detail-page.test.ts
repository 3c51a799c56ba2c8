import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FIXTURE_F_SCRIPT_LINE,
  createVirtualClock,
  startMarketplaceDouble,
  type MarketplaceDouble,
  type PublishInput,
  type VirtualClock,
} from '../../../../../tests/doubles/marketplace';
import {
  createMarketplaceClient,
  type MarketplaceClient,
  type MarketplaceClientOptions,
} from './client';
import { applyDetail } from './detail-page';
import type { Listing } from './types';

const MINUTE = 60_000;
const NOON = Date.UTC(2026, 2, 10, 11, 0, 0);
let clock: VirtualClock;
let double: MarketplaceDouble;
let client: MarketplaceClient;
const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
const logger = {
  warn: (obj: object, msg: string) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
};

beforeAll(async () => {
  clock = createVirtualClock(NOON);
  double = await startMarketplaceDouble({ now: () => clock.now() });
});
afterAll(async () => {
  await double.stop();
});
beforeEach(() => {
  clock = createVirtualClock(NOON);
  double.reset();
  warnings.length = 0;
  newClient();
});
afterEach(async () => {
  await client.close();
});

function newClient(options: Partial<MarketplaceClientOptions> = {}) {
  client = createMarketplaceClient({
    baseUrls: double.baseUrl,
    ratePerSecond: 1000,
    logger,
    now: () => clock.now(),
    sleep: (ms) => clock.sleep(ms),
    ...options,
  });
}

function pageRequests() {
  return double.requests.filter((entry) => entry.path.startsWith('/v/'));
}

function adFor(input: PublishInput = {}) {
  const published = double.publish({ title: 'Gazelle damesfiets', ...input });
  return { platform: published.platform, id: published.itemId, url: published.url };
}

async function detailOf(input: PublishInput = {}) {
  const result = await client.fetchDetail(adFor(input));
  if (result.status !== 'ok') throw new Error(result.status);
  return result.detail;
}

describe('reading the ad page', () => {
  it('a real ad page, verbatim: exact time, private seller, pickup with carriers', async () => {
    const { url } = double.publish({
      itemId: 'm2355451324',
      title: 'Yamaha MT-07 ABS + handvatverwarming',
      categoryId: 710,
      pageScript: FIXTURE_F_SCRIPT_LINE,
    });
    const result = await client.fetchDetail({ platform: 'marktplaats', id: 'm2355451324', url });
    expect(result).toEqual({
      status: 'ok',
      fromCache: false,
      detail: {
        id: 'm2355451324',
        platform: 'marktplaats',
        postedAt: '2026-01-14T12:38:02.000Z',
        seller: { id: '48042674', name: 'Maris45', type: 'private' },
        delivery: 'pickup',
        shippable: true,
        shippingOptions: [
          {
            carrierName: 'DHL',
            label: 'Afhaalpunt voor',
            price: '€ 5,55',
            deliveryMethod: 'PICK_UP',
          },
          {
            carrierName: 'PostNL',
            label: 'Thuisbezorgd via PostNL',
            price: '€ 7,45',
            deliveryMethod: 'DELIVERY',
          },
        ],
        imageUrls: [
          'https://images.marktplaats.com/api/v1/listing-mp-p/images/22/221432d0.jpg',
          'https://images.marktplaats.com/api/v1/listing-mp-p/images/f4/f44f8f4c.jpg',
        ],
        description: null,
        category: { l1: 678, l2: 710 },
        reserved: null,
        adType: 'RegularPaid',
      },
    });
  });

  it.each([
    ['CONSUMER', 'private'],
    ['PRIVATE', 'private'],
    ['TRADER', 'business'],
  ])('sellerType %s → %s', async (sellerType, type) => {
    expect((await detailOf({ sellerType })).seller.type).toBe(type);
    expect(warnings).toEqual([]);
  });

  it('an unknown sellerType is logged and left unknown', async () => {
    const detail = await detailOf({ sellerType: 'ROBOT' });
    expect(detail.seller.type).toBeNull();
    expect(warnings).toEqual([
      expect.objectContaining({
        obj: expect.objectContaining({ field: 'sellerType', value: 'ROBOT' }),
      }),
    ]);
  });

  it.each([
    ['Ophalen', 'pickup', false],
    ['Verzenden', 'shipping', true],
    ['Ophalen of Verzenden', 'both', true],
  ])('delivery %s → %s (shippable %s)', async (delivery, method, shippable) => {
    const detail = await detailOf({ delivery });
    expect(detail).toMatchObject({ delivery: method, shippable });
  });

  it('gives the exact posting time the search only shows as a day', async () => {
    const postedAt = NOON - 97 * MINUTE;
    expect((await detailOf({ postedAt })).postedAt).toBe(new Date(postedAt).toISOString());
  });

  it('keeps hostile text as text', async () => {
    const description = '</script><script>alert(1)</script> { "a": } \\u003c';
    expect((await detailOf({ description })).description).toBe(description);
  });

  it('follows the redirect from an old slug to the canonical page', async () => {
    const ad = adFor();
    const result = await client.fetchDetail({
      ...ad,
      url: ad.url.replace(/-[^/]*$/, '-oude-titel'),
    });
    expect(result.status).toBe('ok');
    expect(pageRequests().map((entry) => entry.status)).toEqual([301, 200]);
  });

  it.each([
    ['an expired ad (200 with the "verlopen" shell)', 'expired'],
    ['an ad that no longer exists (404)', 'missing'],
  ])('%s is gone', async (_rule, kind) => {
    const ad = adFor();
    if (kind === 'expired') double.expire('marktplaats', ad.id);
    const target =
      kind === 'missing' ? { ...ad, id: 'm1', url: ad.url.replace(/m\d+-/, 'm1-') } : ad;
    expect(await client.fetchDetail(target)).toEqual({ status: 'gone', fromCache: false });
  });

  it('never fetches outside the configured host', async () => {
    const result = await client.fetchDetail({
      platform: 'marktplaats',
      id: 'm1',
      url: 'https://evil.example/v/x/y/m1-z',
    });
    expect(result.status).toBe('error');
    expect(double.requests).toHaveLength(0);
  });

  it('shares the host’s cool-down with the search', async () => {
    double.inject({ status: 403, target: 'detail' });
    expect((await client.fetchDetail(adFor())).status).toBe('cooling-down');
    expect((await client.searchPage({ platform: 'marktplaats', query: 'fiets' })).status).toBe(
      'cooling-down',
    );
  });
});

describe('cache', () => {
  it.each([
    ['right away', false, 0],
    ['after 59 minutes', false, 59 * MINUTE],
    ['after the hour', true, 61 * MINUTE],
  ])('asked again %s: fetched again = %s', async (_rule, fetchedAgain, later) => {
    const ad = adFor();
    await client.fetchDetail(ad);
    clock.advance(later);
    const second = await client.fetchDetail(ad);
    expect(second).toMatchObject({ status: 'ok', fromCache: !fetchedAgain });
    expect(pageRequests()).toHaveLength(fetchedAgain ? 2 : 1);
  });

  it('a gone ad is asked again after 10 minutes', async () => {
    const ad = adFor();
    double.expire('marktplaats', ad.id);
    await client.fetchDetail(ad);
    expect(await client.fetchDetail(ad)).toEqual({ status: 'gone', fromCache: true });
    clock.advance(11 * MINUTE);
    await client.fetchDetail(ad);
    expect(pageRequests()).toHaveLength(2);
  });

  it('evicts the least recently used ad beyond its size', async () => {
    newClient({ detailCacheMaxEntries: 2 });
    const [a, b, c] = [adFor(), adFor(), adFor()];
    await client.fetchDetail(a!);
    await client.fetchDetail(b!);
    await client.fetchDetail(a!); // a is now the most recent
    await client.fetchDetail(c!); // evicts b
    await client.fetchDetail(a!);
    expect(pageRequests()).toHaveLength(3);
    await client.fetchDetail(b!);
    expect(pageRequests()).toHaveLength(4);
  });

  it('two callers asking for the same ad at once share one request', async () => {
    const ad = adFor();
    const [first, second] = await Promise.all([client.fetchDetail(ad), client.fetchDetail(ad)]);
    expect(first).toEqual(second);
    expect(pageRequests()).toHaveLength(1);
  });
});

describe('applyDetail', () => {
  it('completes a search listing with what only the ad page knows', async () => {
    double.publish({
      title: 'Gazelle damesfiets',
      categoryId: 447,
      sellerType: 'TRADER',
      delivery: 'Ophalen of Verzenden',
      postedAt: NOON - 30 * MINUTE,
    });
    const page = await client.searchPage({ platform: 'marktplaats', query: 'gazelle' });
    if (page.status !== 'ok') throw new Error(page.status);
    const listing: Listing = page.listings[0]!;
    expect(listing).toMatchObject({ postedAt: null, seller: { type: null } });
    const result = await client.fetchDetail(listing);
    if (result.status !== 'ok') throw new Error(result.status);
    expect(applyDetail(listing, result.detail)).toMatchObject({
      id: listing.id,
      postedAt: new Date(NOON - 30 * MINUTE).toISOString(),
      seller: { id: listing.seller.id, name: listing.seller.name, type: 'business' },
      delivery: 'both',
      category: { l1: 445, l2: 447 },
    });
  });
});
