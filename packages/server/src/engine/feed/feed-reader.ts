/**
 * The new-ads feed of one platform (README.md beside this file): visits its L1 categories newest
 * first, reads each category's ads posted since its last complete read (minus an overlap for ads
 * indexed late) to the end — paging a burst of any size —, matches every unseen ad against the
 * alert index and records the matches through the same recorder (unique Notification, one
 * message per user/channel/ad) as per-search polling, marked `foundBy: 'feed'`.
 *
 * Busy categories are visited more often: each category's publication rate is learned as it runs
 * (moving average of new ads a minute), and the visits share the feed's request budget (its share
 * of MARKETPLACE_RATE per host) by the square-root rule — a category's gap ∝ 1/√rate, which keeps
 * the ad-weighted wait lowest for a fixed number of requests — between minGapMs and maxGapMs. The
 * requests go through the feed's own client, whose limiter holds it to that share.
 *
 * Late-listed ads (an ad the site lists after its posting time, e.g. after midnight under
 * 'Gisteren') are read by a deep visit — back `overlapMs` before the last read — once per half
 * overlap; the visits between read back only SKEW_MS, so the overlap does not multiply the pages
 * of every visit.
 */
import { randomUUID } from 'node:crypto';
import { Op, type InferAttributes, type Transaction } from 'sequelize';
import type { PlatformId } from '@prijsalarm/core';
import type { EngineContext } from '../check-search';
import {
  MAX_WINDOW_PAGES,
  platformSearchDefaults,
  type Listing,
  type MarketplaceClient,
  type MarketplaceSearch,
} from '../marketplace';
import { isRefusal, setListingAside } from '../set-aside';
import type { AlertIndex } from './alert-index';
import { encodeListing } from './listing-codec';
import { createListingMatcher, type MatchOutcome } from './match-listings';
import { feedModels, pruneFeedSeen, type FeedCategory } from './store';

/** Visits planned at most at this share of the request budget (ad pages and retries use the rest). */
const BUDGET_HEADROOM = 0.8;
/** A category never seen publishing still counts as this rate (ads a minute) when sharing visits. */
const QUIET_RATE_FLOOR = 0.05;
/** A shallow visit reads back this far before the last read: the site's and our clocks' skew. */
export const SKEW_MS = 15_000;
/** The seen-set kept per category: more than a visit's window can hold. */
export const FEED_SEEN_LIMIT = 20_000;
/** Weight of the newest visit in the learned publication rate. */
const RATE_SMOOTHING = 0.3;

export interface FeedOptions {
  platform: PlatformId;
  /** L1 category ids to read. */
  categories: readonly number[];
  client: MarketplaceClient;
  index: AlertIndex;
  /**
   * Each read goes back this far before the last complete read: ads the site indexes late (they
   * carry their posting time) are still found. Older late ones are left to reconciliation.
   */
  overlapMs?: number;
  minGapMs?: number;
  maxGapMs?: number;
  /** The feed's requests a second per host (its share of MARKETPLACE_RATE); default 0.5. */
  requestsPerSecond?: number;
  /**
   * Hands a stored batch of new listings to a worker (`match-listings` job). Without it the
   * reader matches each batch itself (tests, the bench).
   */
  enqueueMatch?: (batchId: string) => Promise<void>;
  now?: () => Date;
}

export type VisitOutcome =
  | { status: 'baseline'; seen: number; baselinePending?: true }
  | {
      status: 'read';
      newListings: number;
      matches: number;
      undecided: number;
      pages: number;
      notificationsCreated: number;
    }
  | { status: 'cooling-down'; until: Date }
  | { status: 'failed'; message: string };

export const feedKeyOf = (platform: PlatformId, l1: number) => `${platform}:${l1}`;

export function createFeedReader(ctx: EngineContext, options: FeedOptions) {
  const { platform, client, index } = options;
  const models = feedModels(ctx.sequelize);
  const now = options.now ?? (() => new Date());
  const overlapMs = options.overlapMs ?? 5 * 60_000;
  const minGapMs = options.minGapMs ?? 5_000;
  const maxGapMs = options.maxGapMs ?? 180_000;
  const visitsPerSecond = (options.requestsPerSecond ?? 0.5) * BUDGET_HEADROOM;
  /** When each category last had a deep read (in memory: after a restart the first is deep). */
  const lastDeepRead = new Map<number, number>();
  const logger = ctx.logger.child({ component: 'feed', platform });
  const matcher = createListingMatcher(ctx, { client, index });

  async function categoryRow(l1: number): Promise<FeedCategory> {
    const key = feedKeyOf(platform, l1);
    const [row, created] = await models.FeedCategory.findOrCreate({
      where: { key },
      defaults: { key, platform, l1CategoryId: l1 },
    });
    // A new row has the database's defaults only after reading it back.
    return created ? row.reload() : row;
  }

  /** Writes by key (the row as read stays as it was: the visit's decisions are made on it). */
  async function save(
    row: FeedCategory,
    fields: Partial<InferAttributes<FeedCategory>>,
    options: { transaction?: Transaction } = {},
  ): Promise<void> {
    await models.FeedCategory.update(fields, { where: { key: row.key }, ...options });
  }

  /**
   * The gap until a category's next visit: the budget shared by the square-root rule over every
   * category's learned rate (gap_i = Σ√r_j / (visits a second × √r_i)), within [minGap, maxGap].
   */
  async function gapFor(l1: number, adsPerMinute: number): Promise<number> {
    const rows = await models.FeedCategory.findAll({
      attributes: ['l1CategoryId', 'adsPerMinute'],
      where: { platform },
    });
    const rates = new Map(rows.map((r) => [r.l1CategoryId, r.adsPerMinute]));
    rates.set(l1, adsPerMinute);
    const root = (l: number) => Math.sqrt(Math.max(QUIET_RATE_FLOOR, rates.get(l) ?? 0));
    const sum = options.categories.reduce((total, l) => total + root(l), 0);
    const gap = (sum / (visitsPerSecond * root(l1))) * 1000;
    return Math.min(maxGapMs, Math.max(minGapMs, gap));
  }

  async function fail(row: FeedCategory, message: string): Promise<VisitOutcome> {
    const at = now();
    await save(row, {
      consecutiveFailures: row.consecutiveFailures + 1,
      lastError: message.slice(0, 1000),
      nextVisitAt: new Date(at.getTime() + minGapMs * Math.min(8, 2 ** row.consecutiveFailures)),
    });
    logger.warn({ l1: row.l1CategoryId, message }, 'feed visit failed; read again later');
    return { status: 'failed', message };
  }

  async function visit(l1: number): Promise<VisitOutcome> {
    const row = await categoryRow(l1);
    const at = now();
    const readAt = row.readAt ?? null;
    const lastVisitedAt = row.lastVisitedAt ?? null;
    if (row.cooldownUntil && row.cooldownUntil.getTime() > at.getTime()) {
      return { status: 'cooling-down', until: row.cooldownUntil };
    }
    if (!options.enqueueMatch) {
      const stopped = await matchPending(row);
      if (stopped) return stopped;
    }
    // Never looked: this read is the baseline. Looked, but only got 204s (no real answer, maybe
    // a busy host): the ads posted since that first look are new, as for a search.
    const baseline = readAt === null && lastVisitedAt === null;
    // The previous answered visit (a real read, or a 204: nothing there): an alert that existed
    // then gets every ad this read sees first; one made since has its own first look per search.
    const previousRead = lastVisitedAt ?? row.createdAt;
    const deep = at.getTime() - (lastDeepRead.get(l1) ?? Number.NEGATIVE_INFINITY) >= overlapMs / 2;
    const from = readAt
      ? readAt.getTime() - (deep ? overlapMs : Math.min(SKEW_MS, overlapMs))
      : baseline
        ? at.getTime() - overlapMs
        : row.createdAt.getTime();
    const search: MarketplaceSearch = {
      platform,
      query: '',
      l1CategoryId: l1,
      offeredSince: from,
      ...platformSearchDefaults(platform),
    };
    const seenRows = await models.FeedSeenListing.findAll({
      attributes: ['listingId'],
      where: { feedKey: row.key, firstSeenAt: { [Op.gte]: new Date(from - overlapMs) } },
    });
    const seen = new Set(seenRows.map((r) => r.listingId));
    const encountered = new Set<string>();
    const fetched = await client.fetchNewListings(search, {
      since: from,
      pageCap: MAX_WINDOW_PAGES,
      isSeen: (listing) => {
        if (!seen.has(listing.id)) return false;
        encountered.add(listing.id);
        return true;
      },
    });
    if (fetched.status === 'cooling-down') {
      const until = new Date(fetched.until);
      await save(row, { cooldownUntil: until, nextVisitAt: until, lastError: 'cooling down' });
      return { status: 'cooling-down', until };
    }
    if (fetched.status !== 'ok') return fail(row, fetched.message);
    if (fetched.stoppedBy === 'failure') {
      // A page failed half-way: nothing is written, the next visit reads the same window again.
      const failure = fetched.failure!;
      if (failure.status === 'cooling-down') {
        const until = new Date(failure.until);
        await save(row, { cooldownUntil: until, nextVisitAt: until, lastError: 'cooling down' });
        return { status: 'cooling-down', until };
      }
      return fail(row, failure.message);
    }
    if (fetched.stoppedBy === 'page-cap') {
      logger.warn({ l1, pages: fetched.pagesFetched }, 'feed window full: the rest is reconciled');
    }
    // Paid ads pinned on top are not new ads; sponsored Admarkt ads are judged like any other.
    const fresh = fetched.listings.map((listing) =>
      listing.category.l1 === null
        ? { ...listing, category: { ...listing.category, l1 } }
        : listing,
    );
    const siteTime = new Date(fetched.siteTime);
    const elapsedMin = lastVisitedAt
      ? Math.max(1 / 60, (at.getTime() - lastVisitedAt.getTime()) / 60_000)
      : null;
    // A first look's rate: the ads of the window it read (posted since `from`).
    const observedRate = fresh.length / (elapsedMin ?? Math.max(1, (at.getTime() - from) / 60_000));
    const adsPerMinute =
      lastVisitedAt === null
        ? observedRate
        : (1 - RATE_SMOOTHING) * row.adsPerMinute + RATE_SMOOTHING * observedRate;
    const schedule = {
      lastVisitedAt: at,
      nextVisitAt: new Date(at.getTime() + (await gapFor(l1, adsPerMinute))),
      adsPerMinute,
      consecutiveFailures: 0,
      cooldownUntil: null,
      lastError: null,
    };

    // A baseline only from a real answer: a 204 may be a busy host.
    if (fetched.noContent && readAt === null) {
      await save(row, schedule);
      return { status: 'baseline', seen: 0, baselinePending: true };
    }
    if (baseline) {
      await ctx.sequelize.transaction(async (transaction) => {
        await markSeen(row.key, fresh, encountered, at, transaction);
        await save(row, { ...schedule, readAt: siteTime }, { transaction });
      });
      lastDeepRead.set(l1, at.getTime());
      logger.info({ l1, seen: fresh.length }, 'feed category baseline read');
      return { status: 'baseline', seen: fresh.length };
    }

    // Every new listing is stored once (unique per platform) under this visit's batch, together
    // with the seen-set and readAt: a crash before matching loses nothing (README.md).
    const batchId = randomUUID();
    await ctx.sequelize.transaction(async (transaction) => {
      await storeListings(batchId, fresh, at, previousRead, transaction);
      await markSeen(row.key, fresh, encountered, at, transaction);
      // A 204 proves nothing (busy host): the next visit reads from the same point again.
      await save(
        row,
        { ...schedule, readAt: fetched.noContent ? readAt : siteTime },
        { transaction },
      );
    });
    if (deep && !fetched.noContent) lastDeepRead.set(l1, at.getTime());
    observeLag(fresh, at, previousRead);
    let outcome: MatchOutcome = {
      status: 'matched',
      listings: 0,
      matches: 0,
      undecided: 0,
      notificationsCreated: 0,
    };
    if (fresh.length > 0) {
      await pruneFeedSeen(models, row.key, FEED_SEEN_LIMIT);
      if (options.enqueueMatch) {
        // A lost enqueue is not a lost ad: the batch stays unmatched and is enqueued again.
        await options.enqueueMatch(batchId).catch((error: unknown) => {
          logger.warn({ err: error, batchId }, 'match job not enqueued; the safety net will');
        });
      } else {
        outcome = await matcher.matchBatch(batchId);
        const stopped = await stopOnMatchFailure(row, outcome);
        if (stopped) return stopped;
      }
      logger.debug?.(
        { l1, newListings: fresh.length, pages: fetched.pagesFetched },
        'feed category read',
      );
    }
    const done = outcome.status === 'matched' ? outcome : null;
    return {
      status: 'read',
      newListings: fresh.length,
      matches: done?.matches ?? 0,
      undecided: done?.undecided ?? 0,
      pages: fetched.pagesFetched,
      notificationsCreated: done?.notificationsCreated ?? 0,
    };
  }

  /** The host blocked an ad page while matching: the category cools down or fails. */
  async function stopOnMatchFailure(
    row: FeedCategory,
    outcome: MatchOutcome,
  ): Promise<VisitOutcome | null> {
    if (outcome.status === 'cooling-down') {
      await save(row, { cooldownUntil: outcome.until, nextVisitAt: outcome.until });
      return { status: 'cooling-down', until: outcome.until };
    }
    if (outcome.status === 'failed') return fail(row, outcome.message);
    return null;
  }

  /** Inline mode: batches a blocked ad page left unmatched are matched before the next read. */
  async function matchPending(row: FeedCategory): Promise<VisitOutcome | null> {
    const pending = await models.FeedListing.findAll({
      attributes: ['batchId'],
      where: { platform, matchedAt: null },
      group: ['batchId'],
    });
    for (const { batchId } of pending) {
      const stopped = await stopOnMatchFailure(row, await matcher.matchBatch(batchId));
      if (stopped) return stopped;
    }
    return null;
  }

  /**
   * Publication → this read, per new listing: from its posting time when the site gave one, else
   * from the category's previous read (the latest it can have been published unseen).
   */
  function observeLag(fresh: readonly Listing[], at: Date, previousRead: Date): void {
    const feedLag = ctx.metrics?.feedLag;
    if (!feedLag) return;
    for (const listing of fresh) {
      const posted = listing.postedAt ? Date.parse(listing.postedAt) : Number.NaN;
      const from = Number.isNaN(posted) ? previousRead.getTime() : posted;
      feedLag.observe({ platform }, Math.max(0, at.getTime() - from) / 1000);
    }
  }

  async function storeListings(
    batchId: string,
    fresh: readonly Listing[],
    at: Date,
    alertsBefore: Date,
    transaction: Transaction,
  ): Promise<void> {
    if (fresh.length === 0) return;
    const rows = fresh.map((listing) => {
      const posted = listing.postedAt ? new Date(listing.postedAt) : null;
      return {
        platform,
        listingId: listing.id,
        batchId,
        l1CategoryId: listing.category.l1,
        priceCents: listing.priceCents,
        listing: encodeListing(listing),
        postedAt: posted && !Number.isNaN(posted.getTime()) ? posted : null,
        firstSeenAt: at,
        alertsBefore,
      };
    });
    // Each attempt in a savepoint: a refused insert leaves the visit's transaction as it was.
    const insert = (part: typeof rows) =>
      ctx.sequelize.transaction({ transaction }, (savepoint) =>
        models.FeedListing.bulkCreate(part, { transaction: savepoint, ignoreDuplicates: true }),
      );
    try {
      await insert(rows);
      return;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      logger.warn({ err: error, batchId }, 'batch refused; listings stored one by one');
    }
    // One listing the database refuses must not keep its category's other new ads out.
    for (const [index, row] of rows.entries()) {
      try {
        await insert([row]);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        await setListingAside(
          ctx,
          {
            platform,
            listingId: row.listingId,
            stage: 'feed-store',
            error,
            listing: JSON.stringify(fresh[index]),
          },
          transaction,
        );
      }
    }
  }

  async function markSeen(
    feedKey: string,
    fresh: readonly Listing[],
    encountered: ReadonlySet<string>,
    at: Date,
    transaction: Transaction,
  ): Promise<void> {
    if (fresh.length > 0) {
      await models.FeedSeenListing.bulkCreate(
        fresh.map((listing) => ({
          feedKey,
          listingId: listing.id,
          firstSeenAt: at,
          lastSeenAt: at,
        })),
        { transaction, ignoreDuplicates: true },
      );
    }
    if (encountered.size > 0) {
      await models.FeedSeenListing.update(
        { lastSeenAt: at },
        { where: { feedKey, listingId: [...encountered] }, transaction },
      );
    }
  }

  /** The category to visit next: the one due first (never-visited ones first of all). */
  async function nextDue(): Promise<{ l1: number; at: number }> {
    const rows = await models.FeedCategory.findAll({
      attributes: ['l1CategoryId', 'nextVisitAt'],
      where: { platform },
    });
    const planned = new Map(rows.map((r) => [r.l1CategoryId, r.nextVisitAt?.getTime() ?? 0]));
    let best = { l1: options.categories[0]!, at: Number.POSITIVE_INFINITY };
    for (const l1 of options.categories) {
      const at = planned.get(l1) ?? 0;
      if (at < best.at) best = { l1, at };
    }
    return best;
  }

  return { visit, nextDue };
}

export type FeedReader = ReturnType<typeof createFeedReader>;
