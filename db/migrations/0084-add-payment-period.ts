/**
 * The month of Pro a payment paid for (`periodStart`, `periodEnd`), written when it is paid: the
 * return page and the receipt show it, and a later payment moves the billing account's paid-until
 * on, so it cannot be read back from there. Null for extra alerts (bought once) and for payments
 * paid before this column existed.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('payments', 'periodStart', dateTime());
  await queryInterface.addColumn('payments', 'periodEnd', dateTime());
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table.
  for (const column of ['periodEnd', 'periodStart']) {
    await queryInterface.sequelize.query(`ALTER TABLE \`payments\` DROP COLUMN \`${column}\``);
  }
};
