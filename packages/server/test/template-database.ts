/**
 * A migrated and seeded database to copy: running every migration took about 4 s on MariaDB and
 * 1 s on SQLite, for each of the some 170 test databases of a run. Each test process
 * migrates one template of its project's dialect, once, from the migrations of this checkout; a
 * test database is then a copy of it — the same tables, indexes, foreign keys and rows (SQLite: the
 * file; MariaDB: each table's own CREATE TABLE statement and its rows). The server still runs its
 * migrations (none left) and seeders at start, as on any restart.
 *
 * Tests of migrations and of a first start keep empty databases that the migrations run on
 * (createTestDatabase, createMigratedDatabase({ runMigrations: true }), migration-kit.ts).
 */
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import type { Sequelize } from 'sequelize';
import { loadConfig } from '../src/config/env';
import { migrate } from '../src/db/migrate';
import { createSequelize } from '../src/db/sequelize';
import { createMariaDbDatabase } from './mariadb-server';

interface MariaDbTable {
  name: string;
  createStatement: string;
  hasRows: boolean;
}

type Template =
  | { kind: 'sqlite'; file: string }
  | { kind: 'mariadb'; serverUrl: string; database: string; tables: MariaDbTable[] };

const templates = new Map<string, Promise<Template>>();

async function migrateInto(
  dataDir: string,
  url: string,
  after?: (sequelize: Sequelize) => Promise<unknown>,
): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url });
  const sequelize = createSequelize(config.database);
  try {
    await migrate(sequelize);
    await after?.(sequelize);
  } finally {
    await sequelize.close();
  }
}

const TEMPLATE_DIR_PREFIX = 'prijsalarm-template-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A directory named after this process. The test runner ends its workers with a signal, which
 * runs no exit handler: each new template removes those of processes that are gone instead.
 */
function templateDir(): string {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(TEMPLATE_DIR_PREFIX)) continue;
    const pid = Number(name.slice(TEMPLATE_DIR_PREFIX.length).split('-')[0]);
    if (pid > 0 && !isRunning(pid)) {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), `${TEMPLATE_DIR_PREFIX}${process.pid}-`));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function buildSqliteTemplate(): Promise<Template> {
  const dir = templateDir();
  const file = path.join(dir, 'template.sqlite');
  // The migrated database runs in WAL mode, its latest pages maybe still in the -wal file: VACUUM
  // INTO writes all of it to one file of its own, which alone is the template.
  await migrateInto(dir, `sqlite:${path.join(dir, 'migrated.sqlite')}`, (sequelize) =>
    sequelize.query(`VACUUM INTO '${file}'`),
  );
  return { kind: 'sqlite', file };
}

async function buildMariaDbTemplate(serverUrl: string): Promise<Template> {
  const created = await createMariaDbDatabase(serverUrl);
  const dataDir = templateDir();
  try {
    await migrateInto(dataDir, created.url);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const database = new URL(created.url).pathname.slice(1);
  const connection = await mysql.createConnection(serverUrl);
  try {
    const [rows] = await connection.query<mysql.RowDataPacket[]>(
      `SELECT TABLE_NAME AS name FROM information_schema.TABLES
        WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME`,
      [database],
    );
    const tables: MariaDbTable[] = [];
    for (const { name } of rows as Array<{ name: string }>) {
      const [[show]] = await connection.query<mysql.RowDataPacket[]>(
        `SHOW CREATE TABLE \`${database}\`.\`${name}\``,
      );
      const [[count]] = await connection.query<mysql.RowDataPacket[]>(
        `SELECT EXISTS (SELECT 1 FROM \`${database}\`.\`${name}\`) AS hasRows`,
      );
      tables.push({
        name,
        createStatement: (show as Record<string, string>)['Create Table']!,
        hasRows: Number((count as { hasRows: number }).hasRows) === 1,
      });
    }
    return { kind: 'mariadb', serverUrl, database, tables };
  } finally {
    await connection.end();
  }
}

function template(kind: 'sqlite' | 'mariadb', serverUrl = ''): Promise<Template> {
  const key = `${kind}:${serverUrl}`;
  let built = templates.get(key);
  if (!built) {
    built = kind === 'sqlite' ? buildSqliteTemplate() : buildMariaDbTemplate(serverUrl);
    // A failed build is not kept: the next test server tries again (and reports its own error).
    built.catch(() => templates.delete(key));
    templates.set(key, built);
  }
  return built;
}

/** Fills the empty SQLite file `file` with a copy of the migrated template. */
export async function copySqliteTemplate(file: string): Promise<void> {
  const built = await template('sqlite');
  if (built.kind !== 'sqlite') throw new Error('not a SQLite template');
  copyFileSync(built.file, file);
}

/** Fills the empty MariaDB database at `url` with the migrated template's tables and rows. */
export async function copyMariaDbTemplate(serverUrl: string, url: string): Promise<void> {
  const built = await template('mariadb', serverUrl);
  if (built.kind !== 'mariadb') throw new Error('not a MariaDB template');
  const target = new URL(url).pathname.slice(1);
  const connection = await mysql.createConnection(serverUrl);
  try {
    // Tables in name order, whatever their foreign keys point at.
    await connection.query('SET SESSION foreign_key_checks = 0');
    await connection.query(`USE \`${target}\``);
    for (const table of built.tables) await connection.query(table.createStatement);
    for (const table of built.tables.filter((t) => t.hasRows)) {
      await connection.query(
        `INSERT INTO \`${target}\`.\`${table.name}\` SELECT * FROM \`${built.database}\`.\`${table.name}\``,
      );
    }
  } finally {
    await connection.end();
  }
}
