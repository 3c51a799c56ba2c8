/**
 * A listing stored once (`listing_snapshots`): the recorder stores each listing it records the
 * first time it records it and points every notification of it there; a snapshot no notification
 * refers to any more is found and deleted in small batches (`unreferencedSnapshotIds`,
 * `deleteUnreferencedSnapshots`: the retention pruner's target).
 */
import { Op, literal, type CreationAttributes, type Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { ListingSnapshot } from '../models';
import type { Listing } from './marketplace';

export const clip = (text: string | null, max: number): string | null =>
  text === null ? null : text.length > max ? text.slice(0, max) : text;

function postedAtOf(listing: Listing): Date | null {
  if (!listing.postedAt) return null;
  const time = Date.parse(listing.postedAt);
  return Number.isNaN(time) ? null : new Date(time);
}

export const listingKeyOf = (listing: Pick<Listing, 'platform' | 'id'>) =>
  `${listing.platform}\u0000${listing.id}`;

/** The listing as stored once: what every notification of it shows, without one alert's distance. */
export function snapshotOf(listing: Listing): CreationAttributes<ListingSnapshot> {
  return {
    platform: listing.platform,
    listingId: listing.id,
    title: clip(listing.title, 500) ?? '',
    description: listing.description || null,
    url: clip(listing.url, 2048) ?? '',
    imageUrls: listing.imageUrls,
    location: clip(listing.location.cityName, 255),
    sellerName: clip(listing.seller.name || null, 255),
    sellerType: listing.seller.type,
    isPaid: listing.paid.isPaid,
    postedAt: postedAtOf(listing),
    listing: {
      ...listing,
      location: { ...listing.location, distanceMeters: null },
    } as unknown as Record<string, unknown>,
  };
}

/** Whose ad page was read: only the page tells the exact posting time (marketplace/types.ts). */
const pageRead = (listing: Listing) => listing.postedAt !== null;

/** A stored snapshot as the recorder reads it: its id, and whether its ad page was read. */
export type StoredSnapshot = Pick<ListingSnapshot, 'id' | 'platform' | 'listingId' | 'postedAt'>;

/** The snapshots of those of `listings` stored already, by `listingKeyOf`; nothing is written. */
export async function storedSnapshots(
  ctx: Pick<AppContext, 'models'>,
  listings: readonly Pick<Listing, 'platform' | 'id'>[],
  transaction?: Transaction,
): Promise<Map<string, StoredSnapshot>> {
  const wanted = new Set(listings.map(listingKeyOf));
  const found = new Map<string, StoredSnapshot>();
  if (wanted.size === 0) return found;
  const rows = await ctx.models.ListingSnapshot.findAll({
    attributes: ['id', 'platform', 'listingId', 'postedAt'],
    where: {
      platform: { [Op.in]: [...new Set(listings.map((listing) => listing.platform))] },
      listingId: { [Op.in]: [...new Set(listings.map((listing) => listing.id))] },
    },
    transaction,
  });
  for (const row of rows) {
    const key = listingKeyOf({ platform: row.platform, id: row.listingId });
    if (wanted.has(key)) found.set(key, row);
  }
  return found;
}

/**
 * Each listing's snapshot id (key `listingKeyOf`): the stored one, else a new row. A listing is
 * stored once, as first found; the insert ignores a row a concurrent check stored meanwhile (the
 * unique key), and the ids are read back. Usually one SELECT (every listing stored; none when the
 * caller passes what it read), at most three.
 *
 * One exception to "as first found": a snapshot stored without the ad page is completed once when
 * a later match read it (a private-seller filter decided in a later job, a Pro alert's exact
 * posting time), so that match shows what it always showed — the page's seller and time.
 */
export async function storeSnapshots(
  ctx: Pick<AppContext, 'models'>,
  listings: readonly Listing[],
  transaction: Transaction,
  /** `storedSnapshots` of these listings, when the caller read them in this transaction. */
  stored?: ReadonlyMap<string, StoredSnapshot>,
): Promise<Map<string, number>> {
  const { ListingSnapshot } = ctx.models;
  // Of one listing matched several times in a call, the one with its ad page read.
  const wanted = new Map<string, Listing>();
  for (const listing of listings) {
    const key = listingKeyOf(listing);
    const seen = wanted.get(key);
    if (!seen || (!pageRead(seen) && pageRead(listing))) wanted.set(key, listing);
  }
  const ids = new Map<string, number>();
  const incomplete: Array<[number, Listing]> = [];
  const take = (found: ReadonlyMap<string, StoredSnapshot>) => {
    for (const [key, row] of found) {
      const listing = wanted.get(key);
      if (!listing) continue;
      ids.set(key, row.id);
      if (row.postedAt === null && pageRead(listing)) incomplete.push([row.id, listing]);
    }
  };
  take(stored ?? (await storedSnapshots(ctx, [...wanted.values()], transaction)));
  const missing = [...wanted].filter(([key]) => !ids.has(key)).map(([, listing]) => listing);
  if (missing.length > 0) {
    await ListingSnapshot.bulkCreate(missing.map(snapshotOf), {
      ignoreDuplicates: true,
      transaction,
    });
    take(await storedSnapshots(ctx, missing, transaction));
  }
  for (const [id, listing] of incomplete) {
    const { platform: _platform, listingId: _listingId, ...content } = snapshotOf(listing);
    await ListingSnapshot.update(content, { where: { id, postedAt: null }, transaction });
  }
  return ids;
}

const unreferenced = (table: string) =>
  literal(
    'NOT EXISTS (SELECT 1 FROM `notifications` WHERE `notifications`.`listingSnapshotId` = ' +
      `\`${table}\`.\`id\`)`,
  );

/**
 * Up to `limit` snapshots no notification refers to any more (their notifications pruned, their
 * alerts deleted), among the `window` snapshots after id `after`, oldest first. A call examines
 * at most `window` rows however many older snapshots long-kept notifications still hold; `next`
 * is where to go on (0: the newest was reached, start again at the oldest).
 */
export async function unreferencedSnapshotIds(
  ctx: Pick<AppContext, 'models'>,
  { after, limit, window }: { after: number; limit: number; window: number },
): Promise<{ ids: number[]; next: number }> {
  const { ListingSnapshot } = ctx.models;
  const examined = (await ListingSnapshot.findAll({
    attributes: ['id'],
    where: { id: { [Op.gt]: after } },
    order: [['id', 'ASC']],
    limit: window,
    raw: true,
  })) as Array<{ id: number }>;
  if (examined.length === 0) return { ids: [], next: 0 };
  const end = examined[examined.length - 1]!.id;
  const rows = (await ListingSnapshot.findAll({
    attributes: ['id'],
    where: { id: { [Op.gt]: after, [Op.lte]: end }, [Op.and]: [unreferenced('ListingSnapshot')] },
    order: [['id', 'ASC']],
    limit,
    raw: true,
  })) as Array<{ id: number }>;
  // A full batch: more may follow in this window. Otherwise the window is done.
  const next =
    rows.length === limit ? rows[rows.length - 1]!.id : examined.length < window ? 0 : end;
  return { ids: rows.map((row) => row.id), next };
}

/**
 * Deletes those of `ids` no notification refers to: checked again in the DELETE, so a
 * notification recorded meanwhile keeps its snapshot.
 */
export function deleteUnreferencedSnapshots(
  ctx: Pick<AppContext, 'models'>,
  ids: readonly number[],
  transaction?: Transaction,
): Promise<number> {
  return ctx.models.ListingSnapshot.destroy({
    where: { id: { [Op.in]: [...ids] }, [Op.and]: [unreferenced('listing_snapshots')] },
    ...(transaction ? { transaction } : {}),
  });
}
