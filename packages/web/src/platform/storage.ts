/** Key/value storage for what the app keeps between visits (auth state, caches, cookie choice). */

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): KeyValueStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

/**
 * localStorage when the browser allows it (private modes and blocked storage throw), otherwise
 * memory: the app still works, it just forgets on reload.
 */
export function browserStorage(): KeyValueStorage {
  try {
    const storage = window.localStorage;
    const probe = '__prijsalarm_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

/** The parsed JSON stored under `key`, or null when missing or unreadable. */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Never throws: a full or blocked storage must not break a login or a logout. */
export function writeJson(storage: KeyValueStorage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn('Could not store', key, error);
  }
}

export function removeKey(storage: KeyValueStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch (error) {
    console.warn('Could not remove', key, error);
  }
}

/** Every key the app stores, so logging out can clear them. */
export const STORAGE_KEYS = {
  auth: 'prijsalarm.auth',
  settings: 'prijsalarm.settings',
  cookieConsent: 'prijsalarm.cookieConsent',
} as const;
