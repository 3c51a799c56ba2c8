/**
 * The admin-changeable settings (core's PublicSettings), read from the `settings` rows. Every part
 * of the server asks `loadSettings(ctx)`; the answer is cached briefly per process and dropped on
 * every write (commands/settings), so `PUT /admin/settings` applies at once in this process and within
 * SETTINGS_SERVER_CACHE_MS in the others (scale-out).
 */
import { settingsFromEntries, type PublicSettings } from '@prijsalarm/core';
import type { Sequelize } from 'sequelize';
import type { AppContext } from '../context';

/** Short: only saves the query on busy pages; other processes see a change this late at most. */
export const SETTINGS_SERVER_CACHE_MS = 10_000;

interface CacheEntry {
  settings?: PublicSettings;
  expiresAt: number;
  loading?: Promise<PublicSettings>;
  /** Bumped by every invalidation, so a load that started before a write never stores stale data. */
  generation: number;
}

// Per database (one per running app; tests start several apps in one process).
const caches = new WeakMap<Sequelize, CacheEntry>();

function cacheOf(ctx: Pick<AppContext, 'sequelize'>): CacheEntry {
  let entry = caches.get(ctx.sequelize);
  if (!entry) {
    entry = { expiresAt: 0, generation: 0 };
    caches.set(ctx.sequelize, entry);
  }
  return entry;
}

async function readSettings(ctx: Pick<AppContext, 'models' | 'logger'>): Promise<PublicSettings> {
  const rows = await ctx.models.Setting.findAll({ attributes: ['key', 'value'] });
  return settingsFromEntries(
    rows.map((row) => ({ key: row.key, value: row.value })),
    {
      onInvalid: (entry, reason) =>
        ctx.logger.warn({ key: entry.key, reason }, 'settings row ignored; its default applies'),
    },
  );
}

/** The current settings (defaults for keys without a valid row). */
export async function loadSettings(
  ctx: Pick<AppContext, 'models' | 'logger' | 'sequelize'>,
): Promise<PublicSettings> {
  const cache = cacheOf(ctx);
  if (cache.settings && cache.expiresAt > Date.now()) return cache.settings;
  if (cache.loading) return cache.loading;
  const generation = cache.generation;
  const loading = readSettings(ctx).finally(() => {
    if (cache.loading === loading) cache.loading = undefined;
  });
  cache.loading = loading;
  const settings = await loading;
  if (cache.generation === generation) {
    cache.settings = settings;
    cache.expiresAt = Date.now() + SETTINGS_SERVER_CACHE_MS;
  }
  return settings;
}

/** Forgets the cached settings of this process. */
export function invalidateSettings(ctx: Pick<AppContext, 'sequelize'>): void {
  const cache = cacheOf(ctx);
  cache.generation += 1;
  cache.settings = undefined;
  cache.loading = undefined;
  cache.expiresAt = 0;
}
