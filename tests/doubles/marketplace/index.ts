/**
 * A local stand-in for www.marktplaats.nl and www.2dehands.be that speaks their real wire
 * protocol: `GET /lrp/api/search` (same parameters, same JSON) and ad pages `GET /v/…` (HTML with
 * `window.__CONFIG__`). Each site gets its own port, like the two real hosts. Tests drive it
 * through `publish`, `inject`, `requests` and `reset`; the demo lets it publish on its own.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  PLACES,
  SELLER_NAMES,
  l2Category,
  type DeliveryLabel,
  type DoublePlatform,
} from './catalogue';
import { generateSpec, pick, seededRandom, type CategoryMix, type ListingSpec } from './generator';
import { DoubleMarket, buildRawListing, type StoredListing } from './market';
import { PICTURE_PATH, pictureSvg } from './pictures';

export type { DoublePlatform } from './catalogue';
export { createVirtualClock, type VirtualClock } from './clock';
export * from './fixtures';

const PLATFORMS: DoublePlatform[] = ['marktplaats', '2dehands'];
const SITE_NAMES: Record<DoublePlatform, string> = {
  marktplaats: 'Marktplaats',
  '2dehands': '2dehands',
};

export interface MarketplaceDoubleOptions {
  /** Port of the marktplaats host; 2dehands gets port + 1. 0 (default): any free ports. */
  port?: number;
  /** New ads per second, spread over both sites (0, the default: only `publish`). */
  publishPerSecond?: number;
  /** Which L1 categories the timer's ads fall in (L1 id → weight). Default: every product alike. */
  categoryMix?: CategoryMix;
  /** Which sites the timer publishes on. Default both. */
  publishPlatforms?: DoublePlatform[];
  /** Seeds the generator: same seed, same ads. */
  seed?: number;
  /** Ads generated at start, posted over the last `initialSpreadDays` days. Default 0. */
  initialListings?: number;
  initialSpreadDays?: number;
  /** The double's clock: day labels and offeredSince depend on it. */
  now?: () => number;
  /** Pictures on the double's own origin (pictures.ts) instead of the real image hosts: the demo. */
  serveImages?: boolean;
  host?: string;
}

/** Anything not given is generated. `raw` fields override the generated search JSON verbatim. */
export interface PublishInput extends Partial<Omit<ListingSpec, 'delivery' | 'postedAt'>> {
  delivery?: DeliveryLabel | (string & {});
  postedAt?: number | Date;
  l1CategoryId?: number;
  raw?: Record<string, unknown>;
  /** Replaces the ad page's `window.__CONFIG__.listing`. */
  pageListing?: Record<string, unknown>;
  /** A verbatim `window.__CONFIG__ = …;</script>` line for the ad page. */
  pageScript?: string;
  /**
   * Its place within its day under date sort (ascending, 0 … 2**32); default the id's hash, i.e.
   * anywhere. 2**32 puts it after every other ad of its day, as an ad indexed late may land.
   */
  daySortKey?: number;
}

/** After every other ad of its day (see PublishInput.daySortKey). */
export const LAST_IN_DAY = 2 ** 32;

export interface PublishedListing {
  platform: DoublePlatform;
  itemId: string;
  vipUrl: string;
  /** Absolute ad page URL on the double. */
  url: string;
  raw: Record<string, unknown>;
}

/** The ground truth: one entry per ad the double published, as the site holds it (whole text). */
export interface PublishedRecord {
  platform: DoublePlatform;
  itemId: string;
  /** The double's clock when it was published (not its postedAt, which a test may backdate). */
  publishedAt: number;
  postedAt: number;
  title: string;
  /** The whole description (the search result shows only its first 200 characters). */
  description: string;
  categoryId: number;
  l1CategoryId: number | null;
  priceCents: number;
  admarkt: boolean;
  /** Where the site places the ad (its city); null for a country-level ad (0/0). */
  coordinates: { latitude: number; longitude: number } | null;
}

export interface FaultSpec {
  /** 403/429/5xx/204 as the real hosts answer them; any other status as a bare error. */
  status: 403 | 429 | 500 | 502 | 503 | 504 | 204 | (number & {});
  /** How many matching requests get the fault. Default 1. */
  times?: number;
  /** Seconds, sent as Retry-After. */
  retryAfter?: number;
  /** Default: both sites. */
  platform?: DoublePlatform;
  /** Default 'any'. */
  target?: 'search' | 'detail' | 'any';
  /** Matching requests to let through first (e.g. 1: the second page fails). Default 0. */
  after?: number;
  /** Only searches with this `query` parameter (case and spacing ignored). Default: any. */
  query?: string;
}

export interface RequestLogEntry {
  platform: DoublePlatform;
  method: string;
  path: string;
  /** Path and query string as received. */
  url: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The double's clock. */
  at: number;
  /** Which TCP connection carried it (1-based per site): keep-alive shows as one number. */
  connection: number;
  /** The status answered. */
  status: number;
  fault: boolean;
}

export interface MarketplaceDouble {
  baseUrl: Record<DoublePlatform, string>;
  publish(input?: PublishInput): PublishedListing;
  /** Stores a search JSON listing exactly as given (real answers, fixtures.ts). */
  publishRaw(
    platform: DoublePlatform,
    raw: Record<string, unknown>,
    meta?: Pick<
      PublishInput,
      'postedAt' | 'l1CategoryId' | 'language' | 'sellerType' | 'pageListing' | 'pageScript'
    >,
  ): PublishedListing;
  /** The ad disappears from search; its page becomes the "verlopen" shell. */
  expire(platform: DoublePlatform, itemId: string): void;
  /** The seller changes the ad's asking price (search answers and page show the new one). */
  reprice(platform: DoublePlatform, itemId: string, priceCents: number): void;
  inject(fault: FaultSpec): void;
  /** Drops the faults not yet used up (a busy host is answering again). */
  clearFaults(): void;
  /** Every ad published (publish, publishRaw, the timer, the initial catalogue), in order. */
  readonly published: PublishedRecord[];
  /** Changes the timer's rate (ads per second over the publishing sites; 0 stops it). */
  setPublishRate(perSecond: number): void;
  /** Every request to either site, in order (control calls excluded). */
  readonly requests: RequestLogEntry[];
  readonly requestLog: RequestLogEntry[];
  /** TCP connections accepted per site. */
  connections(platform: DoublePlatform): number;
  /** Drops ads, faults, the request log and connection counts; the generator restarts from the seed. */
  reset(): void;
  stop(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON that cannot end its <script> early, whatever the (untrusted) ad text holds. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

interface ActiveFault extends FaultSpec {
  remaining: number;
  skip: number;
}

export async function startMarketplaceDouble(
  options: MarketplaceDoubleOptions = {},
): Promise<MarketplaceDouble> {
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 20_240_310;
  const market = new DoubleMarket(now);
  const faults: ActiveFault[] = [];
  const requests: RequestLogEntry[] = [];
  const published: PublishedRecord[] = [];
  const connectionCounts: Record<DoublePlatform, number> = { marktplaats: 0, '2dehands': 0 };
  const connectionIds = new WeakMap<Socket, number>();
  let random = seededRandom(seed);
  let nextOrganicId = 0;
  let nextAdmarktId = 0;
  const baseUrl = {} as Record<DoublePlatform, string>;

  function restartIds() {
    random = seededRandom(seed);
    // Organic ids grow with creation time, like the real 'm' numbers.
    nextOrganicId = 2_100_000_000 + Math.floor(random() * 1_000_000);
    nextAdmarktId = 1_379_000_000 + Math.floor(random() * 1_000_000);
  }
  restartIds();

  function store(
    platform: DoublePlatform,
    raw: Record<string, unknown>,
    meta: PublishInput,
  ): PublishedListing {
    const itemId = String(raw.itemId);
    const postedAt =
      meta.postedAt instanceof Date ? meta.postedAt.getTime() : (meta.postedAt ?? now());
    const l1CategoryId = meta.l1CategoryId ?? l2Category(Number(raw.categoryId))?.parentId ?? null;
    const stored: StoredListing = {
      platform,
      itemId,
      raw,
      postedAt,
      ...(meta.daySortKey === undefined ? {} : { daySortKey: meta.daySortKey }),
      l1CategoryId,
      language: meta.language ?? (platform === '2dehands' ? 'nl-BE' : null),
      sellerType: meta.sellerType ?? (itemId.startsWith('a') ? 'TRADER' : 'CONSUMER'),
      expired: false,
      ...(meta.pageListing ? { pageListing: meta.pageListing } : {}),
      ...(meta.pageScript ? { pageScript: meta.pageScript } : {}),
    };
    market.add(stored);
    const priceInfo = (raw.priceInfo ?? {}) as Record<string, unknown>;
    const location = (raw.location ?? {}) as Record<string, unknown>;
    const latitude = Number(location.latitude ?? 0);
    const longitude = Number(location.longitude ?? 0);
    published.push({
      platform,
      itemId,
      publishedAt: now(),
      postedAt,
      title: String(raw.title ?? ''),
      description: String(raw.description ?? ''),
      categoryId: Number(raw.categoryId),
      l1CategoryId,
      priceCents: Number(priceInfo.priceCents ?? 0),
      admarkt: itemId.startsWith('a'),
      coordinates: latitude === 0 && longitude === 0 ? null : { latitude, longitude },
    });
    const vipUrl = String(raw.vipUrl);
    return { platform, itemId, vipUrl, url: `${baseUrl[platform]}${vipUrl}`, raw };
  }

  /** Ads from `publish` are plain organic ads unless asked otherwise; paid ones must be asked for. */
  function reprice(platform: DoublePlatform, itemId: string, priceCents: number): void {
    const listing = market.find(platform, itemId);
    if (!listing) throw new Error(`no ad ${itemId} on ${platform}`);
    listing.raw.priceInfo = { ...(listing.raw.priceInfo as object), priceCents };
  }

  function publish(input: PublishInput = {}): PublishedListing {
    return publishWith(input, false);
  }

  /** The timer and the initial catalogue also produce the generator's paid and reserved ads. */
  function publishWith(input: PublishInput, generatedExtras: boolean): PublishedListing {
    const platform = input.platform ?? 'marktplaats';
    const postedAt =
      input.postedAt instanceof Date ? input.postedAt.getTime() : (input.postedAt ?? now());
    const generated = generateSpec(
      random,
      platform,
      postedAt,
      generatedExtras ? options.categoryMix : undefined,
    );
    if (!generatedExtras) {
      generated.admarkt = false;
      generated.priorityProduct = 'NONE';
      generated.reserved = false;
      generated.sellerType = 'CONSUMER';
      generated.traits = ['PACKAGE_FREE'];
      generated.sellerName = pick(random, SELLER_NAMES);
    }
    const defined = Object.fromEntries(
      Object.entries(input).filter(
        ([key, value]) =>
          value !== undefined &&
          !['raw', 'pageListing', 'pageScript', 'l1CategoryId', 'daySortKey'].includes(key),
      ),
    ) as Partial<ListingSpec>;
    const admarkt = input.admarkt ?? (input.itemId?.startsWith('a') || generated.admarkt);
    const itemId =
      input.itemId ??
      (admarkt
        ? `a${(nextAdmarktId += 1 + Math.floor(random() * 40))}`
        : `m${(nextOrganicId += 1 + Math.floor(random() * 40))}`);
    const spec: ListingSpec = {
      ...generated,
      ...(admarkt ? { sellerType: 'TRADER', traits: ['PROFILE', 'ADMARKT_CONSOLE'] } : {}),
      ...defined,
      admarkt,
      itemId,
      postedAt,
      delivery: (input.delivery ?? generated.delivery) as DeliveryLabel,
    };
    if (admarkt && input.priorityProduct === undefined) spec.priorityProduct = 'NONE';
    // An ad published with an amount has one: the site shows 0 cents for 'Gratis', bidding without a
    // start price and 'zie omschrijving', so a random such type would silently drop the amount.
    if (
      input.priceCents !== undefined &&
      input.priceType === undefined &&
      ['FREE', 'FAST_BID', 'SEE_DESCRIPTION'].includes(spec.priceType)
    ) {
      spec.priceType = 'FIXED';
    }
    if (
      input.cityName === undefined &&
      !PLACES[platform].some((p) => p.cityName === spec.cityName)
    ) {
      spec.cityName = pick(random, PLACES[platform]).cityName;
    }
    const imageOrigin = options.serveImages ? baseUrl[platform] : null;
    const raw = { ...buildRawListing(spec, imageOrigin), ...(input.raw ?? {}) };
    return store(platform, raw, {
      ...input,
      sellerType: spec.sellerType,
      language: spec.language,
      postedAt,
    });
  }

  const words = (text: string | null) => (text ?? '').trim().toLowerCase().split(/\s+/).join(' ');

  function takeFault(
    platform: DoublePlatform,
    target: 'search' | 'detail' | 'other',
    query: string | null,
  ): ActiveFault | null {
    const index = faults.findIndex(
      (fault) =>
        (fault.platform === undefined || fault.platform === platform) &&
        (fault.target === undefined || fault.target === 'any' || fault.target === target) &&
        (fault.query === undefined || (target === 'search' && words(fault.query) === words(query))),
    );
    const fault = faults[index];
    if (fault === undefined) return null;
    if (fault.skip > 0) {
      fault.skip--;
      return null;
    }
    fault.remaining--;
    if (fault.remaining <= 0) faults.splice(index, 1);
    return fault;
  }

  function send(
    res: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      // The double's clock, as the real hosts send theirs: the only clock behind the day labels.
      date: new Date(now()).toUTCString(),
      via: '1.1 0123456789abcdef.cloudfront.net (CloudFront)',
      'x-cache': status < 400 ? 'Miss from cloudfront' : 'Error from cloudfront',
      ...headers,
      ...(status === 204 ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
    });
    res.end(status === 204 ? undefined : body);
  }

  function answerFault(res: ServerResponse, fault: ActiveFault) {
    const retryAfter: Record<string, string> =
      fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
    if (fault.status === 204) return send(res, 204, '');
    if (fault.status === 403) {
      return send(
        res,
        403,
        '<HTML><HEAD><TITLE>ERROR: The request could not be satisfied</TITLE></HEAD><BODY><H1>403 ERROR</H1><H2>The request could not be satisfied.</H2>Request blocked.</BODY></HTML>',
        { 'content-type': 'text/html', ...retryAfter },
      );
    }
    if (fault.status === 429) {
      return send(res, 429, JSON.stringify({ error: 'Too Many Requests' }), {
        'content-type': 'application/json',
        ...retryAfter,
      });
    }
    if (fault.status >= 500) {
      return send(res, fault.status, 'Service Unavailable', {
        'content-type': 'text/plain',
        ...retryAfter,
      });
    }
    return send(res, fault.status, JSON.stringify({ error: `Status ${fault.status}` }), {
      'content-type': 'application/json',
      ...retryAfter,
    });
  }

  function detailPage(platform: DoublePlatform, path: string, res: ServerResponse): number {
    const itemId = /\/([am]\d+)(?:-[^/]*)?\/?$/.exec(path)?.[1];
    const listing = itemId ? market.find(platform, itemId) : undefined;
    if (!listing) {
      send(
        res,
        404,
        '<!DOCTYPE html><html lang="nl"><body><h1>Pagina niet gevonden</h1></body></html>',
        {
          'content-type': 'text/html; charset=utf-8',
        },
      );
      return 404;
    }
    const vipUrl = String(listing.raw.vipUrl);
    if (path !== vipUrl) {
      send(res, 301, '', { location: vipUrl });
      return 301;
    }
    const title = escapeHtml(String(listing.raw.title ?? ''));
    const script = listing.expired
      ? `window.__CONFIG__ = ${scriptJson({ listing: null, page: 'vip-expired' })};</script>`
      : (listing.pageScript ??
        `window.__CONFIG__ = ${scriptJson({ listing: market.pageListing(listing) })};</script>`);
    const body = listing.expired
      ? '<h1>Deze advertentie is verlopen</h1>'
      : `<h1>${title}</h1><p>${escapeHtml(String(listing.raw.description ?? ''))}</p>`;
    const html = `<!DOCTYPE html><html lang="nl"><head><meta charset="utf-8"><title>${title} | ${SITE_NAMES[platform]}</title><link rel="canonical" href="${escapeHtml(vipUrl)}"></head><body><div id="__next"><main>${body}</main></div><script>${script}</body></html>`;
    send(res, 200, html, { 'content-type': 'text/html; charset=utf-8' });
    return 200;
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
  }

  /** The same controls over HTTP, for the demo running the double in another process. */
  async function control(path: string, req: IncomingMessage, res: ServerResponse) {
    try {
      if (path === '/__control/publish' && req.method === 'POST') {
        return send(res, 200, JSON.stringify(publish((await readJson(req)) as PublishInput)), {
          'content-type': 'application/json',
        });
      }
      if (path === '/__control/reprice' && req.method === 'POST') {
        const body = await readJson(req);
        reprice(
          (body.platform as DoublePlatform | undefined) ?? 'marktplaats',
          String(body.itemId),
          Number(body.priceCents),
        );
        return send(res, 204, '');
      }
      if (path === '/__control/inject' && req.method === 'POST') {
        inject((await readJson(req)) as unknown as FaultSpec);
        return send(res, 204, '');
      }
      if (path === '/__control/faults' && req.method === 'DELETE') {
        clearFaults();
        return send(res, 204, '');
      }
      if (path === '/__control/reset' && req.method === 'POST') {
        reset();
        return send(res, 204, '');
      }
      if (path === '/__control/requests' && req.method === 'GET') {
        const log = requests.map(({ query: _query, ...entry }) => entry);
        return send(res, 200, JSON.stringify(log), { 'content-type': 'application/json' });
      }
      return send(res, 404, 'unknown control');
    } catch (error) {
      return send(res, 400, String(error));
    }
  }

  function handle(platform: DoublePlatform, req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double.invalid');
    if (url.pathname.startsWith('/__control/')) {
      void control(url.pathname, req, res);
      return;
    }
    // Its own pictures (the demo): an image host's answer, not a marketplace request to log.
    if (options.serveImages && req.method === 'GET' && PICTURE_PATH.test(url.pathname)) {
      send(res, 200, pictureSvg(url.pathname), {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
      });
      return;
    }
    const target =
      url.pathname === '/lrp/api/search'
        ? 'search'
        : url.pathname.startsWith('/v/')
          ? 'detail'
          : 'other';
    const entry: RequestLogEntry = {
      platform,
      method: req.method ?? 'GET',
      path: url.pathname,
      url: req.url ?? '/',
      query: url.searchParams,
      headers: req.headers,
      at: now(),
      connection: connectionIds.get(req.socket) ?? 0,
      status: 0,
      fault: false,
    };
    requests.push(entry);
    const fault = takeFault(platform, target, url.searchParams.get('query'));
    if (fault) {
      entry.status = fault.status;
      entry.fault = true;
      answerFault(res, fault);
      return;
    }
    if (req.method !== 'GET') {
      entry.status = 405;
      send(res, 405, '');
      return;
    }
    if (target === 'search') {
      const answer = market.search(platform, url.searchParams);
      entry.status = answer.status;
      if (answer.status === 204) send(res, 204, '');
      else
        send(res, answer.status, JSON.stringify(answer.body), {
          'content-type': 'application/json; charset=utf-8',
        });
      return;
    }
    if (target === 'detail') {
      entry.status = detailPage(platform, url.pathname, res);
      return;
    }
    entry.status = 404;
    send(res, 404, JSON.stringify({ error: 'Not Found' }), { 'content-type': 'application/json' });
  }

  function inject(fault: FaultSpec) {
    faults.push({ ...fault, remaining: fault.times ?? 1, skip: fault.after ?? 0 });
  }

  function clearFaults() {
    faults.length = 0;
  }

  function reset() {
    market.clear();
    clearFaults();
    requests.length = 0;
    published.length = 0;
    connectionCounts.marktplaats = 0;
    connectionCounts['2dehands'] = 0;
    restartIds();
  }

  const servers: Server[] = [];
  const host = options.host ?? '127.0.0.1';
  for (const [index, platform] of PLATFORMS.entries()) {
    const server = createServer((req, res) => handle(platform, req, res));
    server.on('connection', (socket: Socket) => {
      connectionCounts[platform]++;
      connectionIds.set(socket, connectionCounts[platform]);
    });
    const port = options.port ? options.port + index : 0;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    baseUrl[platform] = `http://${host}:${address.port}`;
    servers.push(server);
  }

  const spreadMs = (options.initialSpreadDays ?? 3) * 86_400_000;
  for (let i = 0; i < (options.initialListings ?? 0); i++) {
    // Oldest first, so ids grow with posting time as on the real sites.
    const postedAt =
      now() - spreadMs + Math.floor((spreadMs * i) / Math.max(1, options.initialListings ?? 1));
    publishWith({ platform: pick(random, PLATFORMS), postedAt }, true);
  }

  let timer: ReturnType<typeof setInterval> | null = null;
  const publishing = options.publishPlatforms ?? PLATFORMS;
  function setPublishRate(perSecond: number) {
    if (timer) clearInterval(timer);
    timer = null;
    if (perSecond <= 0) return;
    // Ticks of at least 10 ms; several ads per tick at high rates, so the rate holds.
    const tickMs = Math.max(10, 1000 / perSecond);
    let owed = 0;
    timer = setInterval(() => {
      owed += (perSecond * tickMs) / 1000;
      for (; owed >= 1; owed--) publishWith({ platform: pick(random, publishing) }, true);
    }, tickMs);
    timer.unref();
  }
  setPublishRate(options.publishPerSecond ?? 0);

  return {
    baseUrl,
    publish,
    publishRaw: (platform, raw, meta = {}) => store(platform, { ...raw }, meta),
    expire(platform, itemId) {
      const listing = market.find(platform, itemId);
      if (listing) listing.expired = true;
    },
    reprice,
    inject,
    clearFaults,
    requests,
    requestLog: requests,
    published,
    setPublishRate,
    connections: (platform) => connectionCounts[platform],
    reset,
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
}
