/**
 * Where each site places the postcodes of distance alerts (README.md "Distance alerts"):
 * `postcode_places` (0056) and a per-process `PlaceBook` the alert index and the scheduler read.
 *
 * A postcode is located once, by the feed (scheduler role): one search with that postcode, its
 * answer's distances → geo.ts `locateFromSamples`. Recording a place touches the alerts of that
 * postcode (`updatedAt`), so every process's index and schedule pick them up through the one path
 * they already follow for changed alerts — no second change feed.
 */
import { Op, col } from 'sequelize';
import { normalizePostalCode, type PlatformId } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { normalizePostcode } from '../marketplace';
import type { LocatedPlace } from './geo';
import { feedModels, type PostcodePlace } from './store';

/** `<platform>:<postcode without spaces>`: '3511 AB' and '3511AB' are one place. */
export function placeKey(platform: PlatformId, postcode: string): string {
  return `${platform}:${normalizePostcode(postcode) ?? ''}`;
}

/** A place the index asks for: null while the postcode is not located. */
export type PlaceLookup = (platform: PlatformId, postcode: string) => LocatedPlace | null;

/** Attempts at locating a postcode the site's answer could not place: 1 min, 10 min, 1 h, then 6 h. */
const RETRY_AFTER_MS = [60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000];

/** Writes up to this long before a refresh may still be committing: read them again. */
const SAFETY_MS = 5_000;

/** The located places and the postcodes waiting for their next attempt, as this process knows them. */
export class PlaceBook {
  private readonly located = new Map<string, LocatedPlace>();
  private readonly retryAt = new Map<string, number>();

  readonly get: PlaceLookup = (platform, postcode) =>
    this.located.get(placeKey(platform, postcode)) ?? null;

  /** Epoch ms before which `key` is not asked again (0: never tried). */
  nextAttemptAt(key: string): number {
    return this.retryAt.get(key) ?? 0;
  }

  apply(row: PostcodePlace): void {
    if (
      row.locatedAt !== null &&
      row.latitude !== null &&
      row.longitude !== null &&
      row.toleranceMeters !== null
    ) {
      this.located.set(row.key, {
        latitude: row.latitude,
        longitude: row.longitude,
        toleranceMeters: row.toleranceMeters,
        samples: row.samples,
      });
      this.retryAt.delete(row.key);
    } else {
      this.located.delete(row.key);
      this.retryAt.set(row.key, row.nextAttemptAt?.getTime() ?? 0);
    }
  }
}

/** Reads the rows written since the previous read into `book` (the first read: every row). */
export function createPlaceSync(ctx: Pick<AppContext, 'sequelize'>, book: PlaceBook) {
  const models = feedModels(ctx.sequelize);
  let syncedUpTo: number | null = null;
  return {
    async refresh(): Promise<void> {
      const from = Date.now();
      const rows = await models.PostcodePlace.findAll({
        ...(syncedUpTo === null
          ? {}
          : { where: { updatedAt: { [Op.gte]: new Date(syncedUpTo - SAFETY_MS) } } }),
      });
      for (const row of rows) book.apply(row);
      syncedUpTo = from;
    },
  };
}

export interface ProcessPlaces {
  book: PlaceBook;
  refresh(): Promise<void>;
}

const books = new WeakMap<object, ProcessPlaces>();

/** One place book per process and database: the index, the scheduler and the locator share it. */
export function processPlaces(ctx: Pick<AppContext, 'sequelize'>): ProcessPlaces {
  const existing = books.get(ctx.sequelize);
  if (existing) return existing;
  const book = new PlaceBook();
  const sync = createPlaceSync(ctx, book);
  let refreshing: Promise<void> | null = null;
  const shared: ProcessPlaces = {
    book,
    // One read at a time; callers arriving meanwhile wait for it.
    refresh: () =>
      (refreshing ??= sync.refresh().finally(() => {
        refreshing = null;
      })),
  };
  books.set(ctx.sequelize, shared);
  return shared;
}

/**
 * Records the outcome of locating a postcode: its place — and then touches the alerts asking for
 * it, so the index files them and the schedule slows their polling to reconciliation — or, when
 * the answer could not place it, when to try again. Returns the row as written.
 */
export async function recordPlace(
  ctx: Pick<AppContext, 'sequelize' | 'models'>,
  platform: PlatformId,
  postcode: string,
  place: LocatedPlace | null,
  at: Date = new Date(),
): Promise<PostcodePlace> {
  const models = feedModels(ctx.sequelize);
  const key = placeKey(platform, postcode);
  const compact = normalizePostcode(postcode) ?? '';
  return ctx.sequelize.transaction(async (transaction) => {
    const known = await models.PostcodePlace.findByPk(key, { transaction });
    const attempts = (known?.attempts ?? 0) + 1;
    const values = place
      ? {
          latitude: place.latitude,
          longitude: place.longitude,
          toleranceMeters: place.toleranceMeters,
          samples: place.samples,
          attempts,
          locatedAt: at,
          nextAttemptAt: null,
        }
      : {
          latitude: null,
          longitude: null,
          toleranceMeters: null,
          samples: 0,
          attempts,
          locatedAt: null,
          nextAttemptAt: new Date(
            at.getTime() + RETRY_AFTER_MS[Math.min(attempts, RETRY_AFTER_MS.length) - 1]!,
          ),
        };
    const row = known
      ? await known.update(values, { transaction })
      : await models.PostcodePlace.create(
          { key, platform, postcode: compact, ...values },
          { transaction },
        );
    if (place) {
      // Stored in core's form ('3511 AB'), or compact by a writer that skipped it.
      const spellings = [...new Set([compact, normalizePostalCode(platform, compact)])];
      // Only `updatedAt` moves: Model.update drops an update whose only value is the timestamp
      // (it writes nothing), so it sets a column to itself and writes `updatedAt` as usual.
      await ctx.models.Alert.update(
        { distanceKm: col('distanceKm') },
        {
          where: { postalCode: { [Op.in]: spellings }, distanceKm: { [Op.gt]: 0 } },
          transaction,
        },
      );
    }
    return row;
  });
}
