/** Changing the admin-changeable settings and a user's preferences; reading the settings is models/current-settings.ts. */
import {
  SETTING_SCHEMAS,
  type Preferences,
  type PublicSettings,
  type SettingUpdate,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { User } from '../models';
import { invalidateSettings, loadSettings } from '../models/current-settings';
import { authorizeSettingChange } from '../policies/settings';
import { rescheduleAllAlerts } from './alert-schedule';

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
