/**
 * The Sequelize instance for DATABASE_URL: a SQLite file (the embedded default) or MySQL/MariaDB
 * through mysql2. Models and migrations use only types both dialects share.
 */
import { Sequelize, Transaction, type Options } from 'sequelize';
import type { DatabaseConfig } from '../config/env';
import type { Logger } from '../logger';
import { ensurePrivateFile } from '../lib/private-files';
import { storeSqliteDatesAsMilliseconds } from './sqlite-dates';

/** How long a SQLite connection waits for the write lock before failing with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** How long a transaction waits for the previous SQLite transaction to finish. */
export const SQLITE_TRANSACTION_WAIT_MS = 30_000;
/** MariaDB connections a process holds at most. */
export const MARIADB_POOL_MAX = 10;
/**
 * Prepared statements a MariaDB connection keeps (the least recently used is closed). mysql2
 * prepares every statement with bound values and keeps 16 000 by default; grouped writes (a CASE
 * over the ids of each send) are new SQL text every time, so a busy worker filled the server's
 * limit for all connections together (max_prepared_stmt_count, 16 382) within minutes, and from
 * then on every statement with bound values failed, sends among them. Processes × connections ×
 * this must stay under that limit (deploy/OPERATIONS.md).
 */
export const MARIADB_PREPARED_STATEMENTS_MAX = 100;

export function createSequelize(database: DatabaseConfig, logger?: Logger): Sequelize {
  const logging: Options['logging'] = logger?.isLevelEnabled('trace')
    ? (sql) => logger.trace({ sql }, 'sql')
    : false;
  const define: Options['define'] = { underscored: false, freezeTableName: true };

  if (database.dialect === 'sqlite') {
    // sqlite creates the file with the umask's mode (world-readable); its -wal and -shm files
    // copy the database file's mode.
    if (database.storage !== ':memory:') ensurePrivateFile(database.storage);
    // Before the instance: its connection manager takes the date parser when it is created.
    storeSqliteDatesAsMilliseconds();
    const sequelize = new Sequelize({
      dialect: 'sqlite',
      storage: database.storage,
      logging,
      define,
      // BEGIN IMMEDIATE takes the write lock up front, so a transaction never fails half-way with
      // SQLITE_BUSY_SNAPSHOT when it first reads and then writes.
      transactionType: Transaction.TYPES.IMMEDIATE,
    });
    configureSqliteConnections(sequelize, database.storage === ':memory:', logger);
    return sequelize;
  }

  return new Sequelize({
    dialect: 'mysql',
    host: database.host,
    port: database.port,
    database: database.database,
    username: database.username,
    password: database.password,
    logging,
    timezone: '+00:00',
    dialectOptions: { charset: 'utf8mb4', maxPreparedStatements: MARIADB_PREPARED_STATEMENTS_MAX },
    define: { ...define, charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci' },
    pool: { max: MARIADB_POOL_MAX, min: 0, idle: 10_000, acquire: 30_000 },
  });
}

type SqliteCallback = (this: unknown, error: Error | null, rows?: unknown) => void;
interface SqliteDatabase {
  configure(option: 'busyTimeout', value: number): void;
  run(sql: string, ...rest: unknown[]): unknown;
  all(sql: string, ...rest: unknown[]): unknown;
  exec(sql: string, ...rest: unknown[]): unknown;
  uuid?: string;
}

/** Sequelize's own column-type lookup before every SELECT (dialects/sqlite/query.js). */
const TABLE_INFO = /^PRAGMA table_info\(`[^`]+`\)$/;
/** Statements that may change a table's columns. */
const SCHEMA_CHANGE = /^\s*(CREATE|ALTER|DROP)\b/i;

/**
 * Sequelize's SQLite driver asks `PRAGMA table_info` of every table a SELECT reads, before each
 * SELECT (to parse dates and booleans): with the delivery's joins that was three extra round trips
 * through the driver for each query, more than the queries themselves (engine bench, 10 000
 * alerts). The answers are the schema: kept per database and forgotten whenever a statement
 * creates, alters or drops something (migrations, tests' syncs), before and after it runs.
 */
function cacheTableInfo(connection: SqliteDatabase, cache: Map<string, unknown>): void {
  const all = connection.all.bind(connection);
  const run = connection.run.bind(connection);
  const exec = connection.exec.bind(connection);
  const forgetAround =
    (method: (sql: string, ...rest: unknown[]) => unknown) =>
    (sql: string, ...rest: unknown[]) => {
      if (typeof sql !== 'string' || !SCHEMA_CHANGE.test(sql)) return method(sql, ...rest);
      cache.clear();
      const last = rest.length - 1;
      const callback = rest[last];
      if (typeof callback === 'function') {
        rest[last] = function (this: unknown, ...args: unknown[]) {
          cache.clear();
          return (callback as (...a: unknown[]) => unknown).apply(this, args);
        };
      }
      return method(sql, ...rest);
    };
  connection.run = forgetAround(run);
  connection.exec = forgetAround(exec);
  const allForgetting = forgetAround(all);
  connection.all = (sql: string, ...rest: unknown[]) => {
    const callback = rest[rest.length - 1];
    if (typeof sql !== 'string' || !TABLE_INFO.test(sql) || typeof callback !== 'function') {
      return allForgetting(sql, ...rest);
    }
    const known = cache.get(sql);
    if (known !== undefined) {
      process.nextTick(() => (callback as SqliteCallback).call(connection, null, known));
      return connection;
    }
    return all(sql, (error: Error | null, rows?: unknown) => {
      if (!error) cache.set(sql, rows);
      (callback as SqliteCallback).call(connection, error, rows);
    });
  };
}
interface SqliteConnectionManager {
  getConnection(options?: { uuid?: string }): Promise<SqliteDatabase>;
  releaseConnection(connection: SqliteDatabase, force?: boolean): unknown;
  destroyConnection(connection: SqliteDatabase): Promise<void>;
}

/**
 * SQLite allows one writer. Sequelize v6 keeps one shared connection for plain queries and opens
 * a connection per transaction. Here transactions take turns (a FIFO queue in JS, so waiting never
 * blocks libuv threads) on one connection of their own, kept open: opening one per transaction (a
 * file to open, the schema to read again) cost more than most of the recorder's transactions.
 * Every connection still waits SQLITE_BUSY_TIMEOUT_MS for the write lock (another process: a
 * backup), and the database runs in WAL mode so readers do not block the writer.
 */
function configureSqliteConnections(
  sequelize: Sequelize,
  inMemory: boolean,
  logger?: Logger,
): void {
  const manager = sequelize.connectionManager as unknown as SqliteConnectionManager;
  const getConnection = manager.getConnection.bind(manager);
  const releaseConnection = manager.releaseConnection.bind(manager);
  const configured = new WeakSet<SqliteDatabase>();
  const turn = createTurnQueue();
  const tableInfo = new Map<string, unknown>();
  let writer: SqliteDatabase | null = null;

  const configure = (connection: SqliteDatabase) => {
    if (configured.has(connection)) return;
    configured.add(connection);
    connection.configure('busyTimeout', SQLITE_BUSY_TIMEOUT_MS);
    connection.run('PRAGMA journal_mode = WAL');
    connection.run('PRAGMA synchronous = NORMAL');
    cacheTableInfo(connection, tableInfo);
  };

  manager.getConnection = async (options) => {
    // A plain write in its turn (takeTurnsForPlainWrites): the writer, which no transaction is
    // using now.
    if (options?.uuid === PLAIN_WRITE_IN_TURN && !inMemory) {
      writer ??= await getConnection({ uuid: 'writer' });
      configure(writer);
      return writer;
    }
    const isTransaction = options?.uuid !== undefined && options.uuid !== 'default';
    if (isTransaction) await turn.acquire(options.uuid!);
    try {
      if (isTransaction && !inMemory) {
        writer ??= await getConnection({ uuid: 'writer' });
        configure(writer);
        return writer;
      }
      const connection = await getConnection(options);
      configure(connection);
      return connection;
    } catch (error) {
      if (isTransaction) turn.release(options.uuid!);
      throw error;
    }
  };
  manager.releaseConnection = (connection, force) => {
    if (connection === writer) {
      if (connection.uuid) turn.release(connection.uuid);
      return undefined;
    }
    const result = releaseConnection(connection, force);
    if (connection.uuid) turn.release(connection.uuid);
    return result;
  };
  // A COMMIT or ROLLBACK that failed leaves its connection in an unknown state: Sequelize
  // destroys it. Closed, SQLite rolls back whatever was open; the next transaction opens anew.
  manager.destroyConnection = async (connection) => {
    const holder = connection.uuid;
    // In memory there is one connection, the database itself: closing it would lose it.
    if (inMemory) {
      if (holder) turn.release(holder);
      return;
    }
    if (connection === writer) {
      writer = null;
      connection.uuid = 'writer'; // the key it is kept under
    }
    if (connection.uuid) releaseConnection(connection, true);
    if (holder) turn.release(holder);
  };
  takeTurnsForPlainWrites(sequelize, turn, inMemory, logger);
}

/** The connection key a plain write asks for while it holds its turn. */
const PLAIN_WRITE_IN_TURN = 'plain-write-in-turn';

/** How long a plain write waits for its turn before it tries the lock itself. */
const PLAIN_WRITE_TURN_WAIT_MS = 2000;

/** Statements that only read (in WAL mode they never wait for the writer). */
const READ_ONLY = /^\s*(SELECT|PRAGMA|EXPLAIN)\b/i;

/**
 * A write outside a transaction (a delivery's claim, its outcome) takes its turn with the
 * transactions too. Left to SQLite's busy handler it slept and retried while the recorder's
 * transactions followed each other, lost the lock to most of them, and held the shared
 * connection — every plain read behind it — while it slept: sends crawled under a burst.
 *
 * In its turn it runs on the transactions' connection, not the shared one: there it waited for
 * the reads ahead of it on the shared connection (a feed batch's thousands of alerts) while
 * holding the turn, and every write behind it waited too — ~11 ms a write at 100 000 alerts.
 */
function takeTurnsForPlainWrites(
  sequelize: Sequelize,
  turn: ReturnType<typeof createTurnQueue>,
  inMemory: boolean,
  logger?: Logger,
) {
  const query = sequelize.query.bind(sequelize) as (...args: unknown[]) => Promise<unknown>;
  let writes = 0;
  let warnedAt = 0;
  const takingTurns = async (sql: unknown, options?: { transaction?: unknown }) => {
    const text = typeof sql === 'string' ? sql : (sql as { query?: string } | null)?.query;
    if (options?.transaction || typeof text !== 'string' || READ_ONLY.test(text)) {
      return query(sql, options);
    }
    writes += 1;
    const id = `write:${writes}`;
    // Not for ever: a write issued inside a transaction without its { transaction } option would
    // wait for that very transaction. After a while it goes on to SQLite's busy handler, as
    // every write did before.
    const inTurn = await turn.acquire(id, PLAIN_WRITE_TURN_WAIT_MS).then(
      () => true,
      (error: Error) => {
        if (Date.now() - warnedAt > 60_000) {
          warnedAt = Date.now();
          logger?.warn({ err: error, sql: text.slice(0, 120) }, 'SQLite: a write waited long');
        }
        return false;
      },
    );
    try {
      // Not in turn (it gave up waiting): the shared connection and SQLite's busy handler, as
      // the writer may be in the middle of a transaction.
      return await query(
        sql,
        inTurn && !inMemory ? { ...options, uuid: PLAIN_WRITE_IN_TURN } : options,
      );
    } finally {
      if (inTurn) turn.release(id);
    }
  };
  sequelize.query = takingTurns as typeof sequelize.query;
}

function createTurnQueue() {
  let holder: string | null = null;
  // Where and when the holder took its turn: named when someone waits too long for it.
  let heldSince = 0;
  let heldFrom: Error | null = null;
  const waiting: Array<{ id: string; from: Error; start: () => void }> = [];
  const take = (id: string, from: Error) => {
    holder = id;
    heldSince = Date.now();
    heldFrom = from;
  };

  return {
    acquire(id: string, waitMs = SQLITE_TRANSACTION_WAIT_MS): Promise<void> {
      const from = new Error('turn taken');
      if (holder === null) {
        take(id, from);
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const entry = {
          id,
          from,
          start: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          const stack = heldFrom?.stack?.split('\n').slice(1, 8).join('\n') ?? '';
          reject(
            new Error(
              `SQLite: waited ${waitMs} ms for another transaction. ` +
                'Is a query inside a transaction missing its { transaction } option? ' +
                `The turn was taken ${Date.now() - heldSince} ms ago:\n${stack}`,
            ),
          );
        }, waitMs);
        waiting.push(entry);
      });
    },
    release(id: string): void {
      if (holder !== id) return;
      const next = waiting.shift();
      holder = null;
      heldFrom = null;
      if (next) {
        take(next.id, next.from);
        next.start();
      }
    },
  };
}
