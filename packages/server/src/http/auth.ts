/**
 * Who is calling, and CSRF. Both run app-wide on /api (app.ts), before every route:
 *
 * - `authenticate(ctx)` reads the pa_access cookie (a signed token naming a session row), loads that
 *   session and its user, and sets `req.auth = { user, session }` when the session is neither
 *   revoked nor expired; otherwise `req.auth` stays undefined. It never refuses a request itself.
 * - `csrfProtection(ctx)`: signed double-submit tokens (csrf-csrf), bound to the session when logged
 *   in and otherwise to an anonymous random id in the httpOnly pa_anon cookie. Non-read methods must
 *   send header x-csrf-token equal to the pa_csrf cookie, or get 403 `API_TEXTS.csrfInvalid`
 *   (its text contains 'CSRF': on that the client refreshes the session once and retries). Every
 *   read request without a valid pa_csrf cookie gets one.
 * - `requireUser` (401) and `requireAdmin` (401 / 403) guard routes; `currentAuth(req)` gives a
 *   handler the typed `{ user, session }`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { ACCESS_COOKIE, API_TEXTS, CSRF_COOKIE, CSRF_HEADER } from '@prijsalarm/core';
import type { Config } from '../config/env';
import type { AppContext } from '../context';
import type { Session, User } from '../models';
import { createAccessTokenSigner } from '../security/access-token';
import { HttpError } from './errors';

export interface AuthState {
  user: User;
  session: Session;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `authenticate` for a live session; undefined for guests. */
      auth?: AuthState;
      /** The session a correctly signed access cookie names, even when expired: binds CSRF tokens. */
      accessSessionId?: string;
      /** What the CSRF token of this request is bound to (set by csrfProtection). */
      csrfIdentity?: string;
      /** See `issueCsrfToken` (set by csrfProtection). */
      issueCsrf?: (options: IssueCsrfOptions) => string;
    }
  }
}

/** httpOnly cookie holding the random id that binds a guest's CSRF token. */
export const ANON_COOKIE = 'pa_anon';

/**
 * POST routes that are authenticated by a token of their own and called without cookies, so they
 * cannot carry a CSRF token: RFC 8058 one-click unsubscribe (mail clients POST it). Paths are
 * relative to /api and match exactly.
 */
export const CSRF_EXEMPT_PATHS: readonly string[] = [
  '/newsletter/unsubscribe',
  // Mollie's webhook: it posts only an id, which is checked against Mollie's API.
  '/payments/webhook',
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The attributes every auth cookie shares. */
export function baseCookieOptions(config: Config): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    path: '/',
  };
}

export function sessionCsrfIdentity(sessionId: string): string {
  return `session:${sessionId}`;
}

export function authenticate(ctx: AppContext): RequestHandler {
  const signer = createAccessTokenSigner(ctx.config.sessionSecret);
  const { Session } = ctx.models;
  return async (req, _res, next) => {
    req.auth = undefined;
    const raw: unknown = req.cookies?.[ACCESS_COOKIE];
    const claims = typeof raw === 'string' && raw !== '' ? signer.read(raw) : null;
    if (claims) {
      req.accessSessionId = claims.sessionId;
      const now = new Date();
      if (claims.expiresAt > now) {
        const session = await Session.findByPk(claims.sessionId, {
          include: [{ association: 'user' }],
        });
        if (session?.user && session.revokedAt === null && session.expiresAt > now) {
          req.auth = { user: session.user, session };
        }
      }
    }
    next();
  };
}

/** The caller's `{ user, session }`, or a 401. */
export function currentAuth(req: Request): AuthState {
  if (!req.auth) throw HttpError.unauthenticated();
  return req.auth;
}

export const requireUser: RequestHandler = (req, _res, next) => {
  currentAuth(req);
  next();
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!currentAuth(req).user.isAdmin) throw HttpError.forbidden(API_TEXTS.adminOnly);
  next();
};

export function csrfProtection(ctx: AppContext): RequestHandler {
  const cookieOptions = { ...baseCookieOptions(ctx.config), httpOnly: false };
  // A key of its own, derived from SESSION_SECRET.
  const secret = createHmac('sha256', ctx.config.sessionSecret)
    .update('prijsalarm:csrf:v1')
    .digest('base64url');
  const csrf = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => req.csrfIdentity ?? '',
    cookieName: CSRF_COOKIE,
    cookieOptions,
    getCsrfTokenFromRequest: (req) => req.get(CSRF_HEADER),
  });

  /** Whether the pa_csrf cookie alone is a valid token for this request's identity. */
  const hasValidCookie = (req: Request): boolean => {
    const cookie: unknown = req.cookies?.[CSRF_COOKIE];
    if (typeof cookie !== 'string' || cookie === '') return false;
    const asIfSent = Object.create(req, {
      headers: { value: { ...req.headers, [CSRF_HEADER]: cookie } },
      get: { value: (name: string) => (name.toLowerCase() === CSRF_HEADER ? cookie : undefined) },
    }) as Request;
    return csrf.validateRequest(asIfSent);
  };

  return (req, res, next) => {
    req.csrfIdentity = req.accessSessionId
      ? sessionCsrfIdentity(req.accessSessionId)
      : `anon:${anonymousId(req, res, ctx.config)}`;
    let issued: { identity: string; token: string } | undefined;
    req.issueCsrf = (options) => {
      if (options.sessionId) req.csrfIdentity = sessionCsrfIdentity(options.sessionId);
      else if (options.anonymous) req.csrfIdentity = `anon:${anonymousId(req, res, ctx.config)}`;
      const identity = req.csrfIdentity ?? '';
      // One Set-Cookie per answer: a token made earlier in this request is reused.
      if (options.overwrite === false && issued?.identity === identity) return issued.token;
      let maxAgeMs = options.maxAgeMs;
      if (maxAgeMs === undefined && !options.anonymous && !options.sessionId && req.auth) {
        maxAgeMs = Math.max(0, req.auth.session.expiresAt.getTime() - Date.now());
      }
      const token = csrf.generateCsrfToken(req, res, {
        overwrite: options.overwrite ?? true,
        cookieOptions: { ...cookieOptions, maxAge: maxAgeMs },
      });
      issued = { identity, token };
      return token;
    };

    if (READ_METHODS.has(req.method)) {
      if (!hasValidCookie(req)) issueCsrfToken(req, res, { overwrite: true });
      return next();
    }
    if (CSRF_EXEMPT_PATHS.includes(req.path)) return next();
    if (!csrf.validateRequest(req)) throw HttpError.forbidden(API_TEXTS.csrfInvalid);
    next();
  };
}

/** The guest's random id from pa_anon, made (and set as a cookie) when missing. */
function anonymousId(req: Request, res: Response, config: Config): string {
  const existing: unknown = req.cookies?.[ANON_COOKIE];
  if (typeof existing === 'string' && /^[\w-]{22,64}$/.test(existing)) return existing;
  const id = randomBytes(16).toString('base64url');
  res.cookie(ANON_COOKIE, id, baseCookieOptions(config));
  if (req.cookies) (req.cookies as Record<string, string>)[ANON_COOKIE] = id;
  return id;
}

export interface IssueCsrfOptions {
  /** Bind the token to this session (after login or refresh); default: the request's identity. */
  sessionId?: string;
  /** Bind the token to the guest id (after logout). */
  anonymous?: boolean;
  /** Cookie lifetime; default: a browser-session cookie, or the session's remaining lifetime. */
  maxAgeMs?: number;
  /** Make a new token even if the cookie holds a valid one (default true). */
  overwrite?: boolean;
}

/**
 * Issues a CSRF token for this response: sets the pa_csrf cookie and returns the token for the body
 * (login, verify, refresh and GET /auth/csrf answer it).
 */
export function issueCsrfToken(
  req: Request,
  res: Response,
  options: IssueCsrfOptions = {},
): string {
  if (!req.issueCsrf) throw new Error('csrfProtection must run before issueCsrfToken');
  return req.issueCsrf(options);
}
