/**
 * MariaDB: a process keeps a bounded number of prepared statements open, however many different
 * statements it runs. The server's limit is shared by every connection of every process, and once
 * it is reached no statement with bound values runs at all.
 */
import { QueryTypes, type Sequelize } from 'sequelize';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/support';
import { createSequelize, MARIADB_PREPARED_STATEMENTS_MAX } from './sequelize';

let database: TestDatabase;
let sequelize: Sequelize;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url });
  sequelize = createSequelize(config.database);
});
afterAll(async () => {
  await sequelize?.close();
  await database?.destroy();
});

it.runIf(testDatabaseKind() === 'mariadb')(
  'closes the least recently used prepared statement beyond its bound: a different statement each time never fills the server',
  async () => {
    const statements = MARIADB_PREPARED_STATEMENTS_MAX * 3;
    // One transaction holds one connection: the session's counters are those statements'.
    const open = await sequelize.transaction(async (transaction) => {
      for (let i = 0; i < statements; i += 1) {
        // New SQL text each time, with a bound value, as a grouped write's CASE over its ids.
        const [row] = await sequelize.query<{ n: number }>(`SELECT $1 + ${i} AS n`, {
          bind: [1],
          type: QueryTypes.SELECT,
          transaction,
        });
        expect(Number(row!.n)).toBe(1 + i);
      }
      const counters = await sequelize.query<{ Variable_name: string; Value: string }>(
        "SHOW SESSION STATUS WHERE Variable_name IN ('Com_stmt_prepare', 'Com_stmt_close')",
        { type: QueryTypes.SELECT, transaction },
      );
      const count = (name: string) =>
        Number(counters.find((counter) => counter.Variable_name === name)!.Value);
      expect(count('Com_stmt_prepare')).toBeGreaterThanOrEqual(statements);
      return count('Com_stmt_prepare') - count('Com_stmt_close');
    });
    expect(open).toBeLessThanOrEqual(MARIADB_PREPARED_STATEMENTS_MAX);
  },
);
