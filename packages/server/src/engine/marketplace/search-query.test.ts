import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import {
  startMarketplaceDouble,
  type MarketplaceDouble,
} from '../../../../../tests/doubles/marketplace';
import { createMarketplaceClient, type MarketplaceClient } from './client';
import { buildSearchParams, canonicalSearchKey, type MarketplaceSearch } from './search-query';

const silent = { warn: () => {} };
let double: MarketplaceDouble;
let client: MarketplaceClient;

beforeAll(async () => {
  double = await startMarketplaceDouble({ seed: 1 });
  client = createMarketplaceClient({
    baseUrls: double.baseUrl,
    ratePerSecond: 1000,
    logger: silent,
  });
});
afterAll(async () => {
  await client.close();
  await double.stop();
});
beforeEach(() => double.reset());

/** The query the production client put on the wire, as the double received it. */
async function sentQuery(search: MarketplaceSearch): Promise<URLSearchParams> {
  await client.searchPage(search);
  const last = double.requests.at(-1);
  if (!last) throw new Error('no request reached the double');
  expect(last.path).toBe('/lrp/api/search');
  return last.query;
}

describe('search → query string on the wire', () => {
  it.each<[string, MarketplaceSearch, Record<string, string[]>]>([
    [
      'query trimmed, whitespace collapsed, lower-cased',
      { platform: 'marktplaats', query: '  iPhone   15 Pro ' },
      { query: ['iphone 15 pro'] },
    ],
    [
      'l1 and l2 category',
      { platform: 'marktplaats', query: 'fiets', l1CategoryId: 445, l2CategoryId: 447 },
      { l1CategoryId: ['445'], l2CategoryId: ['447'] },
    ],
    [
      'l2 without its parent l1 is not sent',
      { platform: 'marktplaats', query: 'fiets', l2CategoryId: 447 },
      { l1CategoryId: [], l2CategoryId: [] },
    ],
    [
      'price range in cents',
      { platform: 'marktplaats', query: 'fiets', minPriceCents: 10_000, maxPriceCents: 30_000 },
      { 'attributeRanges[]': ['PriceCents:10000:30000'] },
    ],
    [
      'only a maximum price: open lower end',
      { platform: 'marktplaats', query: 'fiets', maxPriceCents: 30_000 },
      { 'attributeRanges[]': ['PriceCents:null:30000'] },
    ],
    [
      'only a minimum price: open upper end',
      { platform: 'marktplaats', query: 'fiets', minPriceCents: 500 },
      { 'attributeRanges[]': ['PriceCents:500:null'] },
    ],
    [
      'a minimum of 0 is no bound',
      { platform: 'marktplaats', query: 'fiets', minPriceCents: 0 },
      { 'attributeRanges[]': [] },
    ],
    [
      'postcode with distance: both, postcode compacted, metres',
      { platform: 'marktplaats', query: 'fiets', postalCode: '1016 lv', distanceKm: 10 },
      { postcode: ['1016LV'], distanceMeters: ['10000'] },
    ],
    [
      'postcode without distance is not sent',
      { platform: 'marktplaats', query: 'fiets', postalCode: '1016LV' },
      { postcode: [], distanceMeters: [] },
    ],
    [
      'distance without postcode is not sent',
      { platform: 'marktplaats', query: 'fiets', distanceKm: 10 },
      { postcode: [], distanceMeters: [] },
    ],
    [
      'delivery pickup → attribute 33',
      { platform: 'marktplaats', query: 'fiets', delivery: 'pickup' },
      { 'attributesById[]': ['33'] },
    ],
    [
      'delivery shipping → attribute 34',
      { platform: 'marktplaats', query: 'fiets', delivery: 'shipping' },
      { 'attributesById[]': ['34'] },
    ],
    [
      'delivery both → no filter',
      { platform: 'marktplaats', query: 'fiets', delivery: 'both' },
      { 'attributesById[]': [] },
    ],
    [
      'conditions, sorted, with delivery',
      { platform: 'marktplaats', query: 'fiets', conditionIds: [32, 30], delivery: 'shipping' },
      { 'attributesById[]': ['30', '32', '34'] },
    ],
    [
      'offeredSince as a timestamp',
      { platform: 'marktplaats', query: 'fiets', offeredSince: 1_773_100_000_000 },
      { 'attributesByKey[]': ['offeredSince:1773100000000'] },
    ],
    [
      'offeredSince as a site label',
      { platform: 'marktplaats', query: 'fiets', offeredSince: 'Gisteren' },
      { 'attributesByKey[]': ['offeredSince:Gisteren'] },
    ],
    [
      '2dehands: all languages by default',
      { platform: '2dehands', query: 'fiets' },
      { 'attributesByKey[]': ['Language:all-languages'] },
    ],
    [
      '2dehands: chosen language',
      { platform: '2dehands', query: 'fiets', language: 'fr-BE' },
      { 'attributesByKey[]': ['Language:fr-BE'] },
    ],
    [
      'marktplaats: no language filter',
      { platform: 'marktplaats', query: 'fiets', language: 'fr-BE' },
      { 'attributesByKey[]': [] },
    ],
    [
      'newest first, 100 per page, from the start',
      { platform: 'marktplaats', query: 'fiets' },
      {
        sortBy: ['SORT_INDEX'],
        sortOrder: ['DECREASING'],
        limit: ['100'],
        offset: ['0'],
        searchInTitleAndDescription: ['true'],
      },
    ],
  ])('%s', async (_rule, search, expected) => {
    const query = await sentQuery(search);
    for (const [key, values] of Object.entries(expected)) {
      expect(query.getAll(key), key).toEqual(values);
    }
  });

  it('sends the search to the host of its platform', async () => {
    await client.searchPage({ platform: '2dehands', query: 'fiets' });
    expect(double.requests.at(-1)?.platform).toBe('2dehands');
  });

  it.each([0, 101, 1.5])('refuses limit %s before sending anything', (limit) => {
    expect(() =>
      buildSearchParams({ platform: 'marktplaats', query: 'x' }, { offset: 0, limit }),
    ).toThrow(RangeError);
  });

  it('the double answers 400 above limit 100, like the real API', async () => {
    const response = await request(
      `${double.baseUrl.marktplaats}/lrp/api/search?query=x&limit=101`,
    );
    expect(response.statusCode).toBe(400);
    expect(await response.body.json()).toEqual({
      error: 'Bad Request',
      message: 'Invalid parameter combination',
    });
  });
});

describe('what the filters find (the parameters mean what the site means)', () => {
  it.each([
    ['€250 is within a maximum of 30000 cents', 25_000, true],
    ['€300 is on the maximum', 30_000, true],
    ['€350 is above it', 35_000, false],
  ])('%s', async (_rule, priceCents, found) => {
    const ad = double.publish({ title: 'Gazelle damesfiets', priceCents, priceType: 'FIXED' });
    const page = await client.searchPage({
      platform: 'marktplaats',
      query: 'gazelle',
      maxPriceCents: 30_000,
    });
    expect(page.status).toBe('ok');
    if (page.status !== 'ok') return;
    expect(page.listings.some((listing) => listing.id === ad.itemId)).toBe(found);
  });

  it.each([
    ['with a distance: only the nearby ad', 25, ['Amsterdam']],
    ['without a distance: the whole country', null, ['Amsterdam', 'Groningen']],
  ])('postcode 1016LV %s', async (_rule, distanceKm, cities) => {
    double.publish({ title: 'Eettafel eiken', cityName: 'Amsterdam' });
    double.publish({ title: 'Eettafel eiken', cityName: 'Groningen' });
    const page = await client.searchPage({
      platform: 'marktplaats',
      query: 'eettafel',
      postalCode: '1016LV',
      distanceKm,
    });
    if (page.status !== 'ok') throw new Error(page.status);
    expect(page.listings.map((listing) => listing.location.cityName).sort()).toEqual(cities);
  });

  it.each([
    ['pickup', ['both', 'pickup']],
    ['shipping', ['both', 'shipping']],
    ['both', ['both', 'pickup', 'shipping']],
  ] as const)('delivery %s finds %j', async (delivery, found) => {
    for (const label of ['Ophalen', 'Verzenden', 'Ophalen of Verzenden']) {
      double.publish({ title: `Platenspeler ${label}`, delivery: label });
    }
    const page = await client.searchPage({
      platform: 'marktplaats',
      query: 'platenspeler',
      delivery,
    });
    if (page.status !== 'ok') throw new Error(page.status);
    expect(page.listings.map((listing) => listing.delivery).sort()).toEqual(found);
  });

  it.each([
    ['Zo goed als nieuw (31)', [31], ['Zo goed als nieuw']],
    ['Nieuw or Gebruikt (30, 32)', [30, 32], ['Gebruikt', 'Nieuw']],
  ])('condition %s', async (_rule, conditionIds, found) => {
    for (const condition of ['Nieuw', 'Zo goed als nieuw', 'Gebruikt']) {
      double.publish({ title: 'Koptelefoon', condition });
    }
    const page = await client.searchPage({
      platform: 'marktplaats',
      query: 'koptelefoon',
      conditionIds,
    });
    if (page.status !== 'ok') throw new Error(page.status);
    expect(page.listings.map((listing) => listing.condition).sort()).toEqual(found);
  });

  it.each([
    ['a category', { l1CategoryId: 445 }, ['Fiets te koop']],
    ['a leaf category', { l1CategoryId: 31, l2CategoryId: 42 }, ['Platenspeler te koop']],
  ])('%s narrows the results', async (_rule, categories, titles) => {
    double.publish({ title: 'Fiets te koop', categoryId: 447 });
    double.publish({ title: 'Platenspeler te koop', categoryId: 42 });
    const page = await client.searchPage({
      platform: 'marktplaats',
      query: 'te koop',
      ...categories,
    });
    if (page.status !== 'ok') throw new Error(page.status);
    expect(page.listings.map((listing) => listing.title)).toEqual(titles);
  });

  it.each([
    ['all-languages', ['Fiets NL', 'Vélo FR']],
    ['fr-BE', ['Vélo FR']],
  ] as const)('2dehands language %s', async (language, titles) => {
    double.publish({
      platform: '2dehands',
      title: 'Fiets NL',
      description: 'fiets',
      language: 'nl-BE',
    });
    double.publish({
      platform: '2dehands',
      title: 'Vélo FR',
      description: 'fiets',
      language: 'fr-BE',
    });
    const page = await client.searchPage({ platform: '2dehands', query: 'fiets', language });
    if (page.status !== 'ok') throw new Error(page.status);
    expect(page.listings.map((listing) => listing.title).sort()).toEqual(titles);
  });
});

describe('canonicalSearchKey', () => {
  const base: MarketplaceSearch = {
    platform: 'marktplaats',
    query: 'iphone 15',
    l1CategoryId: 820,
    maxPriceCents: 50_000,
    postalCode: '1016LV',
    distanceKm: 10,
    conditionIds: [30, 31],
  };

  it.each<[string, MarketplaceSearch]>([
    ['case and whitespace of the query', { ...base, query: '  IPhone    15 ' }],
    ['order of condition ids', { ...base, conditionIds: [31, 30, 31] }],
    ['postcode spacing and case', { ...base, postalCode: '1016 lv' }],
    ['delivery both = no delivery filter', { ...base, delivery: 'both' }],
    ['a minimum price of 0 = none', { ...base, minPriceCents: 0 }],
    ['the offeredSince fetch window', { ...base, offeredSince: 1_773_100_000_000 }],
  ])('the same search despite %s', (_rule, variant) => {
    expect(canonicalSearchKey(variant)).toBe(canonicalSearchKey(base));
  });

  it.each<[string, MarketplaceSearch]>([
    ['another platform', { ...base, platform: '2dehands', postalCode: '2000' }],
    ['another query', { ...base, query: 'iphone 14' }],
    ['another category', { ...base, l1CategoryId: 322 }],
    ['another maximum price', { ...base, maxPriceCents: 40_000 }],
    ['another distance', { ...base, distanceKm: 25 }],
    ['a delivery filter', { ...base, delivery: 'shipping' }],
    ['another condition', { ...base, conditionIds: [32] }],
  ])('a different search for %s', (_rule, variant) => {
    expect(canonicalSearchKey(variant)).not.toBe(canonicalSearchKey(base));
  });

  it('ignores a postcode without distance, as the API does', () => {
    const withoutDistance = { ...base, distanceKm: null };
    expect(canonicalSearchKey(withoutDistance)).toBe(
      canonicalSearchKey({ ...withoutDistance, postalCode: null }),
    );
  });

  it('is prefixed with the platform', () => {
    expect(canonicalSearchKey(base)).toMatch(/^marktplaats:[0-9a-f]{32}$/);
  });
});
