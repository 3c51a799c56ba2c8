/**
 * The rows of one multi-row INSERT must take consecutive ids: Sequelize learns only the first id of
 * a bulk insert and counts on from it, and the recorder queues each delivery's job under the id it
 * was given. SQLite has one writer, so one statement's rowids follow each other. MariaDB allots one
 * statement a consecutive range unless innodb_autoinc_lock_mode is 2 (concurrent inserts then share
 * ranges) and counts in steps of auto_increment_increment (a Galera cluster sets it to its size).
 * Either would send one row's job to another row, so the server does not start on them.
 */
import { QueryTypes, type Sequelize } from 'sequelize';

export interface AutoIncrementSettings {
  lockMode: number;
  increment: number;
}

/** What is wrong with the database's auto-increment settings, for the operator; null: nothing. */
export function consecutiveIdProblem({
  lockMode,
  increment,
}: AutoIncrementSettings): string | null {
  if (lockMode === 2) {
    return 'innodb_autoinc_lock_mode is 2: a multi-row INSERT may not get consecutive ids; set it to 1 (the default) in the MariaDB server configuration';
  }
  if (increment !== 1) {
    return `auto_increment_increment is ${increment}: ids must count in steps of 1; set it to 1 (on a Galera cluster: wsrep_auto_increment_control=OFF)`;
  }
  return null;
}

/** Throws when the database would give a multi-row INSERT ids that are not consecutive. */
export async function requireConsecutiveIds(sequelize: Sequelize): Promise<void> {
  if (sequelize.getDialect() === 'sqlite') return;
  const [settings] = await sequelize.query<{ lockMode: unknown; increment: unknown }>(
    'SELECT @@innodb_autoinc_lock_mode AS lockMode, @@auto_increment_increment AS increment',
    { type: QueryTypes.SELECT },
  );
  const problem = consecutiveIdProblem({
    lockMode: Number(settings?.lockMode),
    increment: Number(settings?.increment),
  });
  if (problem) throw new Error(`database settings: ${problem}`);
}
