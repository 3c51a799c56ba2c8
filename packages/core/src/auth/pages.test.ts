import { describe, expect, it } from 'vitest';
import { isPagePath } from './pages';

describe('isPagePath: the pages the web app has', () => {
  it.each([
    '/',
    '/prijsalarm-maken',
    '/create-alert',
    '/manage/abc123',
    '/manage/abc123/refresh/def456',
    '/dashboard',
    '/dashboard/create',
    '/dashboard/subscription',
    '/notifications?page=2',
    '/admin',
    '/admin/users/42',
    '/reset-password/token',
    '/login/callback/token',
    '/uitschrijven?token=x',
    '/algemene-voorwaarden',
    '/privacyverklaring',
    '/veelgestelde-vragen',
    '/pricing',
    '/payment/callback',
    '/faq/',
    '/FAQ',
  ])('%s is a page', (path) => {
    expect(isPagePath(path)).toBe(true);
  });

  it.each([
    '/bestaat-niet',
    '/manage',
    '/manage/abc/def',
    '/manage/abc/refresh',
    '/dashboard/other',
    '/reset-password',
    '/verify',
    '/faq/extra',
    '/notificationsx',
    '/favicon.ico',
  ])('%s is not', (path) => {
    expect(isPagePath(path)).toBe(false);
  });
});
