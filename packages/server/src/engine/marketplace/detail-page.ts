/**
 * The ad page ("VIP") tells what search results do not: the exact posting time, whether the
 * seller is private or a business, and shipping. Its data sits in `window.__CONFIG__ = {…}`
 *. Pages are fetched only when asked and cached.
 */
import * as cheerio from 'cheerio';
import type { PlatformId } from '@prijsalarm/core';
import {
  createUnknownValueReporter,
  deliveryFromLabels,
  LISTING_TEXT_CAPS,
  listingText,
  optionalListingText,
  sellerTypeFromPage,
  toHttpsUrl,
  type UnknownValueReporter,
} from './normalize';
import type {
  Listing,
  ListingDetail,
  MarketplaceFailure,
  MarketplaceLogger,
  RawDetailListing,
} from './types';

const CONFIG_MARKER = 'window.__CONFIG__';

/** The object literal that starts at `start`, found by matching braces outside strings. */
function balancedObject(source: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < source.length; i++) {
    const char = source[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}') {
      depth--;
      if (depth === 0) return source.slice(start, i + 1);
    }
  }
  return null;
}

/** The parsed `window.__CONFIG__` of an ad page, or null when the page has none. */
export function extractPageConfig(html: string): Record<string, unknown> | null {
  const $ = cheerio.load(html);
  for (const script of $('script:not([src])').toArray()) {
    const code = $(script).text();
    const marker = code.indexOf(CONFIG_MARKER);
    if (marker === -1) continue;
    const open = code.indexOf('{', code.indexOf('=', marker + CONFIG_MARKER.length));
    if (open === -1) continue;
    const literal = balancedObject(code, open);
    if (literal === null) continue;
    try {
      const parsed: unknown = JSON.parse(literal);
      if (parsed !== null && typeof parsed === 'object') return parsed as Record<string, unknown>;
    } catch {
      // Not JSON after all: try the next script.
    }
  }
  return null;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads an ad page; null when it holds no listing (an expired-ad shell, a changed layout). */
export function parseDetailPage(
  html: string,
  target: { platform: PlatformId; id: string },
  logger: MarketplaceLogger,
  reporter: UnknownValueReporter = createUnknownValueReporter(logger),
): ListingDetail | null {
  const config = extractPageConfig(html);
  const listing = config?.listing;
  if (listing === null || typeof listing !== 'object') return null;
  const raw = listing as RawDetailListing;
  const where = { platform: target.platform, itemId: target.id };

  const deliveryKey = stringOrNull(raw.shippingInformation?.deliveryType?.attributeValueKey);
  const shippingOptions = (raw.shippingInformation?.augmentedLabels ?? []).flatMap((carrier) =>
    (carrier?.labels ?? []).map((label) => ({
      carrierName: listingText(label?.carrierName, LISTING_TEXT_CAPS.label),
      label: listingText(label?.label, LISTING_TEXT_CAPS.label),
      price: listingText(label?.price, LISTING_TEXT_CAPS.label),
      deliveryMethod: listingText(label?.deliveryMethod, LISTING_TEXT_CAPS.label),
    })),
  );
  const imageUrls = (raw.gallery?.imageUrls ?? [])
    .map((url) => toHttpsUrl(url))
    .filter((url): url is string => url !== null);

  return {
    id: stringOrNull(raw.itemId) ?? target.id,
    platform: target.platform,
    postedAt: isoOrNull(raw.stats?.since),
    seller: {
      id: raw.seller?.id === undefined ? null : String(raw.seller.id),
      name: optionalListingText(raw.seller?.name, LISTING_TEXT_CAPS.sellerName),
      type: sellerTypeFromPage(raw.seller?.sellerType, (value) =>
        reporter.report('sellerType', value, where),
      ),
    },
    delivery:
      deliveryKey === null
        ? null
        : deliveryFromLabels([deliveryKey], (value) => reporter.report('delivery', value, where)),
    shippable: typeof raw.flags?.shippable === 'boolean' ? raw.flags.shippable : null,
    shippingOptions,
    imageUrls: [...new Set(imageUrls)],
    description: optionalListingText(raw.description, LISTING_TEXT_CAPS.description),
    category: { l1: numberOrNull(raw.category?.parentId), l2: numberOrNull(raw.category?.id) },
    reserved: typeof raw.isReserved === 'boolean' ? raw.isReserved : null,
    adType: stringOrNull(raw.adType),
  };
}

/** The listing as the ad page completes it: exact time, seller type, delivery, full text. */
export function applyDetail(listing: Listing, detail: ListingDetail): Listing {
  return {
    ...listing,
    description: detail.description ?? listing.description,
    postedAt: detail.postedAt ?? listing.postedAt,
    imageUrls:
      detail.imageUrls.length > listing.imageUrls.length ? detail.imageUrls : listing.imageUrls,
    seller: {
      id: listing.seller.id,
      name: listing.seller.name,
      type: detail.seller.type ?? listing.seller.type,
    },
    category: {
      l1: listing.category.l1 ?? detail.category.l1,
      l2: listing.category.l2 ?? detail.category.l2,
    },
    delivery: detail.delivery ?? listing.delivery,
    reserved: detail.reserved ?? listing.reserved,
  };
}

/** A small Map-based LRU with a time to live: Map iteration order is insertion order. */
export class TtlLruCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(private readonly options: { maxEntries: number; ttlMs: number; now: () => number }) {}

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.options.now()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, ttlMs = this.options.ttlMs): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.options.now() + ttlMs });
    while (this.#entries.size > this.options.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}

export type DetailResult =
  | { status: 'ok'; detail: ListingDetail; fromCache: boolean }
  /** 404/410, or a page without a listing (expired ads may answer 200 with a shell). */
  | { status: 'gone'; fromCache: boolean }
  | MarketplaceFailure;

export type PageFetcher = (
  platform: PlatformId,
  url: string,
) => Promise<{ status: 'ok'; statusCode: number; body: string } | MarketplaceFailure>;

export interface DetailPageReaderOptions {
  fetchPage: PageFetcher;
  logger: MarketplaceLogger;
  reporter?: UnknownValueReporter;
  now: () => number;
  /** Default 1 h: posting time and seller type do not change. */
  cacheTtlMs?: number;
  /** Gone answers are kept shorter, in case it was a hiccup. Default 10 min. */
  goneTtlMs?: number;
  cacheMaxEntries?: number;
}

export interface DetailPageReader {
  read(listing: Pick<Listing, 'platform' | 'id' | 'url'>): Promise<DetailResult>;
  clear(): void;
}

type Cached = { status: 'ok'; detail: ListingDetail } | { status: 'gone' };

export function createDetailPageReader(options: DetailPageReaderOptions): DetailPageReader {
  const reporter = options.reporter ?? createUnknownValueReporter(options.logger);
  const cache = new TtlLruCache<string, Cached>({
    maxEntries: options.cacheMaxEntries ?? 500,
    ttlMs: options.cacheTtlMs ?? 60 * 60 * 1000,
    now: options.now,
  });
  const goneTtlMs = options.goneTtlMs ?? 10 * 60 * 1000;
  // Two matchers asking for the same ad at once share one request.
  const inFlight = new Map<string, Promise<DetailResult>>();

  async function load(key: string, listing: Pick<Listing, 'platform' | 'id' | 'url'>) {
    const page = await options.fetchPage(listing.platform, listing.url);
    if (page.status !== 'ok') return page;
    if (page.statusCode === 404 || page.statusCode === 410) {
      cache.set(key, { status: 'gone' }, goneTtlMs);
      return { status: 'gone', fromCache: false } as const;
    }
    if (page.statusCode < 200 || page.statusCode > 299) {
      return {
        status: 'error',
        platform: listing.platform,
        httpStatus: page.statusCode,
        message: `ad page answered ${page.statusCode}`,
        attempts: 1,
      } as const;
    }
    const detail = parseDetailPage(page.body, listing, options.logger, reporter);
    if (detail === null) {
      options.logger.warn(
        { platform: listing.platform, itemId: listing.id },
        'marketplace: ad page without listing data (expired, or the layout changed)',
      );
      cache.set(key, { status: 'gone' }, goneTtlMs);
      return { status: 'gone', fromCache: false } as const;
    }
    cache.set(key, { status: 'ok', detail });
    return { status: 'ok', detail, fromCache: false } as const;
  }

  return {
    async read(listing) {
      const key = `${listing.platform}:${listing.id}`;
      const cached = cache.get(key);
      if (cached !== undefined) return { ...cached, fromCache: true };
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending;
      const promise = load(key, listing).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    clear() {
      cache.clear();
    },
  };
}
