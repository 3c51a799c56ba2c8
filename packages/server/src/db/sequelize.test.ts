import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
