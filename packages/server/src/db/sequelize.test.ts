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
