/**
 * The feed in scale-out mode: the reader stores the new listings and enqueues a `match-listings`
 * job (batch id only); the job, run in a worker, records them once — also when it runs twice (a
 * retry, a worker killed mid-job) or when its enqueue was lost (the safety net enqueues it again).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../../test/engine-kit';
import { refuseRowsContaining } from '../../../test/refuse-rows';
import type { Alert } from '../../models';
import { AlertIndex } from './alert-index';
import { createFeedReader, type FeedReader } from './feed-reader';
import { createIndexSync } from './index-sync';
import { decodeListing, encodeListing } from './listing-codec';
import { createListingMatcher, unmatchedBatches, type ListingMatcher } from './match-listings';
import { feedModels } from './store';

const FIETSEN = 445;
const DAMESFIETSEN = 447;

let kit: EngineKit;
let reader: FeedReader;
let matcher: ListingMatcher;
let batches: string[];
let sync: ReturnType<typeof createIndexSync>;

beforeAll(async () => {
  kit = await startEngineKit({ env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());

beforeEach(async () => {
  await kit.models.Alert.destroy({ where: {} });
  const { FeedCategory, FeedListing } = feedModels(kit.ctx.sequelize);
  await FeedCategory.destroy({ where: {} });
  await FeedListing.destroy({ where: {} });
  await kit.models.SetAsideListing.destroy({ where: {} });
  kit.double.reset();
  kit.enqueued.length = 0;
  batches = [];
  // The scheduler's index decides which categories to read; the worker has one of its own.
  const readerIndex = new AlertIndex();
  sync = createIndexSync(kit.ctx, readerIndex);
  reader = createFeedReader(kit.ctx, {
    platform: 'marktplaats',
    categories: [FIETSEN],
    client: kit.client,
    index: readerIndex,
    minGapMs: 0,
    enqueueMatch: async (batchId) => {
      batches.push(batchId);
    },
  });
  const workerIndex = new AlertIndex();
  const workerSync = createIndexSync(kit.ctx, workerIndex);
  matcher = createListingMatcher(kit.ctx, {
    client: kit.client,
    index: workerIndex,
    refreshIndex: async () => {
      await workerSync.refresh();
    },
  });
});

async function proAlert(): Promise<Alert> {
  const user = await kit.models.User.create({ email: `${randomUUID()}@example.nl`, plan: 'PRO' });
  return kit.alert({
    userId: user.id,
    email: null,
    searchTerm: 'racefiets',
    checkIntervalMinutes: 1,
    confirmedAt: new Date(Date.now() - 60_000),
  });
}

async function registeredAlert(searchTerm: string): Promise<Alert> {
  const user = await kit.models.User.create({
    email: `${randomUUID()}@example.nl`,
    plan: 'REGISTERED',
  });
  return kit.alert({
    userId: user.id,
    email: null,
    searchTerm,
    checkIntervalMinutes: 5,
    confirmedAt: new Date(Date.now() - 60_000),
  });
}

/** A PRO alert for private sellers only: the search does not tell the seller, its page does. */
async function privateSellerAlert(searchTerm: string): Promise<Alert> {
  const owner = await kit.models.User.create({ email: `${randomUUID()}@example.nl`, plan: 'PRO' });
  return kit.alert({
    userId: owner.id,
    email: null,
    searchTerm,
    sellerType: 'private',
    checkIntervalMinutes: 1,
    confirmedAt: new Date(Date.now() - 60_000),
  });
}

/**
 * One batch of two ads: one for a private-seller alert (the search does not tell the seller, so
 * the ad's page decides) and one for a Registered alert (no exact posting time: no page needed).
 */
async function pagedAndQuickBatch() {
  const waitsForPage = await privateSellerAlert('bakfiets');
  const plain = await registeredAlert('racefiets');
  // The page-bound ad matches this one without its page: it must not wait for that page.
  const sameAdAnySeller = await registeredAlert('bakfiets');
  await sync.refresh();
  await reader.visit(FIETSEN);
  const paged = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Bakfiets Urban Arrow' });
  const quick = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Cube' });
  await reader.visit(FIETSEN);
  return { waitsForPage, plain, sameAdAnySeller, paged, quick };
}

const notificationsOf = (alert: Alert) =>
  kit.models.Notification.findAll({ where: { alertId: alert.id } });
/** The channels the alert's notifications were sent to, one entry per Delivery row. */
const deliveryChannelsOf = async (alert: Alert) =>
  (
    await kit.models.Delivery.findAll({
      where: { notificationId: (await notificationsOf(alert)).map((n) => n.id) },
    })
  )
    .map((delivery) => delivery.channel)
    .sort();

describe('the feed with matching in the workers', () => {
  it('stores each new listing once and matches it only in the job, once however often it runs', async () => {
    const alert = await proAlert();
    await sync.refresh();
    expect((await reader.visit(FIETSEN)).status).toBe('baseline');
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Gazelle racefiets 58 cm' });
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Omafiets zwart' });

    expect(await reader.visit(FIETSEN)).toMatchObject({ status: 'read', newListings: 2 });
    // Stored, enqueued by id, not matched in the reader's process.
    expect(batches).toHaveLength(1);
    const stored = await feedModels(kit.ctx.sequelize).FeedListing.findAll();
    expect(stored.map((row) => row.batchId)).toEqual([batches[0], batches[0]]);
    expect(await notificationsOf(alert)).toEqual([]);

    // The job, twice at once (a stalled job taken over) and once more (a retry).
    const runs = await Promise.all([
      matcher.matchBatch(batches[0]!),
      matcher.matchBatch(batches[0]!),
    ]);
    expect(runs.every((run) => run.status === 'matched')).toBe(true);
    await matcher.matchBatch(batches[0]!);
    const found = await notificationsOf(alert);
    expect(found.map((n) => [n.listingId, n.foundBy])).toEqual([[ad.itemId, 'feed']]);
    // One delivery per channel, never two on one.
    const channels = await deliveryChannelsOf(alert);
    expect(channels.length).toBeGreaterThan(0);
    expect(new Set(channels).size).toBe(channels.length);
    // Read again by the next visit: not stored or enqueued again.
    expect(await reader.visit(FIETSEN)).toMatchObject({ status: 'read', newListings: 0 });
    expect(batches).toHaveLength(1);
  });

  it('stores each listing compressed, and matches rows stored as JSON text before', async () => {
    const alert = await proAlert();
    await sync.refresh();
    await reader.visit(FIETSEN);
    const titles = ['Racefiets Cube', 'Racefiets “Gazelle” 🚲 ë'];
    const ads = titles.map((title) => kit.double.publish({ categoryId: DAMESFIETSEN, title }));
    await reader.visit(FIETSEN);
    const { FeedListing } = feedModels(kit.ctx.sequelize);
    const rows = await FeedListing.findAll({ order: [['id', 'ASC']] });
    const listings = rows.map((row) => decodeListing(row.listing));
    expect(listings.map((listing) => listing.title).sort()).toEqual(titles.sort());
    for (const [index, row] of rows.entries()) {
      expect(Buffer.isBuffer(row.listing)).toBe(true);
      expect(row.listing).toEqual(encodeListing(listings[index]!));
      expect(row.listing.length).toBeLessThan(JSON.stringify(listings[index]).length / 2);
    }
    // As the previous code wrote them: the JSON text, given to the database as a string.
    for (const [index, row] of rows.entries()) {
      await kit.ctx.sequelize.query('UPDATE `listings` SET `listing` = ? WHERE `id` = ?', {
        replacements: [JSON.stringify(listings[index]), row.id],
      });
    }

    await matcher.matchBatch(batches[0]!);
    const found = (await notificationsOf(alert)).map((n) => n.listingId).sort();
    expect(found).toEqual(ads.map((ad) => ad.itemId).sort());
    expect(await kit.models.SetAsideListing.count()).toBe(0);
  });

  it('loses no ad when the worker dies before matching: the unmatched batch is found again', async () => {
    const alert = await proAlert();
    await sync.refresh();
    await reader.visit(FIETSEN);
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Trek' });
    await reader.visit(FIETSEN);
    // The job never ran (its worker died, the enqueue was lost).
    expect(await unmatchedBatches(kit.ctx, new Date(Date.now() - 60_000))).toEqual([]);
    expect(await unmatchedBatches(kit.ctx, new Date(Date.now() + 1))).toEqual(batches);
    await matcher.matchBatch(batches[0]!);
    expect((await notificationsOf(alert)).map((n) => n.listingId)).toEqual([ad.itemId]);
    expect(await unmatchedBatches(kit.ctx, new Date(Date.now() + 1))).toEqual([]);
  });

  it('sends the listings decided without an ad page while another waits for its page', async () => {
    const { waitsForPage, plain, paged, quick } = await pagedAndQuickBatch();

    // The host's limiter holds the ad page back (a queue of pages before it).
    let releasePage!: () => void;
    const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
    const heldClient = {
      ...kit.client,
      fetchDetail: async (listing: Parameters<typeof kit.client.fetchDetail>[0]) => {
        await pageHeld;
        return kit.client.fetchDetail(listing);
      },
    };
    const workerIndex = new AlertIndex();
    const workerSync = createIndexSync(kit.ctx, workerIndex);
    const heldMatcher = createListingMatcher(kit.ctx, {
      client: heldClient,
      index: workerIndex,
      refreshIndex: () => workerSync.refresh().then(() => undefined),
    });
    const job = heldMatcher.matchBatch(batches[0]!);
    await expect
      .poll(async () => (await notificationsOf(plain)).map((n) => n.listingId))
      .toEqual([quick.itemId]);
    expect(await notificationsOf(waitsForPage)).toEqual([]);
    expect(await unmatchedBatches(kit.ctx, new Date(Date.now() + 1))).toEqual([batches[0]]);

    releasePage();
    expect(await job).toMatchObject({ status: 'matched', listings: 2 });
    expect((await notificationsOf(waitsForPage)).map((n) => n.listingId)).toEqual([paged.itemId]);
    expect(await unmatchedBatches(kit.ctx, new Date(Date.now() + 1))).toEqual([]);
  });

  it('a batch whose only ad needs its page still sends the alerts decided without it', async () => {
    const waitsForPage = await privateSellerAlert('bakfiets');
    const anySeller = await registeredAlert('bakfiets');
    await sync.refresh();
    await reader.visit(FIETSEN);
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Bakfiets Urban Arrow' });
    await reader.visit(FIETSEN);
    expect(batches).toHaveLength(1);
    expect(await matcher.matchBatch(batches[0]!)).toMatchObject({ status: 'matched' });
    expect((await notificationsOf(anySeller)).map((n) => n.listingId)).toEqual([ad.itemId]);
    expect((await notificationsOf(waitsForPage)).map((n) => n.listingId)).toEqual([ad.itemId]);
  });

  it('in a worker, hands the listings that need their ad page to a page job and sends the rest', async () => {
    const { waitsForPage, plain, sameAdAnySeller, paged, quick } = await pagedAndQuickBatch();

    const handedOver: string[] = [];
    const pagesBefore = kit.double.requests.filter((r) => r.path.startsWith('/v/')).length;
    await matcher.matchBatch(batches[0]!, async (batchId) => void handedOver.push(batchId));
    expect(handedOver).toEqual([batches[0]]);
    expect((await notificationsOf(plain)).map((n) => n.listingId)).toEqual([quick.itemId]);
    expect((await notificationsOf(sameAdAnySeller)).map((n) => n.listingId)).toEqual([
      paged.itemId,
    ]);
    expect(await notificationsOf(waitsForPage)).toEqual([]);
    // No ad page was read by the match job itself.
    expect(kit.double.requests.filter((r) => r.path.startsWith('/v/')).length).toBe(pagesBefore);

    // The page job: reads the page, records the private seller's ad, the batch is done.
    expect(await matcher.matchBatch(batches[0]!)).toMatchObject({ status: 'matched' });
    expect((await notificationsOf(waitsForPage)).map((n) => n.listingId)).toEqual([paged.itemId]);
    expect((await notificationsOf(plain)).map((n) => n.listingId)).toEqual([quick.itemId]);
    // Recorded once, though the page job went over its listing again.
    expect(await notificationsOf(sameAdAnySeller)).toHaveLength(1);
    expect(await unmatchedBatches(kit.ctx, new Date(Date.now() + 1))).toEqual([]);
  });
});

describe('a listing the database refuses', () => {
  /** Three ads in one stored batch; the middle row made into what the database cannot store. */
  async function batchWithBadMiddle(bad: (listing: Record<string, unknown>) => string) {
    const alert = await registeredAlert('kinderwagen');
    await sync.refresh();
    await reader.visit(FIETSEN);
    const ads = ['Kinderwagen Joolz', 'Kinderwagen Bugaboo', 'Kinderwagen Cybex'].map((title) =>
      kit.double.publish({ categoryId: DAMESFIETSEN, title }),
    );
    await reader.visit(FIETSEN);
    const { FeedListing } = feedModels(kit.ctx.sequelize);
    const middle = await FeedListing.findOne({ where: { listingId: ads[1]!.itemId } });
    // As a listing stored before its text was cleaned: a NUL (SQLite cannot read the statement),
    // an id longer than its column (MariaDB refuses it).
    await middle!.update({ listing: bad({ ...decodeListing(middle!.listing) }) });
    return { alert, ads };
  }

  it.each([
    [
      'a NUL in its text, an id too long',
      ({ title: _title, ...listing }: Record<string, unknown>) =>
        JSON.stringify({
          title: 'Kinderwagen\u0000 Bugaboo',
          ...listing,
          id: `m${'9'.repeat(80)}`,
        }),
      'Kinderwagen\\u0000 Bugaboo',
    ],
    ['unreadable as stored', () => '{"title": "Kinderwagen Bugaboo", ', 'Kinderwagen Bugaboo'],
  ])(
    '%s: set aside with its reason; the rest of the batch is recorded',
    async (_case, bad, seen) => {
      const { alert, ads } = await batchWithBadMiddle(bad);
      expect(await matcher.matchBatch(batches[0]!)).toMatchObject({ status: 'matched' });

      const recorded = (await notificationsOf(alert)).map((n) => n.listingId).sort();
      expect(recorded).toEqual([ads[0]!.itemId, ads[2]!.itemId].sort());
      const aside = await kit.models.SetAsideListing.findAll();
      expect(aside).toHaveLength(1);
      expect(aside[0]).toMatchObject({
        platform: 'marktplaats',
        listingId: ads[1]!.itemId,
        stage: 'feed-match',
      });
      expect(aside[0]!.reason.length).toBeGreaterThan(0);
      expect(aside[0]!.snippet).toContain(seen);
      // Done with: the job is not retried for it, the safety net does not bring it back.
      expect(await unmatchedBatches(kit.ctx, new Date(Date.now() + 1))).toEqual([]);
      expect(await matcher.matchBatch(batches[0]!)).toMatchObject({ status: 'matched' });
      expect(await kit.models.SetAsideListing.count()).toBe(1);
    },
  );

  it('refused when stored: set aside; the rest of the visit is stored and matched', async () => {
    const alert = await registeredAlert('kinderwagen');
    await sync.refresh();
    await reader.visit(FIETSEN);
    const ads = ['Kinderwagen Joolz', 'Kinderwagen Giftig', 'Kinderwagen Cybex'].map((title) =>
      kit.double.publish({ categoryId: DAMESFIETSEN, title }),
    );
    const undo = await refuseRowsContaining(
      kit.ctx.sequelize,
      'listings',
      'listingId',
      ads[1]!.itemId,
    );
    try {
      expect(await reader.visit(FIETSEN)).toMatchObject({ status: 'read', newListings: 3 });
    } finally {
      await undo();
    }
    expect(await matcher.matchBatch(batches[0]!)).toMatchObject({ status: 'matched' });
    const recorded = (await notificationsOf(alert)).map((n) => n.listingId).sort();
    expect(recorded).toEqual([ads[0]!.itemId, ads[2]!.itemId].sort());
    const aside = await kit.models.SetAsideListing.findAll();
    expect(aside.map((row) => [row.listingId, row.stage])).toEqual([
      [ads[1]!.itemId, 'feed-store'],
    ]);
    expect(aside[0]!.snippet).toContain('Kinderwagen Giftig');
    // Seen: the next visit does not meet it again.
    expect(await reader.visit(FIETSEN)).toMatchObject({ status: 'read', newListings: 0 });
  });
});
