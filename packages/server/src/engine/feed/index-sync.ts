/**
 * Keeps the alert index (alert-index.ts) in step with the alerts as they change — create, edit,
 * pause, resume, confirm, delete, expiry — without reloading them all: each refresh reads only the
 * alerts written since the previous one (their `updatedAt`) and the alerts deleted since then
 * (`alert_deletions`, written by every delete path), from whichever process wrote them. Expiry
 * needs no write: a refresh past an indexed alert's `expiresAt` drops it. A full rebuild every
 * `rebuildEveryMs` remains the safety net.
 */
import { Op } from 'sequelize';
import type { AppContext } from '../../context';
import { chunks } from '../../lib/chunks';
import { forEachPage } from '../../lib/sql';
import type { Alert } from '../../models';
import { checkableAlertsWhere, SEARCH_ATTRIBUTES, STATUS_ATTRIBUTES } from '../../models/Alert';
import type { AlertIndex } from './alert-index';

/** What the index reads of an alert: its search and its status. */
const ATTRIBUTES = ['id', 'updatedAt', ...SEARCH_ATTRIBUTES, ...STATUS_ATTRIBUTES] as const;

/** Alerts read per query in a rebuild. */
const REBUILD_PAGE = 2_000;
/** Changed alerts loaded per query (SQLite takes at most 32 766 variables in one statement). */
const READ_CHUNK = 5_000;

/** Writes up to this long before a refresh may still be committing: read them again. */
const SAFETY_MS = 5_000;

/**
 * The one way to read "the alerts written since I last looked" (index `alerts_updated_at`, so
 * the read does not scan): used by this index and by the scheduler's schedule. `updatedAt` is
 * written with the wall clock, so the mark follows `clock` (real time unless a test fixes it).
 */
export function createChangedAlerts(
  ctx: Pick<AppContext, 'models'>,
  options: { attributes?: readonly string[]; clock?: () => number } = {},
) {
  const clock = options.clock ?? Date.now;
  let syncedUpTo: number | null = null;
  /** The writes the last read saw (id → updatedAt): within the safety margin they are not loaded again. */
  let loaded = new Map<string, number>();
  return {
    /** Whether a full load has set the mark. */
    get started(): boolean {
      return syncedUpTo !== null;
    },
    /** A full load is about to read everything: later reads start from here. */
    mark(): void {
      syncedUpTo = clock();
      loaded = new Map();
    },
    /**
     * The alerts written since the previous read (or mark), and the ids of those deleted since
     * then (a deleted alert has no row to read): each reported at least once.
     */
    async read(): Promise<{ changed: Alert[]; deleted: string[] }> {
      const from = clock();
      const since = new Date((syncedUpTo ?? from) - SAFETY_MS);
      // Ids and stamps first: the safety margin reads every write again for SAFETY_MS, and a
      // burst of writes (a located postcode touches thousands of alerts) loaded whole on every
      // read made hundreds of megabytes of short-lived rows. Only writes not loaded yet are.
      const stamps = await ctx.models.Alert.findAll({
        attributes: ['id', 'updatedAt'],
        where: { updatedAt: { [Op.gte]: since } },
      });
      const fresh = stamps
        .filter((row) => loaded.get(row.id) !== row.updatedAt.getTime())
        .map((row) => row.id);
      loaded = new Map(stamps.map((row) => [row.id, row.updatedAt.getTime()]));
      const changed: Alert[] = [];
      for (const ids of chunks(fresh, READ_CHUNK)) {
        changed.push(
          ...(await ctx.models.Alert.findAll({
            ...(options.attributes ? { attributes: [...options.attributes] } : {}),
            where: { id: { [Op.in]: ids } },
          })),
        );
      }
      const deleted = await ctx.models.AlertDeletion.deletedSince(since);
      syncedUpTo = from;
      return { changed, deleted };
    },
  };
}

export interface IndexSyncOptions {
  now?: () => Date;
  rebuildEveryMs?: number;
  /** Reads the places located since the last look (the index's place lookup follows them). */
  refreshPlaces?: () => Promise<void>;
}

export function createIndexSync(
  ctx: Pick<AppContext, 'models' | 'logger'>,
  index: AlertIndex,
  options: IndexSyncOptions = {},
) {
  const now = options.now ?? (() => new Date());
  const rebuildEveryMs = options.rebuildEveryMs ?? 10 * 60_000;
  const changes = createChangedAlerts(ctx, {
    attributes: ATTRIBUTES,
    clock: () => now().getTime(),
  });
  let rebuiltAt = Number.NEGATIVE_INFINITY;
  /** The indexed alerts with an expiry moment, to drop them when it passes (no write tells). */
  const expiries = new Map<string, number>();
  let nextExpiry = Number.POSITIVE_INFINITY;

  function remove(id: string): void {
    index.remove(id);
    expiries.delete(id);
  }

  function apply(alert: Alert, at: Date): void {
    if (alert.statusAt(at) !== 'active') return remove(alert.id);
    index.upsert(alert);
    if (alert.expiresAt) {
      expiries.set(alert.id, alert.expiresAt.getTime());
      nextExpiry = Math.min(nextExpiry, alert.expiresAt.getTime());
    } else expiries.delete(alert.id);
  }

  function dropExpired(at: Date): number {
    if (at.getTime() < nextExpiry) return 0;
    nextExpiry = Number.POSITIVE_INFINITY;
    let dropped = 0;
    for (const [id, expiresAt] of [...expiries]) {
      if (expiresAt <= at.getTime()) {
        remove(id);
        dropped += 1;
      } else nextExpiry = Math.min(nextExpiry, expiresAt);
    }
    return dropped;
  }

  async function rebuild(): Promise<number> {
    const at = now();
    changes.mark();
    await options.refreshPlaces?.();
    nextExpiry = Number.POSITIVE_INFINITY;
    // In pages (the heap holds one page of model instances, not every alert at once), filed over
    // the live index: between pages it holds every alert it held plus the ones read so far —
    // never fewer, so a batch matched meanwhile misses no alert. The rest leave at the end.
    const read = new Set<string>();
    await forEachPage(
      ctx.models.Alert,
      { attributes: [...ATTRIBUTES], where: checkableAlertsWhere(at) },
      REBUILD_PAGE,
      (page) => {
        for (const alert of page) {
          read.add(alert.id);
          apply(alert, at);
        }
      },
    );
    for (const id of [...index.ids()]) if (!read.has(id)) remove(id);
    rebuiltAt = at.getTime();
    ctx.logger.info({ alerts: index.size }, 'feed alert index built');
    return index.size;
  }

  /**
   * Reads the alerts written and deleted since the last refresh and drops the expired ones;
   * returns how many were (re)filed or dropped.
   */
  async function refresh(): Promise<number> {
    const at = now();
    if (!changes.started || at.getTime() - rebuiltAt >= rebuildEveryMs) return rebuild();
    const { changed, deleted } = await changes.read();
    // After the alerts: a place is recorded with its alerts' touch in one transaction, so an alert
    // read as touched finds its place.
    await options.refreshPlaces?.();
    for (const alert of changed) apply(alert, at);
    for (const id of deleted) remove(id);
    return changed.length + deleted.length + dropExpired(at);
  }

  let lastRefresh = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<unknown> | null = null;
  /**
   * `refresh` at most once per `everyMs`, one at a time: the callers sharing this index (the
   * feed's platform loops, a worker's match jobs) wait for the same read.
   */
  async function refreshAtMostEvery(everyMs: number): Promise<void> {
    if (Date.now() - lastRefresh < everyMs) return;
    refreshing ??= refresh().finally(() => {
      lastRefresh = Date.now();
      refreshing = null;
    });
    await refreshing;
  }

  return { refresh, rebuild, refreshAtMostEvery };
}
