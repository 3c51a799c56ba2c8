import { describe, expect, it } from 'vitest';
import type { CrossTabMessageType } from './crossTab';
import type { GuardDecision, GuardInput } from './routes';
import {
  chatWidgetVisibility,
  crossTabNavigation,
  guardNeedsUserFetch,
  guardRoute,
  safeRedirectPath,
  showCookieBanner,
  showFooter,
} from './routes';

describe('showFooter: hidden on /login, /register, /payment, /manage, /my-account, /dashboard', () => {
  it.each([
    ['/login', false],
    ['/login/callback/abc', false],
    ['/register', false],
    ['/payment/callback', false],
    ['/manage/tok', false],
    ['/manage/tok/refresh/r', false],
    ['/my-account?tab=subscription', false],
    ['/dashboard', false],
    ['/dashboard/create', false],
    ['/dashboard/', false],
    ['/', true],
    ['/pricing', true],
    ['/faq', true],
    ['/notifications', true],
    ['/admin', true],
    ['/forgot-password', true],
    ['/dashboards-elsewhere', true],
  ])('%s → %s', (path, shown) => {
    expect(showFooter(path)).toBe(shown);
  });
});

describe('showCookieBanner: gone on dashboard, manage, account, admin, notification and payment paths', () => {
  it.each([
    ['/dashboard', false],
    ['/dashboard/create', false],
    ['/manage/tok', false],
    ['/my-account', false],
    ['/admin', false],
    ['/notifications', false],
    ['/payment/callback', false],
    ['/', true],
    ['/login', true],
    ['/register', true],
    ['/privacy', true],
    ['/prijsalarm-maken', true],
  ])('%s → %s', (path, shown) => {
    expect(showCookieBanner(path)).toBe(shown);
  });
});

describe('chatWidgetVisibility: hidden on /admin, below 1024 px on dashboard and manage until opened', () => {
  it.each([
    ['/admin', 1920, 'hidden'],
    ['/admin/users', 375, 'hidden'],
    ['/dashboard', 1023, 'hidden_until_opened'],
    ['/dashboard/create', 375, 'hidden_until_opened'],
    ['/manage/tok', 1023, 'hidden_until_opened'],
    ['/dashboard', 1024, 'visible'],
    ['/manage/tok', 1440, 'visible'],
    ['/', 375, 'visible'],
    ['/my-account', 375, 'visible'],
  ] as const)('%s at %i px → %s', (path, width, visibility) => {
    expect(chatWidgetVisibility(path, width)).toBe(visibility);
  });
});

describe('route guard', () => {
  const user = { email: 'a@b.nl', plan: 'FREE', role: 'USER' } as const;
  const admin = { ...user, role: 'ADMIN' } as const;
  const base: GuardInput = {
    path: '/dashboard',
    requiresLogin: true,
    requiresAdmin: false,
    hasCsrfCookie: true,
    isAuthenticated: true,
    user,
  };
  const toLogin = (path: string): GuardDecision => ({
    type: 'redirect',
    to: `/login?redirect=${encodeURIComponent(path)}`,
  });

  it.each<[string, Partial<GuardInput>, GuardDecision]>([
    [
      'a public page for nobody',
      { requiresLogin: false, hasCsrfCookie: false, isAuthenticated: false, user: null },
      { type: 'allow' },
    ],
    ['a login page for a signed-in user', {}, { type: 'allow' }],
    [
      'no csrf cookie, not authenticated',
      { hasCsrfCookie: false, isAuthenticated: false, user: null },
      toLogin('/dashboard'),
    ],
    [
      'the redirect keeps the query',
      { path: '/my-account?tab=integrations', hasCsrfCookie: false, isAuthenticated: false },
      toLogin('/my-account?tab=integrations'),
    ],
    ['authenticated flag without csrf cookie', { hasCsrfCookie: false }, { type: 'allow' }],
    ['csrf cookie without the flag', { isAuthenticated: false }, { type: 'allow' }],
    ['the user could not be fetched', { user: null }, toLogin('/dashboard')],
    [
      'admin page for an admin',
      { path: '/admin', requiresAdmin: true, user: admin },
      { type: 'allow' },
    ],
    [
      'admin page for a user',
      { path: '/admin', requiresAdmin: true },
      { type: 'redirect', to: '/?error=admin_required' },
    ],
    [
      'admin page without a session',
      {
        path: '/admin',
        requiresAdmin: true,
        requiresLogin: false,
        hasCsrfCookie: false,
        isAuthenticated: false,
      },
      toLogin('/admin'),
    ],
    [
      'admin page, user fetch failed',
      { path: '/admin', requiresAdmin: true, user: null },
      toLogin('/admin'),
    ],
  ])('%s', (_name, input, decision) => {
    expect(guardRoute({ ...base, ...input })).toEqual(decision);
  });

  it.each<[string, Partial<GuardInput>, boolean]>([
    ['login page, user known', {}, false],
    ['login page, user missing', { user: null }, true],
    [
      'login page, no session at all',
      { user: null, hasCsrfCookie: false, isAuthenticated: false },
      false,
    ],
    ['public page, user missing', { requiresLogin: false, user: null }, false],
    ['admin page always re-fetches', { requiresAdmin: true, user: admin }, true],
  ])('fetch the user first? %s → %s', (_name, input, expected) => {
    expect(guardNeedsUserFetch({ ...base, ...input })).toBe(expected);
  });
});

describe('safeRedirectPath after login', () => {
  it.each([
    ['/my-account?tab=integrations', '/my-account?tab=integrations'],
    ['/notifications', '/notifications'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['/login', '/dashboard'],
    ['/register?x=1', '/dashboard'],
  ])('%j → %s', (redirect, target) => {
    expect(safeRedirectPath(redirect)).toBe(target);
  });
});

describe('cross-tab navigation', () => {
  it.each<[CrossTabMessageType, string, string | null]>([
    ['AUTH_LOGIN', '/login', '/dashboard'],
    ['AUTH_LOGIN', '/login?redirect=%2Fadmin', '/dashboard'],
    ['AUTH_LOGIN', '/register', '/dashboard'],
    ['AUTH_LOGIN', '/', null],
    ['AUTH_LOGIN', '/pricing', null],
    ['AUTH_LOGOUT', '/dashboard', '/'],
    ['AUTH_LOGOUT', '/dashboard/create', '/'],
    ['AUTH_LOGOUT', '/my-account?tab=subscription', '/'],
    ['AUTH_LOGOUT', '/admin', '/'],
    ['AUTH_LOGOUT', '/manage/tok', null],
    ['AUTH_LOGOUT', '/', null],
    ['AUTH_LOGOUT', '/login', null],
    ['PLAN_CHANGE', '/login', null],
    ['SESSION_REFRESH', '/dashboard', null],
  ])('%s on %s → %s', (type, path, target) => {
    expect(crossTabNavigation(type, path)).toBe(target);
  });
});
