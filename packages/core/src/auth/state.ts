/**
 * The client's auth state and its time rules.
 * Pure: `now` is epoch milliseconds passed in by the caller.
 */
import { AUTH_401_GRACE_MS, AUTH_RECHECK_INTERVAL_MS } from '../constants';
import type { Plan, Role } from '../domain';

/** What these rules need of a user; clients use `AuthState<UserDto>`. */
export interface AuthUserLike {
  email: string;
  plan: Plan;
  role: Role;
}

/** Persisted locally as a whole. `lastAuthCheck` is epoch ms of the last successful user fetch. */
export interface AuthState<U extends AuthUserLike = AuthUserLike> {
  user: U | null;
  csrfToken: string | null;
  isAuthenticated: boolean;
  lastAuthCheck: number | null;
  rememberMe: boolean;
}

export const INITIAL_AUTH_STATE: AuthState<never> = {
  user: null,
  csrfToken: null,
  isAuthenticated: false,
  lastAuthCheck: null,
  rememberMe: false,
};

/** Unknown until startup decided; then authenticated or guest. */
export type AuthPhase = 'unknown' | 'authenticated' | 'guest';

export function authPhase(state: AuthState, initialized: boolean): AuthPhase {
  if (!initialized) return 'unknown';
  return state.isAuthenticated && state.user !== null ? 'authenticated' : 'guest';
}

/** The user is re-fetched only when the last check is older than 24 h (or there was none). */
export function needsUserRecheck(lastAuthCheck: number | null, now: number): boolean {
  if (lastAuthCheck === null) return true;
  const age = now - lastAuthCheck;
  // A check "in the future" means the clock moved: do not trust it.
  return !(age >= 0 && age <= AUTH_RECHECK_INTERVAL_MS);
}

/**
 * A 401 on fetching the user within 30 s (inclusive) of the last successful check does not log
 * out: it is the race of a cookie being rotated, not a lost session.
 */
export function isWithin401Grace(lastAuthCheck: number | null, now: number): boolean {
  if (lastAuthCheck === null) return false;
  const age = now - lastAuthCheck;
  return age >= 0 && age <= AUTH_401_GRACE_MS;
}

/**
 * A cache entry is fresh for `ttlMs` after it was fetched (SETTINGS_CACHE_MS,
 * CAPABILITIES_CACHE_MS); at exactly `ttlMs` it is stale.
 */
export function isCacheFresh(fetchedAt: number | null, now: number, ttlMs: number): boolean {
  if (fetchedAt === null) return false;
  const age = now - fetchedAt;
  return age >= 0 && age < ttlMs;
}

export interface StartupInput {
  /** The stored auth entry says isAuthenticated. */
  storedAuthenticated: boolean;
  hasCsrfCookie: boolean;
  /** The readable marker that a refresh cookie exists (REFRESH_MARKER_COOKIE). */
  hasRefreshMarker: boolean;
  /** From the stored auth entry. */
  rememberMe: boolean;
  /**
   * A user is stored and still fresh. Pass `user !== null && !needsUserRecheck(...)`, so a user
   * older than 24 h is fetched again.
   */
  userKnown: boolean;
}

/**
 * - `reset`: nothing suggests a session; become guest, there is nothing stored to clear.
 * - `clear`: a stale session is suggested; clear stored auth data, become guest.
 * - `fetch_user`: fetch the user (a 401 then clears state, unless within the 401 grace).
 * - `try_refresh`: refresh the session (failure clears state).
 * - `ready`: authenticated with the stored user.
 */
export type StartupAction = 'clear' | 'fetch_user' | 'try_refresh' | 'ready' | 'reset';

/**
 * The startup decision. Two rules for the application's start are reconciled as one sequence:
 * 1. "Application start … if a csrf or refresh cookie or a stored auth entry exists, auth is
 *    initialized, else reset": none of the three → `reset`. The server also gives anonymous
 *    visitors a csrf cookie (guest forms need one), so a csrf cookie with neither a stored auth
 *    entry nor a refresh cookie is a guest's and also → `reset`, sparing every guest a 401.
 * 2. A csrf cookie → the user is fetched when not known (`fetch_user`), else `ready`.
 * 3. No csrf cookie, but a refresh cookie and rememberMe → `try_refresh`. This is checked before
 *    the "stored flag without csrf cookie clears" rule: a remembered user always has the flag
 *    stored, and clearing first would make remember-me never work once the csrf cookie expired.
 * 4. Anything else (a stored flag or a refresh cookie without remember-me) → `clear`.
 */
export function decideStartupAction(input: StartupInput): StartupAction {
  const { storedAuthenticated, hasCsrfCookie, hasRefreshMarker, rememberMe, userKnown } = input;
  if (!hasRefreshMarker && !storedAuthenticated) return 'reset';
  if (hasCsrfCookie) return userKnown ? 'ready' : 'fetch_user';
  if (hasRefreshMarker && rememberMe) return 'try_refresh';
  return 'clear';
}
