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
import { Op, UniqueConstraintError, type InferAttributes, type Transaction } from 'sequelize';
import type { PlatformId } from '@prijsalarm/core';
import type { Alert } from '../../models';
import { loadSettings } from '../../models/current-settings';
import { alertConditions, alertIntervalSeconds } from '../alert-search';
import type { EngineContext } from '../check-search';
import { matchWithDetail, withFilters } from '../listing-matches';
import {
  MAX_WINDOW_PAGES,
  type Listing,
  type MarketplaceClient,
  type MarketplaceSearch,
} from '../marketplace';
import { recipientOf } from '../recipient';
import { dispatchRecorded, recordMatches, type MatchToRecord } from '../recorder';
import { nextSlotAfter } from '../slots';
import type { AlertIndex } from './alert-index';
import { createPageBudget } from './page-budget';
import { feedModels, pruneFeedSeen, type FeedCategory } from './store';

/** Visits planned at most at this share of the request budget (ad pages and retries use the rest). */
const BUDGET_HEADROOM = 0.8;
/** Alerts loaded per query (candidates of one visit can be tens of thousands). */
const ALERT_CHUNK = 5_000;
/** Ad pages read only for a Pro alert's exact posting time: this share of the budget, at most. */
const POSTING_TIME_SHARE = 0.1;
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
  const postingTimePages = createPageBudget({
    perSecond: (options.requestsPerSecond ?? 0.5) * POSTING_TIME_SHARE,
  });
  const logger = ctx.logger.child({ component: 'feed', platform });

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

  /** The alerts (fresh from the database) that may receive this visit's ads. */
  async function alertsByIds(ids: Iterable<string>): Promise<Map<string, Alert>> {
    const list = [...new Set(ids)];
    const byId = new Map<string, Alert>();
    // In chunks: a popular search has thousands of alerts, and SQLite takes at most 32 766
    // variables in one statement.
    for (let start = 0; start < list.length; start += ALERT_CHUNK) {
      const rows = await ctx.models.Alert.findAll({
        where: { id: { [Op.in]: list.slice(start, start + ALERT_CHUNK) } },
        include: [{ model: ctx.models.User, as: 'user' }],
      });
      for (const alert of rows) byId.set(alert.id, alert);
    }
    return byId;
  }

  /** PRO at once; every other plan in its batch: the alert's next check slot (spec §9). */
  /**
   * `since`: the earliest the ad can have been posted (the previous read). Its batch is the alert's
   * first check slot after that — when per-search polling would have sent it —, so the wait from
   * publication stays within the interval however long the feed took to see it; a slot already
   * past means at once.
   */
  function deliverAtOf(alert: Alert, since: Date): Date | undefined {
    if (alert.user?.plan === 'PRO') return undefined;
    const intervalMs = alertIntervalSeconds(alert, ctx.config) * 1000;
    return new Date(nextSlotAfter(alert.searchKey ?? alert.id, intervalMs, since.getTime()));
  }

  /** Filters the site applies that a listing may not tell: then the feed cannot decide. */
  function siteFiltersDecidable(alert: Alert, listing: Listing): boolean {
    if (alertConditions(alert).length > 0 && listing.condition === null) return false;
    if (alert.deliveryMethod !== 'both' && listing.delivery === null) return false;
    return true;
  }

  async function visit(l1: number): Promise<VisitOutcome> {
    const row = await categoryRow(l1);
    const at = now();
    const readAt = row.readAt ?? null;
    const lastVisitedAt = row.lastVisitedAt ?? null;
    if (row.cooldownUntil && row.cooldownUntil.getTime() > at.getTime()) {
      return { status: 'cooling-down', until: row.cooldownUntil };
    }
    // Never looked: this read is the baseline. Looked, but only got 204s (no real answer, maybe
    // a busy host): the ads posted since that first look are new, as for a search (issue 15).
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
      ...(platform === '2dehands' ? { language: 'all-languages' as const } : {}),
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

    const candidates = new Map<string, string[]>();
    let undecided = 0;
    for (const listing of fresh) {
      const found = index.candidates(listing);
      undecided += found.undecided.length;
      if (found.matches.length > 0) candidates.set(listing.id, found.matches);
    }
    const alerts = await alertsByIds([...candidates.values()].flat());
    const settings = alerts.size > 0 ? await loadSettings(ctx) : null;
    const found: Array<{ alert: Alert; listing: Listing }> = [];
    for (const listing of fresh) {
      const ids = candidates.get(listing.id);
      if (!ids) continue;
      const eligible = ids
        .map((id) => alerts.get(id))
        .filter(
          (alert): alert is Alert =>
            alert !== undefined &&
            alert.statusAt(at) === 'active' &&
            alert.platforms.includes(platform) &&
            alert.confirmedAt !== null &&
            alert.confirmedAt.getTime() <= previousRead.getTime() &&
            siteFiltersDecidable(alert, listing),
        );
      if (eligible.length === 0) continue;
      const matched = await matchWithDetail(
        client,
        logger,
        listing,
        withFilters(eligible, settings!.features.filterPaidAds),
        { mayReadForPostingTime: postingTimePages.take },
      );
      // The host blocked the ad page: record nothing, the next visit reads these again.
      if ('status' in matched) {
        if (matched.status === 'cooling-down') {
          const until = new Date(matched.until);
          await save(row, { cooldownUntil: until, nextVisitAt: until });
          return { status: 'cooling-down', until };
        }
        return fail(row, matched.message);
      }
      for (const alert of matched.alerts) found.push({ alert, listing: matched.listing });
    }
    // One recipient's ads of this read go out together (one message naming every alert): at the
    // soonest of their alerts' moments — at once if one of them is a Pro alert.
    const soonest = new Map<string, number>();
    for (const { alert } of found) {
      const recipient = recipientOf(alert);
      const when = deliverAtOf(alert, previousRead)?.getTime() ?? 0;
      soonest.set(recipient, Math.min(when, soonest.get(recipient) ?? Number.POSITIVE_INFINITY));
    }
    const matches: MatchToRecord[] = found.map(({ alert, listing }) => {
      const when = soonest.get(recipientOf(alert))!;
      return { alert, listing, ...(when > 0 ? { deliverAt: new Date(when) } : {}) };
    });

    const checkId = randomUUID();
    let recorded;
    try {
      recorded = await ctx.sequelize.transaction(async (transaction) => {
        const result = await recordMatches(ctx, { checkId, matches, foundBy: 'feed' }, transaction);
        await markSeen(row.key, fresh, encountered, at, transaction);
        // A 204 proves nothing (busy host): the next visit reads from the same point again.
        await save(
          row,
          { ...schedule, readAt: fetched.noContent ? readAt : siteTime },
          { transaction },
        );
        return result;
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintError)) throw error;
      return fail(row, 'recorded concurrently by a search check; read again');
    }
    if (deep && !fetched.noContent) lastDeepRead.set(l1, at.getTime());
    await dispatchRecorded(ctx, recorded);
    if (fresh.length > 0) {
      await pruneFeedSeen(models, row.key, FEED_SEEN_LIMIT);
      logger.debug?.(
        { l1, newListings: fresh.length, matches: matches.length, pages: fetched.pagesFetched },
        'feed category read',
      );
    }
    return {
      status: 'read',
      newListings: fresh.length,
      matches: matches.length,
      undecided,
      pages: fetched.pagesFetched,
      notificationsCreated: recorded.created.length,
    };
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
