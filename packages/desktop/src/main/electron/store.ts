/**
 * electron-store for the settings and the catch-up cursor; remembered session cookies are
 * encrypted with safeStorage first (electron-store's own encryption is obscurity only).
 */
import Store from 'electron-store';
import { safeStorage } from 'electron';
import type { KeyValueStore } from '../../shared/settings';
import type { StoredCookie } from '../cookieJar';

const COOKIES_KEY = 'session';

export function createStore(): KeyValueStore & {
  saveCookies(cookies: StoredCookie[] | null): void;
  loadCookies(): StoredCookie[];
} {
  const store = new Store<Record<string, unknown>>({
    name: 'prijsalarm',
    clearInvalidConfig: true,
  });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    saveCookies(cookies) {
      // Without OS encryption (some Linux desktops) the session is not kept on disk at all.
      if (!cookies || cookies.length === 0 || !safeStorage.isEncryptionAvailable()) {
        store.delete(COOKIES_KEY);
        return;
      }
      store.set(COOKIES_KEY, safeStorage.encryptString(JSON.stringify(cookies)).toString('base64'));
    },
    loadCookies() {
      const saved = store.get(COOKIES_KEY);
      if (typeof saved !== 'string' || !safeStorage.isEncryptionAvailable()) return [];
      try {
        const parsed: unknown = JSON.parse(safeStorage.decryptString(Buffer.from(saved, 'base64')));
        return Array.isArray(parsed) ? (parsed as StoredCookie[]) : [];
      } catch {
        return [];
      }
    },
  };
}
