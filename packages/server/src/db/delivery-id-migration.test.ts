/**
 * Migration 0096 on deliveries the previous schema wrote (UUID ids, a follower pointing at its
 * lead's): every row is kept with every column as it was, numbered in the order it was written,
 * the follower points at its lead's new id, the table keeps each of its indexes, new rows take the
 * next number, and every notification shows the same. Down gives UUID-shaped ids back.
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
import { initModels } from '../models';
import { createMigrator } from './migrate';

const MIGRATION = '0096-integer-delivery-ids';

const kit = useMigrationKit();

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 9, minute, 12, 345));

type Row = Record<string, unknown>;

async function deliveries(): Promise<Row[]> {
  return kit.sequelize.query<Row>('SELECT * FROM `deliveries` ORDER BY `createdAt`', {
    type: QueryTypes.SELECT,
  });
}

async function indexNames(): Promise<string[]> {
  const rows = (await kit.sequelize.getQueryInterface().showIndex('deliveries')) as Array<{
    name: string;
    primary?: boolean;
  }>;
  return rows
    .filter((index) => !index.primary && index.name !== 'PRIMARY')
    .filter((index) => !index.name.startsWith('sqlite_autoindex'))
    .map((index) => index.name)
    .sort();
}

const shown = () => shownNotifications(kit.sequelize, 'fiets');

describe(`migration ${MIGRATION}`, () => {
  const alerts = [legacyAlertRow('fiets'), legacyAlertRow('fiets')];
  const notificationIds = [randomUUID(), randomUUID(), randomUUID()];
  // Written in this order: the lead, another alert's follower of it, a send being retried.
  const ids = { lead: randomUUID(), follower: randomUUID(), retrying: randomUUID() };
  let before: Row[];
  let indexesBefore: string[];
  let shownBefore: Awaited<ReturnType<typeof shown>>;

  it('numbers every delivery in order, its lead with it; rows and notifications stay', async () => {
    await kit.upToBefore(MIGRATION);
    const queryInterface = kit.sequelize.getQueryInterface();
    await queryInterface.bulkInsert('alerts', alerts);
    const snapshotId = await insertLegacySnapshot(kit.sequelize, { createdAt: at(0) });
    await queryInterface.bulkInsert(
      'notifications',
      notificationIds.map((id, index) =>
        legacyNotificationRow(alerts[index % 2]!.id, snapshotId, {
          id,
          dedupeKey: index === 2 ? 'drop:100' : 'new',
          createdAt: at(index),
        }),
      ),
    );
    const delivery = (id: string, index: number, overrides: Row) => ({
      id,
      notificationId: notificationIds[index],
      channel: 'email',
      status: 'pending',
      attempts: 0,
      checkId: randomUUID(),
      recipient: 'guest:gast@example.nl',
      createdAt: at(index),
      updatedAt: at(index),
      ...overrides,
    });
    await queryInterface.bulkInsert('deliveries', [
      // Out of order on purpose: the numbers follow when each was written, not the insert.
      delivery(ids.retrying, 2, {
        status: 'retrying',
        attempts: 2,
        lastError: 'SMTP 451',
        nextAttemptAt: at(30),
        claimToken: randomUUID(),
      }),
      delivery(ids.lead, 0, {
        status: 'sent',
        attempts: 1,
        sentAt: at(1),
        messageKey: '0123456789abcdef0123456789abcdef',
      }),
      delivery(ids.follower, 1, { leadId: ids.lead }),
    ]);
    before = await deliveries();
    indexesBefore = await indexNames();
    shownBefore = await shown();
    expect(shownBefore.map(({ api }) => api.deliveries.length)).toEqual([1, 1, 1]);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });

    const after = await deliveries();
    expect(after.map((row) => Number(row.id))).toEqual([1, 2, 3]);
    expect(after.map((row) => (row.leadId === null ? null : Number(row.leadId)))).toEqual([
      null,
      1,
      null,
    ]);
    const rest = ({ id: _id, leadId: _leadId, ...row }: Row) => row;
    expect(after.map(rest)).toEqual(before.map(rest));
    expect(await indexNames()).toEqual(indexesBefore);
    expect(await shown()).toEqual(shownBefore);
  });

  it('gives new deliveries the next number and finds followers by their lead', async () => {
    const models = initModels(kit.sequelize);
    const follower = await models.Delivery.findOne({ where: { leadId: 1 } });
    expect(follower?.notificationId).toBe(notificationIds[1]);
    const created = await models.Delivery.create({
      notificationId: notificationIds[2]!,
      channel: 'telegram',
    });
    expect(created.id).toBe(4);
    await created.destroy();
  });

  it('goes down to UUID-shaped ids with the lead kept, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    const down = await deliveries();
    expect(down.map((row) => row.id)).toEqual([1, 2, 3].map(uuidShaped));
    expect(down.map((row) => row.leadId)).toEqual([null, uuidShaped(1), null]);
    expect(await indexNames()).toEqual(indexesBefore);
    expect(await shown()).toEqual(shownBefore);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect((await deliveries()).map((row) => Number(row.id))).toEqual([1, 2, 3]);
    expect(await shown()).toEqual(shownBefore);
  });
});

function uuidShaped(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
