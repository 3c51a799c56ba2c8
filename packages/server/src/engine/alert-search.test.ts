import { describe, expect, it } from 'vitest';
import {
  alertIntervalSeconds,
  alertSearch,
  alertSearches,
  type SearchableAlert,
} from './alert-search';

const base: SearchableAlert = {
  searchTerm: 'Racefiets',
  platforms: ['marktplaats'],
  minPriceCents: null,
  maxPriceCents: null,
  postalCode: null,
  distanceKm: null,
  l1CategoryId: null,
  l2CategoryId: null,
  deliveryMethod: 'both',
  customFilters: {},
};

describe('alertSearch', () => {
  it.each<[string, Partial<SearchableAlert>, Record<string, unknown>]>([
    ['search term → query', {}, { query: 'Racefiets' }],
    [
      'categories',
      { l1CategoryId: 445, l2CategoryId: 447 },
      { l1CategoryId: 445, l2CategoryId: 447 },
    ],
    [
      'an L2 without its L1 is dropped',
      { l2CategoryId: 447 },
      { l1CategoryId: null, l2CategoryId: null },
    ],
    [
      'price range in cents',
      { minPriceCents: 5000, maxPriceCents: 25_000 },
      { minPriceCents: 5000, maxPriceCents: 25_000 },
    ],
    [
      'postcode with distance',
      { postalCode: '1016LV', distanceKm: 10 },
      { postalCode: '1016LV', distanceKm: 10 },
    ],
    [
      'postcode without distance is dropped',
      { postalCode: '1016LV' },
      { postalCode: null, distanceKm: null },
    ],
    [
      'distance without postcode is dropped',
      { distanceKm: 10 },
      { postalCode: null, distanceKm: null },
    ],
    ['delivery both → no filter', {}, { delivery: null }],
    ['delivery pickup', { deliveryMethod: 'pickup' }, { delivery: 'pickup' }],
    ['delivery shipping', { deliveryMethod: 'shipping' }, { delivery: 'shipping' }],
    [
      'conditions → attribute ids',
      { customFilters: { conditions: ['new', 'used', 'bogus'] } },
      { conditionIds: [30, 32] },
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(alertSearch({ ...base, ...overrides }, 'marktplaats')).toMatchObject(expected);
  });

  it('2dehands searches all languages; Marktplaats has no language', () => {
    expect(alertSearch(base, '2dehands').language).toBe('all-languages');
    expect(alertSearch(base, 'marktplaats')).not.toHaveProperty('language');
  });
});

describe('alertSearches (coalescing)', () => {
  const keyOf = (overrides: Partial<SearchableAlert>) =>
    alertSearches({ ...base, ...overrides })[0]!.key;

  it.each<[string, Partial<SearchableAlert>, boolean]>([
    ['case and spacing of the term do not matter', { searchTerm: '  racefiets ' }, true],
    [
      'filters the matcher applies do not split a search',
      { customFilters: { excludeWords: ['defect'], hideReserved: true } },
      true,
    ],
    ['postcode spelling does not matter', { postalCode: '1016 lv', distanceKm: 10 }, false],
    ['another term is another search', { searchTerm: 'stadsfiets' }, false],
    ['another price range is another search', { maxPriceCents: 10_000 }, false],
    ['another category is another search', { l1CategoryId: 445 }, false],
    ['another delivery method is another search', { deliveryMethod: 'pickup' }, false],
  ])('%s', (_name, overrides, same) => {
    expect(keyOf(overrides) === keyOf({})).toBe(same);
  });

  it('postcodes written differently share a key', () => {
    expect(keyOf({ postalCode: '1016 lv', distanceKm: 10 })).toBe(
      keyOf({ postalCode: '1016LV', distanceKm: 10 }),
    );
  });

  it('an alert on both platforms has two searches', () => {
    const searches = alertSearches({ ...base, platforms: ['marktplaats', '2dehands'] });
    expect(searches.map((s) => s.platform)).toEqual(['marktplaats', '2dehands']);
    expect(searches[0]!.key).not.toBe(searches[1]!.key);
    expect(searches.map((s) => s.key.split(':')[0])).toEqual(['marktplaats', '2dehands']);
  });
});

describe('alertIntervalSeconds', () => {
  it.each<[number, number | null, number]>([
    [3, null, 180],
    [30, null, 1800],
    [30, 5, 5],
  ])('%s min with CHECK_INTERVAL_SECONDS=%s → %s s', (minutes, override, expected) => {
    expect(
      alertIntervalSeconds({ checkIntervalMinutes: minutes }, { checkIntervalSeconds: override }),
    ).toBe(expected);
  });
});
