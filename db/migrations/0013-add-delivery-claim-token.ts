/**
 * A delivery's claim (src/delivery/ledger.ts): the run that is sending it writes its own random
 * token here in the same conditional UPDATE that takes the lease (nextAttemptAt), so a run knows
 * exactly which siblings it holds. The siblings of one e-mail are claimed in one statement: one run
 * gets the whole group, and a group is never split over two mails.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('deliveries', 'claimToken', string(36));
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // Sequelize's SQLite removeColumn rebuilds the table and mistakes the (notificationId, channel)
  // unique index for a unique notificationId; SQLite (≥ 3.35) drops a column by itself.
  if (queryInterface.sequelize.getDialect() === 'sqlite') {
    await queryInterface.sequelize.query('ALTER TABLE `deliveries` DROP COLUMN `claimToken`');
    return;
  }
  await queryInterface.removeColumn('deliveries', 'claimToken');
};
