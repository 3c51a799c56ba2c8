/**
 * Migration 0040 on a database that already has alerts: each existing row gets its own feed nonce
 * (the hash follows at the server's start, commands/alert-feed.ts), new rows may leave both empty,
 * two rows cannot share a hash, and down removes both columns.
 */
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { legacyAlertRow, useMigrationKit } from '../../test/migration-kit';
import { createMigrator } from './migrate';

const MIGRATION = '0040-add-alert-feed-token';

const kit = useMigrationKit();

type FeedColumns = { id: string; feedTokenNonce: string | null; feedTokenHash: string | null };

const feedColumns = () =>
  kit.sequelize.query<FeedColumns>('SELECT id, feedTokenNonce, feedTokenHash FROM alerts', {
    type: QueryTypes.SELECT,
  });

describe(`migration ${MIGRATION}`, () => {
  it('gives every existing alert its own feed nonce, and no hash yet', async () => {
    await kit.upToBefore(MIGRATION);
    const rows = ['fiets', 'bakfiets', 'racefiets'].map(legacyAlertRow);
    await kit.sequelize.getQueryInterface().bulkInsert('alerts', rows);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
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
    await kit.sequelize.query(update, { replacements: ['a'.repeat(64), first!.id] });
    await expect(
      kit.sequelize.query(update, { replacements: ['a'.repeat(64), second!.id] }),
    ).rejects.toThrow();
  });

  it('goes down without the columns, and up again', async () => {
    const migrator = createMigrator(kit.sequelize);
    await migrator.down({ to: MIGRATION });
    const described = await kit.sequelize.getQueryInterface().describeTable('alerts');
    expect(described).not.toHaveProperty('feedTokenNonce');
    expect(described).not.toHaveProperty('feedTokenHash');
    await migrator.up({ to: MIGRATION });
    expect((await feedColumns()).every((row) => row.feedTokenNonce !== null)).toBe(true);
  });
});
