/**
 * Message keys (one message per ad, recipient and channel: engine/recorder.ts) become half as
 * long: the first 32 hex characters of the same sha-256, as the recorder now writes them. A key
 * is stored on every e-mail delivery and in its unique index for the row's whole retention; 128
 * bits keep collisions out of reach. Each existing key keeps its beginning, so an ad recorded
 * before goes on finding its message (its new alerts' rows follow it instead of mailing again).
 */
import { createHash } from 'node:crypto';
import { QueryTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

const SHORT = 32;
/** Rows per statement on the way down. */
const BATCH = 500;

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.sequelize.query(
    `UPDATE \`deliveries\` SET \`messageKey\` = SUBSTR(\`messageKey\`, 1, ${SHORT})
     WHERE \`messageKey\` IS NOT NULL AND LENGTH(\`messageKey\`) > ${SHORT}`,
  );
};

type KeyedRow = {
  id: string;
  recipient: string;
  channel: string;
  platform: string;
  listingId: string;
  dedupeKey: string;
};

/** Down: the whole sha-256 again, from what it was made of (the recorder's parts then). */
export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  for (;;) {
    const rows = await sequelize.query<KeyedRow>(
      `SELECT d.\`id\`, d.\`recipient\`, d.\`channel\`, n.\`platform\`, n.\`listingId\`, n.\`dedupeKey\`
       FROM \`deliveries\` d JOIN \`notifications\` n ON n.\`id\` = d.\`notificationId\`
       WHERE d.\`messageKey\` IS NOT NULL AND LENGTH(d.\`messageKey\`) = ${SHORT}
       LIMIT ${BATCH}`,
      { type: QueryTypes.SELECT },
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      const parts = [row.recipient, row.channel, row.platform, row.listingId];
      if (row.dedupeKey !== 'new') parts.push(row.dedupeKey);
      const key = createHash('sha256').update(parts.join('\u0000')).digest('hex');
      await sequelize.query('UPDATE `deliveries` SET `messageKey` = ? WHERE `id` = ?', {
        replacements: [key, row.id],
      });
    }
  }
};
