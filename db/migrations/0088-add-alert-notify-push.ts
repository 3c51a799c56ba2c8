/**
 * An alert's switch for push notifications to its owner's phones and browsers, beside
 * `notifyEmail` and `notifyTelegram`. Off for every existing alert: nobody asked for it yet.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { bool } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('alerts', 'notifyPush', bool(false));
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table.
  await queryInterface.sequelize.query('ALTER TABLE `alerts` DROP COLUMN `notifyPush`');
};
