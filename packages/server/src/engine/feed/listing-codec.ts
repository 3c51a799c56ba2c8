/**
 * A listing as the feed's `listings` table stores it: compressed JSON, read back whether
 * compressed or still the JSON text of a row written before (db/lib/listing-codec.ts, which the
 * migration that made the change shares).
 */
import { decodeListingJson, encodeListingJson } from '../../../../../db/lib/listing-codec';
import type { Listing } from '../marketplace/types';

export function encodeListing(listing: Listing): Buffer {
  return encodeListingJson(JSON.stringify(listing));
}

/** Throws when the stored value is not a listing (unknown format, corrupt data, broken JSON). */
export function decodeListing(stored: Buffer | string): Listing {
  const json = decodeListingJson(stored);
  try {
    return JSON.parse(json) as Listing;
  } catch (error) {
    throw new Error(`stored listing is unreadable: not JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
}

/** What a person can read of a stored listing: its JSON text, or what was stored if it has none. */
export function storedListingText(stored: Buffer | string): string {
  try {
    return decodeListingJson(stored);
  } catch {
    return typeof stored === 'string' ? stored : `0x${stored.toString('hex')}`;
  }
}
