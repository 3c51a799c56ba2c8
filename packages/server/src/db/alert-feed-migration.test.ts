/**
 * Migration 0040 on a database that already has alerts: each existing row gets its own feed nonce
 * (the hash follows at the server's start, commands/alert-feed.ts), new rows may leave both empty,
 * two rows cannot share a hash, and down removes both columns.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes, type Sequelize } from 'sequelize';
import { createTestDatabase, type TestDatabase } from '../../test/support';
import { loadConfig } from '../config/env';
import { createMigrator } from './migrate';
import { createSequelize } from './sequelize';

const MIGRATION = '0040-add-alert-feed-token';

let database: TestDatabase;
let sequelize: Sequelize;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url });
  sequelize = createSequelize(config.database);
});
afterAll(async () => {
  await sequelize.close();
  await database.destroy();
});

function alertRow(searchTerm: string) {
  const now = new Date();
  return {
    id: randomUUID(),
    searchTerm,
    platforms: '["marktplaats"]',
    customFilters: '{}',
    planAtCreation: 'FREE',
    checkIntervalMinutes: 30,
    validityDays: 3,
    manageTokenNonce: randomUUID(),
    manageTokenHash: randomUUID(),
    refreshTokenNonce: randomUUID(),
    refreshTokenHash: randomUUID(),
    createdAt: now,
    updatedAt: now,
  };
}

type FeedColumns = { id: string; feedTokenNonce: string | null; feedTokenHash: string | null };

const feedColumns = () =>
  sequelize.query<FeedColumns>('SELECT id, feedTokenNonce, feedTokenHash FROM alerts', {
    type: QueryTypes.SELECT,
  });

describe(`migration ${MIGRATION}`, () => {
  it('gives every existing alert its own feed nonce, and no hash yet', async () => {
    const migrator = createMigrator(sequelize);
    const names = (await migrator.pending()).map((migration) => migration.name);
    const before = names[names.indexOf(MIGRATION) - 1]!;
    await migrator.up({ to: before });
    const rows = ['fiets', 'bakfiets', 'racefiets'].map(alertRow);
    await sequelize.getQueryInterface().bulkInsert('alerts', rows);

    await migrator.up({ to: MIGRATION });
    const columns = await feedColumns();
    expect(columns).toHaveLength(3);
    for (const row of columns) {
      expect(row.feedTokenNonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(row.feedTokenHash).toBeNull();
    }
    expect(new Set(columns.map((row) => row.feedTokenNonce)).size).toBe(3);
  });

  it('keeps feed hashes unique', async () => {
    const [first, second] = await feedColumns();
    const update = 'UPDATE alerts SET feedTokenHash = ? WHERE id = ?';
    await sequelize.query(update, { replacements: ['a'.repeat(64), first!.id] });
    await expect(
      sequelize.query(update, { replacements: ['a'.repeat(64), second!.id] }),
    ).rejects.toThrow();
  });

  it('goes down without the columns, and up again', async () => {
    const migrator = createMigrator(sequelize);
    await migrator.down({ to: MIGRATION });
    const described = await sequelize.getQueryInterface().describeTable('alerts');
    expect(described).not.toHaveProperty('feedTokenNonce');
    expect(described).not.toHaveProperty('feedTokenHash');
    await migrator.up({ to: MIGRATION });
    expect((await feedColumns()).every((row) => row.feedTokenNonce !== null)).toBe(true);
  });
});
