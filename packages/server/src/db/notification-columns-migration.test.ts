/**
 * Migration 0093 on notifications the previous schema wrote (with `checkId` and `updatedAt`):
 * every row stays, with every other column as it was, and shows the same through the presenter
 * the API, messages and RSS use and in the CSV export; down brings both columns back.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import {
  insertLegacySnapshot,
  legacyAlertRow,
  legacyNotificationRow,
  shownNotifications,
  useMigrationKit,
} from '../../test/migration-kit';
import { initModels, withSnapshot } from '../models';
import { createMigrator } from './migrate';

const MIGRATION = '0093-drop-unread-notification-columns';

const kit = useMigrationKit();

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute, 12));

type Row = Record<string, unknown>;

/** Every row of `table` as stored, by id, in the database's own representation. */
async function stored(table: string): Promise<Map<unknown, Row>> {
  const rows = await kit.sequelize.query<Row>(`SELECT * FROM \`${table}\` ORDER BY \`id\``, {
    type: QueryTypes.SELECT,
  });
  return new Map(rows.map((row) => [row.id, row]));
}

const shown = () => shownNotifications(kit.sequelize, 'fiets');

describe(`migration ${MIGRATION}`, () => {
  const guest = legacyAlertRow('fiets');
  const checkId = randomUUID();
  let before: { notifications: Map<unknown, Row>; deliveries: Map<unknown, Row> };
  let shownBefore: Awaited<ReturnType<typeof shown>>;

  it('drops checkId and updatedAt; every notification keeps the rest and shows the same', async () => {
    await kit.upToBefore(MIGRATION);
    const queryInterface = kit.sequelize.getQueryInterface();
    await queryInterface.bulkInsert('alerts', [guest]);
    const snapshotId = await insertLegacySnapshot(kit.sequelize, {
      postedAt: at(0),
      createdAt: at(1),
    });
    const notification = (overrides: Row) =>
      legacyNotificationRow(guest.id, snapshotId, {
        distanceMeters: 1500,
        checkId,
        previousPriceCents: null,
        createdAt: at(1),
        updatedAt: at(1),
        ...overrides,
      });
    const rows = [
      notification({}),
      // Viewed later (its updatedAt moved with the view), a price drop, found by polling.
      notification({
        priceCents: 9_900,
        kind: 'price_drop',
        previousPriceCents: 12_500,
        dedupeKey: 'drop:9900',
        foundBy: 'reconciliation',
        viewedAt: at(40),
        createdAt: at(10),
        updatedAt: at(40),
      }),
      // Nothing optional set.
      notification({
        priceCents: null,
        priceType: 'SEE_DESCRIPTION',
        distanceMeters: null,
        checkId: null,
        foundBy: null,
        dedupeKey: 'drop:0',
        createdAt: at(20),
        updatedAt: at(20),
      }),
    ];
    await queryInterface.bulkInsert('notifications', rows);
    await queryInterface.bulkInsert('deliveries', [
      {
        id: randomUUID(),
        notificationId: rows[0]!.id,
        channel: 'email',
        status: 'sent',
        attempts: 1,
        sentAt: at(2),
        checkId,
        recipient: 'guest:gast@example.nl',
        messageKey: '0123456789abcdef0123456789abcdef',
        createdAt: at(1),
        updatedAt: at(2),
      },
      {
        id: randomUUID(),
        notificationId: rows[1]!.id,
        channel: 'webhook',
        status: 'failed',
        attempts: 5,
        lastError: 'HTTP 500',
        createdAt: at(10),
        updatedAt: at(15),
      },
    ]);
    before = {
      notifications: await stored('notifications'),
      deliveries: await stored('deliveries'),
    };
    shownBefore = await shown();

    await createMigrator(kit.sequelize).up({ to: MIGRATION });

    const notifications = await stored('notifications');
    expect([...notifications.keys()]).toEqual([...before.notifications.keys()]);
    for (const [id, row] of before.notifications) {
      const { checkId: _checkId, updatedAt: _updatedAt, ...kept } = row;
      expect(notifications.get(id)).toEqual(kept);
    }
    expect(await stored('deliveries')).toEqual(before.deliveries);
    expect(await shown()).toEqual(shownBefore);
    const viewedAndDelivered = new Map(
      shownBefore.map(({ api }) => [api.id, [api.viewedAt, api.deliveries.length]]),
    );
    expect(rows.map((row) => viewedAndDelivered.get(row.id as string))).toEqual([
      [null, 1],
      [at(40).toISOString(), 1],
      [null, 0],
    ]);
  });

  it('new notifications are written and marked viewed without the columns', async () => {
    const models = initModels(kit.sequelize);
    const [first] = await models.Notification.findAll({
      include: [withSnapshot()],
      where: { viewedAt: null },
      order: [['createdAt', 'ASC']],
    });
    const copy = await models.Notification.create({
      alertId: first!.alertId,
      platform: first!.platform,
      listingId: first!.listingId,
      listingSnapshotId: first!.listingSnapshotId,
      priceType: 'FIXED',
      dedupeKey: 'drop:100',
    });
    await copy.update({ viewedAt: at(50) });
    await copy.reload();
    expect(copy.viewedAt).toEqual(at(50));
    await copy.destroy();
  });

  it('goes down with updatedAt as createdAt and no check, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    const down = await kit.sequelize.query<{ id: string; checkId: unknown; same: unknown }>(
      'SELECT `id`, `checkId`, `updatedAt` = `createdAt` AS `same` FROM `notifications` ORDER BY `id`',
      { type: QueryTypes.SELECT },
    );
    expect(down.map((row) => [row.id, row.checkId, Number(row.same)])).toEqual(
      [...before.notifications.keys()].map((id) => [id, null, 1]),
    );
    expect(await shown()).toEqual(shownBefore);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(await shown()).toEqual(shownBefore);
  });
});
