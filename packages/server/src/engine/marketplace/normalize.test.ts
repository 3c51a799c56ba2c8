import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FIXTURE_A_LISTING,
  FIXTURE_B_2DEHANDS_LISTING,
  FIXTURE_E_TOPBLOCK_ADMARKT,
  createVirtualClock,
  startMarketplaceDouble,
  type MarketplaceDouble,
} from '../../../../../tests/doubles/marketplace';
import { createMarketplaceClient, type MarketplaceClient } from './client';
import type { MarketplaceSearch } from './search-query';
import type { Listing } from './types';

const clock = createVirtualClock(Date.UTC(2026, 2, 10, 11, 0, 0));
const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
const logger = {
  warn: (obj: object, msg: string) => warnings.push({ obj: obj as Record<string, unknown>, msg }),
};
let double: MarketplaceDouble;
let client: MarketplaceClient;

beforeAll(async () => {
  double = await startMarketplaceDouble({ now: clock.now });
});
beforeEach(async () => {
  double.reset();
  warnings.length = 0;
  await client?.close();
  // A fresh client per test: unknown values are reported once per client.
  client = createMarketplaceClient({
    baseUrls: double.baseUrl,
    ratePerSecond: 1000,
    logger,
    now: clock.now,
    sleep: clock.sleep,
  });
});
afterAll(async () => {
  await client.close();
  await double.stop();
});

async function search(criteria: MarketplaceSearch) {
  const page = await client.searchPage(criteria);
  if (page.status !== 'ok') throw new Error(`search failed: ${page.status}`);
  return page;
}

async function only(criteria: MarketplaceSearch): Promise<Listing> {
  const page = await search(criteria);
  expect(page.listings).toHaveLength(1);
  return page.listings[0]!;
}

describe('real answers of the hosts, served verbatim by the double', () => {
  it('A: a marktplaats.nl organic ad', async () => {
    double.publishRaw('marktplaats', FIXTURE_A_LISTING, { postedAt: Date.UTC(2024, 2, 10, 12) });
    const listing = await only({ platform: 'marktplaats', query: 'batavus' });
    expect(listing).toEqual({
      id: 'm2064554806',
      platform: 'marktplaats',
      title: 'Batavus damesfiets 26 inch',
      description: 'Degelijke batavus damesfiets 26 inch met slot, verlichting en versnellingen.',
      priceCents: 7500,
      priceType: 'FIXED',
      location: {
        cityName: 'Nieuwerkerk aan den IJssel',
        countryCode: 'NL',
        distanceMeters: 1000,
        coordinates: { latitude: 51.965397128056, longitude: 4.6119871732025 },
      },
      dayLabel: '10 mrt 24',
      postedAt: null,
      imageUrls: [
        'https://images.marktplaats.com/api/v1/listing-mp-p/images/63/636424bb-b0bd-458b-964c-747af344c793?rule=ecg_mp_eps$_83.jpg',
      ],
      seller: { id: '7405065', name: 'Vogel', type: null },
      category: { l1: null, l2: 447 },
      paid: {
        isPaid: false,
        priorityProduct: 'NONE',
        isAdmarkt: false,
        pageLocation: null,
        topBlock: false,
      },
      delivery: 'pickup',
      condition: 'Gebruikt',
      attributes: { condition: 'Gebruikt', delivery: 'Ophalen' },
      reserved: false,
      url: `${double.baseUrl.marktplaats}/v/fietsen-en-brommers/fietsen-dames-damesfietsen/m2064554806-batavus-damesfiets-26-inch`,
    });
    expect(warnings).toEqual([]);
  });

  it('B: a 2dehands.be dagtopper with a minimum bid and unknown distance', async () => {
    double.publishRaw('2dehands', FIXTURE_B_2DEHANDS_LISTING, {
      postedAt: clock.now() - 3_600_000,
    });
    const listing = await only({ platform: '2dehands', query: 'fiets', l1CategoryId: 445 });
    expect(listing).toMatchObject({
      id: 'm2419636341',
      platform: '2dehands',
      priceCents: 30000,
      priceType: 'MIN_BID',
      location: {
        cityName: 'Temse',
        countryCode: 'BE',
        distanceMeters: null,
        coordinates: { latitude: 51.133101094034, longitude: 4.2058251112088 },
      },
      dayLabel: 'Vandaag',
      seller: { id: '60100233', name: 'Femke', type: null },
      category: { l1: 445, l2: 447 },
      paid: { isPaid: true, priorityProduct: 'DAGTOPPER', isAdmarkt: false, topBlock: false },
      delivery: 'pickup',
      condition: 'Zo goed als nieuw',
      reserved: false,
    });
    expect(listing.url).toBe(
      `${double.baseUrl['2dehands']}/v/fietsen-en-brommers/fietsen-dames-damesfietsen/m2419636341-fiets-te-koop`,
    );
  });

  it('E: an Admarkt ad is sponsored in topBlock and also inline with priorityProduct NONE', async () => {
    double.publish({ title: 'Stadsfiets zwart' });
    double.publish({ title: 'Kinderfiets 16 inch' });
    double.publish({ title: 'Racefiets carbon' });
    double.publishRaw('marktplaats', FIXTURE_E_TOPBLOCK_ADMARKT);
    const page = await search({ platform: 'marktplaats', query: 'fiets' });

    expect(page.topBlock).toHaveLength(1);
    expect(page.topBlock[0]).toMatchObject({
      id: 'a1379273521',
      title: 'UITVERKOOP FIETSEN+GRATIS KETTINGSLOT+THUISBEZORGD',
      priceCents: 17500,
      // Country-level: lat/lon 0/0 is no place.
      location: { cityName: null, countryCode: null, distanceMeters: null, coordinates: null },
      seller: { id: '16478576', name: 'www.2dehandsfietsenwinkel.nl', type: 'business' },
      paid: {
        isPaid: true,
        priorityProduct: 'TOPADVERTENTIE',
        isAdmarkt: true,
        pageLocation: 'L0_SEARCH_TOP',
        topBlock: true,
      },
      delivery: 'shipping',
    });
    expect(page.topBlock[0]!.imageUrls[0]).toMatch(/^https:\/\/admarkt-cdn\.marktplaats\.com\//);

    const inline = page.listings.filter((listing) => listing.id === 'a1379273521');
    expect(inline).toHaveLength(1);
    expect(inline[0]!.paid).toEqual({
      isPaid: true,
      priorityProduct: 'NONE',
      isAdmarkt: true,
      pageLocation: 'L0_SEARCH',
      topBlock: false,
    });
    expect(page.listings.filter((listing) => !listing.paid.isPaid)).toHaveLength(3);
  });
});

describe('price', () => {
  it.each([
    ['FIXED keeps its amount', 'FIXED', 7500, 7500],
    ['MIN_BID keeps the asking price', 'MIN_BID', 30000, 30000],
    ['FAST_BID (bieden) has no amount', 'FAST_BID', 0, null],
    ['FREE is 0', 'FREE', 0, 0],
    ['SEE_DESCRIPTION has no amount', 'SEE_DESCRIPTION', 0, null],
    ['NOTK has no amount', 'NOTK', 0, null],
    ['ON_REQUEST has no amount', 'ON_REQUEST', 0, null],
    ['EXCHANGE has no amount', 'EXCHANGE', 0, null],
  ])('%s', async (_rule, priceType, priceCents, expected) => {
    double.publish({ title: 'Lego Technic', priceType, priceCents });
    const listing = await only({ platform: 'marktplaats', query: 'lego' });
    expect(listing.priceType).toBe(priceType);
    expect(listing.priceCents).toBe(expected);
    expect(warnings).toEqual([]);
  });

  it('RESERVED marks the ad reserved', async () => {
    double.publish({ title: 'Lego Technic', priceType: 'RESERVED', priceCents: 0 });
    expect((await only({ platform: 'marktplaats', query: 'lego' })).reserved).toBe(true);
  });
});

describe('delivery', () => {
  it.each([
    ['Ophalen', 'pickup'],
    ['Verzenden', 'shipping'],
    ['Ophalen of Verzenden', 'both'],
  ])('%s → %s', async (label, method) => {
    double.publish({ title: 'Platenspeler', delivery: label });
    expect((await only({ platform: 'marktplaats', query: 'platenspeler' })).delivery).toBe(method);
  });
});

describe('unknown values are logged, never fatal', () => {
  it.each([
    [
      'priceType',
      { raw: { priceInfo: { priceCents: 100, priceType: 'PRICE_ON_MOON' } } },
      'PRICE_ON_MOON',
    ],
    ['priorityProduct', { raw: { priorityProduct: 'SUPERTOPPER' } }, 'SUPERTOPPER'],
    ['delivery', { delivery: 'Per drone' }, 'Per drone'],
    ['pageLocation', { raw: { pageLocation: 'L0_SIDEBAR' } }, 'L0_SIDEBAR'],
  ])('%s', async (field, input, value) => {
    double.publish({ title: 'Spiegel', ...input });
    const listing = await only({ platform: 'marktplaats', query: 'spiegel' });
    expect(listing.id).toMatch(/^m\d+$/);
    expect(warnings).toEqual([
      expect.objectContaining({
        obj: expect.objectContaining({ field, value, itemId: listing.id }),
      }),
    ]);
  });

  it('keeps the unknown value and treats an unknown priority product as paid', async () => {
    double.publish({ title: 'Spiegel', raw: { priorityProduct: 'SUPERTOPPER' } });
    const listing = await only({ platform: 'marktplaats', query: 'spiegel' });
    expect(listing.paid).toMatchObject({ priorityProduct: 'SUPERTOPPER', isPaid: true });
  });

  it('reports a new value once, not for every ad', async () => {
    for (let i = 0; i < 3; i++) {
      double.publish({ title: 'Spiegel', raw: { priceInfo: { priceCents: 1, priceType: 'NEW' } } });
    }
    const page = await search({ platform: 'marktplaats', query: 'spiegel' });
    expect(page.listings).toHaveLength(3);
    expect(warnings).toHaveLength(1);
  });

  it.each([
    ['a vipUrl pointing off-site', { vipUrl: '//evil.example/v/x' }],
    ['no vipUrl', { vipUrl: undefined }],
    ['an itemId that is not one', { itemId: '../../admin' }],
  ])('skips a listing with %s and keeps the others', async (_rule, override) => {
    double.publish({ title: 'Kapstok goed' });
    double.publish({ title: 'Kapstok kapot', raw: override });
    const page = await search({ platform: 'marktplaats', query: 'kapstok' });
    expect(page.listings.map((listing) => listing.title)).toEqual(['Kapstok goed']);
    expect(page.rawListingCount).toBe(2);
    expect(warnings).toHaveLength(1);
  });
});

describe('text and images', () => {
  it('keeps untrusted text as text (escaping happens where it is shown)', async () => {
    const title = '<img src=x onerror=alert(1)> "Fiets" & </script>';
    double.publish({ title, description: 'fiets <b>vet</b>' });
    const listing = await only({ platform: 'marktplaats', query: 'fiets' });
    expect(listing.title).toBe(title);
    expect(listing.description).toBe('fiets <b>vet</b>');
  });

  it.each([
    ['a NUL in the title goes', { title: 'Fiets\u0000 28 inch' }, 'title', 'Fiets 28 inch'],
    [
      'a bidi override in the title goes',
      { title: 'Fiets \u202egnp.exe' },
      'title',
      'Fiets gnp.exe',
    ],
    [
      'a long title is capped',
      { title: `Fiets ${'x'.repeat(600)}` },
      'title',
      `Fiets ${'x'.repeat(494)}`,
    ],
    [
      'controls in the description go, newlines stay',
      { title: 'Fiets', description: 'regel 1\nregel\u0007 2\r' },
      'description',
      'regel 1\nregel 2',
    ],
    [
      'a NUL in the place goes',
      {
        title: 'Fiets',
        raw: { location: { cityName: 'Utrecht\u0000', countryAbbreviation: 'NL' } },
      },
      'cityName',
      'Utrecht',
    ],
    [
      'isolates around the seller name go',
      { title: 'Fiets', sellerName: '\u2066Jan\u2069' },
      'sellerName',
      'Jan',
    ],
  ] as const)('text is cleaned once, here: %s', async (_rule, input, field, expected) => {
    double.publish(input);
    const listing = await only({ platform: 'marktplaats', query: 'fiets' });
    const value = {
      title: listing.title,
      description: listing.description,
      cityName: listing.location.cityName,
      sellerName: listing.seller.name,
    }[field];
    expect(value).toBe(expected);
  });

  it('skips an ad whose id is longer than any table keeps, with a warning', async () => {
    double.publish({ title: 'Fiets lang', itemId: `m${'9'.repeat(70)}` });
    double.publish({ title: 'Fiets kort' });
    const page = await search({ platform: 'marktplaats', query: 'fiets' });
    expect(page.listings.map((listing) => listing.title)).toEqual(['Fiets kort']);
    expect(warnings.map((warning) => warning.msg)).toContain(
      'marketplace: listing without a valid itemId or vipUrl, skipped',
    );
  });

  it.each([
    ['the large picture of each photo', 3, 3, /_83\.jpg$/],
    ['nothing for an ad without photos', 0, 0, null],
  ])('images: %s', async (_rule, imageCount, expected, pattern) => {
    double.publish({ title: 'Televisie', imageCount });
    const listing = await only({ platform: 'marktplaats', query: 'televisie' });
    expect(listing.imageUrls).toHaveLength(expected);
    for (const url of listing.imageUrls) {
      expect(url).toMatch(/^https:\/\/images\.marktplaats\.com\//);
      if (pattern) expect(url).toMatch(pattern);
    }
  });

  it('protocol-relative imageUrls become https when there are no pictures', async () => {
    double.publish({
      title: 'Televisie',
      raw: {
        pictures: undefined,
        imageUrls: ['//images.marktplaats.com/a.jpg', 'javascript:alert(1)'],
      },
    });
    const listing = await only({ platform: 'marktplaats', query: 'televisie' });
    expect(listing.imageUrls).toEqual(['https://images.marktplaats.com/a.jpg']);
  });

  it('http pictures become https, except the local double’s own on loopback', async () => {
    double.publish({
      title: 'Radio',
      raw: {
        pictures: undefined,
        imageUrls: [
          'http://images.marktplaats.com/b.jpg',
          'http://127.0.0.1:4100/api/v1/listing-mp-p/images/ab/c.jpg',
        ],
      },
    });
    const listing = await only({ platform: 'marktplaats', query: 'radio' });
    expect(listing.imageUrls).toEqual([
      'https://images.marktplaats.com/b.jpg',
      'http://127.0.0.1:4100/api/v1/listing-mp-p/images/ab/c.jpg',
    ]);
  });

  it('a business trait marks the seller as a business; private sellers stay unknown', async () => {
    double.publish({ title: 'Kinderwagen winkel', traits: ['VERIFIED_DEALER'] });
    double.publish({ title: 'Kinderwagen particulier' });
    const page = await search({ platform: 'marktplaats', query: 'kinderwagen' });
    const byTitle = Object.fromEntries(page.listings.map((l) => [l.title, l.seller.type]));
    expect(byTitle).toEqual({ 'Kinderwagen winkel': 'business', 'Kinderwagen particulier': null });
  });
});
