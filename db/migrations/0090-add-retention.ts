/**
 * Retention: the scheduler prunes rows older than the admin's `retention` setting in small
 * batches, oldest first. Indexes on the age columns it selects by (notifications are found by
 * their owner's (userId, createdAt) index, set-aside listings already have theirs), and the
 * running totals of what it pruned per kind of row, read by the admin's figures from any process.
 */
import { DataTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addIndex('listing_prices', ['observedAt'], {
    name: 'listing_prices_observed_at',
  });
  await queryInterface.addIndex('webhook_calls', ['createdAt'], {
    name: 'webhook_calls_created_at',
  });
  await queryInterface.createTable('retention_totals', {
    kind: { ...string(32, false), primaryKey: true },
    pruned: { type: DataTypes.BIGINT, allowNull: false, defaultValue: 0 },
    updatedAt: dateTime(false),
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.dropTable('retention_totals');
  await queryInterface.removeIndex('webhook_calls', 'webhook_calls_created_at');
  await queryInterface.removeIndex('listing_prices', 'listing_prices_observed_at');
};
