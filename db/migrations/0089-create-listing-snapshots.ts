/**
 * A listing stored once: `listing_snapshots` holds one row per (platform, listingId) with the
 * listing as first found, and each notification refers to it (`listingSnapshotId`) instead of
 * carrying its own copy — the same ad matched by hundreds of alerts was stored hundreds of times.
 * A notification keeps what is its own: the price observed when notified, the distance from its
 * alert's place, its kind, check and timestamps.
 *
 * Existing rows move set-based (a statement per step, never a row at a time): one snapshot per
 * listing from its EARLIEST notification (createdAt, then id) — where notifications of one listing
 * differ (the seller edited the title, an ad page read for one alert only), the earliest's content
 * is kept; each notification is pointed at its listing's snapshot; then the copies go. The stored
 * JSON loses `location.distanceMeters`, which belongs to one alert and stays on its notification.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool, dateTime, json, string } from '../lib/columns';

/** The copies a notification no longer carries, largest first (see `dropColumns`). */
const COPIED = [
  'listing',
  'description',
  'imageUrls',
  'url',
  'title',
  'sellerName',
  'location',
  'sellerType',
  'postedAt',
  'isPaid',
] as const;

const LISTING_COLUMNS = COPIED.filter((column) => column !== 'listing')
  .map((column) => `\`${column}\``)
  .join(', ');

/** The name of the notifications' reference to their snapshot (MariaDB; SQLite names none). */
const SNAPSHOT_REFERENCE = 'notifications_listing_snapshot_fk';

/**
 * One ALTER on MariaDB (one table rebuild, with `alsoOnMariaDb`); SQLite drops one column per
 * statement, and each rewrites the rows, so the largest go first and later passes rewrite less.
 */
async function dropColumns(
  queryInterface: QueryInterface,
  table: string,
  columns: string[],
  alsoOnMariaDb: string[] = [],
) {
  if (queryInterface.sequelize.getDialect() === 'sqlite') {
    for (const column of columns) {
      await queryInterface.sequelize.query(`ALTER TABLE \`${table}\` DROP COLUMN \`${column}\``);
    }
    return;
  }
  const changes = [...columns.map((column) => `DROP COLUMN \`${column}\``), ...alsoOnMariaDb];
  await queryInterface.sequelize.query(`ALTER TABLE \`${table}\` ${changes.join(', ')}`);
}

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  await queryInterface.createTable('listing_snapshots', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    platform: string(16, false),
    listingId: string(64, false),
    title: string(500, false),
    description: { type: DataTypes.TEXT, allowNull: true },
    url: string(2048, false),
    imageUrls: json(),
    location: string(255),
    sellerName: string(255),
    sellerType: string(16),
    isPaid: bool(false),
    postedAt: dateTime(),
    listing: json(),
    createdAt: dateTime(false),
  });
  await queryInterface.addIndex('listing_snapshots', ['platform', 'listingId'], {
    unique: true,
    name: 'listing_snapshots_platform_listing_unique',
  });

  // ROW_NUMBER (SQLite ≥ 3.25, MariaDB ≥ 10.2): one sort of the table, no lookup per row.
  await sequelize.query(
    `INSERT INTO \`listing_snapshots\` (\`platform\`, \`listingId\`, ${LISTING_COLUMNS}, \`listing\`, \`createdAt\`)
     SELECT \`platform\`, \`listingId\`, ${LISTING_COLUMNS},
       JSON_REPLACE(\`listing\`, '$.location.distanceMeters', NULL), \`createdAt\`
     FROM (
       SELECT n.*, ROW_NUMBER() OVER (
         PARTITION BY n.\`platform\`, n.\`listingId\` ORDER BY n.\`createdAt\`, n.\`id\`
       ) AS \`position\`
       FROM \`notifications\` n
     ) earliest
     WHERE \`position\` = 1`,
  );

  const sqlite = sequelize.getDialect() === 'sqlite';
  // A snapshot goes only when no notification refers to it any more.
  const reference = `REFERENCES \`listing_snapshots\` (\`id\`) ON DELETE RESTRICT ON UPDATE CASCADE`;
  // Nullable in the table (SQLite adds a column with a reference only so); the model requires it.
  // SQLite takes the reference with the column; MariaDB gets it below, in the ALTER that drops the
  // copies (one table rebuild), on the index made for it.
  await sequelize.query(
    `ALTER TABLE \`notifications\` ADD COLUMN \`listingSnapshotId\` INTEGER NULL${sqlite ? ` ${reference}` : ''}`,
  );
  await sequelize.query(
    `UPDATE \`notifications\` SET \`listingSnapshotId\` = (
       SELECT s.\`id\` FROM \`listing_snapshots\` s
       WHERE s.\`platform\` = \`notifications\`.\`platform\`
         AND s.\`listingId\` = \`notifications\`.\`listingId\`
     )`,
  );
  await queryInterface.addIndex('notifications', ['listingSnapshotId'], {
    name: 'notifications_listing_snapshot_id',
  });
  await dropColumns(
    queryInterface,
    'notifications',
    [...COPIED],
    sqlite
      ? []
      : [
          `ADD CONSTRAINT \`${SNAPSHOT_REFERENCE}\` FOREIGN KEY (\`listingSnapshotId\`) ${reference}`,
        ],
  );
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  // Back as copies; what must not be null gets a default so a column can be added to a full table.
  const columns = {
    title: { ...string(500, false), defaultValue: '' },
    description: { type: DataTypes.TEXT, allowNull: true },
    url: { ...string(2048, false), defaultValue: '' },
    imageUrls: json(true),
    location: string(255),
    sellerName: string(255),
    sellerType: string(16),
    isPaid: bool(false),
    postedAt: dateTime(),
    listing: json(true),
  };
  for (const [column, definition] of Object.entries(columns)) {
    await queryInterface.addColumn('notifications', column, definition);
  }
  const copies = COPIED.map(
    (column) =>
      `\`${column}\` = (SELECT s.\`${column}\` FROM \`listing_snapshots\` s WHERE s.\`id\` = \`notifications\`.\`listingSnapshotId\`)`,
  ).join(', ');
  await sequelize.query(`UPDATE \`notifications\` SET ${copies}`);
  if (sequelize.getDialect() !== 'sqlite') {
    // The reference goes before its index and column.
    await sequelize.query(
      `ALTER TABLE \`notifications\` DROP FOREIGN KEY \`${SNAPSHOT_REFERENCE}\``,
    );
  }
  await queryInterface.removeIndex('notifications', 'notifications_listing_snapshot_id');
  await dropColumns(queryInterface, 'notifications', ['listingSnapshotId']);
  await queryInterface.dropTable('listing_snapshots');
};
