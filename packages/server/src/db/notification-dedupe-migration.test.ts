/**
 * Migration 0099 on notifications the previous schema holds: the unique index names the listing by
 * its snapshot instead of its platform and id, the same notifications stay unique (a second one
 * of an alert, listing and dedupeKey is refused, a drop of the same listing is not), every
 * notification shows the same, and down brings the old index back.
 */
import { describe, expect, it } from 'vitest';
import {
  insertLegacySnapshot,
  legacyAlertRow,
  legacyNotificationRow,
  shownNotifications,
  useMigrationKit,
} from '../../test/migration-kit';
import { createMigrator } from './migrate';

const MIGRATION = '0099-dedupe-notifications-by-snapshot';
const BY_LISTING = 'notifications_alert_listing_dedupe_unique';
const BY_SNAPSHOT = 'notifications_alert_snapshot_dedupe_unique';

const kit = useMigrationKit();

/** The notifications table's unique indexes: each one's columns by name. */
async function uniqueIndexes(): Promise<Map<string, string[]>> {
  const rows = (await kit.sequelize.getQueryInterface().showIndex('notifications')) as Array<{
    name: string;
    unique: boolean;
    fields: Array<{ attribute: string }>;
  }>;
  return new Map(
    rows
      .filter((index) => index.unique && index.name !== 'PRIMARY')
      .filter((index) => !index.name.startsWith('sqlite_autoindex'))
      .map((index) => [index.name, index.fields.map((field) => field.attribute)]),
  );
}

const shown = () => shownNotifications(kit.sequelize, 'fiets');

describe(`migration ${MIGRATION}`, () => {
  const alerts = [legacyAlertRow('fiets'), legacyAlertRow('fiets')];
  let snapshotId: number;
  let shownBefore: Awaited<ReturnType<typeof shown>>;
  const insert = (alert: number, dedupeKey: string) =>
    kit.sequelize
      .getQueryInterface()
      .bulkInsert('notifications', [
        legacyNotificationRow(alerts[alert]!.id, snapshotId, { dedupeKey }),
      ]);

  it('names the listing by its snapshot; the same notifications stay unique and show the same', async () => {
    await kit.upToBefore(MIGRATION);
    await kit.sequelize.getQueryInterface().bulkInsert('alerts', alerts);
    snapshotId = await insertLegacySnapshot(kit.sequelize);
    await insert(0, 'new');
    await insert(1, 'new');
    await insert(0, 'drop:9900');
    shownBefore = await shown();
    expect(shownBefore).toHaveLength(3);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });

    const indexes = await uniqueIndexes();
    expect(indexes.get(BY_SNAPSHOT)).toEqual(['alertId', 'listingSnapshotId', 'dedupeKey']);
    expect(indexes.has(BY_LISTING)).toBe(false);
    expect(await shown()).toEqual(shownBefore);
    await expect(insert(1, 'new')).rejects.toThrow();
    await insert(1, 'drop:9900');
    expect(await shown()).toHaveLength(4);
  });

  it('goes down to the index by platform and listing id, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    const down = await uniqueIndexes();
    expect(down.get(BY_LISTING)).toEqual(['alertId', 'platform', 'listingId', 'dedupeKey']);
    expect(down.has(BY_SNAPSHOT)).toBe(false);
    await expect(insert(0, 'new')).rejects.toThrow();

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect((await uniqueIndexes()).has(BY_SNAPSHOT)).toBe(true);
    expect(await shown()).toHaveLength(4);
  });
});
