/**
 * The alert engine's shared searches (packages/server/src/engine/README.md):
 * - searches: one row per canonical server-side search (key = canonicalSearchKey), with its
 *   schedule, first-fetch mark and cool-down;
 * - alert_searches: which alert uses which search, one row per (alert, platform);
 * - search_seen_listings: the bounded seen-set of a search, with the last price seen;
 * - listing_prices: price observations per listing (price history).
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, json, references, string, timestamps } from '../lib/columns';

const searchKey = () => ({
  type: DataTypes.STRING(64),
  allowNull: false,
  references: { model: 'searches', key: 'key' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('searches', {
    key: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
    platform: string(16, false),
    search: json(),
    intervalSeconds: { type: DataTypes.INTEGER, allowNull: false },
    nextCheckAt: dateTime(),
    lastCheckedAt: dateTime(),
    initializedAt: dateTime(),
    consecutiveFailures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    cooldownUntil: dateTime(),
    lastError: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps(),
  });
  await queryInterface.addIndex('searches', ['nextCheckAt'], { name: 'searches_next_check_at' });

  await queryInterface.createTable('alert_searches', {
    id: id(),
    alertId: references('alerts', false),
    platform: string(16, false),
    searchKey: searchKey(),
    ...timestamps(),
  });
  await queryInterface.addIndex('alert_searches', ['alertId', 'platform'], {
    unique: true,
    name: 'alert_searches_alert_platform_unique',
  });
  await queryInterface.addIndex('alert_searches', ['searchKey'], {
    name: 'alert_searches_search_key',
  });

  await queryInterface.createTable('search_seen_listings', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    searchKey: searchKey(),
    listingId: string(64, false),
    priceCents: { type: DataTypes.INTEGER, allowNull: true },
    firstSeenAt: dateTime(false),
    lastSeenAt: dateTime(false),
  });
  await queryInterface.addIndex('search_seen_listings', ['searchKey', 'listingId'], {
    unique: true,
    name: 'search_seen_listings_search_listing_unique',
  });
  await queryInterface.addIndex('search_seen_listings', ['searchKey', 'lastSeenAt'], {
    name: 'search_seen_listings_search_last_seen',
  });

  await queryInterface.createTable('listing_prices', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    platform: string(16, false),
    listingId: string(64, false),
    priceCents: { type: DataTypes.INTEGER, allowNull: true },
    observedAt: dateTime(false),
  });
  await queryInterface.addIndex('listing_prices', ['platform', 'listingId', 'observedAt'], {
    name: 'listing_prices_listing_observed_at',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('listing_prices');
  await queryInterface.dropTable('search_seen_listings');
  await queryInterface.dropTable('alert_searches');
  await queryInterface.dropTable('searches');
};
