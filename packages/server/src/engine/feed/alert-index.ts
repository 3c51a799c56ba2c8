/**
 * An in-memory index over the alerts the feed can decide: for a new listing it finds the candidate
 * alerts — platform, query words, L1/L2 category, price range — without scanning every alert.
 * The matcher (matcher.ts) then applies each candidate's own filters.
 *
 * How words are found: an alert's words must all occur in the listing's folded text
 * (query-rules.ts). Each distinct search is filed under ONE trigram of its longest word (the
 * trigram whose bucket is smallest, so common ones do not pile up); a listing looks up the trigrams
 * of its text. Any search whose words all occur has that trigram in the text, so no candidate is
 * missed. Searches whose longest word is shorter than 3 characters, and searches without words (a
 * category search), sit in small per-platform lists checked directly.
 *
 * Distance alerts (a postcode + distance) are filed once the site's place of their postcode is
 * known (places.ts, geo.ts): a listing's coordinates then decide, except near the circle's edge or
 * without coordinates ('undecided': reconciliation asks the site). Until then, per-search polling
 * keeps them at full cadence, and `unlocated` tells the feed which postcodes to locate.
 */
import type { PlatformId } from '@prijsalarm/core';
import type { Alert } from '../../models';
import type { SearchableAlert } from '../alert-search';
import { normalizePostcode, type Listing } from '../marketplace';
import { circleVerdict, type LocatedPlace } from './geo';
import { placeKey, type PlaceLookup } from './places';
import { judgeQuery, queryWords, searchText, type SearchableText } from './query-rules';

/** What the index reads of an alert: its server-side search, without the matcher's filters. */
export type IndexableAlert = Pick<Alert, 'id'> &
  Omit<SearchableAlert, 'deliveryMethod' | 'customFilters'>;

/** One distinct search of the index: every alert asking exactly this shares it. */
interface SearchEntry {
  platforms: ReadonlySet<PlatformId>;
  words: string[];
  l1: number | null;
  l2: number | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** A distance search: per platform the site's place of its postcode, and the radius. */
  circle: { places: ReadonlyMap<PlatformId, LocatedPlace>; radiusMeters: number } | null;
  alertIds: Set<string>;
  /** Where the search is filed, to remove it again. */
  filedUnder: string[];
}

type GeoAlert = Pick<IndexableAlert, 'postalCode' | 'distanceKm' | 'platforms'>;

/** The alert's postcode and radius when it filters by distance (the site ignores either alone). */
function distanceOf(alert: GeoAlert): { postcode: string; radiusMeters: number } | null {
  return alert.postalCode && alert.distanceKm != null && alert.distanceKm > 0
    ? { postcode: alert.postalCode, radiusMeters: alert.distanceKm * 1000 }
    : null;
}

/**
 * Whether the feed can decide this alert's ads at all (else: per-search polling only, at full
 * cadence): every alert, a distance alert once its postcode is located on each of its platforms.
 */
export function feedCovers(alert: GeoAlert, places: PlaceLookup): boolean {
  const distance = distanceOf(alert);
  return (
    distance === null ||
    alert.platforms.every((platform) => places(platform, distance.postcode) !== null)
  );
}

const GRAM = 3;

function grams(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + GRAM <= word.length; i++) out.push(word.slice(i, i + GRAM));
  return out;
}

/** The site's price filter: a listing without an amount passes a maximum, fails a minimum > 0. */
function priceFits(entry: SearchEntry, priceCents: number | null): boolean {
  if (entry.minPriceCents !== null && entry.minPriceCents > 0) {
    if (priceCents === null || priceCents < entry.minPriceCents) return false;
  }
  return entry.maxPriceCents === null || priceCents === null || priceCents <= entry.maxPriceCents;
}

export interface Candidates {
  /** Alerts whose words, category and price all fit. */
  matches: string[];
  /** Alerts that would fit but a word may sit in the cut part of the description. */
  undecided: string[];
}

/**
 * Alerts are filed per distinct search (words, category, price range, platforms): identical
 * searches are common (the bench's 100 000 alerts make ~5 000), and a listing then costs one check
 * per search instead of one per alert — the index's work grows with the searches, not the alerts.
 */
export class AlertIndex {
  /** signature → the search and its alerts. */
  private readonly searches = new Map<string, SearchEntry>();
  /** alert id → its search's signature. */
  private readonly searchOf = new Map<string, string>();
  /** `${platform}|${gram}` → signatures. */
  private readonly byGram = new Map<string, Set<string>>();
  /** `${platform}|short` and `${platform}|none`: short words, and no words at all. */
  private readonly lists = new Map<string, Set<string>>();
  private readonly perPlatform = new Map<PlatformId, number>();
  /** Distance alerts waiting for their postcode's place, by place key (places.ts placeKey). */
  private readonly waiting = new Map<
    string,
    { platform: PlatformId; postcode: string; alertIds: Set<string> }
  >();
  private readonly waitingOf = new Map<string, string[]>();

  /** `places`: where the sites place postcodes (none known: distance alerts wait). */
  constructor(private readonly places: PlaceLookup = () => null) {}

  get size(): number {
    return this.searchOf.size;
  }

  /** Distinct searches filed (alerts asking the same share one). */
  get searchCount(): number {
    return this.searches.size;
  }

  /** Alerts of one platform: a platform without any is not read at all. */
  sizeOf(platform: PlatformId): number {
    return this.perPlatform.get(platform) ?? 0;
  }

  ids(): IterableIterator<string> {
    return this.searchOf.keys();
  }

  has(alertId: string): boolean {
    return this.searchOf.has(alertId);
  }

  /**
   * The postcodes of `platform` whose distance alerts wait for the site's place, with how many
   * alerts wait for each (most first): what the feed locates next.
   */
  unlocated(platform: PlatformId): Array<{ postcode: string; alerts: number }> {
    const out: Array<{ postcode: string; alerts: number }> = [];
    for (const wait of this.waiting.values()) {
      if (wait.platform === platform)
        out.push({ postcode: wait.postcode, alerts: wait.alertIds.size });
    }
    return out.sort((a, b) => b.alerts - a.alerts);
  }

  /** Adds or replaces an alert (an edit files it again); one the feed cannot decide yet waits. */
  upsert(alert: IndexableAlert): void {
    this.remove(alert.id);
    const platforms = [...new Set(alert.platforms)].sort();
    const distance = distanceOf(alert);
    let circle: SearchEntry['circle'] = null;
    if (distance) {
      const places = new Map<PlatformId, LocatedPlace>();
      const missing: PlatformId[] = [];
      for (const platform of platforms) {
        const place = this.places(platform, distance.postcode);
        if (place) places.set(platform, place);
        else missing.push(platform);
      }
      if (missing.length > 0) return this.wait(alert.id, distance.postcode, missing);
      circle = { places, radiusMeters: distance.radiusMeters };
    }
    const words = queryWords(alert.searchTerm);
    const l1 = alert.l1CategoryId ?? null;
    const l2 = l1 !== null ? (alert.l2CategoryId ?? null) : null;
    const minPriceCents = alert.minPriceCents ?? null;
    const maxPriceCents = alert.maxPriceCents ?? null;
    const signature = JSON.stringify([
      platforms,
      words,
      l1,
      l2,
      minPriceCents,
      maxPriceCents,
      distance ? [normalizePostcode(distance.postcode), distance.radiusMeters] : null,
    ]);
    let search = this.searches.get(signature);
    if (!search) {
      search = {
        platforms: new Set(platforms),
        words,
        l1,
        l2,
        minPriceCents,
        maxPriceCents,
        circle,
        alertIds: new Set(),
        filedUnder: this.file(signature, platforms, words),
      };
      this.searches.set(signature, search);
    }
    search.alertIds.add(alert.id);
    this.searchOf.set(alert.id, signature);
    for (const platform of platforms) {
      this.perPlatform.set(platform, (this.perPlatform.get(platform) ?? 0) + 1);
    }
  }

  private wait(alertId: string, postcode: string, platforms: PlatformId[]): void {
    const keys = platforms.map((platform) => {
      const key = placeKey(platform, postcode);
      let wait = this.waiting.get(key);
      if (!wait) {
        wait = { platform, postcode: normalizePostcode(postcode) ?? '', alertIds: new Set() };
        this.waiting.set(key, wait);
      }
      wait.alertIds.add(alertId);
      return key;
    });
    this.waitingOf.set(alertId, keys);
  }

  remove(alertId: string): void {
    for (const key of this.waitingOf.get(alertId) ?? []) {
      const wait = this.waiting.get(key);
      wait?.alertIds.delete(alertId);
      if (wait?.alertIds.size === 0) this.waiting.delete(key);
    }
    this.waitingOf.delete(alertId);
    const signature = this.searchOf.get(alertId);
    if (signature === undefined) return;
    this.searchOf.delete(alertId);
    const search = this.searches.get(signature)!;
    search.alertIds.delete(alertId);
    for (const platform of search.platforms) {
      this.perPlatform.set(platform, (this.perPlatform.get(platform) ?? 1) - 1);
    }
    if (search.alertIds.size > 0) return;
    this.searches.delete(signature);
    for (const key of search.filedUnder) {
      const map = key.startsWith('g:') ? this.byGram : this.lists;
      const bucket = map.get(key.slice(2));
      bucket?.delete(signature);
      if (bucket?.size === 0) map.delete(key.slice(2));
    }
  }

  /** Files a new search under one trigram of its longest word per platform (or a short list). */
  private file(signature: string, platforms: PlatformId[], words: string[]): string[] {
    const keys: string[] = [];
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    for (const platform of platforms) {
      if (longest.length >= GRAM) {
        // The trigram with the fewest searches already filed: buckets stay even.
        const options = grams(longest).map((gram) => `${platform}|${gram}`);
        const key = options.reduce((best, option) =>
          (this.byGram.get(option)?.size ?? 0) < (this.byGram.get(best)?.size ?? 0) ? option : best,
        );
        let bucket = this.byGram.get(key);
        if (!bucket) this.byGram.set(key, (bucket = new Set()));
        bucket.add(signature);
        keys.push(`g:${key}`);
      } else {
        const key = `${platform}|${longest === '' ? 'none' : 'short'}`;
        let list = this.lists.get(key);
        if (!list) this.lists.set(key, (list = new Set()));
        list.add(signature);
        keys.push(`l:${key}`);
      }
    }
    return keys;
  }

  /** The alerts a listing may match: words (query-rules.ts), category and price checked. */
  candidates(
    listing: Pick<Listing, 'platform' | 'category' | 'priceCents'> &
      Partial<Pick<Listing, 'location'>> &
      SearchableText,
  ): Candidates {
    const text = searchText(listing);
    const signatures = new Set<string>();
    const platform = listing.platform;
    for (const signature of this.lists.get(`${platform}|none`) ?? []) signatures.add(signature);
    for (const signature of this.lists.get(`${platform}|short`) ?? []) signatures.add(signature);
    for (let i = 0; i + GRAM <= text.length; i++) {
      const bucket = this.byGram.get(`${platform}|${text.slice(i, i + GRAM)}`);
      if (bucket) for (const signature of bucket) signatures.add(signature);
    }
    const result: Candidates = { matches: [], undecided: [] };
    for (const signature of signatures) {
      const search = this.searches.get(signature)!;
      if (search.l1 !== null && listing.category.l1 !== search.l1) continue;
      if (search.l2 !== null && listing.category.l2 !== search.l2) continue;
      if (!priceFits(search, listing.priceCents)) continue;
      const where = search.circle
        ? circleVerdict(
            search.circle.places.get(platform)!,
            search.circle.radiusMeters,
            listing.location?.coordinates ?? null,
          )
        : 'inside';
      if (where === 'outside') continue;
      const verdict = judgeQuery(search.words, listing, text);
      if (verdict === 'no-match') continue;
      const into = verdict === 'match' && where === 'inside' ? result.matches : result.undecided;
      for (const id of search.alertIds) into.push(id);
    }
    return result;
  }
}
