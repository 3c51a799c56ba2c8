/**
 * A stored feed listing: what is encoded decodes to the same listing, whatever its text; JSON text
 * stored before (a string, or bytes on MariaDB) is read as it is; anything else throws instead of
 * becoming a listing; and a value of version 1 stays readable.
 */
import { describe, expect, it } from 'vitest';
import { makeListing } from '../../../test/delivery-helpers';
import type { Listing } from '../marketplace';
import { decodeListing, encodeListing, storedListingText } from './listing-codec';

const LISTING = makeListing({
  title: 'Gazelle “Orange” 🚲',
  location: {
    cityName: 'Utrecht',
    countryCode: 'NL',
    distanceMeters: null,
    coordinates: { latitude: 52.09, longitude: 5.12 },
  },
  delivery: 'pickup',
  condition: 'Gebruikt',
  attributes: { delivery: 'Ophalen', condition: 'Gebruikt' },
});

/** A listing as version 1 stored it, and its JSON text: a changed dictionary no longer reads it. */
const V1 = {
  json:
    '{"id":"m2100000001","platform":"marktplaats","title":"Gazelle “Orange” 🚲","description":' +
    '"Zo goed als nieuw.","priceCents":12500,"priceType":"FIXED","location":{"cityName":"Utrecht",' +
    '"countryCode":"NL","distanceMeters":null,"coordinates":{"latitude":52.09,"longitude":5.12}},' +
    '"dayLabel":"Vandaag","postedAt":null,"imageUrls":["https://images.marktplaats.com/api/v1/' +
    'listing-mp-p/images/00/001.jpg?rule=ecg_mp_eps$_83.jpg"],"seller":{"id":"42","name":"Jan",' +
    '"type":null},"category":{"l1":445,"l2":447},"paid":{"isPaid":false,"priorityProduct":"NONE",' +
    '"isAdmarkt":false,"pageLocation":null,"topBlock":false},"delivery":"pickup","condition":' +
    '"Gebruikt","attributes":{"delivery":"Ophalen","condition":"Gebruikt"},"reserved":false,"url":' +
    '"https://www.marktplaats.nl/v/fietsen-en-brommers/fietsen-dames-damesfietsen/m2100000001-' +
    'gazelle-orange"}',
  stored:
    'AYMlOCNDAwgwJCbpuSdWgaJE4VHDHP+ixLz01EcNcxU+zJ+1CSNNYpQwemip1NDI1MCAlGSqFFpSlJqcUaJEnbSqZ2CJ' +
    'mlz1DI0oS7HYCwR85YGBgb6BgSGoAMBVMGDJBSZGiHzglZhHKCuYmJhCcoKJifnQzAhUTvtpmaklxal5uql5uklF+bm5' +
    'qUXFcLGUxNzUYggJFdJHyiG66ZDkr5sPTvtKtQA=',
};

describe('a stored feed listing', () => {
  it('decodes to the listing it encodes, whatever its text', () => {
    const listing: Listing = {
      ...LISTING,
      title: 'Fiets "Gazelle" \\ \'oud\' — ë ß 中文 👩‍👩‍👧‍👦 \u2028',
      description: `${'Prachtige fiets, “zo goed als nieuw” 🚲 — café, naïve, 10 € korting.\n'.repeat(300)}Einde.`,
      seller: { id: '7', name: 'Zoë 😀', type: 'business' },
      attributes: { mileage: '123.456', fuel: 'Benzine', 'sleutel "met" quotes': '{[]}' },
    };
    const stored = encodeListing(listing);
    expect(stored[0]).toBe(0x01);
    expect(decodeListing(stored)).toEqual(listing);
    expect(storedListingText(stored)).toBe(JSON.stringify(listing));
    // A listing without the optional keys, and one with nothing in it.
    const { attributes: _attributes, ...bare } = LISTING;
    expect(decodeListing(encodeListing(bare))).toEqual(bare);
    const empty = { ...LISTING, title: '', description: '', imageUrls: [], attributes: {} };
    expect(decodeListing(encodeListing(empty))).toEqual(empty);
  });

  it('takes a fraction of its JSON text', () => {
    const json = JSON.stringify(LISTING);
    expect(encodeListing(LISTING).length).toBeLessThan(json.length / 4);
  });

  it('reads JSON text stored before, as a string and as bytes', () => {
    const json = JSON.stringify(LISTING);
    expect(decodeListing(json)).toEqual(LISTING);
    expect(decodeListing(Buffer.from(json, 'utf8'))).toEqual(LISTING);
    expect(storedListingText(Buffer.from(json, 'utf8'))).toBe(json);
  });

  it('reads a value stored by version 1', () => {
    const stored = Buffer.from(V1.stored, 'base64');
    expect(storedListingText(stored)).toBe(V1.json);
    expect(decodeListing(stored)).toEqual(JSON.parse(V1.json));
  });

  it('throws on anything that is not a stored listing', () => {
    const stored = encodeListing(LISTING);
    const unreadable = [
      'not json',
      '',
      Buffer.alloc(0),
      Buffer.of(0x02, 0x00, 0x01),
      Buffer.from('[1,2,3]'),
      Buffer.of(0x01, 0xff, 0xff, 0xff, 0xff),
      stored.subarray(0, stored.length - 20),
      Buffer.concat([stored.subarray(0, 20), Buffer.alloc(40, 0xa5), stored.subarray(60)]),
      JSON.stringify(LISTING).slice(0, 100),
      Buffer.from(JSON.stringify(LISTING).slice(0, 100)),
    ];
    for (const value of unreadable) {
      expect(() => decodeListing(value), String(value)).toThrow(/^stored listing is unreadable/);
    }
  });

  it('shows what it can of an unreadable value', () => {
    expect(storedListingText('{"title": "Kinderwagen", ')).toBe('{"title": "Kinderwagen", ');
    expect(storedListingText(Buffer.of(0x01, 0xff))).toBe('0x01ff');
  });
});
