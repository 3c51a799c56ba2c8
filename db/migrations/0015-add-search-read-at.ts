/**
 * searches.readAt: the marketplace's clock (its Date header) at the last check that got a real
 * and complete answer. The next check reads through every day that read could not have seen
 * whole (engine README, "Checking a search"); null = no real answer yet, so no baseline: a first
 * look answered 204 or a failed one leaves it null. Searches checked before this migration read
 * from their last check.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('searches', 'readAt', dateTime());
  await queryInterface.sequelize.query(
    'UPDATE `searches` SET `readAt` = `lastCheckedAt` WHERE `initializedAt` IS NOT NULL',
  );
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query('ALTER TABLE `searches` DROP COLUMN `readAt`');
};
