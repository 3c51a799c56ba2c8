/**
 * One message per recipient, channel and ad, whichever alerts and checks found the ad
 * (engine README, "The recording contract"):
 * - `messageKey` (sha-256 hex of recipient, channel, platform and listing id) is set on the one
 *   delivery that carries the ad on that channel to that recipient — the lead. Unique: two checks
 *   recording the same ad at the same time cannot both become the lead; the second transaction
 *   fails and its check runs again.
 * - `leadId` on every other delivery of that ad to that recipient on that channel (another
 *   alert's): it goes out in the lead's message while that is open, and is settled by it once the
 *   lead was sent.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { id, string } from '../lib/columns';

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('deliveries', 'messageKey', string(64));
  // No foreign key: a lead deleted with its alert leaves the others to send on their own.
  await queryInterface.addColumn('deliveries', 'leadId', {
    ...id(),
    primaryKey: false,
    allowNull: true,
  });
  await queryInterface.addIndex('deliveries', ['messageKey'], {
    unique: true,
    name: 'deliveries_message_key_unique',
  });
  await queryInterface.addIndex('deliveries', ['leadId'], { name: 'deliveries_lead_id' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('deliveries', 'deliveries_lead_id');
  await queryInterface.removeIndex('deliveries', 'deliveries_message_key_unique');
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table
  // and turns the composite unique index (notificationId, channel) into a unique `channel`.
  for (const column of ['leadId', 'messageKey']) {
    await queryInterface.sequelize.query(`ALTER TABLE \`deliveries\` DROP COLUMN \`${column}\``);
  }
};
