/**
 * Tokens that name a few records and prove the server issued them, for links that must work
 * without cookies or a login (a mail client's one-click unsubscribe, a tap on a phone's
 * notification). Signed, not stored:
 *
 *   token = packed ids joined by "~" "." base64url(HMAC-SHA256(SESSION_SECRET, purpose ‖ sorted ids))
 *
 * A packed id is base64url of a UUID's 16 bytes, or of a short id's letter and its 10 bytes. Tokens
 * issued before short ids concatenate 22-character UUIDs without "~", and still read.
 *
 * The purpose separates each use of SESSION_SECRET from every other, so a token made for one
 * action never works for another.
 */
import { createHmac } from 'node:crypto';
import { isRecordId, SHORT_ID_PATTERN, SHORT_ID_RANDOM_BYTES } from '@prijsalarm/core';
import { safeEqual } from './tokens';

const UUID_BYTES = 16;
const UUID_CHARS = 22; // base64url of 16 bytes, unpadded
const SHORT_ID_BYTES = 1 + SHORT_ID_RANDOM_BYTES;
const SEPARATOR = '~';
const MAC_CHARS = 43; // base64url of 32 bytes, unpadded

function mac(secret: string, purpose: string, ids: readonly string[]): string {
  const canonical = [...ids].map((id) => id.toLowerCase()).sort();
  return createHmac('sha256', secret)
    .update(`${purpose}\0${canonical.join('\0')}`)
    .digest('base64url');
}

/** Packs an id `isRecordId` accepts: a short id's letter and bytes, else a UUID's 16 bytes. */
function packId(id: string): string {
  const bytes = SHORT_ID_PATTERN.test(id)
    ? Buffer.concat([Buffer.from(id.slice(0, 1), 'latin1'), Buffer.from(id.slice(1), 'hex')])
    : Buffer.from(id.replace(/-/g, ''), 'hex');
  return bytes.toString('base64url');
}

function unpackId(packed: string): string | null {
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.toString('base64url') !== packed) return null;
  if (bytes.length === UUID_BYTES) {
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  if (bytes.length !== SHORT_ID_BYTES) return null;
  const id = `${bytes.subarray(0, 1).toString('latin1')}${bytes.subarray(1).toString('hex')}`;
  return SHORT_ID_PATTERN.test(id) ? id : null;
}

/** A token for 1 to `maxIds` ids (UUIDs or short ids); anything else is a programming error. */
export function createSignedIdsToken(
  secret: string,
  purpose: string,
  ids: readonly string[],
  maxIds: number,
): string {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0 || unique.length > maxIds || !unique.every(isRecordId)) {
    throw new Error(`A ${purpose} token names 1 to ${maxIds} ids`);
  }
  return `${unique.map(packId).join(SEPARATOR)}.${mac(secret, purpose, unique)}`;
}

/** The ids a token names when it was made for `purpose` and its signature holds; else null. */
export function readSignedIdsToken(
  secret: string,
  purpose: string,
  token: unknown,
  maxIds: number,
): string[] | null {
  if (typeof token !== 'string' || token.length > maxIds * (UUID_CHARS + 1) + MAC_CHARS)
    return null;
  const [packed, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !packed || !signature) return null;
  const chunks = packed.includes(SEPARATOR)
    ? packed.split(SEPARATOR)
    : (packed.match(new RegExp(`.{1,${UUID_CHARS}}`, 'g')) ?? []);
  if (chunks.length > maxIds) return null;
  const ids: string[] = [];
  for (const chunk of chunks) {
    const id = /^[A-Za-z0-9_-]+$/.test(chunk) ? unpackId(chunk) : null;
    if (id === null) return null;
    ids.push(id);
  }
  return safeEqual(signature, mac(secret, purpose, ids)) ? ids : null;
}
