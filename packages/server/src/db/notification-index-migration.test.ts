/**
 * Migration 0097 on notifications the previous schema holds (a user's alerts and a guest's): up
 * drops the (alertId, createdAt) index and keeps the others, down brings it back on the same
 * columns, and every notification shows the same through the presenter and the CSV export
 * throughout.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/auth-helpers';
import { createAlert, createDelivery, createNotification } from '../../test/factories';
import { shownNotifications, useMigrationKit } from '../../test/migration-kit';
import { initModels } from '../models';
import { createMigrator } from './migrate';

const MIGRATION = '0097-drop-notification-alert-date-index';
const INDEX = 'notifications_alert_id_created_at';
/** The indexes that serve its queries instead. */
const KEPT = ['notifications_alert_listing_dedupe_unique', 'notifications_user_id_created_at'];

const kit = useMigrationKit();

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute, 12));

/** The notifications table's indexes: each one's columns by name. */
async function indexes(): Promise<Map<string, string[]>> {
  const rows = (await kit.sequelize.getQueryInterface().showIndex('notifications')) as Array<{
    name: string;
    fields: Array<{ attribute: string }>;
  }>;
  return new Map(rows.map((index) => [index.name, index.fields.map((field) => field.attribute)]));
}

const shown = () => shownNotifications(kit.sequelize, 'fiets');

describe(`migration ${MIGRATION}`, () => {
  let shownBefore: Awaited<ReturnType<typeof shown>>;

  it('drops the (alertId, createdAt) index and keeps the others; notifications show the same', async () => {
    await kit.upToBefore(MIGRATION);
    const models = initModels(kit.sequelize);
    const user = await createUser({ models });
    const alerts = [
      await createAlert(models, { userId: user.id, searchTerm: 'fiets' }),
      await createAlert(models, { userId: user.id, searchTerm: 'fiets' }),
      await createAlert(models, { searchTerm: 'fiets' }),
    ];
    for (let minute = 0; minute < 9; minute += 1) {
      const notification = await createNotification(models, alerts[minute % 3]!, {
        createdAt: at(minute),
        viewedAt: minute % 2 === 0 ? at(minute + 30) : null,
      });
      await createDelivery(models, notification, { status: 'sent', sentAt: at(minute) });
    }
    shownBefore = await shown();
    expect(shownBefore).toHaveLength(9);
    expect((await indexes()).get(INDEX)).toEqual(['alertId', 'createdAt']);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });

    const after = await indexes();
    expect(after.has(INDEX)).toBe(false);
    for (const name of KEPT) expect(after.has(name), name).toBe(true);
    expect(await shown()).toEqual(shownBefore);
  });

  it('goes down with the index on the same columns, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    expect((await indexes()).get(INDEX)).toEqual(['alertId', 'createdAt']);
    expect(await shown()).toEqual(shownBefore);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect((await indexes()).has(INDEX)).toBe(false);
    expect(await shown()).toEqual(shownBefore);
  });
});
