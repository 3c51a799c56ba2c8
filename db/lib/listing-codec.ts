/**
 * How the feed's `listings` table stores a listing. The feed stores every new ad of the
 * marketplace and keeps it a week: as JSON text (~960 bytes) that grew the database by ~20 MB an
 * hour at 4 ads a second. Each row is compressed on its own with raw DEFLATE, which on a kilobyte
 * saves less than half; a preset dictionary brings it to a third or less. The dictionary is the
 * shape of a normalised listing, not content: its keys in the order `JSON.stringify` writes them,
 * and the fixed strings of the sites and the normaliser (enum values, labels, URL beginnings). No
 * sample ad is in it, so it holds no seller's data and does not age with what is on sale.
 *
 * A stored value begins with a version byte (1: raw DEFLATE with the dictionary below). A value
 * written before is JSON text and begins with '{' (a string on SQLite, bytes on MariaDB once the
 * column is binary): it is read as it is. Values written with a dictionary inflate only with that
 * same dictionary, so version 1's never changes; a new one is a new version byte.
 *
 * Here rather than in the server: migration 0100 decodes rows on its way down.
 */
import { inflateRawSync, deflateRawSync, constants } from 'node:zlib';

const VERSION_1 = 0x01;
/** '{': the first byte of a value stored as JSON text. */
const JSON_TEXT = 0x7b;

/**
 * More than a listing can inflate to (its description is capped at 20 000 characters): a longer
 * result is not a listing, and inflating stops there.
 */
const MAX_INFLATED_BYTES = 1 << 20;

/** Fixed strings a listing's values take; the most frequent come last (nearest to the data). */
const FIXED_STRINGS = [
  'ON_REQUEST EXCHANGE NOT_APPLICABLE NOTK SEE_DESCRIPTION RESERVED FAST_BID MIN_BID FREE',
  'Eergisteren Gisteren',
  'L0_SEARCH L0_SEARCH_TOP DAGTOPPER TOPADVERTENTIE',
  'Niet werkend Nieuw Zo goed als nieuw Gebruikt',
  '"type":"private" "type":"business"',
  '"delivery":"shipping" "delivery":"both" "delivery":"Verzenden" "delivery":"Ophalen"',
  '"countryCode":"BE" "countryCode":"NL"',
  '"platform":"2dehands" https://www.2dehands.be/v/ https://images.2dehands.com',
  '"platform":"marktplaats" https://www.marktplaats.nl/v/ https://images.marktplaats.com',
  '/api/v1/listing-mp-p/images/ ?rule=ecg_mp_eps$_83.jpg',
].join(' ');

/** A listing with empty or typical values, its keys in the order a normalised one has them. */
const SKELETON = {
  id: 'm',
  platform: 'marktplaats',
  title: '',
  description: '',
  priceCents: null,
  priceType: 'FIXED',
  location: {
    cityName: null,
    countryCode: 'NL',
    distanceMeters: null,
    coordinates: { latitude: 52, longitude: 5 },
  },
  dayLabel: 'Vandaag',
  postedAt: null,
  imageUrls: ['https://'],
  seller: { id: '', name: '', type: null },
  category: { l1: null, l2: null },
  paid: {
    isPaid: false,
    priorityProduct: 'NONE',
    isAdmarkt: false,
    pageLocation: null,
    topBlock: false,
  },
  delivery: 'pickup',
  condition: 'Gebruikt',
  attributes: { delivery: 'Ophalen of Verzenden', condition: 'Gebruikt' },
  reserved: false,
  url: 'https://www.marktplaats.nl/v/',
};

const DICTIONARY = Buffer.from(`${FIXED_STRINGS} ${JSON.stringify(SKELETON)}`, 'utf8');

/** A listing's JSON text as stored: version byte, then its DEFLATE data. */
export function encodeListingJson(json: string): Buffer {
  const deflated = deflateRawSync(json, {
    dictionary: DICTIONARY,
    level: constants.Z_BEST_COMPRESSION,
    memLevel: 9,
  });
  return Buffer.concat([Buffer.of(VERSION_1), deflated]);
}

function unreadable(what: string, cause?: unknown): Error {
  return new Error(`stored listing is unreadable: ${what}`, cause ? { cause } : undefined);
}

/** The JSON text of a stored listing, compressed or as it was written before; throws if neither. */
export function decodeListingJson(stored: Buffer | string): string {
  if (typeof stored === 'string') {
    if (stored.startsWith('{')) return stored;
    throw unreadable(`text that is not JSON (${JSON.stringify(stored.slice(0, 16))})`);
  }
  if (stored[0] === JSON_TEXT) return stored.toString('utf8');
  if (stored[0] !== VERSION_1) {
    const first = stored.length === 0 ? 'empty' : `first byte 0x${stored[0]!.toString(16)}`;
    throw unreadable(`unknown format (${first})`);
  }
  let json: string;
  try {
    json = inflateRawSync(stored.subarray(1), {
      dictionary: DICTIONARY,
      maxOutputLength: MAX_INFLATED_BYTES,
    }).toString('utf8');
  } catch (error) {
    throw unreadable(`does not inflate (${(error as Error).message})`, error);
  }
  if (!json.startsWith('{')) throw unreadable('inflates to something other than JSON');
  return json;
}
