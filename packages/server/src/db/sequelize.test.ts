import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataTypes, Model } from 'sequelize';
import sqlite3 from 'sqlite3';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { createSequelize } from './sequelize';

const dir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SQLite database file', () => {
  it('is readable by the server’s user only, also after writes', async () => {
    const storage = path.join(dir, 'prijsalarm.sqlite');
    const sequelize = createSequelize({ dialect: 'sqlite', storage });
    await sequelize.query('CREATE TABLE t (x INTEGER)');
    await sequelize.query('INSERT INTO t VALUES (1)');
    expect(statSync(storage).mode & 0o777).toBe(0o600);
    await sequelize.close();
  });
});

describe('column types of SQLite tables', () => {
  it('are asked once, not before every SELECT, and asked again after the schema changes', async () => {
    // What reaches the driver (under the connection's own wrapping).
    const sql: string[] = [];
    const prototype = sqlite3.Database.prototype as unknown as {
      all: (this: unknown, ...args: unknown[]) => unknown;
    };
    const all = prototype.all;
    prototype.all = function (this: unknown, ...args: unknown[]) {
      sql.push(String(args[0]));
      return all.apply(this, args);
    };
    onTestFinished(() => {
      prototype.all = all;
    });
    const sequelize = createSequelize({
      dialect: 'sqlite',
      storage: path.join(dir, 'types.sqlite'),
    });
    class Row extends Model {
      declare id: number;
      declare at: Date;
      declare seenAt: Date | null;
    }
    Row.init(
      { id: { type: DataTypes.INTEGER, primaryKey: true }, at: DataTypes.DATE(3) },
      { sequelize, tableName: 'rows', timestamps: false },
    );
    await Row.sync();
    const at = new Date(Date.UTC(2026, 10, 24, 23, 0, 0, 5));
    await Row.create({ id: 1, at });

    for (let i = 0; i < 3; i += 1) {
      const row = await Row.findByPk(1);
      expect(row?.at).toEqual(at); // parsed as a date: the types were known
    }
    const asked = () => sql.filter((text) => text.startsWith('PRAGMA table_info')).length;
    expect(asked()).toBe(1);

    // A new column: its type is learnt again, so its dates are parsed too.
    await sequelize.getQueryInterface().addColumn('rows', 'seenAt', DataTypes.DATE(3));
    Row.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true },
        at: DataTypes.DATE(3),
        seenAt: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'rows', timestamps: false },
    );
    await Row.update({ seenAt: at }, { where: { id: 1 } });
    const row = await Row.findByPk(1);
    expect(row?.seenAt).toBeInstanceOf(Date);
    expect(row?.seenAt).toEqual(at);
    expect(asked()).toBe(2);
    await sequelize.close();
  });
});

describe('writers on one SQLite file', () => {
  it('a plain write is not starved by transactions that follow each other', async () => {
    const sequelize = createSequelize({
      dialect: 'sqlite',
      storage: path.join(dir, 'turns.sqlite'),
    });
    onTestFinished(() => sequelize.close());
    await sequelize.query('CREATE TABLE busy (x INTEGER)');
    await sequelize.query('CREATE TABLE claims (x INTEGER)');
    // The recorder under a burst: each transaction holds the write lock a while, the next one
    // is already waiting for its turn.
    let recording = true;
    const transactionMs = 20;
    const recorder = async () => {
      while (recording) {
        await sequelize.transaction(async (transaction) => {
          await sequelize.query('INSERT INTO busy VALUES (1)', { transaction });
          await new Promise((resolve) => setTimeout(resolve, transactionMs));
        });
      }
    };
    const recorders = Promise.all([recorder(), recorder(), recorder()]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const asked = performance.now();
      await sequelize.query('INSERT INTO claims VALUES (1)');
      waits.push(performance.now() - asked);
    }
    recording = false;
    await recorders;
    // Its turn comes after the transactions already waiting, not after SQLite's busy handler
    // happened to wake between two of them.
    expect(Math.max(...waits)).toBeLessThan(1000);
    expect(await sequelize.query('SELECT COUNT(*) AS n FROM claims', { plain: true })).toEqual({
      n: 10,
    });
  });

  it('a plain write does not wait behind a long read', async () => {
    const sequelize = createSequelize({
      dialect: 'sqlite',
      storage: path.join(dir, 'reads.sqlite'),
    });
    onTestFinished(() => sequelize.close());
    await sequelize.query('CREATE TABLE claims (x INTEGER)');
    // A read that keeps SQLite busy a while (a feed batch loading thousands of alerts).
    const readStarted = performance.now();
    let readMs = 0;
    const read = sequelize
      .query(
        'SELECT (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000) ' +
          'SELECT COUNT(*) FROM n) AS c',
        { plain: true },
      )
      .then(() => {
        readMs = performance.now() - readStarted;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = performance.now();
    await sequelize.query('INSERT INTO claims VALUES (1)');
    const writeMs = performance.now() - asked;
    await read;
    expect(readMs).toBeGreaterThan(200);
    expect(writeMs).toBeLessThan(readMs / 4);
  });

  it('transactions share one connection, and a failed end does not leave it in a transaction', async () => {
    const opened: unknown[] = [];
    const sequelize = createSequelize({ dialect: 'sqlite', storage: path.join(dir, 'one.sqlite') });
    onTestFinished(() => sequelize.close());
    await sequelize.query('CREATE TABLE t (x INTEGER PRIMARY KEY)');
    for (let i = 0; i < 5; i += 1) {
      await sequelize.transaction(async (transaction) => {
        opened.push((transaction as unknown as { connection: unknown }).connection);
        await sequelize.query(`INSERT INTO t VALUES (${i})`, { transaction });
      });
    }
    expect(new Set(opened).size).toBe(1);
    // A COMMIT that fails (a deferred foreign key, here: a constraint checked at the end).
    await sequelize.query('CREATE TABLE parent (id INTEGER PRIMARY KEY)');
    await sequelize.query(
      'CREATE TABLE child (p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    await expect(
      sequelize.transaction((transaction) =>
        sequelize.query('INSERT INTO child VALUES (42)', { transaction }),
      ),
    ).rejects.toThrow(/FOREIGN KEY/);
    // The next transactions work as ever.
    await sequelize.transaction((transaction) =>
      sequelize.query('INSERT INTO t VALUES (99)', { transaction }),
    );
    expect(await sequelize.query('SELECT COUNT(*) AS n FROM t', { plain: true })).toEqual({ n: 6 });
    expect(await sequelize.query('SELECT COUNT(*) AS n FROM child', { plain: true })).toEqual({
      n: 0,
    });
  });
});
