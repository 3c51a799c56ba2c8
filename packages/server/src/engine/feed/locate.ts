/**
 * Locates the postcodes of distance alerts (README.md "Distance alerts"): for a postcode the index
 * waits on, one search with that postcode and a distance that covers the country, newest first in
 * the platform's busiest category; the distances the site reports for its listings, with their
 * coordinates, tell where the site places the postcode (geo.ts). Runs in the feed's loop, on the
 * feed's client and within its share of MARKETPLACE_RATE — one request per postcode, ever, unless
 * the answer could not place it (then the next busiest category; when none could, again after
 * 1 min … 6 h).
 */
import type { PlatformId } from '@prijsalarm/core';
import type { EngineContext } from '../check-search';
import type { MarketplaceClient } from '../marketplace';
import type { AlertIndex } from './alert-index';
import { locateFromSamples, type DistanceSample } from './geo';
import { placeKey, processPlaces, recordPlace } from './places';
import { feedModels } from './store';

/** "No limit" as the sites' own clients send it (research: marketplaces.md, distanceMeters). */
export const LOCATE_DISTANCE_KM = 1_000;
/** At most one locate request per platform this often: the category visits keep the rest. */
export const LOCATE_GAP_MS = 5_000;

export interface LocatorOptions {
  platform: PlatformId;
  client: MarketplaceClient;
  index: AlertIndex;
  /** The feed's categories; the busiest (learnt rate) is asked first: the most distinct places. */
  categories: readonly number[];
  gapMs?: number;
  now?: () => number;
}

export type LocateOutcome =
  | { status: 'idle' }
  | { status: 'located' | 'unplaced'; postcode: string; samples: number }
  | { status: 'failed'; postcode: string; message: string };

export function createPostcodeLocator(ctx: EngineContext, options: LocatorOptions) {
  const { platform, client, index } = options;
  const now = options.now ?? Date.now;
  const gapMs = options.gapMs ?? LOCATE_GAP_MS;
  const places = processPlaces(ctx);
  const logger = ctx.logger.child({ component: 'feed-locate', platform });
  let lastAt = Number.NEGATIVE_INFINITY;
  /**
   * Per postcode, the categories asked since its last recorded attempt: an answer too thin to
   * place it (a quiet category, or rates not learnt yet on a new installation) moves on to the
   * next busiest category; only when every category failed is the attempt recorded (back-off).
   */
  const asked = new Map<string, Set<number>>();

  async function categoriesByRate(): Promise<number[]> {
    const rows = await feedModels(ctx.sequelize).FeedCategory.findAll({
      attributes: ['l1CategoryId', 'adsPerMinute'],
      where: { platform },
    });
    const rate = new Map(rows.map((row) => [row.l1CategoryId, row.adsPerMinute]));
    return [...options.categories].sort((a, b) => (rate.get(b) ?? 0) - (rate.get(a) ?? 0));
  }

  /** Locates the next waiting postcode, if one is due and the gap has passed. */
  async function locateNext(): Promise<LocateOutcome> {
    const at = now();
    if (at - lastAt < gapMs) return { status: 'idle' };
    const next = index
      .unlocated(platform)
      .find(({ postcode }) => places.book.nextAttemptAt(placeKey(platform, postcode)) <= at);
    if (!next) return { status: 'idle' };
    lastAt = at;
    const key = placeKey(platform, next.postcode);
    // The busiest category not asked yet for this postcode (the rates move as the feed learns).
    const tried = asked.get(key) ?? new Set<number>();
    const ordered = (await categoriesByRate()).filter((l1) => !tried.has(l1));
    const l1 = ordered[0] ?? null;
    const page = await client.searchPage(
      {
        platform,
        query: '',
        l1CategoryId: l1,
        postalCode: next.postcode,
        distanceKm: LOCATE_DISTANCE_KM,
      },
      { limit: 100 },
    );
    // The host's trouble is not the postcode's: nothing recorded, asked again after the gap.
    if (page.status !== 'ok') {
      const message = page.status === 'cooling-down' ? 'cooling down' : page.message;
      return { status: 'failed', postcode: next.postcode, message };
    }
    const samples: DistanceSample[] = [];
    for (const listing of [...page.topBlock, ...page.listings]) {
      const { coordinates, distanceMeters } = listing.location;
      if (coordinates && distanceMeters !== null) samples.push({ ...coordinates, distanceMeters });
    }
    const place = locateFromSamples(samples);
    if (!place && l1 !== null && ordered.length > 1) {
      asked.set(key, tried.add(l1));
      return { status: 'unplaced', postcode: next.postcode, samples: samples.length };
    }
    asked.delete(key);
    const row = await recordPlace(ctx, platform, next.postcode, place, new Date(now()));
    places.book.apply(row);
    if (place) {
      logger.info(
        { postcode: next.postcode, samples: place.samples, toleranceMeters: place.toleranceMeters },
        'postcode located: its distance alerts are decided by the feed',
      );
      return { status: 'located', postcode: next.postcode, samples: place.samples };
    }
    logger.warn(
      { postcode: next.postcode, listings: samples.length, retryAt: row.nextAttemptAt },
      'postcode not placed by any category; its alerts stay with per-search polling',
    );
    return { status: 'unplaced', postcode: next.postcode, samples: samples.length };
  }

  return { locateNext };
}
