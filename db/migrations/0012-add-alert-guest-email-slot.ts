/**
 * One free alert per guest e-mail address, enforced by the database: a guest alert made
 * through POST /alerts holds its address in `guestEmailSlot` (unique; NULL for every other alert),
 * so two requests for one address at the same moment cannot both succeed.
 */
import { type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('alerts', 'guestEmailSlot', string(255));
  await queryInterface.addIndex('alerts', ['guestEmailSlot'], {
    unique: true,
    name: 'alerts_guest_email_slot_unique',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('alerts', 'alerts_guest_email_slot_unique');
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table.
  await queryInterface.sequelize.query('ALTER TABLE `alerts` DROP COLUMN `guestEmailSlot`');
};
