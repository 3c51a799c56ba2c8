/**
 * Migration 0089 on a database the previous schema filled: every notification carried its own
 * copy of the listing. After it, each listing is stored once and every notification shows what it
 * showed before — through the same presenter the API, the CSV and the messages use — except that
 * notifications of one listing whose copies differed now all show the earliest's.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { legacyAlertRow, useMigrationKit } from '../../test/migration-kit';
import { initModels, withSnapshot, type Notification } from '../models';
import { presentNotification } from '../presenters/notification';
import { createMigrator } from './migrate';

const MIGRATION = '0089-create-listing-snapshots';

const kit = useMigrationKit();

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute, 0));

/** A notification row as the previous schema held it (the listing copied into it). */
function oldRow(alertId: string, overrides: Record<string, unknown>) {
  return {
    id: randomUUID(),
    alertId,
    userId: null,
    platform: 'marktplaats',
    listingId: 'm2000000001',
    title: 'Gazelle racefiets',
    description: 'Mooie fiets, 28 inch',
    priceCents: 12_500,
    priceType: 'FIXED',
    url: 'https://www.marktplaats.nl/v/fietsen/m2000000001',
    imageUrls: ['https://images.marktplaats.com/1.jpg', 'https://images.marktplaats.com/2.jpg'],
    location: 'Utrecht',
    distanceMeters: 1500,
    sellerName: 'Jan',
    sellerType: 'private',
    isPaid: false,
    postedAt: at(0),
    listing: {
      id: 'm2000000001',
      title: 'Gazelle racefiets',
      location: { cityName: 'Utrecht', distanceMeters: 1500 },
      category: { l1: 445, l2: 447 },
    },
    viewedAt: null,
    checkId: randomUUID(),
    kind: 'new',
    previousPriceCents: null,
    dedupeKey: 'new',
    foundBy: 'feed',
    createdAt: at(1),
    updatedAt: at(1),
    ...overrides,
  };
}

type OldRow = ReturnType<typeof oldRow>;

describe(`migration ${MIGRATION}`, () => {
  const alerts = [legacyAlertRow('racefiets'), legacyAlertRow('fiets'), legacyAlertRow('kast')];
  const [first, second, third] = alerts.map((alert) => alert.id) as [string, string, string];
  const rows: OldRow[] = [
    // The same listing for two alerts; the second copy was taken after the seller's edit.
    oldRow(first, {}),
    oldRow(second, {
      title: 'Gazelle racefiets (bewerkt)',
      distanceMeters: 8000,
      viewedAt: at(30),
      createdAt: at(5),
      updatedAt: at(30),
    }),
    // Its price drop, told to the first alert.
    oldRow(first, {
      priceCents: 9_900,
      kind: 'price_drop',
      previousPriceCents: 12_500,
      dedupeKey: 'drop:9900',
      createdAt: at(10),
      updatedAt: at(10),
    }),
    // No photo, no price, nothing optional; and the same item id on the other platform.
    oldRow(third, {
      listingId: 'm3000000002',
      title: 'Eiken kast',
      description: null,
      priceCents: null,
      priceType: 'SEE_DESCRIPTION',
      url: 'https://www.marktplaats.nl/v/meubels/m3000000002',
      imageUrls: [],
      location: null,
      distanceMeters: null,
      sellerName: null,
      sellerType: null,
      isPaid: true,
      postedAt: null,
      listing: {},
      checkId: null,
      foundBy: null,
      createdAt: at(2),
      updatedAt: at(2),
    }),
    oldRow(third, {
      platform: '2dehands',
      url: 'https://www.2dehands.be/v/fietsen/m2000000001',
      title: 'Racefiets België',
      createdAt: at(3),
      updatedAt: at(3),
    }),
  ];
  const searchTermOf = new Map<string, string>(alerts.map((alert) => [alert.id, alert.searchTerm]));

  /** The API's notification as the previous schema's row gave it (its own copy of the listing). */
  const shownBefore = (row: OldRow, deliveries: Parameters<typeof presentNotification>[2]) =>
    presentNotification(row as unknown as Notification, searchTermOf.get(row.alertId)!, deliveries);

  async function shownAfter() {
    const models = initModels(kit.sequelize);
    const found = await models.Notification.findAll({
      include: [withSnapshot(), 'deliveries'],
      order: [['createdAt', 'ASC']],
    });
    return new Map(
      found.map((row) => [
        row.id,
        presentNotification(row, searchTermOf.get(row.alertId)!, row.deliveries ?? []),
      ]),
    );
  }

  it('moves every notification; each shows what it showed before, one listing stored once', async () => {
    await kit.upToBefore(MIGRATION);
    const queryInterface = kit.sequelize.getQueryInterface();
    await queryInterface.bulkInsert('alerts', alerts);
    await queryInterface.bulkInsert(
      'notifications',
      rows.map((row) => ({
        ...row,
        imageUrls: JSON.stringify(row.imageUrls),
        listing: JSON.stringify(row.listing),
      })),
    );
    const now = new Date();
    await queryInterface.bulkInsert('deliveries', [
      {
        id: randomUUID(),
        notificationId: rows[0]!.id,
        channel: 'email',
        status: 'sent',
        sentAt: at(2),
        createdAt: now,
        updatedAt: now,
      },
    ]);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });

    const after = await shownAfter();
    expect([...after.keys()].sort()).toEqual(rows.map((row) => row.id).sort());
    expect(after.get(rows[0]!.id)!.deliveries).toEqual([
      {
        channel: 'email',
        status: 'sent',
        attempts: 0,
        lastError: null,
        sentAt: at(2).toISOString(),
      },
    ]);
    // The deliveries are not the migration's: compared above, the rest against the old copy.
    const [, edited, ...rest] = rows;
    for (const row of [rows[0]!, ...rest]) {
      const shown = after.get(row.id)!;
      expect(shown).toEqual({ ...shownBefore(row, []), deliveries: shown.deliveries });
    }
    // Two copies of one listing that differed: the earliest's content, the later row's own price,
    // distance, viewing and time.
    expect(after.get(edited!.id)).toEqual({
      ...shownBefore(edited!, []),
      listing: { ...shownBefore(rows[0]!, []).listing, distanceMeters: 8000 },
    });

    const snapshots = await kit.sequelize.query<{
      platform: string;
      listingId: string;
      listing: unknown;
    }>('SELECT platform, listingId, listing FROM listing_snapshots ORDER BY platform, listingId', {
      type: QueryTypes.SELECT,
    });
    expect(snapshots.map((row) => [row.platform, row.listingId])).toEqual([
      ['2dehands', 'm2000000001'],
      ['marktplaats', 'm2000000001'],
      ['marktplaats', 'm3000000002'],
    ]);
    // The stored JSON is everyone's: the first alert's distance left it.
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    expect(json(snapshots[1]!.listing)).toEqual({
      ...rows[0]!.listing,
      location: { cityName: 'Utrecht', distanceMeters: null },
    });
    expect(json(snapshots[2]!.listing)).toEqual({});
  });

  it('goes down to copies in every notification, and up again', async () => {
    const before = await shownAfter();
    await createMigrator(kit.sequelize).down({ to: MIGRATION });
    const copies = await kit.sequelize.query<{ id: string; title: string; imageUrls: unknown }>(
      'SELECT id, title, imageUrls FROM notifications',
      { type: QueryTypes.SELECT },
    );
    expect(copies).toHaveLength(rows.length);
    for (const copy of copies) {
      expect(copy.title).toBe(before.get(copy.id)!.listing.title);
    }
    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    expect(await shownAfter()).toEqual(before);
  });
});
