import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_DURATION_MS } from '../constants';
import { DEFAULT_SETTINGS, FALLBACK_SETTINGS } from '../plans';
import { APP_TEXTS } from './strings';
import { appInitFailureToast, avatarLetter, settingsAfterLoadFailure, toastDuration } from '.';

describe('appInitFailureToast', () => {
  it.each([
    ['a 429', { status: 429, message: 'Te veel verzoeken' }, 'info', APP_TEXTS.startup.loading],
    [
      'a crypto failure',
      new Error('crypto.subtle is not available'),
      'warning',
      APP_TEXTS.startup.secureStorageUnavailable,
    ],
    [
      'Crypto in any case',
      { message: 'WebCrypto failed' },
      'warning',
      APP_TEXTS.startup.secureStorageUnavailable,
    ],
    ['a 500', { status: 500, message: 'boom' }, 'error', APP_TEXTS.startup.loadError],
    ['a network error', new TypeError('Failed to fetch'), 'error', APP_TEXTS.startup.loadError],
    ['a thrown string', 'crypto', 'warning', APP_TEXTS.startup.secureStorageUnavailable],
    ['nothing usable', undefined, 'error', APP_TEXTS.startup.loadError],
  ])('%s', (_case, error, type, message) => {
    expect(appInitFailureToast(error)).toEqual({ type, message });
  });
});

describe('toastDuration', () => {
  it.each([
    [undefined, TOAST_DEFAULT_DURATION_MS],
    [0, TOAST_DEFAULT_DURATION_MS],
    [-5, TOAST_DEFAULT_DURATION_MS],
    [Number.NaN, TOAST_DEFAULT_DURATION_MS],
    [1500, 1500],
  ])('%s ms → %s ms', (given, expected) => {
    expect(toastDuration(given)).toBe(expected);
  });
});

describe('settingsAfterLoadFailure: stale copy first, defaults when rate-limited', () => {
  const stale = { ...DEFAULT_SETTINGS, seo: { maxFaqItems: 9 } };
  it.each([
    ['a stale copy on a 500', stale, 500, stale],
    ['a stale copy on a 429', stale, 429, stale],
    ['the defaults on a 429 without a copy', null, 429, DEFAULT_SETTINGS],
    ['the fallback set on a network failure without a copy', null, 0, FALLBACK_SETTINGS],
    ['the fallback set on a 500 without a copy', null, 500, FALLBACK_SETTINGS],
  ])('%s', (_case, cached, status, expected) => {
    expect(settingsAfterLoadFailure(cached, status)).toBe(expected);
  });
});

describe('avatarLetter (profile menu)', () => {
  it.each([
    ['anna@example.nl', 'A'],
    ['  bert@example.nl', 'B'],
    ['élise@example.be', 'É'],
    ['1user@example.nl', '1'],
    ['', '?'],
  ])('%s → %s', (email, letter) => {
    expect(avatarLetter(email)).toBe(letter);
  });
});
