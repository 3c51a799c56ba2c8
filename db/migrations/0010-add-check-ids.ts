/**
 * The alert engine's check run: notifications and deliveries recorded by one check of one search
 * carry its id, so the delivery processor finds the siblings of one check (one e-mail per recipient
 * per check) by (checkId, recipient, channel). `recipient` is 'user:<userId>' or 'guest:<email>'.
 */
import { type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { id, string } from '../lib/columns';

const checkId = () => ({ ...id(), primaryKey: false, allowNull: true });

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('notifications', 'checkId', checkId());
  await queryInterface.addColumn('deliveries', 'checkId', checkId());
  await queryInterface.addColumn('deliveries', 'recipient', string(320));
  await queryInterface.addIndex('notifications', ['checkId'], { name: 'notifications_check_id' });
  await queryInterface.addIndex('deliveries', ['checkId', 'recipient', 'channel'], {
    name: 'deliveries_check_recipient_channel',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('deliveries', 'deliveries_check_recipient_channel');
  await queryInterface.removeIndex('notifications', 'notifications_check_id');
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table
  // and turns the composite unique index (notificationId, channel) into a unique `channel`.
  const drop = (table: string, column: string) =>
    queryInterface.sequelize.query(`ALTER TABLE \`${table}\` DROP COLUMN \`${column}\``);
  await drop('deliveries', 'recipient');
  await drop('deliveries', 'checkId');
  await drop('notifications', 'checkId');
};
