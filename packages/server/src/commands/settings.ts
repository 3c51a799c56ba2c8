/**
 * The admin-changeable settings (core's PublicSettings), read from the `settings` rows. Every part
 * of the server asks `loadSettings(ctx)`; the answer is cached briefly per process and dropped on
 * every write here, so `PUT /admin/settings` applies at once in this process and within
 * SETTINGS_SERVER_CACHE_MS in the others (scale-out).
 */
import {
  settingsFromEntries,
  SETTING_SCHEMAS,
  type Preferences,
  type PublicSettings,
  type SettingUpdate,
} from '@prijsalarm/core';
import type { Sequelize } from 'sequelize';
import type { AppContext } from '../context';
import type { User } from '../models';
import { authorizeSettingChange } from '../policies/settings';
import { rescheduleAllAlerts } from './alert-schedule';

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

/**
 * Stores one validated setting, records who changed it, and returns the settings as they are now.
 * The value is parsed once more with the key's schema, so no caller can store an invalid value.
 */
export async function updateSetting(
  ctx: AppContext,
  update: SettingUpdate,
  actor: User,
): Promise<PublicSettings> {
  const value: unknown = SETTING_SCHEMAS[update.key].parse(update.value);
  const { Setting, AuditEvent } = ctx.models;
  await ctx.sequelize.transaction(async (transaction) => {
    await Setting.upsert({ key: update.key, value, updatedAt: new Date() }, { transaction });
    await AuditEvent.create(
      {
        actorUserId: actor.id,
        action: 'setting.updated',
        targetType: 'setting',
        targetId: update.key,
        data: { value },
      },
      { transaction },
    );
  });
  invalidateSettings(ctx);
  ctx.logger.info({ key: update.key, actorUserId: actor.id }, 'setting updated');
  return loadSettings(ctx);
}

/**
 * PUT /admin/settings: stores the setting and applies it at once; new check intervals reach every
 * existing alert too.
 */
export async function changeSetting(
  ctx: AppContext,
  actor: User,
  update: SettingUpdate,
): Promise<PublicSettings> {
  authorizeSettingChange(actor);
  const settings = await updateSetting(ctx, update, actor);
  if (update.key === 'checkIntervals') await rescheduleAllAlerts(ctx, settings);
  return settings;
}

/** PUT replaces the whole set: what the client sends is what it keeps. */
export async function savePreferences(
  user: User,
  preferences: Preferences,
): Promise<Record<string, unknown>> {
  await user.update({ preferences });
  return { ...user.preferences };
}
