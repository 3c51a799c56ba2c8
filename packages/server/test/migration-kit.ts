/**
 * For a migration's own test: an empty database (no migration run yet) with its Sequelize, and
 * rows written as an older schema had them, to migrate up to just before the migration, add
 * the rows it must carry over, and migrate on.
 */
import { randomUUID } from 'node:crypto';
import { QueryTypes, type Sequelize } from 'sequelize';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../src/config/env';
import { createMigrator } from '../src/db/migrate';
import { initModels, withSnapshot } from '../src/models';
import { presentNotification } from '../src/presenters/notification';
import { notificationCsvLine } from '../src/presenters/notification-csv';
import { createSequelize } from '../src/db/sequelize';
import { createTestDatabase } from './support';

export interface MigrationKit {
  sequelize: Sequelize;
  /** Runs every migration before `name`. */
  upToBefore(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startMigrationKit(): Promise<MigrationKit> {
  const database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url });
  const sequelize = createSequelize(config.database);
  return {
    sequelize,
    async upToBefore(name) {
      const migrator = createMigrator(sequelize);
      const names = (await migrator.pending()).map((migration) => migration.name);
      if (!names.includes(name)) throw new Error(`no pending migration ${name}`);
      const before = names[names.indexOf(name) - 1];
      if (before) await migrator.up({ to: before });
    },
    async close() {
      await sequelize.close();
      await database.destroy();
    },
  };
}

/**
 * A migration kit for the test file that calls this at its top: started before its tests, closed
 * after them. Its parts are read once the tests run.
 */
export function useMigrationKit(): MigrationKit {
  let kit: MigrationKit | null = null;
  const started = (): MigrationKit => {
    if (!kit) throw new Error('the migration kit is used before its tests run');
    return kit;
  };
  beforeAll(async () => {
    kit = await startMigrationKit();
  });
  afterAll(() => kit?.close());
  return {
    get sequelize() {
      return started().sequelize;
    },
    upToBefore: (name) => started().upToBefore(name),
    close: () => started().close(),
  };
}

/** An alert row with the columns every schema since the first has required. */
export function legacyAlertRow(searchTerm: string) {
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

/**
 * What the API (and its RSS and mails) and the CSV export show of every notification, oldest
 * first: what a migration must leave as it was.
 */
export async function shownNotifications(sequelize: Sequelize, searchTerm: string) {
  const models = initModels(sequelize);
  const rows = await models.Notification.findAll({
    include: [withSnapshot(), 'deliveries'],
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return rows.map((row) => ({
    api: presentNotification(row, searchTerm, row.deliveries ?? []),
    csv: notificationCsvLine(row, searchTerm),
  }));
}

/**
 * A listing snapshot as every schema since listing snapshots were stored has it (one ad,
 * m2000000001 on Marktplaats), written as is; answers its id.
 */
export async function insertLegacySnapshot(
  sequelize: Sequelize,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  await sequelize.getQueryInterface().bulkInsert('listing_snapshots', [
    {
      platform: 'marktplaats',
      listingId: 'm2000000001',
      title: 'Gazelle racefiets',
      description: 'Mooie fiets; 28 inch',
      url: 'https://www.marktplaats.nl/v/fietsen/m2000000001',
      imageUrls: '["https://images.marktplaats.com/1.jpg"]',
      location: 'Utrecht',
      sellerName: 'Jan',
      sellerType: 'private',
      isPaid: false,
      listing: '{"id":"m2000000001"}',
      createdAt: new Date(),
      ...overrides,
    },
  ]);
  const [snapshot] = await sequelize.query<{ id: number }>(
    'SELECT MAX(`id`) AS `id` FROM `listing_snapshots`',
    { type: QueryTypes.SELECT },
  );
  return Number(snapshot!.id);
}

/** A guest's notification of the snapshot's ad, with the columns schemas since then share. */
export function legacyNotificationRow(
  alertId: string,
  listingSnapshotId: number,
  overrides: Record<string, unknown> = {},
) {
  return {
    id: randomUUID(),
    alertId,
    userId: null,
    platform: 'marktplaats',
    listingId: 'm2000000001',
    listingSnapshotId,
    priceCents: 12_500,
    priceType: 'FIXED',
    viewedAt: null,
    kind: 'new',
    dedupeKey: 'new',
    foundBy: 'feed',
    createdAt: new Date(),
    ...overrides,
  };
}
