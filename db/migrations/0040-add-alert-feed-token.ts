/**
 * Each alert's private RSS feed link, derived like the manage link: a random
 * nonce on the row, and sha256 of the derived token for lookup (security/tokens.ts).
 *
 * Existing rows get their nonce here. Their hash needs SESSION_SECRET, which a migration does not
 * have, so the server derives it at start (commands/alert-feed.ts, `completeFeedTokens`); until then
 * the row simply shows no feed link. Both columns stay nullable for that moment.
 */
import { randomBytes } from 'node:crypto';
import { QueryTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { string } from '../lib/columns';

/** Rows filled per round, so a large table is never read into memory at once. */
const BATCH = 500;

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addColumn('alerts', 'feedTokenNonce', string(64));
  await queryInterface.addColumn('alerts', 'feedTokenHash', string(64));
  await queryInterface.addIndex('alerts', ['feedTokenHash'], {
    unique: true,
    name: 'alerts_feed_token_hash_unique',
  });
  const { sequelize } = queryInterface;
  for (;;) {
    const rows = await sequelize.query<{ id: string }>(
      `SELECT id FROM alerts WHERE feedTokenNonce IS NULL LIMIT ${BATCH}`,
      { type: QueryTypes.SELECT },
    );
    if (rows.length === 0) break;
    for (const { id } of rows) {
      // 128 random bits, as security/tokens.ts issues them (NONCE_BYTES).
      await sequelize.query('UPDATE alerts SET feedTokenNonce = ? WHERE id = ?', {
        replacements: [randomBytes(16).toString('base64url'), id],
      });
    }
  }
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('alerts', 'alerts_feed_token_hash_unique');
  // Plain DROP COLUMN (SQLite ≥ 3.35, MariaDB): Sequelize's SQLite removeColumn rebuilds the table.
  for (const column of ['feedTokenHash', 'feedTokenNonce']) {
    await queryInterface.sequelize.query(`ALTER TABLE \`alerts\` DROP COLUMN \`${column}\``);
  }
};
