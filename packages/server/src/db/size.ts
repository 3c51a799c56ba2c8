/** How much room the database takes: the metrics' prijsalarm_database_size_bytes. */
import { statSync } from 'node:fs';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { DatabaseConfig } from '../config/env';

const fileSize = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/**
 * SQLite: the file and its write-ahead log (committed pages live there until a checkpoint);
 * MariaDB: the data and indexes of the schema. Null when it cannot be told.
 */
export async function databaseSizeBytes(
  sequelize: Sequelize,
  database: DatabaseConfig,
): Promise<number | null> {
  if (database.dialect === 'sqlite') {
    if (database.storage === ':memory:') return null;
    return fileSize(database.storage) + fileSize(`${database.storage}-wal`);
  }
  const [row] = await sequelize.query<{ bytes: number | string | null }>(
    'SELECT SUM(data_length + index_length) AS bytes FROM information_schema.tables WHERE table_schema = DATABASE()',
    { type: QueryTypes.SELECT },
  );
  return row?.bytes === null || row?.bytes === undefined ? null : Number(row.bytes);
}
