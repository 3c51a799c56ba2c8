/**
 * Tokens that name a few records and prove the server issued them, for links that must work
 * without cookies or a login (a mail client's one-click unsubscribe, a tap on a phone's
 * notification). Signed, not stored:
 *
 *   token = base64url(uuid bytes, 16 each, concatenated) "." base64url(HMAC-SHA256(
 *           SESSION_SECRET, purpose ‖ sorted ids))
 *
 * The purpose separates each use of SESSION_SECRET from every other, so a token made for one
 * action never works for another.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_BYTES = 16;
const ID_CHARS = 22; // base64url of 16 bytes, unpadded
const MAC_CHARS = 43; // base64url of 32 bytes, unpadded

function mac(secret: string, purpose: string, ids: readonly string[]): string {
  const canonical = [...ids].map((id) => id.toLowerCase()).sort();
  return createHmac('sha256', secret)
    .update(`${purpose}\0${canonical.join('\0')}`)
    .digest('base64url');
}

function packId(id: string): string {
  return Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64url');
}

function unpackId(packed: string): string {
  const hex = Buffer.from(packed, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A token for 1 to `maxIds` uuids; anything else is a programming error. */
export function createSignedIdsToken(
  secret: string,
  purpose: string,
  ids: readonly string[],
  maxIds: number,
): string {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (unique.length === 0 || unique.length > maxIds || !unique.every((id) => UUID.test(id))) {
    throw new Error(`A ${purpose} token names 1 to ${maxIds} ids`);
  }
  return `${unique.map(packId).join('')}.${mac(secret, purpose, unique)}`;
}

/** The ids a token names when it was made for `purpose` and its signature holds; else null. */
export function readSignedIdsToken(
  secret: string,
  purpose: string,
  token: unknown,
  maxIds: number,
): string[] | null {
  if (typeof token !== 'string' || token.length > maxIds * ID_CHARS + 1 + MAC_CHARS) return null;
  const [packed, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !packed || !signature) return null;
  if (packed.length % ID_CHARS !== 0 || !/^[A-Za-z0-9_-]+$/.test(packed)) return null;
  const ids: string[] = [];
  for (let index = 0; index < packed.length; index += ID_CHARS) {
    const chunk = packed.slice(index, index + ID_CHARS);
    if (Buffer.from(chunk, 'base64url').length !== UUID_BYTES) return null;
    ids.push(unpackId(chunk));
  }
  return safeEqual(signature, mac(secret, purpose, ids)) ? ids : null;
}
