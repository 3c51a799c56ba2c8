/**
 * Secret link tokens (ASVS 11.5.1: ≥ 128 random bits from a CSPRNG; 6.5.2: a plain hash is
 * enough to store them).
 *
 * Derived tokens (alert manage, refresh and feed links): token = base64url(HMAC-SHA256(SESSION_SECRET,
 * `${purpose}:${nonce}`)) with a 128-bit random nonce stored on the row, plus sha256(token) for
 * lookup. The raw token is never stored, yet the server can show an alert's owner its link again;
 * a new nonce revokes the old link. The same derivation, with a secret "nonce" that is not stored,
 * gives a rotated session's successor refresh token (from the token it replaces) and the Telegram
 * web link code (from the user and the code's expiry): the same answer can be given twice.
 *
 * Random tokens (one-time links: verify, reset, login, confirm): 256 random bits, only the hash is
 * stored, and the link cannot be shown again.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_PURPOSES = {
  alertManage: 'alert_manage',
  alertRefresh: 'alert_refresh',
  alertFeed: 'alert_feed',
  /** The refresh token that rotating a session's refresh token (the "nonce") hands out. */
  sessionSuccessor: 'session_successor',
  /** The Telegram web flow's link code of a user and an expiry. */
  telegramWebLink: 'telegram_web_link',
} as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[keyof typeof TOKEN_PURPOSES];

/** 16 bytes = 128 bits of nonce entropy. */
export const NONCE_BYTES = 16;
/** 32 bytes = 256 bits for one-time tokens. */
export const RANDOM_TOKEN_BYTES = 32;

export interface IssuedToken {
  /** Stored on the row. */
  nonce: string;
  /** Goes into the link only. */
  token: string;
  /** sha256 hex of the token: stored on the row (unique) for lookup. */
  hash: string;
}

export interface TokenService {
  issueToken(purpose: TokenPurpose): IssuedToken;
  /** The token a stored nonce stands for (to show an owner the link again). */
  tokenFor(purpose: TokenPurpose, nonce: string): string;
}

export function createTokenService(secret: string): TokenService {
  if (secret.length < 32) throw new Error('The token secret must be at least 32 characters');
  const tokenFor = (purpose: TokenPurpose, nonce: string) =>
    createHmac('sha256', secret).update(`${purpose}:${nonce}`).digest('base64url');
  return {
    tokenFor,
    issueToken(purpose) {
      const nonce = randomBytes(NONCE_BYTES).toString('base64url');
      const token = tokenFor(purpose, nonce);
      return { nonce, token, hash: hashToken(token) };
    },
  };
}

/** sha256 hex, the form every token is stored and looked up in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A one-time token: 256 random bits, base64url (43 characters). Store only `hashToken(token)`. */
export function randomToken(): string {
  return randomBytes(RANDOM_TOKEN_BYTES).toString('base64url');
}

/** Compares two secrets in constant time (for equal lengths; unequal lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
