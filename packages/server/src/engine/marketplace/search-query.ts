/**
 * A saved search → the query string of `GET /lrp/api/search`, and
 * the canonical key under which alerts with the same server-side search share one fetch.
 */
import { createHash } from 'node:crypto';
import {
  ALL_AD_LANGUAGES,
  hasLanguageFilter,
  type AdLanguage,
  type PlatformId,
} from '@prijsalarm/core';
import type { MarketplaceSearch } from '../../lib/marketplace-search';

export const SEARCH_PATH = '/lrp/api/search';
/** The API answers HTTP 400 above this. */
export const MAX_PAGE_LIMIT = 100;

export const DELIVERY_ATTRIBUTE_IDS = { pickup: 33, shipping: 34 } as const;
export const CONDITION_ATTRIBUTE_IDS = {
  new: 30,
  asGoodAsNew: 31,
  used: 32,
  refurbished: 14050,
  notWorking: 13940,
} as const;

export type {
  MarketplaceSearch,
  OfferedSinceLabel,
  SearchCriteria,
} from '../../lib/marketplace-search';

/** The server-side search after normalisation: what is sent, field by field. */
export interface CanonicalSearch {
  platform: PlatformId;
  query: string;
  l1CategoryId: number | null;
  l2CategoryId: number | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  postcode: string | null;
  distanceMeters: number | null;
  attributeIds: number[];
  language: AdLanguage | null;
}

function positiveInt(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.round(value)
    : null;
}

/** Case and whitespace do not change a search: 'iPhone  15' and 'iphone 15' share one fetch. */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** '1016 lv' → '1016LV'; Belgian '2000' stays. */
export function normalizePostcode(postcode: string | null | undefined): string | null {
  const compact = (postcode ?? '').replace(/\s+/g, '').toUpperCase();
  return compact === '' ? null : compact;
}

/**
 * What a platform's every search asks beside its criteria: all ad languages, where the site
 * filters by language (its default, sent all the same).
 */
export function platformSearchDefaults(platform: PlatformId): Pick<MarketplaceSearch, 'language'> {
  return hasLanguageFilter(platform) ? { language: ALL_AD_LANGUAGES } : {};
}

export function canonicalSearch(search: MarketplaceSearch): CanonicalSearch {
  const l1CategoryId = positiveInt(search.l1CategoryId);
  const postcode = normalizePostcode(search.postalCode);
  const distanceKm = positiveInt(search.distanceKm);
  const located = postcode !== null && distanceKm !== null;
  // A minimum of 0 filters nothing; only a positive minimum is a bound.
  const minPriceCents = positiveInt(search.minPriceCents);
  const maxPriceCents =
    typeof search.maxPriceCents === 'number' &&
    Number.isFinite(search.maxPriceCents) &&
    search.maxPriceCents >= 0
      ? Math.round(search.maxPriceCents)
      : null;
  const attributeIds = new Set<number>();
  if (search.delivery === 'pickup') attributeIds.add(DELIVERY_ATTRIBUTE_IDS.pickup);
  if (search.delivery === 'shipping') attributeIds.add(DELIVERY_ATTRIBUTE_IDS.shipping);
  for (const id of search.conditionIds ?? []) {
    const valid = positiveInt(id);
    if (valid !== null) attributeIds.add(valid);
  }
  return {
    platform: search.platform,
    query: normalizeQuery(search.query),
    l1CategoryId,
    l2CategoryId: l1CategoryId === null ? null : positiveInt(search.l2CategoryId),
    minPriceCents,
    maxPriceCents,
    postcode: located ? postcode : null,
    distanceMeters: located ? distanceKm * 1000 : null,
    attributeIds: [...attributeIds].sort((a, b) => a - b),
    language: hasLanguageFilter(search.platform) ? (search.language ?? ALL_AD_LANGUAGES) : null,
  };
}

/** Stable across processes and releases: alerts with the same server-side search share it. */
export function canonicalSearchKey(search: MarketplaceSearch): string {
  const canonical = canonicalSearch(search);
  const ordered = [
    canonical.platform,
    canonical.query,
    canonical.l1CategoryId,
    canonical.l2CategoryId,
    canonical.minPriceCents,
    canonical.maxPriceCents,
    canonical.postcode,
    canonical.distanceMeters,
    canonical.attributeIds,
    canonical.language,
  ];
  const digest = createHash('sha256').update(JSON.stringify(ordered)).digest('hex');
  return `${canonical.platform}:${digest.slice(0, 32)}`;
}

export interface PageRequest {
  offset: number;
  limit?: number;
}

/** The query string for one page, newest first ("Nieuwste eerst" = SORT_INDEX + DECREASING). */
export function buildSearchParams(search: MarketplaceSearch, page: PageRequest): URLSearchParams {
  const limit = page.limit ?? MAX_PAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw new RangeError(`limit must be an integer from 1 to ${MAX_PAGE_LIMIT}, got ${limit}`);
  }
  if (!Number.isInteger(page.offset) || page.offset < 0) {
    throw new RangeError(`offset must be a non-negative integer, got ${page.offset}`);
  }
  const canonical = canonicalSearch(search);
  const params = new URLSearchParams();
  params.set('query', canonical.query);
  params.set('searchInTitleAndDescription', 'true');
  if (canonical.l1CategoryId !== null) params.set('l1CategoryId', String(canonical.l1CategoryId));
  if (canonical.l2CategoryId !== null) params.set('l2CategoryId', String(canonical.l2CategoryId));
  if (canonical.minPriceCents !== null || canonical.maxPriceCents !== null) {
    params.append(
      'attributeRanges[]',
      `PriceCents:${canonical.minPriceCents ?? 'null'}:${canonical.maxPriceCents ?? 'null'}`,
    );
  }
  if (canonical.postcode !== null && canonical.distanceMeters !== null) {
    params.set('postcode', canonical.postcode);
    params.set('distanceMeters', String(canonical.distanceMeters));
  }
  for (const id of canonical.attributeIds) params.append('attributesById[]', String(id));
  if (canonical.language !== null)
    params.append('attributesByKey[]', `Language:${canonical.language}`);
  const offeredSince = search.offeredSince;
  if (typeof offeredSince === 'number' && Number.isFinite(offeredSince) && offeredSince > 0) {
    params.append('attributesByKey[]', `offeredSince:${Math.floor(offeredSince)}`);
  } else if (typeof offeredSince === 'string') {
    params.append('attributesByKey[]', `offeredSince:${offeredSince}`);
  }
  params.set('sortBy', 'SORT_INDEX');
  params.set('sortOrder', 'DECREASING');
  params.set('limit', String(limit));
  params.set('offset', String(page.offset));
  params.set('viewOptions', 'list-view');
  return params;
}
