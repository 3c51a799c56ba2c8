/**
 * Route rules: the route guard, where the cookie banner, footer and chat widget show, and
 * cross-tab navigation. Paths are matched by whole segments: '/manage' covers '/manage' and
 * '/manage/abc', not '/managers'. Query and hash are ignored.
 */
import type { CrossTabMessageType } from './crossTab';
import type { AuthUserLike } from './state';

/** The path without query or hash, without a trailing slash (except the root). */
export function pathOnly(path: string): string {
  const bare = path.replace(/[?#].*$/, '');
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare || '/';
}

/** `path` is `prefix` itself or lies below it. */
export function isUnderPath(path: string, prefix: string): boolean {
  const p = pathOnly(path);
  return p === prefix || p.startsWith(`${prefix}/`);
}

function isUnderAny(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => isUnderPath(path, prefix));
}

export const LOGIN_PATH = '/login';
export const AFTER_LOGIN_PATH = '/dashboard';
export const REDIRECT_QUERY = 'redirect';
export const ERROR_QUERY = 'error';
/** The `error` query value when a non-admin opens an admin route. */
export const ADMIN_REQUIRED_ERROR = 'admin_required';
/**
 * The newsletter unsubscribe page (`?token=…`). It is also the List-Unsubscribe URL of the mails:
 * the server answers the RFC 8058 one-click POST on this very path.
 */
export const UNSUBSCRIBE_PATH = '/uitschrijven';

export const FOOTER_HIDDEN_PREFIXES = [
  '/login',
  '/register',
  '/payment',
  '/manage',
  '/my-account',
  '/dashboard',
] as const;

/** "dashboard, manage, account, admin, notification and payment paths". */
export const COOKIE_BANNER_HIDDEN_PREFIXES = [
  '/dashboard',
  '/manage',
  '/my-account',
  '/admin',
  '/notifications',
  '/payment',
] as const;

export const CHAT_HIDDEN_PREFIXES = ['/admin'] as const;
/** Where a narrow screen hides the chat until the open-mobile-chat event opens it. */
export const CHAT_MOBILE_HIDDEN_PREFIXES = ['/dashboard', '/manage'] as const;
export const CHAT_MOBILE_BREAKPOINT_PX = 1024;
export const OPEN_MOBILE_CHAT_EVENT = 'open-mobile-chat';

export function showFooter(path: string): boolean {
  return !isUnderAny(path, FOOTER_HIDDEN_PREFIXES);
}

export function showCookieBanner(path: string): boolean {
  return !isUnderAny(path, COOKIE_BANNER_HIDDEN_PREFIXES);
}

export type ChatWidgetVisibility = 'visible' | 'hidden' | 'hidden_until_opened';

/** Hidden on /admin; below 1024 px on dashboard and manage pages, hidden until opened. */
export function chatWidgetVisibility(path: string, viewportWidth: number): ChatWidgetVisibility {
  if (isUnderAny(path, CHAT_HIDDEN_PREFIXES)) return 'hidden';
  if (viewportWidth < CHAT_MOBILE_BREAKPOINT_PX && isUnderAny(path, CHAT_MOBILE_HIDDEN_PREFIXES)) {
    return 'hidden_until_opened';
  }
  return 'visible';
}

export interface GuardInput {
  /** The requested path with its query, kept in the login redirect. */
  path: string;
  requiresLogin: boolean;
  /** Implies requiresLogin. */
  requiresAdmin: boolean;
  hasCsrfCookie: boolean;
  isAuthenticated: boolean;
  user: AuthUserLike | null;
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string };

export function loginRedirectPath(path: string): string {
  return `${LOGIN_PATH}?${REDIRECT_QUERY}=${encodeURIComponent(path)}`;
}

function hasNoSession(input: GuardInput): boolean {
  return !input.hasCsrfCookie && !input.isAuthenticated;
}

/**
 * Whether the router must (re)fetch the user before `guardRoute`: a login-required page whose
 * user is missing, and every admin route (the role is re-checked at the server).
 */
export function guardNeedsUserFetch(input: Omit<GuardInput, 'path'>): boolean {
  const needsLogin = input.requiresLogin || input.requiresAdmin;
  if (!needsLogin || hasNoSession({ ...input, path: '' })) return false;
  return input.requiresAdmin || input.user === null;
}

/**
 * The route guard, evaluated after any fetch `guardNeedsUserFetch` asked for. A
 * `user` still null then means that fetch failed: the caller logs out and the guard sends to login.
 */
export function guardRoute(input: GuardInput): GuardDecision {
  if (!input.requiresLogin && !input.requiresAdmin) return { type: 'allow' };
  if (hasNoSession(input) || input.user === null) {
    return { type: 'redirect', to: loginRedirectPath(input.path) };
  }
  if (input.requiresAdmin && input.user.role !== 'ADMIN') {
    return { type: 'redirect', to: `/?${ERROR_QUERY}=${ADMIN_REQUIRED_ERROR}` };
  }
  return { type: 'allow' };
}

/**
 * Where to go after login given the `redirect` query: only a path on this site (an open redirect
 * to '//evil.example' or 'https://…' is refused), else the dashboard.
 */
export function safeRedirectPath(redirect: string | null | undefined): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return AFTER_LOGIN_PATH;
  // Browsers read a backslash as '/' and drop tabs and newlines: both could lead off the site.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(redirect)) return AFTER_LOGIN_PATH;
  if (isUnderAny(redirect, CROSS_TAB_LOGIN_PAGES)) return AFTER_LOGIN_PATH;
  return redirect;
}

/** Pages a tab leaves when another tab logs in. */
export const CROSS_TAB_LOGIN_PAGES = ['/login', '/register'] as const;
/** Pages a tab leaves when another tab logs out. */
export const CROSS_TAB_LOGOUT_PAGES = ['/dashboard', '/my-account', '/admin'] as const;

/** Where this tab goes when another tab logged in or out; `null` to stay. */
export function crossTabNavigation(type: CrossTabMessageType, path: string): string | null {
  if (type === 'AUTH_LOGIN' && isUnderAny(path, CROSS_TAB_LOGIN_PAGES)) return AFTER_LOGIN_PATH;
  if (type === 'AUTH_LOGOUT' && isUnderAny(path, CROSS_TAB_LOGOUT_PAGES)) return '/';
  return null;
}
