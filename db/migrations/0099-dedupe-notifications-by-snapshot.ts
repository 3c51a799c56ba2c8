/**
 * A notification is unique per (alert, listing, dedupeKey); the unique index now names the listing
 * by its snapshot's integer id instead of its platform and marketplace id (a snapshot is unique per
 * platform and listing id, so the same rows are unique): ~20 bytes less an entry, and every
 * notification has one for its plan's retention. It still starts with alertId, so it serves the
 * alert's reads and the foreign key; the new one is made before the old one goes, as MariaDB keeps
 * an index for the foreign key at every moment.
 *
 * Down makes the old index again.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

const BY_LISTING = {
  name: 'notifications_alert_listing_dedupe_unique',
  columns: ['alertId', 'platform', 'listingId', 'dedupeKey'],
};
const BY_SNAPSHOT = {
  name: 'notifications_alert_snapshot_dedupe_unique',
  columns: ['alertId', 'listingSnapshotId', 'dedupeKey'],
};

async function replaceIndex(
  queryInterface: QueryInterface,
  from: typeof BY_LISTING,
  to: typeof BY_LISTING,
): Promise<void> {
  await queryInterface.addIndex('notifications', to.columns, { name: to.name, unique: true });
  await queryInterface.removeIndex('notifications', from.name);
}

export const up: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  replaceIndex(queryInterface, BY_LISTING, BY_SNAPSHOT);

export const down: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  replaceIndex(queryInterface, BY_SNAPSHOT, BY_LISTING);
