/**
 * Makes the database refuse some rows, as it refuses a value it cannot store: a trigger that fails
 * the insert of any row of `table` whose `column` contains `word` with a plain error (not a
 * constraint). Returns the undo. SQLite and MariaDB.
 */
import { randomUUID } from 'node:crypto';
import type { Sequelize } from 'sequelize';

export async function refuseRowsContaining(
  sequelize: Sequelize,
  table: string,
  column: string,
  word: string,
): Promise<() => Promise<void>> {
  if (!/^\w+$/.test(`${table}${column}${word}`)) throw new Error('table, column, word: \\w only');
  const name = `refuse_${randomUUID().replaceAll('-', '')}`;
  if (sequelize.getDialect() === 'sqlite') {
    // json('{') fails when it runs: only for the rows the WHEN clause picks.
    await sequelize.query(
      `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} WHEN NEW.${column} LIKE '%${word}%' ` +
        `BEGIN SELECT json('{'); END`,
    );
  } else {
    await sequelize.query(
      `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW BEGIN ` +
        `IF NEW.${column} LIKE '%${word}%' THEN ` +
        `SIGNAL SQLSTATE '22001' SET MESSAGE_TEXT = 'value refused'; END IF; END`,
    );
  }
  return async () => {
    await sequelize.query(`DROP TRIGGER ${name}`);
  };
}
