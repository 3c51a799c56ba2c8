/**
 * Smaller indexes on the two tables that grow with every match. A delivery is open (pending or
 * retrying) for seconds to one plan interval and settled for the rest of its retention, so on
 * SQLite the indexes only open rows need are partial, over open rows only: gathering a send's
 * siblings (checkId, recipient, channel) and the relay's open rows, oldest first (updatedAt).
 * Followers (leadId), held rows (heldUntil) and message keys (live rows have none) are indexed only
 * where the column is set. notifications' checkId index goes: nothing looks notifications up by
 * their check (deliveries carry it too).
 *
 * The relay's index was (status, nextAttemptAt): SQLite, without statistics, took it for a send's
 * outcome (`status` open AND (id IN … OR leadId IN …)) and read every open row — thousands while
 * plan batches wait — for each message sent. The partial (updatedAt) index has no equality to
 * offer there, so that UPDATE goes by id and leadId.
 *
 * MariaDB has no partial indexes (and plans with statistics): its delivery indexes stay.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

const OPEN = "`status` IN ('pending', 'retrying')";

/** SQLite: each index as it becomes (partial) and as it was. */
const SQLITE_INDEXES = [
  {
    before:
      'CREATE INDEX `deliveries_status_next_attempt_at` ON `deliveries` (`status`, `nextAttemptAt`)',
    beforeName: 'deliveries_status_next_attempt_at',
    after: `CREATE INDEX \`deliveries_open_updated_at\` ON \`deliveries\` (\`updatedAt\`) WHERE ${OPEN}`,
    afterName: 'deliveries_open_updated_at',
  },
  ...[
    ['deliveries_check_recipient_channel', '`checkId`, `recipient`, `channel`', OPEN, false],
    ['deliveries_lead_id', '`leadId`', '`leadId` IS NOT NULL', false],
    [
      'deliveries_recipient_channel_held',
      '`recipient`, `channel`, `heldUntil`',
      '`heldUntil` IS NOT NULL',
      false,
    ],
    ['deliveries_message_key_unique', '`messageKey`', '`messageKey` IS NOT NULL', true],
  ].map(([name, columns, where, unique]) => {
    const create = `CREATE ${unique ? 'UNIQUE ' : ''}INDEX \`${name}\` ON \`deliveries\` (${columns})`;
    return {
      before: create,
      beforeName: name as string,
      after: `${create} WHERE ${where}`,
      afterName: name as string,
    };
  }),
];

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('notifications', 'notifications_check_id');
  if (queryInterface.sequelize.getDialect() !== 'sqlite') return;
  for (const index of SQLITE_INDEXES) {
    await queryInterface.sequelize.query(`DROP INDEX \`${index.beforeName}\``);
    await queryInterface.sequelize.query(index.after);
  }
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  if (queryInterface.sequelize.getDialect() === 'sqlite') {
    for (const index of SQLITE_INDEXES) {
      await queryInterface.sequelize.query(`DROP INDEX \`${index.afterName}\``);
      await queryInterface.sequelize.query(index.before);
    }
  }
  await queryInterface.addIndex('notifications', ['checkId'], { name: 'notifications_check_id' });
};
