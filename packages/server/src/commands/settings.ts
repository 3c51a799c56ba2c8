/** Changing the admin-changeable settings; reading them is models/current-settings.ts. */
import { SETTING_SCHEMAS, type PublicSettings, type SettingUpdate } from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { User } from '../models';
import { invalidateSettings, loadSettings } from '../models/current-settings';

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
