/**
 * Two columns of every notification that nothing reads go: `checkId` (the recorder wrote it, but
 * a send finds its check's siblings by the deliveries' own `checkId`, and its index went in 0091)
 * and `updatedAt` (a notification changes only when it is viewed, and `viewedAt` says when). A
 * notification is written at every match and kept for its plan's retention: ~67 bytes a row (a
 * UUID and a date stored as text on SQLite).
 *
 * Down brings both back: `updatedAt` as the row's `createdAt`, `checkId` empty (which check found
 * an older notification is not known any more; its deliveries still carry it).
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { dateTime, id } from '../lib/columns';

const COLUMNS = ['checkId', 'updatedAt'] as const;

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the
  // table. SQLite drops one column per statement; MariaDB both in one ALTER (one rebuild).
  if (sequelize.getDialect() === 'sqlite') {
    for (const column of COLUMNS) {
      await sequelize.query(`ALTER TABLE \`notifications\` DROP COLUMN \`${column}\``);
    }
    return;
  }
  await sequelize.query(
    `ALTER TABLE \`notifications\` ${COLUMNS.map((column) => `DROP COLUMN \`${column}\``).join(', ')}`,
  );
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  // A column that must not be null gets a default, so it can be added to a full table.
  await queryInterface.addColumn('notifications', 'updatedAt', {
    ...dateTime(false),
    defaultValue: new Date(0),
  });
  await queryInterface.sequelize.query('UPDATE `notifications` SET `updatedAt` = `createdAt`');
  await queryInterface.addColumn('notifications', 'checkId', {
    ...id(),
    primaryKey: false,
    allowNull: true,
  });
};
