/**
 * The feed's listings (packages/server/src/engine/feed/README.md "Listings and the match
 * job"): every new listing the feed reads, normalised once and stored once — unique (platform,
 * listingId) —, so the feed reader (scheduler role) can hand a `match-listings` job carrying only
 * a batch id to a worker process. `matchedAt` stays null until a worker has matched the row: the
 * scheduler re-enqueues batches left unmatched (a worker died). Rows older than the retention
 * (7 days) are pruned.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // MEDIUMTEXT on MariaDB (a long description passes 64 kB TEXT); SQLite's TEXT has no length.
  const sqlite = queryInterface.sequelize.getDialect() === 'sqlite';
  await queryInterface.createTable('listings', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    platform: string(16, false),
    listingId: string(64, false),
    /** The feed visit that stored it: the match job's only datum. */
    batchId: string(36, false),
    l1CategoryId: { type: DataTypes.INTEGER, allowNull: true },
    /** Euro cents; null when the ad has no fixed price. */
    priceCents: { type: DataTypes.INTEGER, allowNull: true },
    /** The normalised listing (engine/marketplace.ts `Listing`) as JSON. */
    listing: { type: sqlite ? DataTypes.TEXT : DataTypes.TEXT('medium'), allowNull: false },
    postedAt: dateTime(),
    firstSeenAt: dateTime(false),
    /** Alerts confirmed after this moment have their own first look (the feed's previous read). */
    alertsBefore: dateTime(false),
    matchedAt: dateTime(),
  });
  await queryInterface.addIndex('listings', ['platform', 'listingId'], {
    unique: true,
    name: 'listings_platform_listing_unique',
  });
  await queryInterface.addIndex('listings', ['batchId'], { name: 'listings_batch' });
  await queryInterface.addIndex('listings', ['matchedAt', 'firstSeenAt'], {
    name: 'listings_matched_first_seen',
  });
  await queryInterface.addIndex('listings', ['firstSeenAt'], { name: 'listings_first_seen' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('listings');
};
