/**
 * Schema changes are migrations only (never `sequelize.sync()` outside tests). Migrations live in
 * <repo>/db/migrations/NNNN-what.ts and run once each (recorded in SequelizeMeta); seeders in
 * <repo>/db/seeders/NNNN-what.ts run after them on every start and must be idempotent.
 * Both export `up` (and migrations `down`) typed `MigrationFn<QueryInterface>` from umzug.
 * The compiled server runs their compiled copies (packages/server/dist/migrations/NNNN-what.js),
 * under the same names, so a database migrated from either counts the same migrations as done.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QueryInterface, Sequelize } from 'sequelize';
import {
  memoryStorage,
  SequelizeStorage,
  Umzug,
  type MigrationFn,
  type RunnableMigration,
} from 'umzug';
import { DB_DIR } from '../config/paths';
import type { Logger } from '../logger';

export { DB_DIR };

export interface MigrateOptions {
  logger?: Logger;
  migrationsDir?: string;
  seedersDir?: string;
}

interface MigrationModule {
  up: MigrationFn<QueryInterface>;
  down?: MigrationFn<QueryInterface>;
}

/** The .ts or .js files of `dir` in name order, each an umzug migration named without its extension. */
function migrationsIn(dir: string): Array<RunnableMigration<QueryInterface>> {
  const files = readdirSync(dir)
    .filter((file) => /^\d{4}-[\w-]+\.(ts|js)$/.test(file))
    .sort();
  return files.map((file) => {
    const filePath = path.join(dir, file);
    const load = () => import(pathToFileURL(filePath).href) as Promise<MigrationModule>;
    return {
      name: file.replace(/\.(ts|js)$/, ''),
      path: filePath,
      up: async (params) => (await load()).up(params),
      down: async (params) => {
        const { down } = await load();
        if (!down) throw new Error(`${file} has no down migration`);
        return down(params);
      },
    };
  });
}

function umzugLogger(logger: Logger | undefined, component: 'migrations' | 'seeds') {
  if (!logger) return undefined;
  const child = logger.child({ component });
  return {
    info: (message: Record<string, unknown>) => child.info(message),
    warn: (message: Record<string, unknown>) => child.warn(message),
    error: (message: Record<string, unknown>) => child.error(message),
    debug: (message: Record<string, unknown>) => child.debug(message),
  };
}

export function createMigrator(sequelize: Sequelize, options: MigrateOptions = {}) {
  return new Umzug<QueryInterface>({
    migrations: migrationsIn(options.migrationsDir ?? path.join(DB_DIR, 'migrations')),
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize }),
    logger: umzugLogger(options.logger, 'migrations'),
  });
}

export function createSeeder(sequelize: Sequelize, options: MigrateOptions = {}) {
  return new Umzug<QueryInterface>({
    migrations: migrationsIn(options.seedersDir ?? path.join(DB_DIR, 'seeders')),
    context: sequelize.getQueryInterface(),
    // Seeders are idempotent and run on every start, so nothing records them.
    storage: memoryStorage(),
    logger: umzugLogger(options.logger, 'seeds'),
  });
}

/**
 * Migrations that were renamed after databases had run them, old name → new name. Their record in
 * SequelizeMeta is renamed before anything runs, so an existing database does not run them again.
 */
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  // Two migrations were numbered 0011; the later one became 0014.
  '0011-create-telegram-link-codes': '0014-create-telegram-link-codes',
};

async function applyRenames(sequelize: Sequelize): Promise<void> {
  const queryInterface = sequelize.getQueryInterface();
  const tables = (await queryInterface.showAllTables()).map((table) =>
    typeof table === 'string' ? table : (table as { tableName: string }).tableName,
  );
  if (!tables.includes('SequelizeMeta')) return;
  for (const [oldName, newName] of Object.entries(RENAMED_MIGRATIONS)) {
    await queryInterface.bulkUpdate('SequelizeMeta', { name: newName }, { name: oldName });
  }
}

/** Runs pending migrations, then every seeder. Safe to call from several processes at once. */
export async function migrate(sequelize: Sequelize, options: MigrateOptions = {}): Promise<void> {
  await withMigrationLock(sequelize, async () => {
    await applyRenames(sequelize);
    await createMigrator(sequelize, options).up();
    await createSeeder(sequelize, options).up();
  });
}

const LOCK_NAME = 'prijsalarm_migrations';
const LOCK_WAIT_SECONDS = 120;

interface MysqlConnection {
  query(sql: string, callback: (error: Error | null, rows: unknown) => void): void;
}
interface ConnectionManager {
  getConnection(options: { type: 'write' }): Promise<MysqlConnection>;
  releaseConnection(connection: MysqlConnection): Promise<void>;
}

/**
 * On MySQL/MariaDB several processes (web, worker, scheduler) may start together: a named lock
 * on one pinned connection lets one migrate while the others wait. SQLite is one process.
 */
async function withMigrationLock(sequelize: Sequelize, run: () => Promise<void>): Promise<void> {
  if (sequelize.getDialect() !== 'mysql') return run();
  const manager = sequelize.connectionManager as unknown as ConnectionManager;
  const connection = await manager.getConnection({ type: 'write' });
  const query = (sql: string) =>
    new Promise<Array<Record<string, unknown>>>((resolve, reject) =>
      connection.query(sql, (error, rows) =>
        error ? reject(error) : resolve(rows as Array<Record<string, unknown>>),
      ),
    );
  try {
    const [row] = await query(`SELECT GET_LOCK('${LOCK_NAME}', ${LOCK_WAIT_SECONDS}) AS acquired`);
    if (Number(row?.acquired) !== 1) {
      throw new Error(`Another process held the migration lock for ${LOCK_WAIT_SECONDS} s`);
    }
    await run();
  } finally {
    await query(`SELECT RELEASE_LOCK('${LOCK_NAME}')`).catch(() => undefined);
    await manager.releaseConnection(connection);
  }
}
