/**
 * Backing up and restoring the embedded SQLite database (`npm run backup`, `npm run restore`).
 *
 * A backup is taken while the service runs, through SQLite's online backup API — never a file
 * copy, which could catch a transaction half-written and miss what the write-ahead log holds. It
 * copies every page in one step, so it is one consistent snapshot: the moment it started. (In
 * small steps, each write by the running server would restart it.) The copy is checked with
 * `PRAGMA integrity_check` and written under its final name only when whole.
 *
 * A restore needs the service stopped: SQLite leaves a database in WAL mode only when no other
 * connection has it open, and that is the test. The database it replaces is kept beside it.
 * MariaDB has its own tools (deploy/OPERATIONS.md).
 */
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';

// sqlite3 has the online backup API (Database#backup) but its types leave it out.
declare module 'sqlite3' {
  interface Database {
    backup(filename: string, callback?: (error: Error | null) => void): Backup;
  }
  interface Backup {
    step(pages: number, callback?: (error: Error | null) => void): this;
    finish(callback?: (error: Error | null) => void): void;
    readonly completed: boolean;
    readonly failed: boolean;
    readonly pageCount: number;
  }
}

/** What a backup or restore cannot do, said so that an operator knows what to change. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A copy waits this long for a write to finish before giving up on a busy database. */
const BUSY_TIMEOUT_MS = 5000;
const STEP_ATTEMPTS = 20;

function open(file: string, mode: number): Promise<sqlite3.Database> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, mode, (error) => (error ? reject(error) : resolve(db)));
  });
}

function all<T>(db: sqlite3.Database, sql: string): Promise<T[]> {
  return new Promise((resolve, reject) =>
    db.all(sql, (error: Error | null, rows: T[]) => (error ? reject(error) : resolve(rows))),
  );
}

const close = (db: sqlite3.Database) =>
  new Promise<void>((resolve, reject) => db.close((error) => (error ? reject(error) : resolve())));

/** 'ok', or what SQLite found wrong. */
async function integrityOf(db: sqlite3.Database): Promise<string> {
  const rows = await all<{ integrity_check: string }>(db, 'PRAGMA integrity_check');
  return rows.map((row) => row.integrity_check).join('; ');
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** The snapshot's moment: everything committed before it is in the copy. */
  startedAt: Date;
  pages: number;
}

/** A consistent copy of the live database `source` at `target` (which must not exist yet). */
export async function backupDatabase(source: string, target: string): Promise<BackupResult> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
  if (existsSync(target)) throw new BackupError(`${target} exists already; choose another file.`);
  ensurePrivateDir(path.dirname(target));
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });

  const db = await open(source, sqlite3.OPEN_READWRITE);
  db.configure('busyTimeout', BUSY_TIMEOUT_MS);
  let startedAt = new Date();
  let pages: number;
  try {
    const backup = await new Promise<sqlite3.Backup>((resolve, reject) => {
      const created: sqlite3.Backup = db.backup(partial, (error) =>
        error ? reject(error) : resolve(created),
      );
    });
    // Every page in one step (-1): one snapshot, which writes in between cannot restart.
    for (let attempt = 1; !backup.completed; attempt += 1) {
      startedAt = new Date();
      try {
        await new Promise<void>((resolve, reject) =>
          backup.step(-1, (error) => (error ? reject(error) : resolve())),
        );
      } catch (error) {
        // BUSY and LOCKED leave the backup usable: another try after the writer is done.
        if (backup.failed || attempt >= STEP_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
    pages = backup.pageCount;
    await new Promise<void>((resolve, reject) =>
      backup.finish((error) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await close(db);
  }

  // One self-contained file (no write-ahead log beside it), checked before it gets its name.
  const copy = await open(partial, sqlite3.OPEN_READWRITE);
  try {
    await all(copy, 'PRAGMA journal_mode = DELETE');
    const integrity = await integrityOf(copy);
    if (integrity !== 'ok')
      throw new BackupError(`The copy failed its integrity check: ${integrity}`);
  } catch (error) {
    await close(copy);
    rmSync(partial, { force: true });
    throw error;
  }
  await close(copy);
  chmodSync(partial, PRIVATE_FILE_MODE);
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size, startedAt, pages };
}

export interface RestoreResult {
  file: string;
  /** Where the database it replaced was kept; null when there was none. */
  previous: string | null;
}

/** Checks that `file` is a whole Prijsalarm database. */
async function assertRestorable(file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  let db: sqlite3.Database;
  try {
    db = await open(file, sqlite3.OPEN_READONLY);
  } catch {
    throw new BackupError(`${file} is not a SQLite database.`);
  }
  try {
    const integrity = await integrityOf(db).catch((error: Error) => error.message);
    if (integrity !== 'ok') throw new BackupError(`${file} is damaged: ${integrity}`);
    const meta = await all(db, "SELECT name FROM sqlite_master WHERE name = 'SequelizeMeta'");
    if (meta.length === 0) throw new BackupError(`${file} is not a Prijsalarm database.`);
  } finally {
    await close(db);
  }
}

/**
 * Refuses while another connection has `database` open (the service is running): a database in
 * WAL mode can be switched back to a single file only by its last connection. When it can, the
 * log is folded into the file, so moving the one file moves everything.
 */
async function takeOver(database: string): Promise<void> {
  const db = await open(database, sqlite3.OPEN_READWRITE);
  try {
    const [row] = await all<{ journal_mode: string }>(db, 'PRAGMA journal_mode = DELETE').catch(
      () => [{ journal_mode: 'busy' }],
    );
    if (row?.journal_mode !== 'delete') {
      throw new BackupError(
        `${database} is in use: stop the service first (a restore replaces the database under it).`,
      );
    }
  } finally {
    await close(db);
  }
}

/** Puts the backup `file` in place of `database`; the database it replaces is kept beside it. */
export async function restoreDatabase(file: string, database: string): Promise<RestoreResult> {
  await assertRestorable(file);
  let previous: string | null = null;
  if (existsSync(database)) {
    await takeOver(database);
    previous = `${database}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(database, previous);
  }
  ensurePrivateDir(path.dirname(database));
  const restoring = `${database}.restoring`;
  copyFileSync(file, restoring);
  chmodSync(restoring, PRIVATE_FILE_MODE);
  renameSync(restoring, database);
  return { file: database, previous };
}

/** DATA_DIR/backups/prijsalarm-<UTC time>.sqlite */
export function defaultBackupFile(dataDir: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return path.join(dataDir, 'backups', `prijsalarm-${stamp}.sqlite`);
}
