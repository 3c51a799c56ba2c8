/**
 * The session cookies. pa_access (httpOnly, path /) holds a signed access token that is accepted
 * for 15 minutes; the cookie itself lives as long as the refresh token so that its signed session
 * id keeps binding the CSRF token after the access token expired (the client then refreshes).
 * pa_refresh (httpOnly, path /api/auth) holds the rotating refresh token; pa_session ('1',
 * readable) tells scripts that a refresh cookie exists. pa_device (httpOnly, path /api/auth, a
 * year) marks a browser that signed in to an account, for the login throttle (./limits.ts).
 */
import type { CookieOptions, Request, Response } from 'express';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_MARKER_COOKIE } from '@prijsalarm/core';
import { refreshLifetimeMs, type IssuedSession } from '../../commands/sessions';
import type { AppContext } from '../../context';
import { baseCookieOptions, issueCsrfToken } from '../../http/auth';
import { createAccessTokenSigner } from '../../security/access-token';
import { createDeviceCookieSigner, type DeviceAccount } from '../../security/device-cookie';

/** The refresh cookie goes only to the auth routes. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Only the server reads it, on the auth routes (security/device-cookie.ts). */
export const DEVICE_COOKIE = 'pa_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3_600_000;

export interface SessionCookies {
  /** Sets every session cookie and a CSRF token bound to the session; returns that token. */
  set(req: Request, res: Response, issued: IssuedSession): string;
  /** Removes the session cookies and gives the browser a guest CSRF token; returns that token. */
  clear(req: Request, res: Response): string;
}

export function sessionCookies(ctx: AppContext): SessionCookies {
  const signer = createAccessTokenSigner(ctx.config.sessionSecret);
  const base = baseCookieOptions(ctx.config);
  const refresh: CookieOptions = { ...base, path: REFRESH_COOKIE_PATH };
  const marker: CookieOptions = { ...base, httpOnly: false };
  return {
    set(req, res, { session, refreshToken }) {
      // A new row always lives exactly the lifetime of its kind (24 h or 720 h with rememberMe).
      const maxAge = refreshLifetimeMs(session.rememberMe);
      res.cookie(ACCESS_COOKIE, signer.sign(session.id), { ...base, maxAge });
      res.cookie(REFRESH_COOKIE, refreshToken, { ...refresh, maxAge });
      res.cookie(REFRESH_MARKER_COOKIE, '1', { ...marker, maxAge });
      return issueCsrfToken(req, res, { sessionId: session.id, maxAgeMs: maxAge });
    },
    clear(req, res) {
      res.clearCookie(ACCESS_COOKIE, base);
      res.clearCookie(REFRESH_COOKIE, refresh);
      res.clearCookie(REFRESH_MARKER_COOKIE, marker);
      return issueCsrfToken(req, res, { anonymous: true });
    },
  };
}

export interface DeviceCookies {
  /** Marks this browser as a device of the user, who just proved who they are. */
  trust(res: Response, user: DeviceAccount): void;
  /** The browser's device id when it holds a device cookie of this user and password; else null. */
  deviceOf(req: Request, user: DeviceAccount): string | null;
}

export function deviceCookies(ctx: AppContext): DeviceCookies {
  const signer = createDeviceCookieSigner(ctx.config.sessionSecret);
  const options: CookieOptions = {
    ...baseCookieOptions(ctx.config),
    path: REFRESH_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
  };
  return {
    trust(res, user) {
      res.cookie(DEVICE_COOKIE, signer.issue(user), options);
    },
    deviceOf(req, user) {
      const value: unknown = req.cookies?.[DEVICE_COOKIE];
      return typeof value === 'string' ? signer.deviceOf(value, user) : null;
    },
  };
}
