/**
 * Newsletter unsubscribe links: `${PUBLIC_URL}/uitschrijven?token=…`, usable without logging in
 * and without expiry (RFC 8058 and Gmail want unsubscribing to keep working from old mails).
 *
 * token = `${userId}.${base64url(HMAC-SHA256(SESSION_SECRET, purpose ‖ userId ‖ email))}`.
 * Nothing is stored: the server recomputes the MAC for the user the token names. Changing the
 * e-mail address (or SESSION_SECRET) invalidates older links, which is what the owner expects.
 */
import { createHmac } from 'node:crypto';
import { isRecordId, NEWSLETTER_TEXTS, UNSUBSCRIBE_PATH } from '@prijsalarm/core';
import type { Config } from '../config/env';
import { safeEqual } from './tokens';

/** Separates this MAC from every other use of SESSION_SECRET. */
const PURPOSE = 'newsletter_unsubscribe';
const MAC = /^[A-Za-z0-9_-]{43}$/;

/** RFC 8058 header values, as `listUnsubscribeHeaders` builds them for the mailer. */
export interface ListUnsubscribeHeaders {
  /** `<https://…>` and optionally `, <mailto:…>`. */
  'List-Unsubscribe': string;
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click';
}

export interface UnsubscribeSubject {
  id: string;
  email: string;
}

function mac(secret: string, user: UnsubscribeSubject): string {
  // NUL cannot occur in an id or an e-mail address, so the fields cannot be shifted into another.
  return createHmac('sha256', secret)
    .update(`${PURPOSE}\0${user.id.toLowerCase()}\0${user.email.toLowerCase()}`)
    .digest('base64url');
}

export function createUnsubscribeToken(secret: string, user: UnsubscribeSubject): string {
  return `${user.id.toLowerCase()}.${mac(secret, user)}`;
}

/**
 * The user id a well-formed token names (not yet verified), or null for anything malformed.
 * Look that user up, then check the token with `verifyUnsubscribeToken`.
 */
export function unsubscribeTokenUserId(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const [userId, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !userId || !signature) return null;
  return isRecordId(userId) && MAC.test(signature) ? userId.toLowerCase() : null;
}

/** True when `token` was issued for this user and their current e-mail address. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  user: UnsubscribeSubject,
): boolean {
  return safeEqual(token, createUnsubscribeToken(secret, user));
}

type UnsubscribeConfig = Pick<Config, 'publicUrl' | 'sessionSecret' | 'supportEmail'>;

/** The page that unsubscribes; also the URL mail clients POST the one-click request to. */
export function unsubscribeUrl(config: UnsubscribeConfig, user: UnsubscribeSubject): string {
  const url = new URL(`${config.publicUrl}${UNSUBSCRIBE_PATH}`);
  url.searchParams.set('token', createUnsubscribeToken(config.sessionSecret, user));
  return url.toString();
}

/**
 * RFC 8058 headers for a subscription mail to `user`: one HTTPS URI (the one-click target) and a
 * mailto: fallback for clients without HTTP unsubscribe. Pass them as the mailer's
 * `listUnsubscribe` option; never on transactional mail (reset, verify, receipts).
 */
export function listUnsubscribeHeaders(
  config: UnsubscribeConfig,
  user: UnsubscribeSubject,
): ListUnsubscribeHeaders {
  const subject = encodeURIComponent(NEWSLETTER_TEXTS.mailtoSubject);
  const mailto = `mailto:${config.supportEmail}?subject=${subject}`;
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(config, user)}>, <${mailto}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
