/**
 * The one way the engine talks to Marktplaats and 2dehands: undici with keep-alive, an
 * identifying User-Agent, per-host spacing, full-jitter retries that honour Retry-After, and a
 * cool-down after 403s during which nothing is sent.
 */
import { Agent, request } from 'undici';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '@prijsalarm/core';
import { dayOfLabel, marketDay, oldestOpenDay, parseHttpDate } from './days';
import { createDetailPageReader, type DetailResult, type PageFetcher } from './detail-page';
import {
  createHostCooldowns,
  createSpacingLimiter,
  fullJitterDelay,
  parseRetryAfter,
  type HostPolicy,
} from './host-policy';
import {
  createUnknownValueReporter,
  normalizeSearchResponse,
  type NormalizedPage,
} from './normalize';
import {
  MAX_PAGE_LIMIT,
  SEARCH_PATH,
  buildSearchParams,
  canonicalSearch,
  type MarketplaceSearch,
} from './search-query';
import type {
  CoolingDown,
  Listing,
  MarketplaceError,
  MarketplaceFailure,
  MarketplaceLogger,
  RawSearchResponse,
} from './types';

export const DEFAULT_MARKETPLACE_USER_AGENT = 'PrijsalarmBot/0.1 (+https://prijsalarm.nl/bot)';
export const DEFAULT_PAGE_CAP = 3;

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

export interface MarketplaceClientOptions {
  /** Default: the real sites (PLATFORMS[…].url). May carry a path prefix. */
  baseUrls?: Partial<Record<PlatformId, string>>;
  /** MARKETPLACE_RATE: requests per second per host. Default 1. */
  ratePerSecond?: number;
  userAgent?: string;
  logger: MarketplaceLogger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1): drives the backoff jitter. */
  random?: () => number;
  /** Retries after the first attempt on 429/5xx/network errors. Default 3. */
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A longer Retry-After is not slept through: the host cools down and the call returns. Default 60 s. */
  maxRetryAfterMs?: number;
  cooldownInitialMs?: number;
  cooldownMaxMs?: number;
  /** Per request, for headers and for body. Default 15 s. */
  requestTimeoutMs?: number;
  detailCacheTtlMs?: number;
  detailCacheMaxEntries?: number;
  /**
   * Spacing and cool-down from elsewhere (shared-host-policy.ts: in Redis, for every process);
   * ratePerSecond and the cool-down options are then that policy's business. Closed with the client.
   */
  hostPolicy?: HostPolicy;
  /** Told of every answer (its status code) or failed request (null): the metrics count them. */
  onResponse?: (host: string, statusCode: number | null) => void;
}

export interface SearchPage extends NormalizedPage {
  status: 'ok';
  offset: number;
  limit: number;
  /** The API answered 204 No Content (treated as an empty page). */
  noContent: boolean;
  /** The site's clock when it answered (its Date header), epoch ms; null when it sent none. */
  siteTime: number | null;
  /** Entries in the raw `listings[]`, skipped ones included: tells whether a next page exists. */
  rawListingCount: number;
}

export interface FetchNewListingsOptions {
  /** Ids the search has already reported. */
  seenIds?: ReadonlySet<string>;
  /** Alternative to seenIds, for a seen-set that lives elsewhere. */
  isSeen?: (listing: Listing) => boolean;
  /** Pages of 100 at most. Default 3; MAX_WINDOW_PAGES reads as far as the result window goes. */
  pageCap?: number;
  /**
   * Site time (epoch ms, from its Date header) of the previous complete read of this search. Every
   * day that read could not have seen whole is read through (days.ts oldestOpenDay), and ads of
   * older days are not reported. Default: this read's own first answer, i.e. today (and
   * yesterday too within LATE_INDEXING_MS of midnight).
   */
  since?: number | null;
}

/** The result window (~5 000 items) in pages of 100. */
export const MAX_WINDOW_PAGES = 50;

export type StopReason = 'day-boundary' | 'end-of-results' | 'page-cap' | 'failure';

export interface NewListings {
  status: 'ok';
  /** Not seen before, each once: top block first, then in page order (paid ones flagged). */
  listings: Listing[];
  pagesFetched: number;
  /**
   * day-boundary: read past the oldest day that can hold new ads (complete).
   * end-of-results: no more pages (complete).
   * page-cap: stopped by the cap before reaching seen ads (the search may be too broad).
   * failure: a later page failed; `failure` says why and the listings so far are returned.
   */
  stoppedBy: StopReason;
  failure: MarketplaceFailure | null;
  totalResultCount: number | null;
  /** The site's clock at the first page (its Date header; ours when it sent none). */
  siteTime: number;
  /**
   * The first page was a 204: no real answer. The sites send it when nothing matches, but also
   * when they are busy, so it proves nothing about what is on the market.
   */
  noContent: boolean;
}

export interface MarketplaceClient {
  /** One page of results, newest first. */
  searchPage(
    search: MarketplaceSearch,
    page?: { offset?: number; limit?: number },
  ): Promise<SearchPage | MarketplaceFailure>;
  /** The ads not yet seen, paging back until every day still open since `since` is read through. */
  fetchNewListings(
    search: MarketplaceSearch,
    options?: FetchNewListingsOptions,
  ): Promise<NewListings | MarketplaceFailure>;
  /** The ad page's details (cached); only call when a filter needs them. */
  fetchDetail(listing: Pick<Listing, 'platform' | 'id' | 'url'>): Promise<DetailResult>;
  /** Epoch ms until which the platform's host is cooling down, or null. */
  coolingDownUntil(platform: PlatformId): number | null;
  close(): Promise<void>;
}

type RawResponse = { status: 'ok'; statusCode: number; headers: Headers; body: string };
type Headers = Record<string, string | string[] | undefined>;

/** Pinned paid ads sit on top whatever their day, and Admarkt ads are injected anywhere. */
function isDateOrdered(listing: Listing): boolean {
  return (
    !listing.paid.topBlock && !listing.paid.isAdmarkt && listing.paid.priorityProduct === 'NONE'
  );
}

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const logger = options.logger;
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const maxRetries = options.maxRetries ?? 3;
  const backoffBaseMs = options.backoffBaseMs ?? 1000;
  const backoffCapMs = options.backoffCapMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
  const userAgent = options.userAgent ?? DEFAULT_MARKETPLACE_USER_AGENT;
  const baseUrls = Object.fromEntries(
    PLATFORM_IDS.map((id) => [
      id,
      (options.baseUrls?.[id] ?? PLATFORMS[id].url).replace(/\/+$/, ''),
    ]),
  ) as Record<PlatformId, string>;
  const hostOf = (platform: PlatformId) => new URL(baseUrls[platform]).host;

  const { limiter, cooldowns } = options.hostPolicy ?? {
    limiter: createSpacingLimiter({ ratePerSecond: options.ratePerSecond ?? 1, now, sleep }),
    cooldowns: createHostCooldowns({
      now,
      initialMs: options.cooldownInitialMs ?? 30_000,
      maxMs: options.cooldownMaxMs ?? 5 * 60_000,
    }),
  };
  const reporter = createUnknownValueReporter(logger);
  // One keep-alive connection per host: requests are spaced anyway, and one socket is politer.
  const agent = new Agent({
    connections: 1,
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 60_000,
    headersTimeout: requestTimeoutMs,
    bodyTimeout: requestTimeoutMs,
  });

  function coolingDown(platform: PlatformId, host: string, until: number): CoolingDown {
    return { status: 'cooling-down', platform, host, until, retryInMs: Math.max(0, until - now()) };
  }

  function failed(
    platform: PlatformId,
    httpStatus: number | null,
    message: string,
    attempts: number,
  ): MarketplaceError {
    return { status: 'error', platform, httpStatus, message, attempts };
  }

  /** One GET under the host's rules. Returns any final response (2xx, 3xx, 4xx but 403/429). */
  async function get(
    platform: PlatformId,
    url: string,
    accept: string,
  ): Promise<RawResponse | MarketplaceFailure> {
    const host = new URL(url).host;
    for (let attempt = 0; ; attempt++) {
      const blockedUntil = cooldowns.until(host);
      if (blockedUntil !== null) return coolingDown(platform, host, blockedUntil);
      await limiter.acquire(host);
      // Another request may have been blocked while this one waited for its slot.
      const blockedAfterWait = cooldowns.until(host);
      if (blockedAfterWait !== null) return coolingDown(platform, host, blockedAfterWait);

      let statusCode: number;
      let headers: Headers;
      let body: string;
      try {
        const response = await request(url, {
          method: 'GET',
          dispatcher: agent,
          headers: {
            'user-agent': userAgent,
            accept,
            'accept-language': PLATFORMS[platform].acceptLanguage,
          },
        });
        statusCode = response.statusCode;
        headers = response.headers;
        body = await response.body.text();
      } catch (error) {
        options.onResponse?.(host, null);
        const message = error instanceof Error ? error.message : String(error);
        if (attempt >= maxRetries) return failed(platform, null, message, attempt + 1);
        const delay = fullJitterDelay(attempt, backoffBaseMs, backoffCapMs, random);
        logger.debug?.(
          { platform, attempt, delay, error: message },
          'marketplace: network error, retrying',
        );
        await sleep(delay);
        continue;
      }

      options.onResponse?.(host, statusCode);
      if (statusCode === 403) {
        await cooldowns.trip(host);
        // A Retry-After longer than the ladder's step wins.
        const retryAfter = parseRetryAfter(headers['retry-after'], now());
        if (retryAfter !== null) await cooldowns.hold(host, now() + retryAfter);
        const until = cooldowns.until(host) ?? now();
        logger.warn(
          { platform, host, until: new Date(until).toISOString() },
          'marketplace: 403, cooling down the host',
        );
        return coolingDown(platform, host, until);
      }
      if (RETRYABLE_STATUSES.has(statusCode)) {
        const retryAfter = parseRetryAfter(headers['retry-after'], now());
        if (retryAfter !== null && retryAfter > maxRetryAfterMs) {
          const until = now() + retryAfter;
          await cooldowns.hold(host, until);
          logger.warn(
            { platform, host, statusCode, retryAfter },
            'marketplace: long Retry-After, cooling down',
          );
          return coolingDown(platform, host, until);
        }
        if (attempt >= maxRetries) {
          return failed(
            platform,
            statusCode,
            `answered ${statusCode} after ${attempt + 1} attempts`,
            attempt + 1,
          );
        }
        const delay = retryAfter ?? fullJitterDelay(attempt, backoffBaseMs, backoffCapMs, random);
        logger.debug?.({ platform, statusCode, attempt, delay }, 'marketplace: retrying');
        await sleep(delay);
        continue;
      }
      if (statusCode >= 200 && statusCode < 300) await cooldowns.succeed(host);
      return { status: 'ok', statusCode, headers, body };
    }
  }

  async function searchPage(
    search: MarketplaceSearch,
    page: { offset?: number; limit?: number } = {},
  ): Promise<SearchPage | MarketplaceFailure> {
    const offset = page.offset ?? 0;
    const limit = page.limit ?? MAX_PAGE_LIMIT;
    const params = buildSearchParams(search, { offset, limit });
    const url = `${baseUrls[search.platform]}${SEARCH_PATH}?${params.toString()}`;
    const response = await get(search.platform, url, 'application/json');
    if (response.status !== 'ok') return response;
    const empty: SearchPage = {
      status: 'ok',
      offset,
      limit,
      noContent: true,
      siteTime: parseHttpDate(response.headers.date),
      rawListingCount: 0,
      listings: [],
      topBlock: [],
      totalResultCount: 0,
      maxAllowedPageNumber: null,
    };
    if (response.statusCode === 204) return empty;
    if (response.statusCode !== 200) {
      return failed(
        search.platform,
        response.statusCode,
        `search answered ${response.statusCode}`,
        1,
      );
    }
    if (response.body.trim() === '') return empty;
    let raw: RawSearchResponse;
    try {
      raw = JSON.parse(response.body) as RawSearchResponse;
    } catch {
      return failed(search.platform, response.statusCode, 'search answered unreadable JSON', 1);
    }
    if (raw === null || typeof raw !== 'object') {
      return failed(search.platform, response.statusCode, 'search answered no object', 1);
    }
    const normalized = normalizeSearchResponse(
      raw,
      {
        platform: search.platform,
        siteBaseUrl: baseUrls[search.platform],
        l1CategoryId: canonicalSearch(search).l1CategoryId,
      },
      logger,
      reporter,
    );
    return {
      status: 'ok',
      offset,
      limit,
      noContent: false,
      siteTime: parseHttpDate(response.headers.date),
      rawListingCount: Array.isArray(raw.listings) ? raw.listings.length : 0,
      ...normalized,
    };
  }

  async function fetchNewListings(
    search: MarketplaceSearch,
    fetchOptions: FetchNewListingsOptions = {},
  ): Promise<NewListings | MarketplaceFailure> {
    const pageCap = Math.max(1, Math.floor(fetchOptions.pageCap ?? DEFAULT_PAGE_CAP));
    const seenIds = fetchOptions.seenIds;
    const isSeen = fetchOptions.isSeen ?? ((listing: Listing) => seenIds?.has(listing.id) === true);
    const found = new Map<string, Listing>();
    let totalResultCount: number | null = null;
    let siteTime = now();
    let noContent = false;
    // Within a day the date sort is in no order, and ads are indexed minutes late (after midnight
    // with yesterday's label, anywhere in yesterday's block): every day the previous read could
    // not have seen whole is read to its end, and reading stops once an older day begins.
    let today = marketDay(siteTime);
    let oldestDay = today;

    for (let pageIndex = 0; pageIndex < pageCap; pageIndex++) {
      const page = await searchPage(search, { offset: pageIndex * MAX_PAGE_LIMIT });
      if (page.status !== 'ok') {
        if (pageIndex === 0) return page;
        return done('failure', pageIndex, page);
      }
      if (pageIndex === 0) {
        siteTime = page.siteTime ?? siteTime;
        today = marketDay(siteTime);
        oldestDay = oldestOpenDay(Math.min(fetchOptions.since ?? siteTime, siteTime));
        noContent = page.noContent;
      } else if (page.noContent) {
        // Later pages of a search that has results are never empty answers: the host is busy.
        const busy = failed(
          search.platform,
          204,
          'search answered 204 in the middle of its pages',
          1,
        );
        return done('failure', pageIndex, busy);
      }
      totalResultCount ??= page.totalResultCount;
      let boundary = false;
      for (const listing of [...page.topBlock, ...page.listings]) {
        const seen = isSeen(listing);
        const day = isDateOrdered(listing) ? dayOfLabel(listing.dayLabel, today) : null;
        // Older than any day that can still hold an unseen ad: not new, and the end of reading.
        if (day !== null && day < oldestDay) {
          boundary = true;
          continue;
        }
        if (!seen && !found.has(listing.id)) found.set(listing.id, listing);
      }
      if (boundary) return done('day-boundary', pageIndex + 1, null);
      const maxPages = page.maxAllowedPageNumber;
      const lastAllowed =
        maxPages !== null && (pageIndex + 1) * MAX_PAGE_LIMIT >= maxPages * page.limit;
      if (page.noContent || page.rawListingCount < page.limit || lastAllowed) {
        return done('end-of-results', pageIndex + 1, null);
      }
    }
    return done('page-cap', pageCap, null);

    function done(
      stoppedBy: StopReason,
      pagesFetched: number,
      failure: MarketplaceFailure | null,
    ): NewListings {
      return {
        status: 'ok',
        listings: [...found.values()],
        pagesFetched,
        stoppedBy,
        failure,
        totalResultCount,
        siteTime,
        noContent,
      };
    }
  }

  /** Ad pages may redirect to their canonical slug; only ever within the configured host. */
  const fetchPage: PageFetcher = async (platform, url) => {
    const base = baseUrls[platform];
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (!current.startsWith(`${base}/`)) {
        return failed(platform, null, `refusing to fetch outside ${base}`, 0);
      }
      const response = await get(platform, current, 'text/html');
      if (response.status !== 'ok') return response;
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        current = new URL(location, current).toString();
        continue;
      }
      return { status: 'ok', statusCode: response.statusCode, body: response.body };
    }
    return failed(platform, null, 'too many redirects', MAX_REDIRECTS + 1);
  };

  const detailReader = createDetailPageReader({
    fetchPage,
    logger,
    reporter,
    now,
    ...(options.detailCacheTtlMs === undefined ? {} : { cacheTtlMs: options.detailCacheTtlMs }),
    ...(options.detailCacheMaxEntries === undefined
      ? {}
      : { cacheMaxEntries: options.detailCacheMaxEntries }),
  });

  return {
    searchPage,
    fetchNewListings,
    fetchDetail: (listing) => detailReader.read(listing),
    coolingDownUntil: (platform) => cooldowns.until(hostOf(platform)),
    close: async () => {
      await agent.close();
      await options.hostPolicy?.close?.();
    },
  };
}
