import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataTypes, Model, Op } from 'sequelize';
import { afterAll, describe, expect, it } from 'vitest';
import { createSequelize } from '../db/sequelize';
import { forEachPage } from './sql';

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
