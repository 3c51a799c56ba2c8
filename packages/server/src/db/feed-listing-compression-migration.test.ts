/**
 * Migration 0100 on the feed's listings as the previous code stored them (JSON text): after it
 * they are still read as they were, new rows are stored compressed and smaller, and down gives
 * every row its JSON text back (MariaDB its text column), as the previous code reads it.
 */
import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { makeListing } from '../../test/delivery-helpers';
import { useMigrationKit } from '../../test/migration-kit';
import { decodeListing, encodeListing } from '../engine/feed/listing-codec';
import { feedModels } from '../engine/feed/store';
import type { Listing } from '../engine/marketplace';
import { createMigrator } from './migrate';

const MIGRATION = '0100-compressed-feed-listings';

const kit = useMigrationKit();

const listing = (id: string, title: string) =>
  makeListing({
    id,
    title,
    description: `${title}: “zo goed als nieuw”, café-racer 🚲.\n`.repeat(20),
    category: { l1: 445, l2: 447 },
    attributes: { delivery: 'Ophalen', condition: 'Gebruikt' },
  });

/** A `listings` row as the feed reader wrote it, with `stored` in its listing column. */
function row(of: Listing, stored: string | Buffer) {
  const at = new Date();
  return {
    platform: of.platform,
    listingId: of.id,
    batchId: 'b0000000-0000-4000-8000-000000000000',
    l1CategoryId: of.category.l1,
    priceCents: of.priceCents,
    listing: stored,
    postedAt: null,
    firstSeenAt: at,
    alertsBefore: at,
    matchedAt: null,
  };
}

const OLD = [
  listing('m2000000001', 'Gazelle racefiets'),
  listing('m2000000002', 'Bakfiets "Urban"'),
];
/** More than the down migration's batch. */
const NEW = Array.from({ length: 1_201 }, (_, index) =>
  listing(`m${2_100_000_000 + index}`, `Omafiets ${index}`),
);

/** The listing column's type as the database tells it. */
async function listingColumn() {
  if (kit.sequelize.getDialect() === 'sqlite') {
    const columns = await kit.sequelize.query<{ name: string; type: string; notnull: number }>(
      'PRAGMA table_info(`listings`)',
      { type: QueryTypes.SELECT },
    );
    return columns.find((column) => column.name === 'listing');
  }
  const [column] = await kit.sequelize.query(
    `SELECT COLUMN_TYPE, CHARACTER_SET_NAME, COLLATION_NAME, IS_NULLABLE
     FROM information_schema.COLUMNS
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'listings' AND COLUMN_NAME = 'listing'`,
    { type: QueryTypes.SELECT },
  );
  return column;
}

/** Every row's listing column as the database gives it, by listing id. */
async function storedValues(): Promise<Map<string, Buffer | string>> {
  const rows = await kit.sequelize.query<{ listingId: string; listing: Buffer | string }>(
    'SELECT `listingId`, `listing` FROM `listings`',
    { type: QueryTypes.SELECT },
  );
  return new Map(rows.map((stored) => [stored.listingId, stored.listing]));
}

const bytes = (value: Buffer | string) =>
  typeof value === 'string' ? Buffer.byteLength(value) : value.length;

describe(`migration ${MIGRATION}`, () => {
  let columnBefore: unknown;

  it('reads the listings stored as JSON text before; new ones are stored compressed and smaller', async () => {
    await kit.upToBefore(MIGRATION);
    columnBefore = await listingColumn();
    await kit.sequelize
      .getQueryInterface()
      .bulkInsert('listings', [
        row(OLD[0]!, JSON.stringify(OLD[0])),
        row(OLD[1]!, JSON.stringify(OLD[1])),
      ]);

    await createMigrator(kit.sequelize).up({ to: MIGRATION });

    if (kit.sequelize.getDialect() !== 'sqlite') {
      expect(await listingColumn()).toMatchObject({ COLUMN_TYPE: 'longblob' });
    } else {
      expect(await listingColumn()).toEqual(columnBefore);
    }
    const { FeedListing } = feedModels(kit.sequelize);
    const old = await FeedListing.findAll({ order: [['id', 'ASC']] });
    expect(old.map((stored) => decodeListing(stored.listing))).toEqual(OLD);

    await FeedListing.bulkCreate(NEW.map((each) => row(each, encodeListing(each))));
    const values = await storedValues();
    const readBack = await FeedListing.findAll({ where: { listingId: NEW[0]!.id } });
    expect(decodeListing(readBack[0]!.listing)).toEqual(NEW[0]);
    for (const each of NEW) {
      const stored = values.get(each.id)!;
      expect(decodeListing(stored)).toEqual(each);
      expect(bytes(stored)).toBeLessThan(Buffer.byteLength(JSON.stringify(each)) / 3);
    }
  });

  it('goes down to JSON text in the text column, and up again', async () => {
    await createMigrator(kit.sequelize).down({ to: MIGRATION });

    expect(await listingColumn()).toEqual(columnBefore);
    const values = await storedValues();
    expect(values.size).toBe(OLD.length + NEW.length);
    for (const each of [...OLD, ...NEW]) {
      const stored = values.get(each.id);
      // As the previous code read it.
      expect(typeof stored).toBe('string');
      expect(JSON.parse(stored as string)).toEqual(each);
    }

    await createMigrator(kit.sequelize).up({ to: MIGRATION });
    const { FeedListing } = feedModels(kit.sequelize);
    const rows = await FeedListing.findAll({ order: [['id', 'ASC']] });
    expect(rows.map((stored) => decodeListing(stored.listing))).toEqual([...OLD, ...NEW]);
  });
});
