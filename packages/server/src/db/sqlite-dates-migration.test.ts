/**
 * Migration 0095 on rows the previous server wrote: on SQLite every date of every table, stored as
 * Sequelize's text, becomes its integer milliseconds — the same instant, shown the same through
 * the presenter the API, messages and RSS use and in the CSV export, and compared correctly with
 * the dates written since. MySQL/MariaDB rows stay as they are. Down writes the text back.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Op, QueryTypes } from 'sequelize';
import {
  insertLegacySnapshot,
  legacyAlertRow,
  legacyNotificationRow,
  shownNotifications,
  useMigrationKit,
} from '../../test/migration-kit';
import { initModels } from '../models';
import { createMigrator } from './migrate';

const MIGRATION = '0095-sqlite-dates-as-milliseconds';

const kit = useMigrationKit();
const sqlite = () => kit.sequelize.getDialect() === 'sqlite';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute, 12, 345));

/** A date as the previous server wrote it: Sequelize's text on SQLite; DATETIME(3) on MariaDB. */
function asBefore(date: Date): string {
  const text = date.toISOString().replace('T', ' ').replace('Z', '');
  return sqlite() ? `${text} +00:00` : text;
}

type Row = Record<string, unknown>;

async function stored(table: string): Promise<Row[]> {
  return kit.sequelize.query<Row>(`SELECT * FROM \`${table}\` ORDER BY \`id\``, {
    type: QueryTypes.SELECT,
  });
}

/** How every date column of every table is stored: 'text' and 'integer' counts (SQLite). */
async function dateStorage(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = await kit.sequelize.query<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    { type: QueryTypes.SELECT },
  );
  for (const { name: table } of tables) {
    const columns = await kit.sequelize.query<{ name: string; type: string }>(
      `PRAGMA table_info(\`${table}\`)`,
      { type: QueryTypes.SELECT },
    );
    for (const { name, type } of columns) {
      if (type !== 'DATETIME') continue;
      const kinds = await kit.sequelize.query<{ kind: string; n: number }>(
        `SELECT typeof(\`${name}\`) AS kind, COUNT(*) AS n FROM \`${table}\`
          WHERE \`${name}\` IS NOT NULL GROUP BY kind`,
        { type: QueryTypes.SELECT },
      );
      for (const { kind, n } of kinds) counts[kind] = (counts[kind] ?? 0) + n;
    }
  }
  return counts;
}

const shown = () => shownNotifications(kit.sequelize, 'fiets');

describe(`migration ${MIGRATION}`, () => {
  const alert = legacyAlertRow('fiets');
  const ids = [randomUUID(), randomUUID()];
  let shownBefore: Awaited<ReturnType<typeof shown>>;
  let notificationsBefore: Row[];

  it('stores every date as its milliseconds; every notification shows the same', async () => {
    await kit.upToBefore(MIGRATION);
    const queryInterface = kit.sequelize.getQueryInterface();
    await queryInterface.bulkInsert('alerts', [
      {
        ...alert,
        createdAt: asBefore(at(0)),
        updatedAt: asBefore(at(0)),
        expiresAt: asBefore(at(60 * 24 * 3)),
      },
    ]);
    const snapshotId = await insertLegacySnapshot(kit.sequelize, {
      description: null,
      imageUrls: '[]',
      postedAt: asBefore(at(0)),
      createdAt: asBefore(at(1)),
    });
    const notification = (id: string, minute: number, overrides: Row = {}) =>
      legacyNotificationRow(alert.id, snapshotId, {
        id,
        createdAt: asBefore(at(minute)),
        ...overrides,
      });
    await queryInterface.bulkInsert('notifications', [
      notification(ids[0]!, 1),
      notification(ids[1]!, 10, {
        kind: 'price_drop',
        priceCents: 9_900,
        previousPriceCents: 12_500,
        dedupeKey: 'drop:9900',
        viewedAt: asBefore(at(40)),
      }),
    ]);
    await queryInterface.bulkInsert('deliveries', [
      {
        id: randomUUID(),
        notificationId: ids[0],
        channel: 'email',
        status: 'sent',
        attempts: 1,
        sentAt: asBefore(at(2)),
        createdAt: asBefore(at(1)),
        updatedAt: asBefore(at(2)),
      },
    ]);
    notificationsBefore = await stored('notifications');
    shownBefore = await shown();
    expect(shownBefore.map(({ api }) => [api.createdAt, api.viewedAt])).toEqual([
      [at(1).toISOString(), null],
      [at(10).toISOString(), at(40).toISOString()],
    ]);
    if (sqlite()) expect((await dateStorage()).text).toBeGreaterThanOrEqual(9);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });

    expect(await shown()).toEqual(shownBefore);
    const notifications = await stored('notifications');
    if (sqlite()) {
      expect(await dateStorage()).toEqual({ integer: expect.any(Number) });
      expect(new Map(notifications.map((row) => [row.id, [row.createdAt, row.viewedAt]]))).toEqual(
        new Map([
          [ids[0], [at(1).getTime(), null]],
          [ids[1], [at(10).getTime(), at(40).getTime()]],
        ]),
      );
    } else {
      expect(notifications).toEqual(notificationsBefore);
    }
  });

  it('compares the migrated dates with those written since', async () => {
    const models = initModels(kit.sequelize);
    const first = await models.Notification.findByPk(ids[0]!);
    const later = await models.Notification.create({
      alertId: alert.id,
      platform: 'marktplaats',
      listingId: 'm2000000001',
      listingSnapshotId: first!.listingSnapshotId,
      priceType: 'FIXED',
      dedupeKey: 'drop:100',
      createdAt: at(20),
    });
    const since = async (minute: number) =>
      (
        await models.Notification.findAll({
          where: { createdAt: { [Op.gte]: at(minute) } },
          order: [['createdAt', 'ASC']],
        })
      ).map((row) => row.id);
    if (sqlite()) {
      const [stored] = await kit.sequelize.query<{ kind: string }>(
        'SELECT typeof(`createdAt`) AS kind FROM `notifications` WHERE `id` = :id',
        { replacements: { id: later.id }, type: QueryTypes.SELECT },
      );
      expect(stored?.kind).toBe('integer');
    }
    expect(await since(5)).toEqual([ids[1], later.id]);
    expect(await since(15)).toEqual([later.id]);
    // A Date among a raw query's replacements compares as the same instant.
    const [earlier] = await kit.sequelize.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM `notifications` WHERE `createdAt` < :until',
      { replacements: { until: at(15) }, type: QueryTypes.SELECT },
    );
    expect(Number(earlier?.n)).toBe(2);
    await later.destroy();
  });

  it('goes down to the text Sequelize wrote, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    expect(await stored('notifications')).toEqual(notificationsBefore);
    expect(await shown()).toEqual(shownBefore);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(await shown()).toEqual(shownBefore);
    if (sqlite()) expect(Object.keys(await dateStorage())).toEqual(['integer']);
  });
});
