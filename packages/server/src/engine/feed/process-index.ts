/**
 * One alert index per process and database. In the embedded default the scheduler's feed and the
 * worker's match jobs run in one process: each keeping its own copy of 100 000 alerts doubled the
 * memory and the refresh work for the same answers.
 */
import type { EngineContext } from '../check-search';
import { AlertIndex } from './alert-index';
import { createIndexSync } from './index-sync';
import { processPlaces } from './places';

export interface ProcessIndex {
  index: AlertIndex;
  /** Brings the index up to date, at most once per `everyMs` (one refresh at a time). */
  refreshAtMostEvery(everyMs: number): Promise<void>;
}

const indexes = new WeakMap<object, ProcessIndex>();

export function processAlertIndex(ctx: EngineContext): ProcessIndex {
  const existing = indexes.get(ctx.sequelize);
  if (existing) return existing;
  const places = processPlaces(ctx);
  const index = new AlertIndex(places.book.get);
  const sync = createIndexSync(ctx, index, { refreshPlaces: places.refresh });
  const shared: ProcessIndex = {
    index,
    refreshAtMostEvery: (everyMs) => sync.refreshAtMostEvery(everyMs),
  };
  indexes.set(ctx.sequelize, shared);
  return shared;
}
