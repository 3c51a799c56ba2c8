/**
 * Listings set aside: a marketplace ad the engine could not store or record even on its own, kept
 * with why (for the admin) instead of failing its whole batch, search or category again and again.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id, string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.createTable('set_aside_listings', {
    id: id(),
    platform: string(16, false),
    listingId: string(64, false),
    /** Where it failed: storing the feed's batch, matching it, or a search's own check. */
    stage: string(16, false),
    /** The error, clipped. */
    reason: { type: DataTypes.TEXT, allowNull: false },
    /** The start of the listing as read, escaped to printable characters. */
    snippet: string(500, false),
    createdAt: dateTime(false),
  });
  await queryInterface.addIndex('set_aside_listings', ['createdAt'], {
    name: 'set_aside_listings_created',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('set_aside_listings');
};
