import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import {
  DEFAULT_SETTINGS,
  SETTINGS_CACHE_MS,
  isApiError,
  isCacheFresh,
  settingsAfterLoadFailure,
  settingsFromJson,
} from '@prijsalarm/core';
import type { PublicSettings } from '@prijsalarm/core';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../platform/storage';
import type { RootStore } from './RootStore';

interface CachedSettings {
  settings: unknown;
  fetchedAt: number;
}

function isCachedSettings(value: unknown): value is CachedSettings {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.fetchedAt === 'number' && typeof record.settings === 'object';
}

/**
 * The public settings (spec §3 Settings): cached 5 minutes, also across reloads; when a request
 * fails the stale copy is used, and without one the defaults or the fallback set (spec §4, §8).
 */
export class SettingsStore {
  /** Null until loaded (from the cache or the server). */
  settings: PublicSettings | null = null;
  /** When `settings` came from the server; null for a fallback or a cleared cache. */
  fetchedAt: number | null = null;
  private inFlight: Promise<PublicSettings> | null = null;

  constructor(private readonly root: RootStore) {
    const cached = readJson(root.storage, STORAGE_KEYS.settings);
    if (isCachedSettings(cached)) {
      this.settings = settingsFromJson(cached.settings);
      this.fetchedAt = cached.fetchedAt;
    }
    makeAutoObservable<SettingsStore, 'root' | 'inFlight'>(
      this,
      { root: false, inFlight: false, settings: observableRef },
      { autoBind: true },
    );
  }

  /** The settings to use now: the loaded ones, or the defaults before anything loaded. */
  get current(): PublicSettings {
    return this.settings ?? DEFAULT_SETTINGS;
  }

  get isLoaded(): boolean {
    return this.settings !== null;
  }

  /** Prijzen in the menus and the /pricing page (spec §2). False until settings are known. */
  get isPricingToolVisible(): boolean {
    return this.settings?.isPricingToolVisible ?? false;
  }

  /** The pricing tool is switched on (the Pro upsell's condition, spec §2). */
  get isPricingToolEnabled(): boolean {
    return this.settings?.features.pricingTool.enabled ?? false;
  }

  /** Fetches unless the cache is fresh; concurrent callers share one request. Never throws. */
  load({ force = false }: { force?: boolean } = {}): Promise<PublicSettings> {
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

  /** Forgets the freshness (after login, spec §4); the last settings stay shown until reloaded. */
  clearCache(): void {
    this.fetchedAt = null;
    removeKey(this.root.storage, STORAGE_KEYS.settings);
  }

  private async fetch(): Promise<PublicSettings> {
    try {
      const answer = await this.root.api.settings.public();
      const settings = settingsFromJson(answer);
      const fetchedAt = this.root.now();
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
