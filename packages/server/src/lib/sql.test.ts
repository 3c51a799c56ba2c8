import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseError, DataTypes, Model, Op } from 'sequelize';
import { afterAll, describe, expect, it } from 'vitest';
import { createSequelize } from '../db/sequelize';
import { forEachPage, retryOnDeadlock, setEach } from './sql';

const dir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

class Row extends Model {
  declare id: string;
  declare kept: boolean;
}

describe('forEachPage', () => {
  it('hands every selected row over once, a page at a time, in id order', async () => {
    const sequelize = createSequelize({ dialect: 'sqlite', storage: path.join(dir, 'p.sqlite') });
    Row.init(
      { id: { type: DataTypes.STRING, primaryKey: true }, kept: DataTypes.BOOLEAN },
      { sequelize, tableName: 'rows', timestamps: false },
    );
    await Row.sync();
    // Inserted out of order; every third row is not selected.
    const ids = Array.from({ length: 11 }, (_, i) => `id-${String((i * 7) % 11).padStart(2, '0')}`);
    await Row.bulkCreate(ids.map((id, i) => ({ id, kept: i % 3 !== 0 })));

    const pages: string[][] = [];
    await forEachPage(Row, { where: { kept: { [Op.eq]: true } } }, 3, (page) => {
      pages.push(page.map((row) => row.id));
    });

    const expected = ids.filter((_, i) => i % 3 !== 0).sort();
    expect(pages.flat()).toEqual(expected);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    await sequelize.close();
  });
});

class Slot extends Model {
  declare id: string;
  declare at: Date | null;
}

describe('setEach', () => {
  it('gives each row its own value (dates to the ms) and leaves the others alone', async () => {
    const sequelize = createSequelize({ dialect: 'sqlite', storage: path.join(dir, 's.sqlite') });
    Slot.init(
      { id: { type: DataTypes.STRING, primaryKey: true }, at: DataTypes.DATE(3) },
      { sequelize, tableName: 'slots', timestamps: false },
    );
    await Slot.sync();
    const ids = Array.from({ length: 1203 }, (_, i) => `key-${i}`);
    await Slot.bulkCreate(ids.map((id) => ({ id, at: null })));

    // More rows than one statement takes, and an id with a quote in it.
    const base = Date.UTC(2026, 10, 24, 22, 0, 0, 1);
    const values = new Map(ids.slice(0, 1201).map((id, i) => [id, new Date(base + i * 7)]));
    await Slot.create({ id: "o'key", at: null });
    values.set("o'key", new Date(base - 1));
    await setEach(Slot, 'at', values);

    const rows = new Map((await Slot.findAll()).map((row) => [row.id, row.at?.getTime() ?? null]));
    for (const [id, at] of values) expect(rows.get(id)).toBe(at.getTime());
    expect(rows.get('key-1201')).toBeNull();
    expect(rows.get('key-1202')).toBeNull();
    await sequelize.close();
  });
});

describe('retryOnDeadlock', () => {
  const failing = (errno: number) =>
    new DatabaseError(Object.assign(new Error('refused'), { errno, sql: 'UPDATE x' }));

  it('runs a statement InnoDB chose as a deadlock victim again, until it goes through', async () => {
    let runs = 0;
    const result = await retryOnDeadlock(async () => {
      runs += 1;
      if (runs < 3) throw failing(1213);
      return 'klaar';
    });
    expect(result).toBe('klaar');
    expect(runs).toBe(3);
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw failing(1213);
      }, 2),
    ).rejects.toThrow('refused');
    expect(runs).toBe(2);
    runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs += 1;
        throw failing(1062);
      }),
    ).rejects.toThrow('refused');
    expect(runs).toBe(1);
  });
});
