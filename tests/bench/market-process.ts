/**
 * The engine bench's outside world, in a process of its own so the bench's CPU figures are the
 * server's alone: the marketplace double publishing BENCH_ADS_PER_SECOND ads (a share
 * BENCH_TERM_SHARE of them carrying a term of the workload), and an SMTP sink that counts mail.
 * Talks to the bench over IPC:
 *   → { type: 'ready', baseUrl, smtpUrl }
 *   ← { type: 'report', from, to }  → { type: 'report', requests, published, mail }
 *   ← { type: 'stop' }
 */
import { SMTPServer } from 'smtp-server';
import { startMarketplaceDouble, type DoublePlatform } from '../doubles/marketplace';
import { seededRandom, termAd } from './workload';

export interface MarketReport {
  /** Requests answered within the window, by kind and host. */
  requests: {
    search: number;
    detail: number;
    other: number;
    failed: number;
    byHost: Record<string, number>;
  };
  /** Every ad published so far: [platform:itemId, publishedAt]. */
  published: Array<[string, number]>;
  /** Term ads published within the window. */
  termAdsInWindow: number;
  /** The ground truth of the window's ads: what the double published, description whole. */
  truth: Array<{
    key: string;
    at: number;
    title: string;
    description: string;
    priceCents: number;
    paid: boolean;
    /** The ad's place (null: country-level), for distance alerts. */
    coordinates: { latitude: number; longitude: number } | null;
  }>;
  mail: { messages: number; recipients: number };
  /**
   * The feed's visits as the double saw them, per platform: a visit is a category search with no
   * query starting at offset 0; its gap is the time since that category's previous visit, its
   * sweep the time from its first page's request to its last (paging waits for the rate too).
   */
  feedVisits: Record<
    string,
    { visits: number; pages: number; gapsMs: number[]; sweepsMs: number[] }
  >;
}

export type MarketMessage =
  | { type: 'ready'; baseUrl: Record<DoublePlatform, string>; smtpUrl: string }
  | ({ type: 'report' } & MarketReport);

const adsPerSecond = Number(process.env.BENCH_ADS_PER_SECOND ?? 4);
const termShare = Number(process.env.BENCH_TERM_SHARE ?? 0.5);
const random = seededRandom(Number(process.env.BENCH_SEED ?? 7));

const double = await startMarketplaceDouble({
  initialListings: Number(process.env.BENCH_INITIAL_LISTINGS ?? 2000),
  initialSpreadDays: 3,
  seed: 20_240_310,
});

const published: Array<[string, number]> = [];
const paid = new Set<string>();
const termAds: number[] = [];
// Published in small batches on a short timer: 40/s as 4 every 100 ms.
const batchEveryMs = 100;
let owed = 0;
const publisher = setInterval(() => {
  owed += (adsPerSecond * batchEveryMs) / 1000;
  for (; owed >= 1; owed -= 1) {
    const platform: DoublePlatform = random() < 0.8 ? 'marktplaats' : '2dehands';
    const at = Date.now();
    const roll = random();
    let ad;
    if (roll < termShare) {
      ad = double.publish({ platform, ...termAd(random) });
      termAds.push(at);
    } else if (roll < termShare + 0.03) {
      ad = double.publish({ platform, priorityProduct: 'DAGTOPPER' });
      paid.add(`${platform}:${ad.itemId}`);
    } else if (roll < termShare + 0.07) {
      ad = double.publish({ platform, admarkt: true });
      paid.add(`${platform}:${ad.itemId}`);
    } else {
      ad = double.publish({ platform });
    }
    published.push([`${platform}:${ad.itemId}`, at]);
  }
}, batchEveryMs);

let messages = 0;
let recipients = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      messages += 1;
      recipients += session.envelope.rcptTo.length;
      callback();
    });
  },
});
const smtpPort = await new Promise<number>((resolve, reject) => {
  smtp.once('error', reject);
  smtp.listen(0, '127.0.0.1', () => {
    const address = smtp.server.address();
    resolve(typeof address === 'object' && address ? address.port : 0);
  });
});

function report(from: number, to: number): MarketReport {
  const requests: MarketReport['requests'] = {
    search: 0,
    detail: 0,
    other: 0,
    failed: 0,
    byHost: {},
  };
  for (const request of double.requests) {
    if (request.at < from || request.at > to) continue;
    if (request.path === '/lrp/api/search') requests.search += 1;
    else if (request.path.startsWith('/v/')) requests.detail += 1;
    else requests.other += 1;
    if (request.status >= 400) requests.failed += 1;
    requests.byHost[request.platform] = (requests.byHost[request.platform] ?? 0) + 1;
  }
  const feedVisits: MarketReport['feedVisits'] = {};
  const entryOf = (platform: string) =>
    (feedVisits[platform] ??= { visits: 0, pages: 0, gapsMs: [], sweepsMs: [] });
  const lastVisit = new Map<string, number>();
  /** Each category's visit under way: its first and its latest page's request. */
  const open = new Map<string, { platform: string; start: number; last: number }>();
  const closeVisit = (key: string) => {
    const visit = open.get(key);
    if (visit && visit.start >= from)
      entryOf(visit.platform).sweepsMs.push(visit.last - visit.start);
    open.delete(key);
  };
  for (const request of double.requests) {
    if (request.path !== '/lrp/api/search' || request.at > to) continue;
    const l1 = request.query.get('l1CategoryId');
    if ((request.query.get('query') ?? '') !== '' || l1 === null) continue;
    const isVisitStart = (request.query.get('offset') ?? '0') === '0';
    const key = `${request.platform}:${l1}`;
    const previous = lastVisit.get(key);
    if (isVisitStart) {
      lastVisit.set(key, request.at);
      closeVisit(key);
      open.set(key, { platform: request.platform, start: request.at, last: request.at });
    }
    const visit = open.get(key);
    if (visit) visit.last = request.at;
    if (request.at < from) continue;
    const entry = entryOf(request.platform);
    entry.pages += 1;
    if (!isVisitStart) continue;
    entry.visits += 1;
    if (previous !== undefined) entry.gapsMs.push(request.at - previous);
  }
  for (const key of [...open.keys()]) closeVisit(key);
  return {
    requests,
    feedVisits,
    published,
    termAdsInWindow: termAds.filter((at) => at >= from && at <= to).length,
    truth: double.published
      .filter((record) => record.publishedAt >= from && record.publishedAt <= to)
      .map((record) => ({
        key: `${record.platform}:${record.itemId}`,
        at: record.publishedAt,
        title: record.title,
        description: record.description,
        priceCents: record.priceCents,
        paid: paid.has(`${record.platform}:${record.itemId}`),
        coordinates: record.coordinates,
      })),
    mail: { messages, recipients },
  };
}

process.on('message', (message: { type: string; from?: number; to?: number }) => {
  if (message.type === 'report') {
    process.send?.({ type: 'report', ...report(message.from ?? 0, message.to ?? Date.now()) });
  }
  if (message.type === 'stop') {
    clearInterval(publisher);
    void double.stop().then(() => smtp.close(() => process.exit(0)));
  }
});
// The bench went away without saying stop: so do we.
process.on('disconnect', () => process.exit(0));

process.send?.({
  type: 'ready',
  baseUrl: double.baseUrl,
  smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
} satisfies MarketMessage);
