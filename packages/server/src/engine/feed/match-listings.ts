/**
 * The `match-listings` job (README.md "Listings and the match job"): matches one stored batch of
 * the feed's new listings against the alert index, applies the matcher (reading ad pages where a
 * filter needs them, through this process's marketplace client), records the matches through the
 * recorder (`foundBy: 'feed'`, unique Notification, plan batching) and dispatches them.
 *
 * Runs in the worker role (the job carries only the batch id) or inline in the feed reader when it
 * has no queue. Idempotent: rows already matched are skipped and the recorder's unique keys record
 * nothing twice, so a job run again after a crash or a retry changes nothing.
 */
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { deliversAtOnce } from '@prijsalarm/core';
import { chunks } from '../../lib/chunks';
import type { Alert } from '../../models';
import { loadSettings } from '../../models/current-settings';
import { alertConditions, alertIntervalSeconds } from '../alert-search';
import type { EngineContext } from '../check-search';
import { finishMatch, planMatch, withFilters, type MatchPlan } from '../listing-matches';
import type { Listing, MarketplaceClient, MarketplaceFailure } from '../marketplace';
import { recipientOf } from '../recipient';
import { dispatchRecorded, newCheckId, recordMatches, type MatchToRecord } from '../recorder';
import { isRefusal, setListingAside } from '../set-aside';
import { batchMomentAfter } from '../slots';
import type { AlertIndex } from './alert-index';
import { decodeListing, storedListingText } from './listing-codec';
import { processAlertIndex } from './process-index';
import { feedModels, type FeedListing } from './store';

/** A match of one stored row's listing, waiting to be recorded. */
type Found = { alert: Alert; listing: Listing; since: Date; rowId: number };

export type MatchOutcome =
  | {
      status: 'matched';
      listings: number;
      matches: number;
      undecided: number;
      notificationsCreated: number;
    }
  | { status: 'cooling-down'; until: Date }
  | { status: 'failed'; message: string };

export interface ListingMatcherOptions {
  client: MarketplaceClient;
  index: AlertIndex;
  /** Brings the index up to date before a batch is matched (the worker's own index). */
  refreshIndex?: () => Promise<void>;
}

/** Alerts loaded per query (candidates of one batch can be tens of thousands). */
const ALERT_CHUNK = 5_000;

/** Filters the site applies that a listing may not tell: then the feed cannot decide. */
function siteFiltersDecidable(alert: Alert, listing: Listing): boolean {
  if (alertConditions(alert).length > 0 && listing.condition === null) return false;
  if (alert.deliveryMethod !== 'both' && listing.delivery === null) return false;
  return true;
}

export function createListingMatcher(ctx: EngineContext, options: ListingMatcherOptions) {
  const { client, index } = options;
  const models = feedModels(ctx.sequelize);
  const logger = ctx.logger.child({ component: 'feed-match' });

  /** The alerts (fresh from the database) that may receive this batch's ads. */
  async function alertsByIds(ids: Iterable<string>): Promise<Map<string, Alert>> {
    const list = [...new Set(ids)];
    const byId = new Map<string, Alert>();
    // In chunks: a popular search has thousands of alerts, and SQLite takes at most 32 766
    // variables in one statement.
    for (const part of chunks(list, ALERT_CHUNK)) {
      const rows = await ctx.models.Alert.findAll({
        where: { id: { [Op.in]: part } },
        include: [{ model: ctx.models.User, as: 'user' }],
      });
      for (const alert of rows) byId.set(alert.id, alert);
    }
    return byId;
  }

  /**
   * PRO at once; every other plan in its batch, at its plan's check interval. `since`: the
   * earliest the ad can have been posted (the feed's previous read). The batch is the alert's first
   * slot after that, so the wait from publication stays within the interval however late the feed
   * saw it; slots already past are spread over what is left of the interval (slots.ts). The
   * slot's phase is the alert's own, not its search's: the 5 000 guest alerts of one popular
   * search fell due at one moment, and the last of their mails went out past the interval
   * (bench:engine, 100 000 alerts). Aimed a send margin before the slot, so the queue's wait
   * behind the sends that go out at once still fits the interval.
   */
  function deliverAtOf(alert: Alert, since: Date): Date | undefined {
    if (deliversAtOnce(alert.user?.plan ?? null)) return undefined;
    const intervalMs = alertIntervalSeconds(alert, ctx.config) * 1000;
    return new Date(batchMomentAfter(alert.id, intervalMs, since.getTime(), Date.now()));
  }

  /**
   * Matches the batch's rows not matched yet; records and dispatches what they match. With
   * `deferPages`, the listings whose ad page must be read are left unmatched and handed to it
   * (the page job), so a match job never waits for the host's limiter.
   */
  async function matchBatch(
    batchId: string,
    deferPages?: (batchId: string) => Promise<void>,
    attempt = 1,
  ): Promise<MatchOutcome> {
    await options.refreshIndex?.();
    const rows = await models.FeedListing.findAll({
      where: { batchId, matchedAt: null },
      order: [['id', 'ASC']],
    });
    if (rows.length === 0) {
      return { status: 'matched', listings: 0, matches: 0, undecided: 0, notificationsCreated: 0 };
    }
    try {
      return await matchRows(rows, deferPages && (() => deferPages(batchId)));
    } catch (error) {
      // Another run (a retry, a search check) recorded one of these at the same moment: what it
      // recorded is skipped on the next round.
      if (!(error instanceof UniqueConstraintError) || attempt >= 3) throw error;
      return matchBatch(batchId, deferPages, attempt + 1);
    }
  }

  /**
   * Records what some of the batch's rows matched and marks exactly those rows matched. Together
   * in one transaction; when the database refuses that, row by row, and a row it refuses on its
   * own is set aside (matched, not recorded), so one bad ad never holds back the others.
   */
  async function recordFound(found: readonly Found[], rowIds: readonly number[]): Promise<number> {
    try {
      return await recordTogether(found, rowIds);
    } catch (error) {
      // A race, a busy database: the job or matchBatch tries the whole batch again.
      if (!isRefusal(error)) throw error;
      logger.warn({ err: error, rows: rowIds.length }, 'batch refused; recorded row by row');
    }
    let created = 0;
    for (const rowId of rowIds) {
      const own = found.filter((match) => match.rowId === rowId);
      try {
        created += await recordTogether(own, [rowId]);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        const row = await models.FeedListing.findByPk(rowId);
        if (row) await setRowAside(row, error);
      }
    }
    return created;
  }

  /** Done with, never recorded: the job and the safety net do not bring it back. */
  async function setRowAside(row: FeedListing, error: unknown): Promise<void> {
    await setListingAside(ctx, {
      platform: row.platform,
      listingId: row.listingId,
      stage: 'feed-match',
      error,
      listing: storedListingText(row.listing),
    });
    await markMatched([row.id]);
  }

  async function markMatched(rowIds: readonly number[], transaction?: Transaction): Promise<void> {
    for (const ids of chunks(rowIds, ALERT_CHUNK)) {
      await models.FeedListing.update(
        { matchedAt: new Date() },
        { where: { id: ids, matchedAt: null }, transaction },
      );
    }
  }

  /**
   * Records in one transaction and dispatches after commit. One recipient's ads go out together
   * (one message naming every alert): at the soonest of their alerts' moments — at once if one of
   * them is a Pro alert.
   */
  async function recordTogether(
    found: readonly Found[],
    rowIds: readonly number[],
  ): Promise<number> {
    // Rows all waiting for their page still record the alerts decided without it.
    if (found.length === 0 && rowIds.length === 0) return 0;
    const soonest = new Map<string, number>();
    for (const { alert, since } of found) {
      const recipient = recipientOf(alert);
      const when = deliverAtOf(alert, since)?.getTime() ?? 0;
      soonest.set(recipient, Math.min(when, soonest.get(recipient) ?? Number.POSITIVE_INFINITY));
    }
    const matches: MatchToRecord[] = found.map(({ alert, listing }) => {
      const when = soonest.get(recipientOf(alert))!;
      return { alert, listing, ...(when > 0 ? { deliverAt: new Date(when) } : {}) };
    });
    const checkId = newCheckId();
    const recorded = await ctx.sequelize.transaction(async (transaction) => {
      const result = await recordMatches(ctx, { checkId, matches, foundBy: 'feed' }, transaction);
      await markMatched(rowIds, transaction);
      return result;
    });
    await dispatchRecorded(ctx, recorded);
    return recorded.created.length;
  }

  async function matchRows(
    rows: readonly FeedListing[],
    deferPages?: () => Promise<void>,
  ): Promise<MatchOutcome> {
    const stored: Array<{ row: FeedListing; listing: Listing }> = [];
    for (const row of rows) {
      try {
        stored.push({ row, listing: decodeListing(row.listing) });
      } catch (error) {
        // Unreadable as stored: it can never be matched, and the rest of the batch can.
        await setRowAside(row, error);
      }
    }
    const candidates = new Map<number, string[]>();
    let undecided = 0;
    for (const { row, listing } of stored) {
      const found = index.candidates(listing);
      undecided += found.undecided.length;
      if (found.matches.length > 0) candidates.set(row.id, found.matches);
    }
    const alerts = await alertsByIds([...candidates.values()].flat());
    const settings = alerts.size > 0 ? await loadSettings(ctx) : null;
    const plans: Array<{ row: FeedListing; plan: MatchPlan }> = [];
    for (const { row, listing } of stored) {
      const ids = candidates.get(row.id);
      if (!ids) continue;
      const at = row.firstSeenAt;
      const eligible = ids
        .map((id) => alerts.get(id))
        .filter(
          (alert): alert is Alert =>
            alert !== undefined &&
            alert.statusAt(at) === 'active' &&
            alert.platforms.includes(row.platform) &&
            alert.confirmedAt !== null &&
            alert.confirmedAt.getTime() <= row.alertsBefore.getTime() &&
            siteFiltersDecidable(alert, listing),
        );
      if (eligible.length === 0) continue;
      // No page only for a Pro alert's exact posting time: at 4 ads/s a page per Pro match
      // would take the page client's whole rate and every such delivery would wait for it.
      const plan = planMatch(listing, withFilters(eligible, settings!.features.filterPaidAds), {
        mayReadForPostingTime: () => false,
      });
      plans.push({ row, plan });
    }

    // Every alert the listing matches without its ad page goes out first: a page waits for its
    // turn in the host's limiter (seconds to minutes when many are asked), and only the alerts
    // it decides (a private-seller filter) wait with it. Their listing stays unmatched until then.
    const paged = plans.filter(({ plan }) => plan.readPage);
    const pagedRows = new Set(paged.map(({ row }) => row.id));
    const quick: Found[] = [];
    for (const { row, plan } of plans) {
      for (const { alert } of plan.alerts.filter((_, i) => plan.results[i]!.match)) {
        quick.push({ alert, listing: plan.listing, since: row.alertsBefore, rowId: row.id });
      }
    }
    let notificationsCreated = await recordFound(
      quick,
      rows.filter((row) => !pagedRows.has(row.id)).map((row) => row.id),
    );

    if (paged.length > 0 && deferPages) {
      // Still unmatched: a lost hand-over is caught by the safety net like a lost batch.
      await deferPages();
      return {
        status: 'matched',
        listings: rows.length - paged.length,
        matches: quick.length,
        undecided,
        notificationsCreated,
      };
    }

    // The rest read their pages side by side (the client spaces them); each listing is recorded
    // once its page is in. A blocked page leaves its row unmatched: the queue tries it again.
    const finished = await Promise.all(
      paged.map(async ({ row, plan }) => ({
        row,
        plan,
        matched: await finishMatch(client, logger, plan),
      })),
    );
    const slow: Found[] = [];
    const slowRows: number[] = [];
    let failure: MarketplaceFailure | null = null;
    for (const { row, plan, matched } of finished) {
      if ('status' in matched) {
        failure ??= matched;
        continue;
      }
      slowRows.push(row.id);
      // Only the alerts the page decided: the others went out with the quick ones above.
      const matchedBefore = new Set(
        plan.alerts.filter((_, i) => plan.results[i]!.match).map(({ alert }) => alert.id),
      );
      for (const alert of matched.alerts) {
        if (matchedBefore.has(alert.id)) continue;
        slow.push({ alert, listing: matched.listing, since: row.alertsBefore, rowId: row.id });
      }
    }
    notificationsCreated += await recordFound(slow, slowRows);
    if (failure) {
      return failure.status === 'cooling-down'
        ? { status: 'cooling-down', until: new Date(failure.until) }
        : { status: 'failed', message: failure.message };
    }
    return {
      status: 'matched',
      listings: rows.length,
      matches: quick.length + slow.length,
      undecided,
      notificationsCreated,
    };
  }

  return { matchBatch };
}

export type ListingMatcher = ReturnType<typeof createListingMatcher>;

/** Batches with rows still unmatched, first seen before `before` (a worker died or a job was lost). */
export async function unmatchedBatches(ctx: EngineContext, before: Date): Promise<string[]> {
  const rows = await feedModels(ctx.sequelize).FeedListing.findAll({
    attributes: ['batchId'],
    where: { matchedAt: null, firstSeenAt: { [Op.lt]: before } },
    group: ['batchId'],
    limit: 1000,
  });
  return rows.map((row) => row.batchId);
}

/** Retries of a match job (a blocked ad page, a worker killed mid-job) before the safety net. */
const MATCH_JOB_ATTEMPTS = 5;

/** Queues the `match-listings` job of a batch (ids only; one pending job per batch). */
export async function enqueueMatchJob(ctx: EngineContext, batchId: string): Promise<void> {
  await ctx.queue.enqueue(
    'match-listings',
    { batchId },
    {
      jobId: `match-${batchId}`,
      attempts: MATCH_JOB_ATTEMPTS,
      backoff: { type: 'exponential', delayMs: 5_000 },
    },
  );
}

/**
 * Match jobs of each kind run side by side in a worker. The listings that wait for an ad page go
 * to the `match-listing-pages` job, so they never hold up the next batch's listings.
 */
export const MATCH_JOB_CONCURRENCY = 4;

/** The worker's index is read again at most this often (changed alerts only). */
const WORKER_INDEX_REFRESH_MS = 1_000;

/**
 * The worker role's side: keeps an AlertIndex current in this process and runs `match-listings`
 * jobs. A blocked ad page throws, so the queue retries the job later; nothing was recorded.
 */
export async function processMatchJobs(
  ctx: EngineContext,
  client: MarketplaceClient,
  concurrency = MATCH_JOB_CONCURRENCY,
): Promise<void> {
  // The process's one index: the scheduler's feed uses it too when both roles run here.
  const { index, refreshAtMostEvery } = processAlertIndex(ctx);
  const refreshIndex = () => refreshAtMostEvery(WORKER_INDEX_REFRESH_MS);
  const matcher = createListingMatcher(ctx, { client, index, refreshIndex });
  const deferPages = (batchId: string) =>
    ctx.queue
      .enqueue(
        'match-listing-pages',
        { batchId },
        {
          jobId: `pages-${batchId}`,
          attempts: MATCH_JOB_ATTEMPTS,
          backoff: { type: 'exponential', delayMs: 5_000 },
        },
      )
      .then(() => undefined);
  const run = async (outcome: Promise<MatchOutcome>) => {
    const done = await outcome;
    if (done.status !== 'matched') {
      throw new Error(
        done.status === 'cooling-down'
          ? `marketplace cooling down until ${done.until.toISOString()}`
          : done.message,
      );
    }
  };
  await ctx.queue.process(
    'match-listings',
    ({ batchId }) => run(matcher.matchBatch(batchId, deferPages)),
    { concurrency },
  );
  // Page-bound batches wait in a lane of their own: the client spaces their pages anyway.
  await ctx.queue.process(
    'match-listing-pages',
    ({ batchId }) => run(matcher.matchBatch(batchId)),
    { concurrency: MATCH_JOB_CONCURRENCY },
  );
}
