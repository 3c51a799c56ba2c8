/**
 * Keeps the searches in step with the alerts that are checked (active: confirmed, not paused, not
 * expired): one search per (alert, platform), shared by equal searches, its interval the fastest
 * among its alerts; searches no alert needs any more are removed. Incrementally: the schedule is
 * loaded once (`reconcile`, again every `rebuildEveryMs` as a safety net), then each sync reads
 * only the alerts written since the last one (feed/index-sync.ts's `createChangedAlerts`: create,
 * edit, pause, plan change — which rewrites the interval of the user's alerts — and delete, from
 * `alert_deletions`) and drops alerts whose known expiry moment has passed.
 */
import type { Transaction } from 'sequelize';
import type { PlatformId } from '@prijsalarm/core';
import { chunks } from '../../lib/chunks';
import { forEachPage, setEach } from '../../lib/sql';
import type { Alert } from '../../models';
import { checkableAlertsWhere, SEARCH_ATTRIBUTES, STATUS_ATTRIBUTES } from '../../models/Alert';
import { alertIntervalSeconds, alertSearches } from '../alert-search';
import { feedCovers } from '../feed/alert-index';
import { createChangedAlerts } from '../feed/index-sync';
import { processPlaces } from '../feed/places';
import type { MarketplaceSearch } from '../marketplace';
import { nextSlotAfter, startSlot } from '../slots';
import type { SchedulerContext } from './types';

export interface ReconcileReport {
  searches: number;
  created: string[];
  removed: string[];
  intervalChanged: string[];
}

interface DesiredSearch {
  platform: PlatformId;
  search: MarketplaceSearch;
  intervalSeconds: number;
}

/** What one scheduled alert asks of the schedule. */
interface AlertEntry {
  intervalSeconds: number;
  links: Array<{ platform: PlatformId; key: string; search: MarketplaceSearch }>;
  expiresAt: number | null;
}

/** Rows written per statement when many change at once (a first load). */
const WRITE_BATCH = 500;
/** Alerts read per query in a full reload: the heap holds one page of model instances. */
const LOAD_PAGE = 2_000;

/**
 * What the schedule reads of an alert: its searches, interval and status — not its tokens, e-mail
 * or texts. A full reload reads every alert: at 100 000 alerts whole rows made ~300 MB of
 * short-lived model instances per reload, and the process's peak memory with it.
 */
const SCHEDULE_ATTRIBUTES = [
  'id',
  'searchKey',
  'checkIntervalMinutes',
  'updatedAt',
  ...SEARCH_ATTRIBUTES,
  ...STATUS_ATTRIBUTES,
] as const;

export function createSearchSync(ctx: SchedulerContext, options: { rebuildEveryMs: number }) {
  const { models, sequelize } = ctx;
  const logger = ctx.logger.child({ component: 'scheduler' });
  const changes = createChangedAlerts(ctx, { attributes: SCHEDULE_ATTRIBUTES });
  // The schedule as last written: per alert what it asks, per search which alerts ask it.
  const entries = new Map<string, AlertEntry>();
  const searchAlerts = new Map<string, Set<string>>();
  const searchIntervals = new Map<string, number>();
  let nextExpiry = Number.POSITIVE_INFINITY;
  let rebuiltAt: number | null = null;
  // Where the sites place postcodes: a distance alert is the feed's once its postcode is located.
  const places = processPlaces(ctx);
  const refreshPlaces = () =>
    ctx.config.engine.feedEnabled ? places.refresh() : Promise.resolve();

  /** What `alert` asks of the schedule at `at`; null when it is not checked. */
  function entryOf(alert: Alert, at: Date): AlertEntry | null {
    if (alert.statusAt(at) !== 'active') return null;
    // What the feed decides is polled per search only to reconcile: RECONCILE_FACTOR slower.
    // Not an alert that wants price drops: the feed sees each ad once, only a search read again
    // sees its price change.
    const slower =
      ctx.config.engine.feedEnabled && feedCovers(alert, places.book.get) && !alert.priceDropEnabled
        ? ctx.config.engine.reconcileFactor
        : 1;
    return {
      intervalSeconds: alertIntervalSeconds(alert, ctx.config) * slower,
      links: alertSearches(alert),
      expiresAt: alert.expiresAt?.getTime() ?? null,
    };
  }

  function remember(alertId: string, entry: AlertEntry | null): void {
    const old = entries.get(alertId);
    for (const link of old?.links ?? []) searchAlerts.get(link.key)?.delete(alertId);
    if (!entry) {
      entries.delete(alertId);
      return;
    }
    entries.set(alertId, entry);
    for (const { key } of entry.links) {
      let ids = searchAlerts.get(key);
      if (!ids) searchAlerts.set(key, (ids = new Set()));
      ids.add(alertId);
    }
    if (entry.expiresAt !== null) nextExpiry = Math.min(nextExpiry, entry.expiresAt);
  }

  /** `items` written WRITE_BATCH at a time, each run in a transaction of its own. */
  async function inTransactions<T>(
    items: readonly T[],
    write: (part: T[], transaction: Transaction) => Promise<unknown>,
  ): Promise<void> {
    for (const part of chunks(items, WRITE_BATCH)) {
      await sequelize.transaction((transaction) => write(part, transaction));
    }
  }

  /** Full reload: every checkable alert, every search and link (at start, then rarely). */
  async function reconcile(at: Date): Promise<ReconcileReport> {
    changes.mark();
    await refreshPlaces();
    const desired = new Map<string, DesiredSearch>();
    const desiredLinks = new Map<string, string>(); // `${alertId}/${platform}` → key
    const alertKeys = new Map<string, string>(); // alert.searchKey: its first platform's key
    entries.clear();
    searchAlerts.clear();
    searchIntervals.clear();
    nextExpiry = Number.POSITIVE_INFINITY;
    // The alerts whose stored search key is not their first platform's search any more: id → key.
    const moved = new Map<string, string>();
    const where = checkableAlertsWhere(at);
    const query = { attributes: [...SCHEDULE_ATTRIBUTES], where };
    await forEachPage(models.Alert, query, LOAD_PAGE, (page) => {
      for (const alert of page) {
        const wanted = entryOf(alert, at);
        if (!wanted) continue;
        remember(alert.id, wanted);
        const interval = wanted.intervalSeconds;
        for (const { platform, key, search } of wanted.links) {
          const entry = desired.get(key);
          if (entry) entry.intervalSeconds = Math.min(entry.intervalSeconds, interval);
          else desired.set(key, { platform, search, intervalSeconds: interval });
          desiredLinks.set(`${alert.id}/${platform}`, key);
          if (!alertKeys.has(alert.id)) alertKeys.set(alert.id, key);
        }
        const key = alertKeys.get(alert.id) ?? null;
        if (key !== null && alert.searchKey !== key) moved.set(alert.id, key);
      }
    });
    for (const [key, want] of desired) searchIntervals.set(key, want.intervalSeconds);
    rebuiltAt = at.getTime();

    const report: ReconcileReport = {
      searches: desired.size,
      created: [],
      removed: [],
      intervalChanged: [],
    };
    const existing = await models.Search.findAll({
      attributes: ['key', 'intervalSeconds', 'nextCheckAt'],
    });
    const existingKeys = new Set(existing.map((search) => search.key));
    // Plain rows: 100 000 model instances of links are heavy, and only three fields are read.
    const links = (await models.AlertSearch.findAll({
      attributes: ['alertId', 'platform', 'searchKey'],
      raw: true,
    })) as Array<{ alertId: string; platform: PlatformId; searchKey: string }>;

    // Short transactions of at most WRITE_BATCH rows each, not one: a first load at 100 000 alerts
    // writes ~20 000 searches and a link per alert, and one transaction held SQLite's write lock
    // for longer than the busy timeout (the feed's writes failed with SQLITE_BUSY). A new search
    // commits together with its links; a load cut short is finished by the next full reload.
    const present = new Set<string>();
    const gone: Array<{ alertId: string; platform: PlatformId }> = [];
    const relinked: Array<{ alertId: string; platform: PlatformId; key: string }> = [];
    for (const { alertId, platform, searchKey } of links) {
      const id = `${alertId}/${platform}`;
      const key = desiredLinks.get(id);
      if (key === undefined) gone.push({ alertId, platform });
      else {
        present.add(id);
        if (searchKey !== key) relinked.push({ alertId, platform, key });
      }
    }
    const newLinks = new Map<string, Array<{ alertId: string; platform: PlatformId }>>();
    for (const [id, key] of desiredLinks) {
      if (present.has(id)) continue;
      const [alertId, platform] = id.split('/') as [string, PlatformId];
      let group = newLinks.get(key);
      if (!group) newLinks.set(key, (group = []));
      group.push({ alertId, platform });
    }
    const writeLinks = async (keys: readonly string[], transaction: Transaction) => {
      const rows = keys.flatMap((key) =>
        (newLinks.get(key) ?? []).map((link) => ({ ...link, searchKey: key })),
      );
      for (const part of chunks(rows, WRITE_BATCH)) {
        await models.AlertSearch.bulkCreate(part, { transaction });
      }
    };
    const newSearches = [...desired].filter(([key]) => !existingKeys.has(key));
    await inTransactions(newSearches, async (part, transaction) => {
      await models.Search.bulkCreate(
        part.map(([key, want]) => ({
          key,
          platform: want.platform,
          search: want.search,
          intervalSeconds: want.intervalSeconds,
          nextCheckAt: new Date(startSlot(key, want.intervalSeconds * 1000, at.getTime())),
        })),
        { transaction },
      );
      await writeLinks(
        part.map(([key]) => key),
        transaction,
      );
    });
    report.created.push(...newSearches.map(([key]) => key));
    const linkedToExisting = [...newLinks.keys()].filter((key) => existingKeys.has(key));
    await inTransactions(linkedToExisting, writeLinks);

    // After the new searches: a changed link may point at one of them.
    await inTransactions(relinked, async (part, transaction) => {
      for (const { alertId, platform, key } of part) {
        await models.AlertSearch.update(
          { searchKey: key },
          { where: { alertId, platform }, transaction },
        );
      }
    });
    await inTransactions(gone, async (part, transaction) => {
      for (const platform of new Set(part.map((link) => link.platform))) {
        const alertId = part.filter((link) => link.platform === platform).map((l) => l.alertId);
        await models.AlertSearch.destroy({ where: { platform, alertId }, transaction });
      }
    });

    const faster = existing.filter((search) => {
      const want = desired.get(search.key);
      return want !== undefined && want.intervalSeconds !== search.intervalSeconds;
    });
    await inTransactions(faster, async (part, transaction) => {
      for (const search of part) {
        // A faster plan joined: move the next check forward to the new rhythm, never later.
        const { intervalSeconds } = desired.get(search.key)!;
        const next = nextSlotAfter(search.key, intervalSeconds * 1000, at.getTime());
        const current = search.nextCheckAt?.getTime() ?? next;
        await search.update(
          { intervalSeconds, nextCheckAt: new Date(Math.min(current, next)) },
          { transaction },
        );
      }
    });
    report.intervalChanged.push(...faster.map((search) => search.key));

    const unused = existing.map((search) => search.key).filter((key) => !desired.has(key));
    await inTransactions(unused, async (part, transaction) => {
      await models.AlertSearch.destroy({ where: { searchKey: part }, transaction });
      await models.SearchSeenListing.destroy({ where: { searchKey: part }, transaction });
      await models.Search.destroy({ where: { key: part }, transaction });
    });
    report.removed.push(...unused);

    // Silent: the search key is the engine's bookkeeping, not an edit — a changed `updatedAt`
    // would make every incremental reader re-read the alert.
    await inTransactions([...moved], (part, transaction) =>
      setEach(models.Alert, 'searchKey', new Map(part), { transaction, silent: true }),
    );
    if (report.created.length > 0 || report.removed.length > 0) {
      logger.info(
        { created: report.created.length, removed: report.removed.length, searches: desired.size },
        'searches reconciled',
      );
    }
    return report;
  }

  /**
   * Between full reloads: only the alerts written since the last tick, and those whose expiry
   * moment has passed, are re-filed; only the searches they leave or join are written.
   */
  async function applyChanges(at: Date): Promise<ReconcileReport> {
    const touched = new Map<string, Alert | null>();
    const { changed, deleted } = await changes.read();
    // After the alerts: a place is recorded with its alerts' touch in one transaction, so an alert
    // read as touched finds its place.
    await refreshPlaces();
    for (const alert of changed) touched.set(alert.id, alert);
    // A deleted alert has no row: its tombstone says it asks nothing of the schedule any more.
    for (const id of deleted) if (entries.has(id)) touched.set(id, null);
    if (at.getTime() >= nextExpiry) {
      nextExpiry = Number.POSITIVE_INFINITY;
      for (const [id, entry] of entries) {
        if (entry.expiresAt === null) continue;
        if (entry.expiresAt <= at.getTime()) {
          if (!touched.has(id)) touched.set(id, null);
        } else nextExpiry = Math.min(nextExpiry, entry.expiresAt);
      }
    }
    const report: ReconcileReport = { searches: 0, created: [], removed: [], intervalChanged: [] };
    if (touched.size === 0) {
      report.searches = searchIntervals.size;
      return report;
    }

    const relinked: Array<{ alert: Alert | null; id: string; entry: AlertEntry | null }> = [];
    const affected = new Set<string>();
    const searchOf = new Map<string, { platform: PlatformId; search: MarketplaceSearch }>();
    for (const [id, alert] of touched) {
      const before = entries.get(id);
      const after = alert ? entryOf(alert, at) : null;
      const keysBefore = (before?.links ?? []).map((link) => `${link.platform}/${link.key}`);
      const keysAfter = (after?.links ?? []).map((link) => `${link.platform}/${link.key}`);
      const same = keysBefore.join() === keysAfter.join();
      if (same && before?.intervalSeconds === after?.intervalSeconds) {
        if (after) remember(id, after); // a new expiry moment, say
        continue;
      }
      for (const link of before?.links ?? []) affected.add(link.key);
      for (const link of after?.links ?? []) {
        affected.add(link.key);
        searchOf.set(link.key, link);
      }
      remember(id, after);
      if (!same || (alert && after && alert.searchKey !== after.links[0]?.key)) {
        relinked.push({ alert, id, entry: after });
      }
    }

    await sequelize.transaction(async (transaction) => {
      const unused: string[] = [];
      for (const key of affected) {
        const ids = searchAlerts.get(key);
        if (!ids || ids.size === 0) {
          searchAlerts.delete(key);
          if (searchIntervals.delete(key)) unused.push(key);
          continue;
        }
        let interval = Number.POSITIVE_INFINITY;
        for (const id of ids) interval = Math.min(interval, entries.get(id)!.intervalSeconds);
        const known = searchIntervals.get(key);
        if (known === interval) continue;
        searchIntervals.set(key, interval);
        const existing = await models.Search.findByPk(key, {
          attributes: ['key', 'intervalSeconds', 'nextCheckAt'],
          transaction,
        });
        if (!existing) {
          const { platform, search } = searchOf.get(key)!;
          await models.Search.create(
            {
              key,
              platform,
              search,
              intervalSeconds: interval,
              nextCheckAt: new Date(startSlot(key, interval * 1000, at.getTime())),
            },
            { transaction },
          );
          report.created.push(key);
        } else if (existing.intervalSeconds !== interval) {
          // A faster plan joined: move the next check forward to the new rhythm, never later.
          const next = nextSlotAfter(key, interval * 1000, at.getTime());
          const current = existing.nextCheckAt?.getTime() ?? next;
          await existing.update(
            { intervalSeconds: interval, nextCheckAt: new Date(Math.min(current, next)) },
            { transaction },
          );
          report.intervalChanged.push(key);
        }
      }
      for (const { alert, id, entry } of relinked) {
        await models.AlertSearch.destroy({ where: { alertId: id }, transaction });
        if (entry && entry.links.length > 0) {
          await models.AlertSearch.bulkCreate(
            entry.links.map((link) => ({
              alertId: id,
              platform: link.platform,
              searchKey: link.key,
            })),
            { transaction },
          );
          const key = entry.links[0]!.key;
          if (alert && alert.searchKey !== key) {
            // silent: the schedule's own bookkeeping is no change of the alert.
            await alert.update({ searchKey: key }, { transaction, silent: true });
          }
        }
      }
      if (unused.length > 0) {
        await models.AlertSearch.destroy({ where: { searchKey: unused }, transaction });
        await models.SearchSeenListing.destroy({ where: { searchKey: unused }, transaction });
        await models.Search.destroy({ where: { key: unused }, transaction });
        report.removed.push(...unused);
      }
    });
    report.searches = searchIntervals.size;
    if (report.created.length > 0 || report.removed.length > 0) {
      logger.info(
        { created: report.created.length, removed: report.removed.length, alerts: touched.size },
        'searches updated from changed alerts',
      );
    }
    return report;
  }

  /** A full reload at the start and every `rebuildEveryMs`; between them only the changes. */
  async function sync(at: Date): Promise<{ mode: 'full' | 'changes'; report: ReconcileReport }> {
    const full =
      rebuiltAt === null || !changes.started || at.getTime() - rebuiltAt >= options.rebuildEveryMs;
    return full
      ? { mode: 'full', report: await reconcile(at) }
      : { mode: 'changes', report: await applyChanges(at) };
  }

  return { sync, reconcile, applyChanges };
}
