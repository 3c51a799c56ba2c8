/**
 * Keeps the alert index (alert-index.ts) in step with the alerts as they change — create, edit,
 * pause, resume, confirm, delete, expiry — without reloading them all: each refresh reads only the
 * alerts written since the previous one (their `updatedAt`), from whichever process wrote them.
 * Expiry needs no write: an expired alert is dropped when the feed loads it to match. A deleted
 * alert cannot match (the feed loads candidates fresh); it leaves the index at the next rebuild
 * (every `rebuildEveryMs`).
 */
import { Op } from 'sequelize';
import type { AppContext } from '../../context';
import type { Alert } from '../../models';
import { checkableAlertsWhere } from '../scheduler';
import type { AlertIndex } from './alert-index';

const ATTRIBUTES = [
  'id',
  'searchTerm',
  'platforms',
  'minPriceCents',
  'maxPriceCents',
  'postalCode',
  'distanceKm',
  'l1CategoryId',
  'l2CategoryId',
  'confirmedAt',
  'isActive',
  'expiresAt',
  'updatedAt',
] as const;

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
  return {
    /** Whether a full load has set the mark. */
    get started(): boolean {
      return syncedUpTo !== null;
    },
    /** A full load is about to read everything: later reads start from here. */
    mark(): void {
      syncedUpTo = clock();
    },
    /** The alerts written since the previous read (or mark), each read at least once. */
    async read(): Promise<Alert[]> {
      const from = clock();
      const since = (syncedUpTo ?? from) - SAFETY_MS;
      const changed = await ctx.models.Alert.findAll({
        ...(options.attributes ? { attributes: [...options.attributes] } : {}),
        where: { updatedAt: { [Op.gte]: new Date(since) } },
      });
      syncedUpTo = from;
      return changed;
    },
  };
}

export interface IndexSyncOptions {
  now?: () => Date;
  rebuildEveryMs?: number;
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

  function apply(alert: Alert, at: Date): void {
    if (alert.statusAt(at) === 'active') index.upsert(alert);
    else index.remove(alert.id);
  }

  async function rebuild(): Promise<number> {
    const at = now();
    changes.mark();
    const alerts = await ctx.models.Alert.findAll({
      attributes: [...ATTRIBUTES],
      where: checkableAlertsWhere(at),
    });
    for (const id of [...index.ids()]) index.remove(id);
    for (const alert of alerts) apply(alert, at);
    rebuiltAt = at.getTime();
    ctx.logger.info({ alerts: index.size }, 'feed alert index built');
    return index.size;
  }

  /** Reads the alerts written since the last refresh; returns how many were (re)filed. */
  async function refresh(): Promise<number> {
    const at = now();
    if (!changes.started || at.getTime() - rebuiltAt >= rebuildEveryMs) return rebuild();
    const changed = await changes.read();
    for (const alert of changed) apply(alert, at);
    return changed.length;
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
