import { describe, expect, it } from 'vitest';
import type { Listing } from './marketplace';
import {
  alertFilters,
  foldText,
  matchListing,
  parseMileageKm,
  parseYear,
  wantsDetail,
  type AlertFilters,
  type FilterableAlert,
  type MatchResult,
} from './matcher';

function listing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 'm2100000001',
    platform: 'marktplaats',
    title: 'Gazelle racefiets',
    description: 'Mooie fiets, weinig gebruikt.',
    priceCents: 25_000,
    priceType: 'FIXED',
    location: { cityName: 'Utrecht', countryCode: 'NL', distanceMeters: 1200 },
    dayLabel: 'Vandaag',
    postedAt: null,
    imageUrls: ['https://images.marktplaats.com/a.jpg'],
    seller: { id: '1', name: 'Jan', type: null },
    category: { l1: 445, l2: 447 },
    paid: {
      isPaid: false,
      priorityProduct: 'NONE',
      isAdmarkt: false,
      pageLocation: null,
      topBlock: false,
    },
    delivery: 'both',
    condition: 'Gebruikt',
    attributes: {},
    reserved: false,
    url: 'https://www.marktplaats.nl/v/x/m2100000001-fiets',
    ...overrides,
  };
}

const paid = (over: Partial<Listing['paid']>): Listing['paid'] => ({
  isPaid: true,
  priorityProduct: 'NONE',
  isAdmarkt: false,
  pageLocation: null,
  topBlock: false,
  ...over,
});

const NO_FILTERS: AlertFilters = {
  minPriceCents: null,
  maxPriceCents: null,
  sellerType: 'all',
  includePaidAds: false,
  onlyWithImages: false,
  deliveryMethod: 'both',
  conditions: [],
  mileageMinKm: null,
  mileageMaxKm: null,
  yearMin: null,
  yearMax: null,
  fuel: [],
  excludeWords: [],
  hideReserved: false,
  wantsPostingTime: false,
};

const yes: MatchResult = { match: true };
const no = (reason: string): MatchResult => ({ match: false, reason }) as MatchResult;

describe('matchListing', () => {
  it.each<[string, Partial<AlertFilters>, Partial<Listing>, MatchResult]>([
    ['no filters: a plain ad matches', {}, {}, yes],
    // Price (cents), boundaries inclusive.
    ['min price: exactly the minimum', { minPriceCents: 25_000 }, {}, yes],
    ['min price: a cent below', { minPriceCents: 25_001 }, {}, no('price-below-min')],
    [
      'min price: no amount fails a minimum',
      { minPriceCents: 100 },
      { priceCents: null },
      no('price-below-min'),
    ],
    ['min price 0 filters nothing', { minPriceCents: 0 }, { priceCents: null }, yes],
    ['max price: exactly the maximum', { maxPriceCents: 25_000 }, {}, yes],
    ['max price: a cent above', { maxPriceCents: 24_999 }, {}, no('price-above-max')],
    ['max price: no amount passes', { maxPriceCents: 100 }, { priceCents: null }, yes],
    [
      'max price: free (0) passes',
      { maxPriceCents: 100 },
      { priceCents: 0, priceType: 'FREE' },
      yes,
    ],
    // Paid placements.
    ['paid: dagtopper left out', {}, { paid: paid({ priorityProduct: 'DAGTOPPER' }) }, no('paid')],
    [
      'paid: inline Admarkt a… ad left out',
      {},
      { id: 'a1379000001', paid: paid({ isAdmarkt: true }) },
      no('paid'),
    ],
    [
      'paid: top block left out',
      {},
      { paid: paid({ topBlock: true, priorityProduct: 'TOPADVERTENTIE' }) },
      no('paid'),
    ],
    [
      'paid: kept when included',
      { includePaidAds: true },
      { paid: paid({ priorityProduct: 'DAGTOPPER' }) },
      yes,
    ],
    // Images.
    [
      'only with images: ad without photo',
      { onlyWithImages: true },
      { imageUrls: [] },
      no('no-images'),
    ],
    ['only with images: ad with a photo', { onlyWithImages: true }, {}, yes],
    // Delivery.
    ['pickup wanted, pickup ad', { deliveryMethod: 'pickup' }, { delivery: 'pickup' }, yes],
    [
      'pickup wanted, shipping-only ad',
      { deliveryMethod: 'pickup' },
      { delivery: 'shipping' },
      no('delivery'),
    ],
    [
      'shipping wanted, "ophalen of verzenden" ad',
      { deliveryMethod: 'shipping' },
      { delivery: 'both' },
      yes,
    ],
    [
      'shipping wanted, pickup-only ad',
      { deliveryMethod: 'shipping' },
      { delivery: 'pickup' },
      no('delivery'),
    ],
    ['shipping wanted, delivery unknown', { deliveryMethod: 'shipping' }, { delivery: null }, yes],
    // Conditions.
    ['condition wanted: used ad', { conditions: ['used'] }, { condition: 'Gebruikt' }, yes],
    [
      'condition wanted: new only, used ad',
      { conditions: ['new', 'as_good_as_new'] },
      { condition: 'Gebruikt' },
      no('condition'),
    ],
    [
      'condition label compared without case',
      { conditions: ['as_good_as_new'] },
      { condition: 'zo goed als NIEUW' },
      yes,
    ],
    ['condition unknown passes', { conditions: ['new'] }, { condition: null }, yes],
    // Reserved.
    ['hide reserved: reserved ad', { hideReserved: true }, { reserved: true }, no('reserved')],
    ['reserved ad shown when not hidden', {}, { reserved: true }, yes],
    // Exclude words: title + description, case- and accent-insensitive, substring.
    ['exclude word in title', { excludeWords: ['Gazelle'] }, {}, no('excluded-word')],
    ['exclude word in description', { excludeWords: ['weinig'] }, {}, no('excluded-word')],
    [
      'exclude word ignores case and accents',
      { excludeWords: ['KAPÓT'] },
      { description: 'Kapot, voor onderdelen' },
      no('excluded-word'),
    ],
    [
      'exclude word matches inside a compound',
      { excludeWords: ['onderdelen'] },
      { title: 'Fietsonderdelen' },
      no('excluded-word'),
    ],
    [
      'exclude phrase',
      { excludeWords: ['niet werkend'] },
      { description: 'Is  niet werkend.' },
      no('excluded-word'),
    ],
    ['exclude word absent', { excludeWords: ['defect', 'kapot'] }, {}, yes],
    // Car filters (attributes as given by the search).
    [
      'mileage within range',
      { mileageMinKm: 10_000, mileageMaxKm: 100_000 },
      { attributes: { mileage: '100.000 km' } },
      yes,
    ],
    [
      'mileage above max',
      { mileageMaxKm: 99_999 },
      { attributes: { mileage: '100.000' } },
      no('mileage'),
    ],
    [
      'mileage below min',
      { mileageMinKm: 100_001 },
      { attributes: { mileage: '100000' } },
      no('mileage'),
    ],
    ['mileage unknown passes', { mileageMaxKm: 10 }, { attributes: {} }, yes],
    [
      'year at the lower bound',
      { yearMin: 2018 },
      { attributes: { constructionYear: '2018' } },
      yes,
    ],
    [
      'year before the minimum',
      { yearMin: 2019 },
      { attributes: { constructionYear: '2018' } },
      no('year'),
    ],
    [
      'year after the maximum',
      { yearMax: 2017 },
      { attributes: { constructionYear: '2018' } },
      no('year'),
    ],
    ['fuel wanted', { fuel: ['diesel', 'electric'] }, { attributes: { fuel: 'Elektrisch' } }, yes],
    ['fuel not wanted', { fuel: ['diesel'] }, { attributes: { fuel: 'Benzine' } }, no('fuel')],
    [
      'fuel: an unknown label counts as other',
      { fuel: ['other'] },
      { attributes: { fuel: 'Kolen' } },
      yes,
    ],
    // Seller type.
    [
      'business wanted, business ad',
      { sellerType: 'business' },
      { seller: { id: '1', name: 'Shop', type: 'business' } },
      yes,
    ],
    ['business wanted, unmarked ad', { sellerType: 'business' }, {}, no('seller-type')],
    [
      'private wanted, business ad',
      { sellerType: 'private' },
      { seller: { id: '1', name: 'Shop', type: 'business' } },
      no('seller-type'),
    ],
    [
      'private wanted, unmarked ad: needs the ad page',
      { sellerType: 'private' },
      {},
      no('seller-type-unknown'),
    ],
    [
      'private wanted, page says private',
      { sellerType: 'private' },
      { seller: { id: '1', name: 'Jan', type: 'private' } },
      yes,
    ],
  ])('%s', (_name, filters, overrides, expected) => {
    expect(matchListing(listing(overrides), { ...NO_FILTERS, ...filters })).toEqual(expected);
  });

  it('after the ad page was read, an unclassified seller counts as private', () => {
    const filters = { ...NO_FILTERS, sellerType: 'private' as const };
    expect(matchListing(listing(), filters, { detailRead: true })).toEqual(yes);
  });
});

describe('wantsDetail', () => {
  it.each<[string, Partial<AlertFilters>, Partial<Listing>, boolean]>([
    ['a private filter on an unmarked ad', { sellerType: 'private' }, {}, true],
    ['a failed match for another reason', { sellerType: 'private', maxPriceCents: 1 }, {}, false],
    ['a plain match without Pro', {}, {}, false],
    ['a Pro match without posting time', { wantsPostingTime: true }, {}, true],
    [
      'a Pro match that has its posting time',
      { wantsPostingTime: true },
      { postedAt: '2026-01-01T10:00:00.000Z' },
      false,
    ],
  ])('%s → %s', (_name, filters, overrides, expected) => {
    const f = { ...NO_FILTERS, ...filters };
    const l = listing(overrides);
    expect(wantsDetail(l, f, matchListing(l, f))).toBe(expected);
  });
});

describe('alertFilters', () => {
  const alert: FilterableAlert = {
    minPriceCents: null,
    maxPriceCents: 50_000,
    sellerType: 'private',
    includePaidAds: true,
    onlyWithImages: false,
    deliveryMethod: 'both',
    customFilters: {},
  };

  it.each<
    [
      string,
      Partial<FilterableAlert>,
      { ownerPlan: 'PRO' | 'REGISTERED' | null; filterPaidAds: boolean },
      boolean,
    ]
  >([
    [
      'a Pro owner follows the alert toggle (on)',
      {},
      { ownerPlan: 'PRO', filterPaidAds: true },
      true,
    ],
    [
      'a Pro owner follows the alert toggle (off)',
      { includePaidAds: false },
      { ownerPlan: 'PRO', filterPaidAds: true },
      false,
    ],
    [
      'a downgraded owner: the setting decides (filtered)',
      {},
      { ownerPlan: 'REGISTERED', filterPaidAds: true },
      false,
    ],
    [
      'a guest: the setting decides (filtered)',
      {},
      { ownerPlan: null, filterPaidAds: true },
      false,
    ],
    [
      'setting off: paid ads are shown to non-Pro alerts',
      { includePaidAds: false },
      { ownerPlan: null, filterPaidAds: false },
      true,
    ],
  ])('paid ads: %s', (_name, over, context, expected) => {
    expect(alertFilters({ ...alert, ...over }, context).includePaidAds).toBe(expected);
  });

  it('the car adverteerder replaces the seller type, and custom filters are read', () => {
    const filters = alertFilters(
      {
        ...alert,
        sellerType: 'all',
        customFilters: {
          adverteerder: 'business',
          mileageMax: 150_000,
          yearMin: 2015,
          fuel: ['diesel', 'bogus'],
          conditions: ['used'],
          excludeWords: ['lease'],
          hideReserved: true,
        },
      },
      { ownerPlan: 'PRO', filterPaidAds: true },
    );
    expect(filters).toMatchObject({
      sellerType: 'business',
      mileageMinKm: null,
      mileageMaxKm: 150_000,
      yearMin: 2015,
      fuel: ['diesel'],
      conditions: ['used'],
      excludeWords: ['lease'],
      hideReserved: true,
      wantsPostingTime: true,
    });
  });
});

describe('parsing helpers', () => {
  it.each([
    ['123.456 km', 123_456],
    ['98000', 98_000],
    ['onbekend', null],
  ])('mileage %s → %s', (value, expected) => expect(parseMileageKm(value)).toBe(expected));
  it.each([
    ['2018', 2018],
    ['bouwjaar 1999', 1999],
    ['—', null],
  ])('year %s → %s', (value, expected) => expect(parseYear(value)).toBe(expected));
  it('folds case, accents and spaces', () =>
    expect(foldText('  Café   KAPÓT ')).toBe('cafe kapot'));
});
