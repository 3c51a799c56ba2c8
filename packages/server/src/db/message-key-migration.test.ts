/**
 * Migrations 0092 and 0098 on deliveries the previous recorders keyed: each e-mail row's message
 * key keeps its beginning (64 → 32 → 24 characters), and ends as the key the recorder now computes
 * for the same ad, recipient and channel, so a later match of that ad finds its message; rows
 * without a key keep none; down gives the longer keys back.
 */
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { legacyAlertRow, useMigrationKit } from '../../test/migration-kit';
import { messageKeyOf } from '../engine/recorder';
import { createMigrator } from './migrate';

const kit = useMigrationKit();

const recipient = `guest:${randomUUID()}@example.nl`;
const ads = [
  { platform: 'marktplaats' as const, id: 'm2000000001', dedupeKey: 'new' },
  { platform: '2dehands' as const, id: 'm2000000002', dedupeKey: 'drop:9900' },
];
/** The key as the previous recorder wrote it: the whole sha-256. */
const wholeKey = (ad: (typeof ads)[number]) =>
  createHash('sha256')
    .update(
      [
        recipient,
        'email',
        ad.platform,
        ad.id,
        ...(ad.dedupeKey === 'new' ? [] : [ad.dedupeKey]),
      ].join('\u0000'),
    )
    .digest('hex');

const keys = async () =>
  (
    await kit.sequelize.query<{ channel: string; messageKey: string | null }>(
      'SELECT d.channel, d.messageKey FROM deliveries d JOIN notifications n ON n.id = d.notificationId ORDER BY n.listingId, d.channel',
      { type: QueryTypes.SELECT },
    )
  ).map((row) => [row.channel, row.messageKey]);

const keysOf = (length: number) => [
  ['email', wholeKey(ads[0]!).slice(0, length)],
  ['webhook', null],
  ['email', wholeKey(ads[1]!).slice(0, length)],
  ['webhook', null],
];

describe('migration 0092-shorten-message-keys', () => {
  const MIGRATION = '0092-shorten-message-keys';

  it('keeps the first 32 characters of each key; rows without one keep none', async () => {
    await kit.upToBefore(MIGRATION);
    const now = new Date();
    const alert = legacyAlertRow('fiets');
    const queryInterface = kit.sequelize.getQueryInterface();
    await queryInterface.bulkInsert('alerts', [{ ...alert, email: recipient.slice(6) }]);
    for (const ad of ads) {
      const notificationId = randomUUID();
      await queryInterface.bulkInsert('notifications', [
        {
          id: notificationId,
          alertId: alert.id,
          platform: ad.platform,
          listingId: ad.id,
          priceType: 'FIXED',
          dedupeKey: ad.dedupeKey,
          kind: ad.dedupeKey === 'new' ? 'new' : 'price_drop',
          createdAt: now,
          updatedAt: now,
        },
      ]);
      const row = (channel: string, messageKey: string | null) => ({
        id: randomUUID(),
        notificationId,
        channel,
        status: 'sent',
        recipient,
        messageKey,
        createdAt: now,
        updatedAt: now,
      });
      await queryInterface.bulkInsert('deliveries', [
        row('email', wholeKey(ad)),
        row('webhook', null),
      ]);
    }

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(await keys()).toEqual(keysOf(32));
  });

  it('goes down to the whole keys, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    expect(await keys()).toEqual(keysOf(64));
    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(await keys()).toEqual(keysOf(32));
  });
});

describe('migration 0098-shorter-message-keys', () => {
  const MIGRATION = '0098-shorter-message-keys';
  const recorderKeys = () => [
    ['email', messageKeyOf(recipient, 'email', ads[0]!, ads[0]!.dedupeKey)],
    ['webhook', null],
    ['email', messageKeyOf(recipient, 'email', ads[1]!, ads[1]!.dedupeKey)],
    ['webhook', null],
  ];

  it('shortens each key to the one the recorder now computes', async () => {
    await kit.upToBefore(MIGRATION);
    expect(await keys()).toEqual(keysOf(32));
    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(await keys()).toEqual(recorderKeys());
    expect(keysOf(24)).toEqual(recorderKeys());
  });

  it('goes down to the 32-character keys, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    expect(await keys()).toEqual(keysOf(32));
    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(await keys()).toEqual(recorderKeys());
  });
});
