/**
 * Message keys (one message per ad, recipient and channel: packages/server/src/engine/recorder.ts)
 * are the beginning of a sha-256 in hex. A migration that shortens them keeps each key's
 * beginning, so an ad recorded before still finds its message; going back makes the longer keys
 * again from what they are made of.
 */
import { createHash } from 'node:crypto';
import { QueryTypes, type QueryInterface } from 'sequelize';

/** Rows per statement on the way back. */
const BATCH = 500;

/** Every key longer than `length` keeps its first `length` characters. */
export async function shortenMessageKeys(
  queryInterface: QueryInterface,
  length: number,
): Promise<void> {
  await queryInterface.sequelize.query(
    `UPDATE \`deliveries\` SET \`messageKey\` = SUBSTR(\`messageKey\`, 1, ${length})
     WHERE \`messageKey\` IS NOT NULL AND LENGTH(\`messageKey\`) > ${length}`,
  );
}

type KeyedRow = {
  id: string | number;
  recipient: string;
  channel: string;
  platform: string;
  listingId: string;
  dedupeKey: string;
};

/** Every key of `from` characters made again, `to` long, from its parts (the recorder's then). */
export async function lengthenMessageKeys(
  queryInterface: QueryInterface,
  { from, to }: { from: number; to: number },
): Promise<void> {
  const { sequelize } = queryInterface;
  for (;;) {
    const rows = await sequelize.query<KeyedRow>(
      `SELECT d.\`id\`, d.\`recipient\`, d.\`channel\`, n.\`platform\`, n.\`listingId\`, n.\`dedupeKey\`
       FROM \`deliveries\` d JOIN \`notifications\` n ON n.\`id\` = d.\`notificationId\`
       WHERE d.\`messageKey\` IS NOT NULL AND LENGTH(d.\`messageKey\`) = ${from}
       LIMIT ${BATCH}`,
      { type: QueryTypes.SELECT },
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      const parts = [row.recipient, row.channel, row.platform, row.listingId];
      if (row.dedupeKey !== 'new') parts.push(row.dedupeKey);
      const key = createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, to);
      await sequelize.query('UPDATE `deliveries` SET `messageKey` = ? WHERE `id` = ?', {
        replacements: [key, row.id],
      });
    }
  }
}
