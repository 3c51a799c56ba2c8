import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  DEFAULT_SETTINGS,
  SETTINGS_CACHE_MS,
  isApiError,
  isCacheFresh,
  settingsAfterLoadFailure,
} from '@prijsalarm/core';
import type { PublicSettings } from '@prijsalarm/core';
import { nextTask } from '../platform/nextTask';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../platform/storage';
import type { PageSettings, RootStore } from './RootStore';

interface CachedSettings {
  settings: unknown;
  fetchedAt: number;
}

/** Each key checked against core's schema; a key that fails keeps its default. */
type ParseSettings = (json: unknown) => PublicSettings;

/** The parser is zod: it loads on its own, after the shell has painted. */
const loadParser = (): Promise<ParseSettings> =>
  import('./settingsParser').then((module) => module.settingsFromJson);

function isCachedSettings(value: unknown): value is CachedSettings {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.fetchedAt === 'number' && typeof record.settings === 'object';
}

/**
 * The public settings: those the server put in the page, else fetched; cached 5 minutes, also
 * across reloads; when a request fails the stale copy is used, and without one the defaults or
 * the fallback set.
 * The cached copy is checked with the same parser as an answer, so it is restored as soon as the
 * parser's chunk is there; `load()` waits for that.
 */
export class SettingsStore {
  /** Null until loaded (from the cache or the server). */
  settings: PublicSettings | null = null;
  /** When `settings` came from the server; null for a fallback or a cleared cache. */
  fetchedAt: number | null = null;
  private inFlight: Promise<PublicSettings> | null = null;
  private readonly restored: Promise<void>;
  /** Handed over with the page by the server, until the first load takes them. */
  private fromPage: PageSettings | null;

  constructor(private readonly root: RootStore) {
    this.fromPage = root.pageSettings;
    makeAutoObservable<SettingsStore, 'root' | 'inFlight' | 'restored' | 'fromPage'>(
      this,
      { root: false, inFlight: false, restored: false, fromPage: false, settings: observableRef },
      { autoBind: true },
    );
    const cached = this.fromPage ? null : readJson(root.storage, STORAGE_KEYS.settings);
    this.restored = isCachedSettings(cached) ? this.restore(cached) : Promise.resolve();
  }

  /** The settings to use now: the loaded ones, or the defaults before anything loaded. */
  get current(): PublicSettings {
    return this.settings ?? DEFAULT_SETTINGS;
  }

  get isLoaded(): boolean {
    return this.settings !== null;
  }

  /** Prijzen in the menus and the /pricing page. False until settings are known. */
  get isPricingToolVisible(): boolean {
    return this.settings?.isPricingToolVisible ?? false;
  }

  /** The pricing tool is switched on (the Pro upsell's condition). */
  get isPricingToolEnabled(): boolean {
    return this.settings?.features.pricingTool.enabled ?? false;
  }

  /** Fetches unless the cache is fresh; concurrent callers share one request. Never throws. */
  async load({ force = false }: { force?: boolean } = {}): Promise<PublicSettings> {
    await this.restored;
    if (
      !force &&
      this.settings !== null &&
      isCacheFresh(this.fetchedAt, this.root.now(), SETTINGS_CACHE_MS)
    ) {
      return Promise.resolve(this.settings);
    }
    this.inFlight ??= this.fetch().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Forgets the freshness (after login); the last settings stay shown until reloaded. */
  clearCache(): void {
    this.fetchedAt = null;
    removeKey(this.root.storage, STORAGE_KEYS.settings);
  }

  private async restore(cached: CachedSettings): Promise<void> {
    try {
      const parse = await loadParser();
      runInAction(() => {
        // An answer that came in first is newer than the cache.
        if (this.settings !== null) return;
        this.settings = parse(cached.settings);
        this.fetchedAt = cached.fetchedAt;
      });
    } catch {
      // The parser did not load: the cache is not used and the settings are fetched.
    }
  }

  private async fetch(): Promise<PublicSettings> {
    const fromPage = this.fromPage;
    if (fromPage) {
      // The server that sent this page wrote them for this very build: nothing to ask or check.
      this.fromPage = null;
      await fromPage.usableFrom;
      runInAction(() => {
        this.settings = fromPage.settings;
        this.fetchedAt = this.root.now();
      });
      return fromPage.settings;
    }
    try {
      const [answer, parse] = await Promise.all([this.root.api.settings.public(), loadParser()]);
      // On a phone, evaluating the parser's code, checking the answer and drawing what it changes
      // (the pricing links and section) are three short tasks, not one long one.
      await nextTask(undefined);
      const settings = parse(answer);
      const fetchedAt = this.root.now();
      await nextTask(undefined);
      runInAction(() => {
        this.settings = settings;
        this.fetchedAt = fetchedAt;
      });
      writeJson(this.root.storage, STORAGE_KEYS.settings, { settings, fetchedAt });
      return settings;
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      const settings = settingsAfterLoadFailure(this.settings, status);
      runInAction(() => {
        this.settings = settings;
      });
      return settings;
    }
  }
}
