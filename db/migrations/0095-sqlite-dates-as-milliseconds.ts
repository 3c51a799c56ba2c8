/**
 * SQLite: every date column's text ('2026-11-30 13:15:56.123 +00:00', 30 bytes) becomes integer
 * milliseconds since 1970 (6 bytes), as the server now writes them
 * (packages/server/src/db/sqlite-dates.ts). Every table at once: a comparison between a text date
 * and an integer one is wrong, so no column may keep the old form. MySQL/MariaDB store DATETIME(3)
 * and are left as they are.
 *
 * Down writes the text form back, in UTC with its milliseconds, as Sequelize wrote it.
 */
import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

/** Which stored values a direction converts, and to what. */
interface Direction {
  /** The rows' values to convert: of the old form, and readable. */
  where(column: string): string;
  convert(column: string): string;
}

const TO_MILLISECONDS: Direction = {
  // julianday() reads the text with its offset; text it cannot read stays as it was.
  where: (column) => `typeof(${column}) = 'text' AND julianday(${column}) IS NOT NULL`,
  convert: (column) => `CAST(ROUND((julianday(${column}) - 2440587.5) * 86400000) AS INTEGER)`,
};

const TO_TEXT: Direction = {
  where: (column) => `typeof(${column}) = 'integer'`,
  convert: (column) =>
    `strftime('%Y-%m-%d %H:%M:%S', ${column} / 1000, 'unixepoch') || '.' || ` +
    `printf('%03d', ${column} % 1000) || ' +00:00'`,
};

async function convertDates(queryInterface: QueryInterface, direction: Direction): Promise<void> {
  const { sequelize } = queryInterface;
  if (sequelize.getDialect() !== 'sqlite') return;
  const [tables] = (await sequelize.query(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  )) as [Array<{ name: string }>, unknown];
  for (const { name: table } of tables) {
    const [columns] = (await sequelize.query(`PRAGMA table_info(\`${table}\`)`)) as [
      Array<{ name: string; type: string }>,
      unknown,
    ];
    for (const { name, type } of columns) {
      if (!/^DATETIME\b/i.test(type)) continue;
      const column = `\`${name}\``;
      await sequelize.query(
        `UPDATE \`${table}\` SET ${column} = ${direction.convert(column)} WHERE ${direction.where(column)}`,
      );
    }
  }
}

export const up: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  convertDates(queryInterface, TO_MILLISECONDS);

export const down: MigrationFn<QueryInterface> = ({ context: queryInterface }) =>
  convertDates(queryInterface, TO_TEXT);
