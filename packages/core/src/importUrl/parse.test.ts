import { describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS } from '../validation/strings';
import { categoryKey } from './categoryKeys';
import {
  parseMarketplaceSearchUrl,
  type ImportCategory,
  type ImportedAlertFields,
  type MarketplaceSearchImport,
} from './parse';
import { IMPORT_URL_TEXTS as texts } from './strings';

/** Our ids differ from the marketplaces' on purpose, so a test sees which one came out. */
const l1 = (id: number, marktplaatsId: number, name: string): ImportCategory => ({
  id,
  name,
  marktplaatsId,
  type: 'L1',
  parentId: null,
});
const l2 = (id: number, marktplaatsId: number, name: string, parentId: number): ImportCategory => ({
  id,
  name,
  marktplaatsId,
  type: 'L2',
  parentId,
});
const CARS = l1(4, 91, "Auto's");
const BIKES = l1(14, 445, 'Fietsen en Brommers');
const GAMES = l1(10, 356, 'Spelcomputers en Games');
const HOUSES = l1(26, 1032, 'Huizen en Kamers');
const CATEGORIES: ImportCategory[] = [
  CARS,
  BIKES,
  GAMES,
  HOUSES,
  l2(40, 157, 'Volkswagen', CARS.id),
  l2(41, 2830, 'Tesla', CARS.id),
  l2(42, 124, 'Land Rover', CARS.id),
  l2(43, 101, 'Citroën', CARS.id),
  l2(44, 130, 'Mercedes-Benz', CARS.id),
  l2(45, 95, "Bestelauto's", CARS.id),
];

function parsed(url: string): MarketplaceSearchImport {
  const result = parseMarketplaceSearchUrl(url, CATEGORIES);
  if (!result.ok) throw new Error(`refused ${url}: ${result.error}`);
  const { ok: _ok, ...search } = result;
  return search;
}

const parts = (notes: ReadonlyArray<{ part: string }>) => notes.map((note) => note.part);

describe('parseMarketplaceSearchUrl: the shapes of a search link', () => {
  it.each<[string, string, ImportedAlertFields, string[], string[]]>([
    [
      'a query page',
      'https://www.marktplaats.nl/q/iphone+15+pro/',
      { platforms: ['marktplaats'], searchTerm: 'iphone 15 pro' },
      [],
      [],
    ],
    [
      'a 2dehands query page sorted by date',
      'https://www.2dehands.be/q/iphone+15+pro/#sortBy:SORT_INDEX|sortOrder:DECREASING',
      { platforms: ['2dehands'], searchTerm: 'iphone 15 pro' },
      [],
      ['sortBy:SORT_INDEX|sortOrder:DECREASING'],
    ],
    [
      'a 2dehands category page with its own key and the query in the fragment',
      'https://www.2dehands.be/l/games-en-spelcomputers/#q:ps5|Language:all-languages|sortBy:SORT_INDEX|sortOrder:DECREASING',
      { platforms: ['2dehands'], searchTerm: 'ps5', l1CategoryId: GAMES.id },
      [],
      ['sortBy:SORT_INDEX|sortOrder:DECREASING'],
    ],
    [
      'a category page with two keys',
      'https://www.marktplaats.nl/l/auto-s/tesla/',
      { platforms: ['marktplaats'], l1CategoryId: CARS.id, l2CategoryId: 41 },
      [],
      [],
    ],
    [
      'a subcategory and an attribute value in the path that we do not keep',
      'https://www.marktplaats.nl/l/fietsen-en-brommers/fietsen-racefietsen/f/carbon/3584/',
      { platforms: ['marktplaats'], l1CategoryId: BIKES.id },
      ['/l/fietsen-en-brommers/fietsen-racefietsen/', '/f/carbon/3584/'],
      [],
    ],
    [
      'a category with a query in the path',
      'https://www.marktplaats.nl/l/auto-s/q/golf/',
      { platforms: ['marktplaats'], searchTerm: 'golf', l1CategoryId: CARS.id },
      [],
      [],
    ],
    [
      'the car filters of the fragment',
      'https://www.marktplaats.nl/l/auto-s/#q:volkswagen+tiguan|constructionYearFrom:2020|mileageTo:70001|sortBy:PRICE|sortOrder:INCREASING',
      {
        platforms: ['marktplaats'],
        searchTerm: 'volkswagen tiguan',
        l1CategoryId: CARS.id,
        customFilters: { yearMin: 2020, mileageMax: 70001 },
      },
      [],
      ['sortBy:PRICE|sortOrder:INCREASING'],
    ],
    [
      'price in cents, postal code and distance',
      'https://www.marktplaats.nl/q/fiets/#postcode:1016LV|distanceMeters:10000|PriceCentsFrom:10000|PriceCentsTo:30050',
      {
        platforms: ['marktplaats'],
        searchTerm: 'fiets',
        postalCode: '1016 LV',
        distance: 10,
        minPrice: 100,
        maxPrice: 300.5,
      },
      [],
      [],
    ],
    [
      'a Belgian postal code, and offeredSince that an alert does not need',
      'https://www.2dehands.be/q/fiets/#offeredSince:Gisteren|postcode:2000|distanceMeters:25000',
      { platforms: ['2dehands'], searchTerm: 'fiets', postalCode: '2000', distance: 25 },
      [],
      ['offeredSince:Gisteren'],
    ],
    [
      'a price from zero, which is no lower bound',
      'https://www.marktplaats.nl/q/bank/#PriceCentsFrom:0|PriceCentsTo:25000',
      { platforms: ['marktplaats'], searchTerm: 'bank', maxPrice: 250 },
      [],
      [],
    ],
    [
      'an open price end',
      'https://www.marktplaats.nl/q/bank/#PriceCentsFrom:null|PriceCentsTo:25000',
      { platforms: ['marktplaats'], searchTerm: 'bank', maxPrice: 250 },
      [],
      [],
    ],
    [
      'condition and delivery ids, in the path and the fragment',
      'https://www.marktplaats.nl/q/lego/f/zo-goed-als-nieuw+gebruikt/31+32/#f:33',
      {
        platforms: ['marktplaats'],
        searchTerm: 'lego',
        customFilters: { conditions: ['as_good_as_new', 'used'] },
        deliveryMethod: 'pickup',
      },
      [],
      [],
    ],
    [
      'both delivery ids, which filter nothing, and an attribute id we do not know',
      'https://www.marktplaats.nl/q/lamp/#f:33|f:34|f:14055',
      { platforms: ['marktplaats'], searchTerm: 'lamp' },
      ['f:14055'],
      [],
    ],
    [
      'a page number and an attribute id in the fragment',
      'https://www.marktplaats.nl/l/auto-s/p/2/#f:10898',
      { platforms: ['marktplaats'], l1CategoryId: CARS.id },
      ['f:10898'],
      ['/p/2/'],
    ],
    [
      'encoded characters in the path and the fragment, the fragment winning',
      'https://www.marktplaats.nl/q/caf%C3%A9+stoel/#q:caf%C3%A9%20stoel%20%26%20tafel',
      { platforms: ['marktplaats'], searchTerm: 'café stoel & tafel' },
      [],
      [],
    ],
    [
      'a fragment whose separators the browser encoded',
      'https://www.marktplaats.nl/q/bureau/#postcode%3A3511AB%7CdistanceMeters%3A5000',
      {
        platforms: ['marktplaats'],
        searchTerm: 'bureau',
        postalCode: '3511 AB',
        distance: 5,
      },
      [],
      [],
    ],
    [
      'a hyphen that the site keeps as a literal word',
      'https://www.marktplaats.nl/q/mac-mini/',
      { platforms: ['marktplaats'], searchTerm: 'mac-mini' },
      [],
      [],
    ],
    [
      'a link pasted without its scheme',
      'www.marktplaats.nl/q/fiets/',
      { platforms: ['marktplaats'], searchTerm: 'fiets' },
      [],
      [],
    ],
    [
      'the French twin of 2dehands, without www',
      'https://2ememain.be/l/immo/#q:studio',
      { platforms: ['2dehands'], searchTerm: 'studio', l1CategoryId: HOUSES.id },
      [],
      [],
    ],
    [
      'the home page with a query in the fragment',
      'https://www.marktplaats.nl/#q:kinderwagen',
      { platforms: ['marktplaats'], searchTerm: 'kinderwagen' },
      [],
      [],
    ],
    [
      'tracking parameters left out, other query parameters named',
      'https://www.marktplaats.nl/q/fiets/?utm_source=nieuwsbrief&view=gallery',
      { platforms: ['marktplaats'], searchTerm: 'fiets' },
      [],
      ['?view=gallery'],
    ],
  ])('%s', (_case, url, fields, unsupported, ignored) => {
    const search = parsed(url);
    expect(search.fields).toEqual(fields);
    expect(parts(search.unsupported)).toEqual(unsupported);
    expect(parts(search.ignored)).toEqual(ignored);
  });

  it.each([
    ['land-rover', 42],
    ['citroen', 43],
    ['mercedes-benz', 44],
    ['bestelauto-s', 45],
    ['volkswagen', 40],
  ])('finds the car brand /l/auto-s/%s/ among our subcategories', (key, id) => {
    expect(parsed(`https://www.marktplaats.nl/l/auto-s/${key}/`).fields.l2CategoryId).toBe(id);
  });
});

describe('parseMarketplaceSearchUrl: what is named instead of taken over', () => {
  const noteOf = (url: string, part: string) =>
    parsed(url).unsupported.find((note) => note.part === part)?.message;

  it('names an unknown fragment key', () => {
    expect(noteOf('https://www.marktplaats.nl/q/fiets/#q:fiets|foo:bar', 'foo:bar')).toBe(
      'Filter foo wordt niet ondersteund',
    );
  });

  it('names an attribute value by the word in its path segment', () => {
    expect(
      noteOf('https://www.marktplaats.nl/l/fietsen-en-brommers/f/carbon/3584/', '/f/carbon/3584/'),
    ).toBe(texts.filterUnsupported('carbon (3584)'));
  });

  it('names the language filter of 2dehands unless it is all languages', () => {
    expect(noteOf('https://www.2dehands.be/q/boek/#Language:fr-BE', 'Language:fr-BE')).toBe(
      texts.languageUnsupported('fr-BE'),
    );
  });

  it('rounds a distance up to the next option, saying so', () => {
    const search = parsed(
      'https://www.marktplaats.nl/q/fiets/#postcode:3511AB|distanceMeters:20000',
    );
    expect(search.fields.distance).toBe(25);
    expect(search.unsupported).toEqual([
      { part: 'distanceMeters:20000', message: texts.distanceRounded(20, 25) },
    ]);
  });

  it('searches the whole country beyond the largest distance, saying so', () => {
    const search = parsed(
      'https://www.marktplaats.nl/q/fiets/#postcode:3511AB|distanceMeters:100000',
    );
    expect(search.fields.distance).toBeNull();
    expect(parts(search.unsupported)).toEqual(['distanceMeters:100000']);
  });

  it("takes the marketplaces' 'no limit' as the whole country, silently", () => {
    const search = parsed(
      'https://www.marktplaats.nl/q/fiets/#postcode:3511AB|distanceMeters:1000000',
    );
    expect(search.fields).toMatchObject({ postalCode: '3511 AB' });
    expect(search.fields.distance).toBeUndefined();
    expect(search.unsupported).toEqual([]);
  });

  it('names a distance without a postal code', () => {
    expect(
      noteOf('https://www.marktplaats.nl/q/fiets/#distanceMeters:5000', 'distanceMeters:5000'),
    ).toBe(texts.distanceWithoutPostalCode);
  });

  it("names a postal code of the other platform's country", () => {
    const search = parsed('https://www.2dehands.be/q/fiets/#postcode:1016LV|distanceMeters:5000');
    expect(search.fields.postalCode).toBeUndefined();
    expect(search.unsupported).toEqual([
      { part: 'postcode:1016LV', message: texts.postalCodeInvalid('1016LV', '2dehands') },
      { part: 'distanceMeters:5000', message: texts.distanceWithoutPostalCode },
    ]);
  });

  it('names car filters outside the car category', () => {
    expect(noteOf('https://www.marktplaats.nl/q/fiets/#mileageTo:5000', 'mileageTo:5000')).toBe(
      texts.carFilterOutsideCars('Kilometerstand tot'),
    );
  });

  it('names a price out of range and an unreadable one', () => {
    const search = parsed(
      'https://www.marktplaats.nl/q/fiets/#PriceCentsFrom:abc|PriceCentsTo:99999999900',
    );
    expect(search.fields.minPrice).toBeUndefined();
    expect(search.fields.maxPrice).toBeUndefined();
    expect(search.unsupported).toEqual([
      { part: 'PriceCentsFrom:abc', message: texts.valueUnreadable('Minimumprijs', 'abc') },
      {
        part: 'PriceCentsTo:99999999900',
        message: texts.priceOutOfRange('Maximumprijs', ALERT_FIELD_TEXTS.priceTooHigh),
      },
    ]);
  });

  it('names a category it does not know, and one it cannot find without our categories', () => {
    expect(noteOf('https://www.marktplaats.nl/l/ruimtevaart/', '/l/ruimtevaart/')).toBe(
      texts.categoryUnknown('ruimtevaart'),
    );
    const withoutCategories = parseMarketplaceSearchUrl('https://www.marktplaats.nl/l/auto-s/');
    expect(withoutCategories).toMatchObject({
      ok: true,
      fields: { platforms: ['marktplaats'] },
      unsupported: [{ part: '/l/auto-s/' }],
    });
  });
});

describe('parseMarketplaceSearchUrl: links it refuses', () => {
  it.each([
    ['nothing', '  ', texts.empty],
    ['another site', 'https://www.example.com/q/fiets/', texts.notMarketplace],
    ['a look-alike host', 'https://www.marktplaats.nl.example.com/q/fiets/', texts.notMarketplace],
    [
      'a host behind user info',
      'https://www.marktplaats.nl@example.com/q/fiets/',
      texts.notMarketplace,
    ],
    ['another scheme', 'ftp://www.marktplaats.nl/q/fiets/', texts.notAUrl],
    ['a script', 'javascript:alert(1)', texts.notAUrl],
    ['plain words', 'fiets onder 100 euro', texts.notAUrl],
    [
      'an ad page',
      'https://www.marktplaats.nl/v/fietsen-en-brommers/m2064554806-batavus',
      texts.notASearch,
    ],
    ['the home page', 'https://www.marktplaats.nl/', texts.notASearch],
    ['a whole page of text', `https://www.marktplaats.nl/q/${'a'.repeat(2000)}/`, texts.tooLong],
  ])('refuses %s in Dutch', (_case, url, error) => {
    expect(parseMarketplaceSearchUrl(url, CATEGORIES)).toEqual({ ok: false, error });
  });
});

describe('categoryKey', () => {
  it.each([
    ["Auto's", 'auto-s'],
    ['Kleding | Dames', 'kleding-dames'],
    ["Cd's en Dvd's", 'cd-s-en-dvd-s'],
    ['Citroën', 'citroen'],
    ['Lynk & Co', 'lynk-co'],
  ])('%s → %s', (name, key) => {
    expect(categoryKey(name)).toBe(key);
  });
});
