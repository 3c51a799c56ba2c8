/**
 * The feed's listings are stored compressed (db/lib/listing-codec.ts): the feed stores every new
 * ad for a week, ~960 bytes of JSON text each, a third of that or less compressed. A row written
 * before stays JSON text and is read as it is, so up rewrites no row. SQLite stores the bytes in
 * the TEXT column as they are given; on MariaDB the MEDIUMTEXT column becomes LONGBLOB (its JSON
 * text becomes the same bytes; the table is copied once).
 *
 * Down gives every compressed row its JSON text again, in batches, then MariaDB its text column.
 */
import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';
import { decodeListingJson } from '../lib/listing-codec';

/** Rows read and written back per transaction on the way down. */
const BATCH = 500;

const column = (type: DataTypes.DataType) => ({ type, allowNull: false });

function jsonOf(row: { id: number; listing: Buffer }): string {
  try {
    return decodeListingJson(row.listing);
  } catch (error) {
    throw new Error(`listings row ${row.id}: ${(error as Error).message}`, { cause: error });
  }
}

export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  if (queryInterface.sequelize.getDialect() === 'sqlite') return;
  await queryInterface.changeColumn('listings', 'listing', column(DataTypes.BLOB('long')));
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  const { sequelize } = queryInterface;
  const sqlite = sequelize.getDialect() === 'sqlite';
  // Not yet JSON text: on SQLite any bytes (text is read as it is), on MariaDB bytes not
  // beginning with '{'.
  const compressed = sqlite ? "typeof(`listing`) = 'blob'" : "HEX(SUBSTR(`listing`, 1, 1)) <> '7B'";
  for (let after = 0; ;) {
    const rows = await sequelize.query<{ id: number; listing: Buffer }>(
      `SELECT \`id\`, \`listing\` FROM \`listings\` WHERE \`id\` > ? AND ${compressed}
       ORDER BY \`id\` LIMIT ${BATCH}`,
      { replacements: [after], type: QueryTypes.SELECT },
    );
    if (rows.length === 0) break;
    await sequelize.transaction(async (transaction) => {
      for (const row of rows) {
        await sequelize.query('UPDATE `listings` SET `listing` = ? WHERE `id` = ?', {
          replacements: [jsonOf(row), row.id],
          transaction,
        });
      }
    });
    after = Number(rows[rows.length - 1]!.id);
  }
  if (!sqlite) {
    await queryInterface.changeColumn('listings', 'listing', column(DataTypes.TEXT('medium')));
  }
};
