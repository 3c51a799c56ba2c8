/**
 * The new-ads feed (packages/server/src/engine/feed/README.md):
 * - feed_categories: one row per (platform, L1 category) the feed reads newest-first: its last
 *   complete read (`readAt`, the site's clock), when it was visited, its learned publication rate
 *   and its cool-down;
 * - feed_seen_listings: the bounded seen-set of a feed category;
 * - notifications.foundBy: which path found it — 'feed' or 'reconciliation' (per-search polling);
 *   null for notifications recorded before this migration.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, string, timestamps } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('feed_categories', {
    key: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
    platform: string(16, false),
    l1CategoryId: { type: DataTypes.INTEGER, allowNull: false },
    readAt: dateTime(),
    lastVisitedAt: dateTime(),
    nextVisitAt: dateTime(),
    adsPerMinute: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
    consecutiveFailures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    cooldownUntil: dateTime(),
    lastError: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps(),
  });
  await queryInterface.createTable('feed_seen_listings', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    feedKey: {
      type: DataTypes.STRING(64),
      allowNull: false,
      references: { model: 'feed_categories', key: 'key' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    listingId: string(64, false),
    firstSeenAt: dateTime(false),
    lastSeenAt: dateTime(false),
  });
  await queryInterface.addIndex('feed_seen_listings', ['feedKey', 'listingId'], {
    unique: true,
    name: 'feed_seen_listings_feed_listing_unique',
  });
  await queryInterface.addIndex('feed_seen_listings', ['feedKey', 'lastSeenAt'], {
    name: 'feed_seen_listings_feed_last_seen',
  });
  await queryInterface.addColumn('notifications', 'foundBy', string(16));
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query('ALTER TABLE `notifications` DROP COLUMN `foundBy`');
  await queryInterface.dropTable('feed_seen_listings');
  await queryInterface.dropTable('feed_categories');
};
