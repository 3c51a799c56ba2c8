/**
 * Quiet hours and digests per alert:
 * - `alerts.deliverySchedule` (JSON, null = instant, no quiet hours): the API's `schedule`.
 * - `deliveries.heldUntil`: set on an e-mail or Telegram delivery the schedule held back (a digest
 *   or quiet hours); the row also leases itself until then (`nextAttemptAt`), so no claim takes it
 *   early (delivery/ledger.ts). Once due, every held open row of a recipient and channel goes out
 *   in one digest (delivery/digest.ts). The index finds those rows.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, json } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('alerts', 'deliverySchedule', json(true));
  await queryInterface.addColumn('deliveries', 'heldUntil', dateTime());
  await queryInterface.addIndex('deliveries', ['recipient', 'channel', 'heldUntil'], {
    name: 'deliveries_recipient_channel_held',
  });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('deliveries', 'deliveries_recipient_channel_held');
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table.
  await queryInterface.sequelize.query('ALTER TABLE `deliveries` DROP COLUMN `heldUntil`');
  await queryInterface.sequelize.query('ALTER TABLE `alerts` DROP COLUMN `deliverySchedule`');
};
