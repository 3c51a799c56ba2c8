/**
 * The access token in the pa_access cookie: an opaque, signed value naming a session row and when
 * the token stops being valid (`<sessionId>.<expires unix s>.<HMAC-SHA256>`). It carries no user data;
 * every request still loads the session, so revocation takes effect at once.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens';

/** How long one access token is accepted; the client refreshes it with the refresh cookie. */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  sessionId: string;
  expiresAt: Date;
}

export interface AccessTokenSigner {
  sign(sessionId: string, now?: Date): string;
  /** The claims of a correctly signed token, expired or not (the caller checks `expiresAt`); else null. */
  read(token: string): AccessTokenClaims | null;
}

const SESSION_ID = /^[0-9a-f-]{36}$/i;

export function createAccessTokenSigner(secret: string): AccessTokenSigner {
  // A key of its own, so an access-token MAC can never be replayed as another HMAC the app makes.
  const key = createHmac('sha256', secret).update('prijsalarm:access-token:v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign(sessionId, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_LIFETIME_SECONDS;
      const payload = `${sessionId}.${expires}`;
      return `${payload}.${mac(payload)}`;
    },
    read(token) {
      const parts = token.split('.');
      if (parts.length !== 3) return null;
      const [sessionId = '', expires = '', signature = ''] = parts;
      if (!SESSION_ID.test(sessionId) || !/^\d{1,12}$/.test(expires)) return null;
      if (!safeEqual(signature, mac(`${sessionId}.${expires}`))) return null;
      return { sessionId, expiresAt: new Date(Number(expires) * 1000) };
    },
  };
}
