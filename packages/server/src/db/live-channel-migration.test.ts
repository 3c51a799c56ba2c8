/**
 * The live channel's migrations on a database with deliveries. 0085: the rows of the channel once
 * called `push` (the live connection of open pages and the desktop app) become `live` with
 * everything else they hold, the other channels' rows stay as they were, and down turns them back.
 * 0094: live rows are written only once received, so the open ones (waiting to be settled by a
 * job that no longer runs) go, and every other row stays.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { legacyAlertRow, useMigrationKit } from '../../test/migration-kit';
import { createMigrator } from './migrate';

const MIGRATION = '0085-rename-push-channel-to-live';
const OPEN_LIVE_MIGRATION = '0094-delete-open-live-deliveries';

const kit = useMigrationKit();

type DeliveryColumns = { id: string; channel: string; status: string; lastError: string | null };

const deliveries = () =>
  kit.sequelize.query<DeliveryColumns>(
    'SELECT id, channel, status, lastError FROM deliveries ORDER BY channel, status',
    { type: QueryTypes.SELECT },
  );

async function seedNotification(): Promise<string> {
  const now = new Date();
  const alert = legacyAlertRow('fiets');
  const queryInterface = kit.sequelize.getQueryInterface();
  await queryInterface.bulkInsert('alerts', [alert]);
  const notificationId = randomUUID();
  await queryInterface.bulkInsert('notifications', [
    {
      id: notificationId,
      alertId: alert.id,
      platform: 'marktplaats',
      listingId: randomUUID(),
      title: 'Gazelle damesfiets',
      priceType: 'FIXED',
      url: 'https://www.marktplaats.nl/v/fietsen/m123',
      imageUrls: '[]',
      listing: '{}',
      createdAt: now,
      updatedAt: now,
    },
  ]);
  return notificationId;
}

function deliveryRow(
  notificationId: string,
  channel: string,
  status: string,
  lastError: string | null = null,
) {
  const now = new Date();
  return {
    id: randomUUID(),
    notificationId,
    channel,
    status,
    lastError,
    createdAt: now,
    updatedAt: now,
  };
}

describe(`migration ${MIGRATION}`, () => {
  it('moves the `push` deliveries to `live` and leaves the other channels alone', async () => {
    await kit.upToBefore(MIGRATION);
    const first = await seedNotification();
    const second = await seedNotification();
    await kit.sequelize
      .getQueryInterface()
      .bulkInsert('deliveries', [
        deliveryRow(first, 'email', 'sent'),
        deliveryRow(first, 'push', 'sent'),
        deliveryRow(second, 'telegram', 'pending'),
        deliveryRow(second, 'push', 'failed', 'Geen open verbinding'),
      ]);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(
      (await deliveries()).map(({ channel, status, lastError }) => [channel, status, lastError]),
    ).toEqual([
      ['email', 'sent', null],
      ['live', 'failed', 'Geen open verbinding'],
      ['live', 'sent', null],
      ['telegram', 'pending', null],
    ]);
  });

  it('goes down to `push` again, and up', async () => {
    const migrator = createMigrator(kit.sequelize);
    await migrator.down({ to: MIGRATION });
    expect((await deliveries()).map((row) => row.channel)).toEqual([
      'email',
      'push',
      'push',
      'telegram',
    ]);
    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect((await deliveries()).filter((row) => row.channel === 'push')).toEqual([]);
  });
});

describe(`migration ${OPEN_LIVE_MIGRATION}`, () => {
  it('deletes the open live deliveries and nothing else', async () => {
    await kit.upToBefore(OPEN_LIVE_MIGRATION);
    // The notification with a Telegram row gets an open live row and an open e-mail.
    const [telegram] = await kit.sequelize.query<{ notificationId: string }>(
      "SELECT notificationId FROM deliveries WHERE channel = 'telegram'",
      { type: QueryTypes.SELECT },
    );
    const notificationId = telegram!.notificationId;
    await kit.sequelize.query(
      "UPDATE deliveries SET status = 'pending', lastError = NULL WHERE channel = 'live' AND notificationId = ?",
      { replacements: [notificationId] },
    );
    await kit.sequelize
      .getQueryInterface()
      .bulkInsert('deliveries', [deliveryRow(notificationId, 'email', 'retrying')]);

    await createMigrator(kit.sequelize).up({ to: OPEN_LIVE_MIGRATION });
    expect((await deliveries()).map(({ channel, status }) => [channel, status])).toEqual([
      ['email', 'retrying'],
      ['email', 'sent'],
      ['live', 'sent'],
      ['telegram', 'pending'],
    ]);
  });
});
