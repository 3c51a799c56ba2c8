import { describe, expect, it } from 'vitest';
import { CAPABILITIES_CACHE_MS, SETTINGS_CACHE_MS } from '../constants';
import type { StartupAction, StartupInput } from './state';
import {
  INITIAL_AUTH_STATE,
  authPhase,
  decideStartupAction,
  isCacheFresh,
  isWithin401Grace,
  needsUserRecheck,
} from './state';

const NOW = 1_700_000_000_000;
const SECOND = 1000;
const HOUR = 3_600_000;

describe('needsUserRecheck: only when the last check is older than 24 h', () => {
  it.each([
    ['never checked', null, true],
    ['checked just now', NOW, false],
    ['24 h − 1 ms ago', NOW - 24 * HOUR + 1, false],
    ['exactly 24 h ago', NOW - 24 * HOUR, false],
    ['24 h + 1 ms ago', NOW - 24 * HOUR - 1, true],
    ['in the future (clock moved)', NOW + 1, true],
  ])('%s → %s', (_name, lastAuthCheck, expected) => {
    expect(needsUserRecheck(lastAuthCheck, NOW)).toBe(expected);
  });
});

describe('isWithin401Grace: a 401 within 30 s of the last check does not log out', () => {
  it.each([
    ['never checked', null, false],
    ['just checked', NOW, true],
    ['30 s − 1 ms ago', NOW - 30 * SECOND + 1, true],
    ['exactly 30 s ago', NOW - 30 * SECOND, true],
    ['30 s + 1 ms ago', NOW - 30 * SECOND - 1, false],
    ['in the future', NOW + 1, false],
  ])('%s → %s', (_name, lastAuthCheck, expected) => {
    expect(isWithin401Grace(lastAuthCheck, NOW)).toBe(expected);
  });
});

describe('isCacheFresh: settings and capabilities are cached 5 minutes', () => {
  it.each([
    ['settings', SETTINGS_CACHE_MS],
    ['capabilities', CAPABILITIES_CACHE_MS],
  ])('%s cache', (_name, ttl) => {
    expect(isCacheFresh(NOW - 5 * 60 * SECOND + 1, NOW, ttl)).toBe(true);
    expect(isCacheFresh(NOW - 5 * 60 * SECOND, NOW, ttl)).toBe(false);
    expect(isCacheFresh(NOW - 5 * 60 * SECOND - 1, NOW, ttl)).toBe(false);
  });

  it.each([
    ['never fetched', null, false],
    ['fetched now', NOW, true],
    ['fetched in the future', NOW + 1, false],
  ])('%s → %s', (_name, fetchedAt, expected) => {
    expect(isCacheFresh(fetchedAt, NOW, SETTINGS_CACHE_MS)).toBe(expected);
  });
});

describe('authPhase', () => {
  const user = { email: 'a@b.nl', plan: 'FREE', role: 'USER' } as const;
  it.each([
    [
      'before startup decided',
      { ...INITIAL_AUTH_STATE, user, isAuthenticated: true },
      false,
      'unknown',
    ],
    ['signed in', { ...INITIAL_AUTH_STATE, user, isAuthenticated: true }, true, 'authenticated'],
    ['flag without user', { ...INITIAL_AUTH_STATE, isAuthenticated: true }, true, 'guest'],
    ['nobody', INITIAL_AUTH_STATE, true, 'guest'],
  ] as const)('%s → %s', (_name, state, initialized, phase) => {
    expect(authPhase(state, initialized)).toBe(phase);
  });
});

describe('decideStartupAction', () => {
  const none: StartupInput = {
    storedAuthenticated: false,
    hasCsrfCookie: false,
    hasRefreshMarker: false,
    rememberMe: false,
    userKnown: false,
  };

  it.each<[string, Partial<StartupInput>, StartupAction]>([
    // "if a csrf or refresh cookie or a stored auth entry exists, auth is initialized, else reset"
    ['nothing at all', {}, 'reset'],
    ['only rememberMe stored', { rememberMe: true }, 'reset'],
    // "an authenticated flag is stored but no csrf cookie exists, state is cleared"
    ['stored flag, no cookies', { storedAuthenticated: true, userKnown: true }, 'clear'],
    [
      'stored flag, refresh cookie, no rememberMe',
      { storedAuthenticated: true, hasRefreshMarker: true },
      'clear',
    ],
    ['refresh cookie only, no rememberMe', { hasRefreshMarker: true }, 'clear'],
    // "If the csrf cookie exists, the user is fetched when not yet known"
    ['only an anonymous csrf cookie (a guest)', { hasCsrfCookie: true }, 'reset'],
    [
      'csrf cookie and refresh marker, user unknown',
      { hasCsrfCookie: true, hasRefreshMarker: true },
      'fetch_user',
    ],
    [
      'csrf cookie, stored flag, user unknown',
      { hasCsrfCookie: true, storedAuthenticated: true },
      'fetch_user',
    ],
    [
      'csrf cookie, user known',
      { hasCsrfCookie: true, storedAuthenticated: true, userKnown: true },
      'ready',
    ],
    [
      'csrf cookie wins over refresh',
      { hasCsrfCookie: true, hasRefreshMarker: true, rememberMe: true, userKnown: true },
      'ready',
    ],
    // "With no csrf cookie but a refresh cookie and rememberMe, a session refresh is tried"
    ['refresh cookie and rememberMe', { hasRefreshMarker: true, rememberMe: true }, 'try_refresh'],
    [
      'refresh before clearing a stored flag',
      { storedAuthenticated: true, hasRefreshMarker: true, rememberMe: true, userKnown: true },
      'try_refresh',
    ],
  ])('%s → %s', (_name, input, action) => {
    expect(decideStartupAction({ ...none, ...input })).toBe(action);
  });
});
