import { describe, expect, it } from 'vitest';
import {
  isPlanUpgradeError,
  managePath,
  postCreationRedirect,
  refreshPath,
  upgradePathFor,
} from './creation';

describe('managePath', () => {
  it.each([
    ['an absolute URL', 'https://prijsalarm.nl/manage/abc123', '/manage/abc123'],
    ['a trailing slash', 'https://prijsalarm.nl/manage/abc123/', '/manage/abc123'],
    ['a query and hash', 'http://localhost:3000/manage/t0k?x=1#y', '/manage/t0k'],
    ['a relative path', '/manage/xyz', '/manage/xyz'],
    ['no URL', null, null],
    ['an empty URL', '', null],
  ])('%s', (_case, url, expected) => {
    expect(managePath(url)).toBe(expected);
  });
});

describe('postCreationRedirect', () => {
  it.each([
    ['dashboard', 'https://x.nl/manage/abc', '/dashboard'],
    ['dashboard', null, '/dashboard'],
    ['page', 'https://x.nl/manage/abc', '/manage/abc'],
    ['page', null, null],
  ] as const)('from the %s with %s → %s', (context, url, expected) => {
    expect(postCreationRedirect(context, url)).toBe(expected);
  });
});

describe('refreshPath', () => {
  it.each([
    ['https://x.nl/manage/abc/refresh/def', '/manage/abc/refresh/def'],
    ['/manage/abc/refresh/def/', '/manage/abc/refresh/def'],
    ['https://x.nl/manage/abc', null],
    [undefined, null],
  ])('%s → %s', (url, expected) => {
    expect(refreshPath(url)).toBe(expected);
  });
});

describe('isPlanUpgradeError', () => {
  it.each([
    ['403 with required plans', 403, { error: 'Nee', requiredPlans: ['PRO' as const] }, true],
    ['403 naming a plan', 403, { error: 'Beschikbaar vanaf Geregistreerd plan' }, true],
    ['403 without plan', 403, { error: 'Je hebt geen toegang tot deze actie.' }, false],
    ['403 with an empty list', 403, { error: 'Nee', requiredPlans: [] }, false],
    ['400 naming a plan', 400, { error: 'Beschikbaar vanaf Pro plan' }, false],
    ['403 without a body', 403, undefined, false],
  ])('%s → %s', (_case, status, body, expected) => {
    expect(isPlanUpgradeError(status, body)).toBe(expected);
  });
});

describe('upgradePathFor', () => {
  it.each([
    [true, '/dashboard/subscription'],
    [false, '/pricing'],
  ])('logged in %s → %s', (loggedIn, expected) => {
    expect(upgradePathFor(loggedIn)).toBe(expected);
  });
});
