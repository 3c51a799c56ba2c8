/**
 * The `check-search` job (step 3 of "The way of an alert"): fetch one search's new listings, run
 * each active alert's matcher, read the ad page only where a filter needs it, and record — the
 * notifications, the seen-set and the price observations in one transaction, so a check that dies
 * half-way leaves its listings unseen and the next check finds them again.
 *
 * - Every check reads through each day the last complete answer (readAt, the site's clock) could
 *   not have seen whole, up to the result window: ads are indexed late, anywhere in their day.
 * - First look (readAt null): only a real, complete answer is a baseline; its listings fill the
 *   seen-set and nobody is notified. A 204 or a failure leaves no baseline. When the search's
 *   first attempts got no real answer, the first real one still tells what is new: the ads the
 *   site lists as posted after the search was made (offeredSince).
 * - Host cooling down (403): nothing is written but the search's cooldownUntil; its listings stay
 *   unseen and readAt stays, so the next fetch reads every day since, and nothing published
 *   meanwhile is missed.
 * - Safe to run twice: a re-run finds the listings already seen (or, if it raced, the recorder's
 *   unique keys stop duplicates).
 */
import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { loadSettings } from '../models/current-settings';
import type { Alert, Search } from '../models';
import { matchWithDetail, withFilters } from './listing-matches';
import {
  MAX_WINDOW_PAGES,
  type Listing,
  type MarketplaceClient,
  type MarketplaceFailure,
  type NewListings,
} from './marketplace';
import {
  dispatchRecorded,
  newCheckId,
  recordMatches,
  type MatchToRecord,
  type Recorded,
} from './recorder';
import { feedModels } from './feed/store';
import { recordPriceDrops } from './price-drops';
import { keepNewestSeen } from './seen-set';
import { isRefusal, setListingAside } from './set-aside';
import { nextSlotAfter } from './slots';

/**
 * Seen listings kept per search; the least recently seen go first. More than the result window
 * (MAX_WINDOW_PAGES × 100), so no ad a read can still reach is forgotten and reported again.
 */
export const SEEN_SET_LIMIT = 6000;

export type EngineContext = Pick<
  AppContext,
  'config' | 'logger' | 'sequelize' | 'models' | 'queue' | 'events' | 'metrics'
>;

export interface CheckSearchDeps {
  client: MarketplaceClient;
  now?: () => Date;
  seenSetLimit?: number;
}

export type CheckOutcome =
  | { status: 'skipped'; reason: 'unknown-search' | 'cooling-down' | 'no-active-alerts' }
  /** The first look; `baselinePending`: it got no real answer (204), the next one is the baseline. */
  | { status: 'initialized'; seen: number; baselinePending?: true }
  | { status: 'checked'; checkId: string; newListings: number; matches: number; recorded: Recorded }
  | { status: 'cooling-down'; until: Date }
  | { status: 'failed'; message: string };

export function createSearchChecker(ctx: EngineContext, deps: CheckSearchDeps) {
  const { models, sequelize } = ctx;
  const now = deps.now ?? (() => new Date());
  const seenSetLimit = deps.seenSetLimit ?? SEEN_SET_LIMIT;
  const logger = ctx.logger.child({ component: 'check-search' });

  async function activeAlerts(search: Search, at: Date): Promise<Alert[]> {
    const links = await models.AlertSearch.findAll({
      where: { searchKey: search.key },
      include: [
        {
          model: models.Alert,
          as: 'alert',
          include: [{ model: models.User, as: 'user' }],
        },
      ],
    });
    return links
      .map((link) => link.alert)
      .filter((alert): alert is Alert => alert !== undefined && alert.statusAt(at) === 'active');
  }

  async function coolDown(search: Search, until: Date): Promise<CheckOutcome> {
    await search.update({
      cooldownUntil: until,
      nextCheckAt: until,
      consecutiveFailures: search.consecutiveFailures + 1,
      lastError: 'marketplace host cooling down',
    });
    logger.info({ searchKey: search.key, until }, 'search waits for the host to cool down');
    return { status: 'cooling-down', until };
  }

  async function fail(search: Search, failure: MarketplaceFailure): Promise<CheckOutcome> {
    if (failure.status === 'cooling-down') return coolDown(search, new Date(failure.until));
    await search.update({
      consecutiveFailures: search.consecutiveFailures + 1,
      lastError: failure.message.slice(0, 1000),
    });
    logger.warn(
      { searchKey: search.key, failure },
      'search check failed; retried at its next slot',
    );
    return { status: 'failed', message: failure.message };
  }

  /** The seen-set and price history after a fetch: new listings added, seen ones refreshed. */
  async function markSeen(
    search: Search,
    fresh: readonly Listing[],
    encountered: ReadonlyMap<string, Listing>,
    seenPrices: ReadonlyMap<string, number | null>,
    at: Date,
    transaction: Transaction,
    alerts: readonly Alert[],
  ): Promise<{ priceChanges: number }> {
    const { SearchSeenListing } = models;
    if (fresh.length > 0) {
      await SearchSeenListing.bulkCreate(
        fresh.map((listing) => ({
          searchKey: search.key,
          listingId: listing.id,
          priceCents: listing.priceCents,
          firstSeenAt: at,
          lastSeenAt: at,
        })),
        { transaction, ignoreDuplicates: true },
      );
    }
    if (encountered.size > 0) {
      await SearchSeenListing.update(
        { lastSeenAt: at },
        { where: { searchKey: search.key, listingId: [...encountered.keys()] }, transaction },
      );
    }
    const changed = [...encountered.values()].filter(
      (listing) => seenPrices.get(listing.id) !== listing.priceCents,
    );
    for (const listing of changed) {
      await SearchSeenListing.update(
        { priceCents: listing.priceCents },
        { where: { searchKey: search.key, listingId: listing.id }, transaction },
      );
    }
    await observePrices(search, [...fresh, ...changed], at, transaction, alerts);
    return { priceChanges: changed.length };
  }

  /** A price row when the listing has none yet or its latest one differs (shared by searches). */
  async function observePrices(
    search: Search,
    listings: readonly Listing[],
    at: Date,
    transaction: Transaction,
    alerts: readonly Alert[],
  ): Promise<void> {
    if (listings.length === 0) return;
    const { ListingPrice } = models;
    const latest = new Map<string, number | null>();
    const rows = await ListingPrice.findAll({
      attributes: ['listingId', 'priceCents'],
      where: { platform: search.platform, listingId: [...new Set(listings.map((l) => l.id))] },
      order: [
        ['observedAt', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    });
    for (const row of rows) latest.set(row.listingId, row.priceCents);
    // A listing the feed read first has no price row yet: the price the feed read is its first
    // observation (at the feed's time), else a drop made before this search ever read the ad
    // would look like its first price, and be told never.
    const firstReads = await feedFirstReads(
      search.platform,
      listings.filter((listing) => !latest.has(listing.id)).map((listing) => listing.id),
      transaction,
    );
    for (const read of firstReads) latest.set(read.listingId, read.priceCents);
    const observations = new Map<string, number | null>();
    for (const listing of listings) {
      if (latest.has(listing.id) && latest.get(listing.id) === listing.priceCents) continue;
      observations.set(listing.id, listing.priceCents);
    }
    if (firstReads.length === 0 && observations.size === 0) return;
    await ListingPrice.bulkCreate(
      [
        ...firstReads,
        ...[...observations].map(([listingId, priceCents]) => ({
          platform: search.platform,
          listingId,
          priceCents,
          observedAt: at,
        })),
      ],
      { transaction },
    );
    if (observations.size === 0) return;
    // The one hook of price drops (engine/price-drops.ts): each new price with the one before it.
    const changes = listings
      .filter((listing) => latest.has(listing.id) && observations.has(listing.id))
      .map((listing) => ({ listing, previousPriceCents: latest.get(listing.id) ?? null }));
    await recordPriceDrops(ctx, { changes, foundFor: alerts, at }, transaction);
  }

  /** The price each of `listingIds` had when the feed stored it, as a price observation. */
  async function feedFirstReads(
    platform: Search['platform'],
    listingIds: readonly string[],
    transaction: Transaction,
  ) {
    if (listingIds.length === 0) return [];
    const stored = await feedModels(sequelize).FeedListing.findAll({
      attributes: ['listingId', 'priceCents', 'firstSeenAt'],
      where: { platform, listingId: [...new Set(listingIds)] },
      transaction,
    });
    return stored.map((row) => ({
      platform,
      listingId: row.listingId,
      priceCents: row.priceCents,
      observedAt: row.firstSeenAt,
    }));
  }

  /** Keeps the `seenSetLimit` most recently seen listings of the search. */
  async function pruneSeen(search: Search): Promise<void> {
    await keepNewestSeen(models.SearchSeenListing, { searchKey: search.key }, seenSetLimit);
  }

  /** After a completed fetch: the search and its alerts know when they were checked. */
  async function markChecked(
    search: Search,
    alerts: readonly Alert[],
    at: Date,
    transaction: Transaction,
    extra: Partial<Pick<Search, 'initializedAt' | 'readAt'>> = {},
  ): Promise<void> {
    const intervalMs = search.intervalSeconds * 1000;
    const scheduled = search.nextCheckAt?.getTime() ?? 0;
    // The scheduler moved nextCheckAt on when it queued this run; keep that unless it is past.
    const nextCheckAt =
      scheduled > at.getTime()
        ? new Date(scheduled)
        : new Date(nextSlotAfter(search.key, intervalMs, at.getTime()));
    await search.update(
      {
        ...extra,
        lastCheckedAt: at,
        nextCheckAt,
        consecutiveFailures: 0,
        cooldownUntil: null,
        lastError: null,
      },
      { transaction },
    );
    if (alerts.length > 0) {
      // silent: the engine's bookkeeping is no edit — a new `updatedAt` would make the scheduler
      // and every alert index re-read each checked alert on their next incremental read.
      await models.Alert.update(
        { lastCheckedAt: at, nextCheckAt },
        { where: { id: alerts.map((alert) => alert.id) }, transaction, silent: true },
      );
    }
  }

  async function check(searchKey: string): Promise<CheckOutcome> {
    const at = now();
    const search = await models.Search.findByPk(searchKey);
    if (!search) return { status: 'skipped', reason: 'unknown-search' };
    if (search.cooldownUntil && search.cooldownUntil.getTime() > at.getTime()) {
      return { status: 'skipped', reason: 'cooling-down' };
    }
    const alerts = await activeAlerts(search, at);
    if (alerts.length === 0) return { status: 'skipped', reason: 'no-active-alerts' };

    const seenRows = await models.SearchSeenListing.findAll({
      attributes: ['listingId', 'priceCents'],
      where: { searchKey },
    });
    const seenPrices = new Map(seenRows.map((row) => [row.listingId, row.priceCents]));
    const encountered = new Map<string, Listing>();
    // No real answer yet, so no baseline: whatever this look finds is what was already there.
    const firstLook = search.readAt === null;
    // Earlier looks got no real answer (204, failures, cool-down): the search was made a while ago.
    const lateFirstLook =
      firstLook && (search.initializedAt !== null || search.consecutiveFailures > 0);
    const madeAt = search.createdAt.getTime();
    const since = firstLook ? (lateFirstLook ? madeAt : null) : search.readAt!.getTime();

    // First look: every listing counts as seen, so the client reads through the open days and all
    // of their ads land in the seen-set, not only page one's.
    const looked = new Map<string, Listing>();
    const fetched = await deps.client.fetchNewListings(search.search, {
      since,
      pageCap: MAX_WINDOW_PAGES,
      isSeen: (listing) => {
        if (firstLook) {
          looked.set(listing.id, listing);
          return true;
        }
        if (!seenPrices.has(listing.id)) return false;
        encountered.set(listing.id, listing);
        return true;
      },
    });
    if (fetched.status !== 'ok') return fail(search, fetched);
    if (fetched.stoppedBy === 'page-cap') {
      logger.warn(
        { searchKey, pages: fetched.pagesFetched },
        'search too broad: stopped at the page cap before reaching seen ads',
      );
    }
    // A baseline must be a real and complete answer: a partial one would report the rest as new.
    if (firstLook && fetched.stoppedBy === 'failure') return fail(search, fetched.failure!);
    if (firstLook && fetched.noContent) {
      await sequelize.transaction((transaction) =>
        markChecked(search, alerts, at, transaction, { initializedAt: search.initializedAt ?? at }),
      );
      logger.info({ searchKey }, 'first look answered 204: no baseline yet');
      return { status: 'initialized', seen: 0, baselinePending: true };
    }
    // A real answer that read every open day: the next check reads from here.
    const complete = !fetched.noContent && fetched.stoppedBy !== 'failure';
    const read = complete ? { readAt: new Date(fetched.siteTime) } : {};

    let fresh: Listing[];
    if (!firstLook) fresh = fetched.listings;
    else if (!lateFirstLook) fresh = [];
    else {
      const posted = await postedSince(search, madeAt);
      if (posted.status !== 'ok') return fail(search, posted);
      fresh = posted.listings;
    }
    // First look: what it saw is the baseline, plus what was posted since the search was made.
    const unseen = firstLook
      ? [...new Map([...looked, ...fresh.map((l) => [l.id, l] as const)]).values()]
      : fresh;

    if (firstLook && !lateFirstLook) {
      await sequelize.transaction(async (transaction) => {
        await markSeen(search, unseen, encountered, seenPrices, at, transaction, alerts);
        await markChecked(search, alerts, at, transaction, { initializedAt: at, ...read });
      });
      logger.info({ searchKey, seen: unseen.length }, 'search initialised: seen-set filled');
      await pruneSeen(search);
      return { status: 'initialized', seen: unseen.length };
    }

    const settings = await loadSettings(ctx);
    const filtered = withFilters(alerts, settings.features.filterPaidAds);
    const matches: MatchToRecord[] = [];
    for (const listing of fresh) {
      const matched = await matchWithDetail(deps.client, logger, listing, filtered);
      // The host blocked the ad page: stop here, record nothing; the next check sees them again.
      if ('status' in matched) return fail(search, matched);
      for (const alert of matched.alerts) matches.push({ alert, listing: matched.listing });
    }

    const checkId = newCheckId();
    const finish = (transaction: Transaction) =>
      markSeen(search, unseen, encountered, seenPrices, at, transaction, alerts).then(() =>
        markChecked(search, alerts, at, transaction, {
          ...(search.initializedAt ? {} : { initializedAt: at }),
          ...read,
        }),
      );
    let recorded: Recorded;
    try {
      try {
        recorded = await sequelize.transaction(async (transaction) => {
          const result = await recordMatches(
            ctx,
            { checkId, matches, foundBy: 'reconciliation' },
            transaction,
          );
          await finish(transaction);
          return result;
        });
      } catch (error) {
        if (!isRefusal(error)) throw error;
        logger.warn({ err: error, searchKey }, 'check refused; recorded listing by listing');
        recorded = await recordEach(search, checkId, matches);
        await sequelize.transaction(finish);
      }
    } catch (error) {
      // Another check recorded one of these ads for the same recipient at the same moment (the
      // message key is unique): nothing was written, and the next run records it as a follower.
      if (!(error instanceof UniqueConstraintError)) throw error;
      return fail(search, {
        status: 'error',
        platform: search.platform,
        httpStatus: null,
        message: 'recorded concurrently by another check; retried',
        attempts: 1,
      });
    }
    await dispatchRecorded(ctx, recorded);
    await pruneSeen(search);
    if (fresh.length > 0) {
      logger.info(
        { searchKey, checkId, newListings: fresh.length, matches: matches.length },
        'search checked',
      );
    }
    return {
      status: 'checked',
      checkId,
      newListings: fresh.length,
      matches: matches.length,
      recorded,
    };
  }

  /**
   * Records each listing's matches in a transaction of its own; a listing the database refuses
   * on its own is set aside (and still counted seen), so it never fails the search's checks again.
   */
  async function recordEach(
    search: Search,
    checkId: string,
    matches: readonly MatchToRecord[],
  ): Promise<Recorded> {
    const byListing = new Map<string, MatchToRecord[]>();
    for (const match of matches) {
      byListing.set(match.listing.id, [...(byListing.get(match.listing.id) ?? []), match]);
    }
    const all: Recorded = { created: [], pendingDeliveryIds: [], foundBy: 'reconciliation' };
    for (const [listingId, group] of byListing) {
      try {
        const one = await sequelize.transaction((transaction) =>
          recordMatches(ctx, { checkId, matches: group, foundBy: 'reconciliation' }, transaction),
        );
        all.created.push(...one.created);
        all.pendingDeliveryIds.push(...one.pendingDeliveryIds);
        for (const [id, when] of one.deliverAt ?? []) (all.deliverAt ??= new Map()).set(id, when);
        for (const id of one.batched ?? []) (all.batched ??= new Set()).add(id);
        for (const id of one.covered ?? []) (all.covered ??= new Set()).add(id);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        await setListingAside(ctx, {
          platform: search.platform,
          listingId,
          stage: 'search-check',
          error,
          listing: group[0]!.listing,
        });
      }
    }
    return all;
  }

  /**
   * The ads the site lists as posted since `madeAt` (its offeredSince filter): what is new to a
   * search whose first real answer came late. A 204 here means none.
   */
  async function postedSince(
    search: Search,
    madeAt: number,
  ): Promise<NewListings | MarketplaceFailure> {
    const posted = await deps.client.fetchNewListings(
      { ...search.search, offeredSince: madeAt },
      { since: madeAt, pageCap: MAX_WINDOW_PAGES, isSeen: () => false },
    );
    if (posted.status === 'ok' && posted.stoppedBy === 'failure') return posted.failure!;
    return posted;
  }

  return { check };
}

export type SearchChecker = ReturnType<typeof createSearchChecker>;
