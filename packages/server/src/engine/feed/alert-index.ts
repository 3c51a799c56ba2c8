/**
 * An in-memory index over the alerts the feed can decide: for a new listing it finds the candidate
 * alerts — platform, query words, L1/L2 category, price range — without scanning every alert.
 * The matcher (matcher.ts) then applies each candidate's own filters.
 *
 * How words are found: an alert's words must all occur in the listing's folded text
 * (query-rules.ts). The alert is filed under ONE trigram of its longest word (the trigram whose
 * bucket is smallest, so common ones do not pile up); a listing looks up the trigrams of its text.
 * Any alert whose words all occur has that trigram in the text, so no candidate is missed. Alerts
 * whose longest word is shorter than 3 characters, and alerts without words (a category search),
 * sit in small per-platform lists checked directly.
 *
 * Not indexed (the feed cannot decide them; per-search polling keeps them at full cadence):
 * alerts with a postcode + distance (the site's geo data), and 2dehands alerts on one language.
 */
import type { PlatformId } from '@prijsalarm/core';
import type { Alert } from '../../models';
import type { SearchableAlert } from '../alert-search';
import type { Listing } from '../marketplace';
import { judgeQuery, queryWords, searchText, type SearchableText } from './query-rules';

/** What the index reads of an alert: its server-side search, without the matcher's filters. */
export type IndexableAlert = Pick<Alert, 'id'> &
  Omit<SearchableAlert, 'deliveryMethod' | 'customFilters'>;

export interface IndexEntry {
  id: string;
  platforms: ReadonlySet<PlatformId>;
  words: string[];
  l1: number | null;
  l2: number | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
}

/** Whether the feed can decide this alert's ads at all (else: per-search polling only). */
export function feedCovers(alert: Pick<IndexableAlert, 'postalCode' | 'distanceKm'>): boolean {
  return !(alert.postalCode && alert.distanceKm != null && alert.distanceKm > 0);
}

const GRAM = 3;

function grams(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + GRAM <= word.length; i++) out.push(word.slice(i, i + GRAM));
  return out;
}

/** The site's price filter: a listing without an amount passes a maximum, fails a minimum > 0. */
function priceFits(entry: IndexEntry, priceCents: number | null): boolean {
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

export class AlertIndex {
  private readonly entries = new Map<string, IndexEntry>();
  /** `${platform}|${gram}` → alert ids. */
  private readonly byGram = new Map<string, Set<string>>();
  /** Where an alert is filed, to remove it again. */
  private readonly filedUnder = new Map<string, string[]>();
  /** `${platform}|short` and `${platform}|none`: short words, and no words at all. */
  private readonly lists = new Map<string, Set<string>>();
  private readonly perPlatform = new Map<PlatformId, number>();

  get size(): number {
    return this.entries.size;
  }

  /** Alerts of one platform: a platform without any is not read at all. */
  sizeOf(platform: PlatformId): number {
    return this.perPlatform.get(platform) ?? 0;
  }

  ids(): IterableIterator<string> {
    return this.entries.keys();
  }

  has(alertId: string): boolean {
    return this.entries.has(alertId);
  }

  /** Adds or replaces an alert (an edit files it again); one the feed cannot decide is dropped. */
  upsert(alert: IndexableAlert): void {
    this.remove(alert.id);
    if (!feedCovers(alert)) return;
    const words = queryWords(alert.searchTerm);
    const entry: IndexEntry = {
      id: alert.id,
      platforms: new Set(alert.platforms),
      words,
      l1: alert.l1CategoryId ?? null,
      l2: alert.l1CategoryId != null ? (alert.l2CategoryId ?? null) : null,
      minPriceCents: alert.minPriceCents ?? null,
      maxPriceCents: alert.maxPriceCents ?? null,
    };
    this.entries.set(alert.id, entry);
    for (const platform of entry.platforms) {
      this.perPlatform.set(platform, (this.perPlatform.get(platform) ?? 0) + 1);
    }
    const keys: string[] = [];
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
    for (const platform of entry.platforms) {
      let key: string;
      if (longest.length >= GRAM) {
        // The trigram with the fewest alerts already filed: buckets stay even.
        const options = grams(longest).map((gram) => `${platform}|${gram}`);
        key = options.reduce((best, option) =>
          (this.byGram.get(option)?.size ?? 0) < (this.byGram.get(best)?.size ?? 0) ? option : best,
        );
        let bucket = this.byGram.get(key);
        if (!bucket) this.byGram.set(key, (bucket = new Set()));
        bucket.add(alert.id);
        keys.push(`g:${key}`);
      } else {
        key = `${platform}|${longest === '' ? 'none' : 'short'}`;
        let list = this.lists.get(key);
        if (!list) this.lists.set(key, (list = new Set()));
        list.add(alert.id);
        keys.push(`l:${key}`);
      }
    }
    this.filedUnder.set(alert.id, keys);
  }

  remove(alertId: string): void {
    for (const key of this.filedUnder.get(alertId) ?? []) {
      const map = key.startsWith('g:') ? this.byGram : this.lists;
      const bucket = map.get(key.slice(2));
      bucket?.delete(alertId);
      if (bucket?.size === 0) map.delete(key.slice(2));
    }
    this.filedUnder.delete(alertId);
    for (const platform of this.entries.get(alertId)?.platforms ?? []) {
      this.perPlatform.set(platform, (this.perPlatform.get(platform) ?? 1) - 1);
    }
    this.entries.delete(alertId);
  }

  /** The alerts a listing may match: words (query-rules.ts), category and price checked. */
  candidates(
    listing: Pick<Listing, 'platform' | 'category' | 'priceCents'> & SearchableText,
  ): Candidates {
    const text = searchText(listing);
    const ids = new Set<string>();
    const platform = listing.platform;
    for (const id of this.lists.get(`${platform}|none`) ?? []) ids.add(id);
    for (const id of this.lists.get(`${platform}|short`) ?? []) ids.add(id);
    for (let i = 0; i + GRAM <= text.length; i++) {
      const bucket = this.byGram.get(`${platform}|${text.slice(i, i + GRAM)}`);
      if (bucket) for (const id of bucket) ids.add(id);
    }
    const result: Candidates = { matches: [], undecided: [] };
    for (const id of ids) {
      const entry = this.entries.get(id)!;
      if (entry.l1 !== null && listing.category.l1 !== entry.l1) continue;
      if (entry.l2 !== null && listing.category.l2 !== entry.l2) continue;
      if (!priceFits(entry, listing.priceCents)) continue;
      const verdict = judgeQuery(entry.words, listing, text);
      if (verdict === 'match') result.matches.push(id);
      else if (verdict === 'undecided') result.undecided.push(id);
    }
    return result;
  }
}
