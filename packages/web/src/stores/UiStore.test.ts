/**
 * The cookie-banner answer is kept in storage and in a cookie the server reads to send `/`
 * prerendered without the banner: the two stay in step.
 */
import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE_SECONDS, createApiClient } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../platform/storage';
import type { KeyValueStorage } from '../platform/storage';
import { channelPair } from '../test/helpers';
import { RootStore } from './RootStore';

function storeWith(storage: KeyValueStorage, jar: Map<string, string>) {
  const written: Array<[string, string, number]> = [];
  const store = new RootStore({
    createApi: (hooks) =>
      createApiClient({
        baseUrl: 'http://127.0.0.1:9/api',
        fetch: () => Promise.reject(new Error('no requests here')),
        cookies: { get: () => undefined },
        hooks,
      }),
    cookies: { get: (name) => jar.get(name) },
    setCookie: (name, value, maxAge) => {
      written.push([name, value, maxAge]);
      jar.set(name, value);
    },
    storage,
    channel: channelPair()[0],
    navigator: { navigate: () => undefined, currentPath: () => '/' },
    tabId: 'tab',
  });
  return { store, written };
}

describe('the cookie consent', () => {
  it('a first visit shows the banner and writes no cookie', () => {
    const { store, written } = storeWith(memoryStorage(), new Map());
    expect(store.ui.cookieBannerVisible('/')).toBe(true);
    expect(written).toEqual([]);
  });

  it('an answer is stored and set as a cookie for a year', () => {
    const storage = memoryStorage();
    const { store, written } = storeWith(storage, new Map());
    store.ui.setCookieConsent('all');
    expect(store.ui.cookieBannerVisible('/')).toBe(false);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.cookieConsent) ?? 'null')).toBe('all');
    expect(written).toEqual([[CONSENT_COOKIE, 'all', CONSENT_COOKIE_MAX_AGE_SECONDS]]);
    expect(CONSENT_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 3600);
  });

  it('an answer stored before the cookie existed is carried over to the cookie', () => {
    const storage = memoryStorage();
    writeJson(storage, STORAGE_KEYS.cookieConsent, 'necessary');
    const { store, written } = storeWith(storage, new Map());
    expect(store.ui.cookieConsent).toBe('necessary');
    expect(written).toEqual([[CONSENT_COOKIE, 'necessary', CONSENT_COOKIE_MAX_AGE_SECONDS]]);
  });

  it('the cookie alone is an answer (the server already left the banner out)', () => {
    const { store, written } = storeWith(memoryStorage(), new Map([[CONSENT_COOKIE, 'all']]));
    expect(store.ui.cookieBannerVisible('/')).toBe(false);
    expect(store.ui.errorReportingAllowed).toBe(true);
    expect(written).toEqual([]);
  });

  it('a cookie that is not an answer is ignored', () => {
    const { store } = storeWith(memoryStorage(), new Map([[CONSENT_COOKIE, 'yes please']]));
    expect(store.ui.cookieBannerVisible('/')).toBe(true);
  });

  it('the stored answer wins over a different cookie, which is corrected', () => {
    const storage = memoryStorage();
    writeJson(storage, STORAGE_KEYS.cookieConsent, 'necessary');
    const { store, written } = storeWith(storage, new Map([[CONSENT_COOKIE, 'all']]));
    expect(store.ui.errorReportingAllowed).toBe(false);
    expect(written).toEqual([[CONSENT_COOKIE, 'necessary', CONSENT_COOKIE_MAX_AGE_SECONDS]]);
  });
});
