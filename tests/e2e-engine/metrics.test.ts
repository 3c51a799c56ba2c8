/**
 * GET /metrics of the running server (every role, the feed on) as Prometheus scrapes it, while a
 * guest's alert finds an ad and mails it: only with the METRICS_TOKEN bearer token, and what an
 * operator alerts on is there — request latency by route pattern (never a token from a URL), the
 * mail sent, the marketplace's answers per host with its 429s and 403s apart, the feed's lag, what
 * found the ad, the queue, the searches per-search polling reached, and the database's size.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  metricValue,
  parseMetrics,
  scrapeMetrics,
  type Sample,
} from '../../packages/server/test/metrics';
import { feedModels } from '../../packages/server/src/engine/feed/store';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import {
  createConfirmedGuestAlert,
  createUserAlert,
  eventually,
  startEngineE2E,
  waitForAdMail,
  waitForFirstCheck,
  type EngineE2E,
} from './kit';

const TOKEN = 'e2e-metrics-token-0123456789';
/** An L1 category the feed reads, and one of its L2 categories. */
const FIETSEN = 445;
const DAMESFIETSEN = 447;
let kit: EngineE2E;
const email = uniqueEmail('metrics');

beforeAll(async () => {
  kit = await startEngineE2E({
    env: {
      METRICS_TOKEN: TOKEN,
      ENGINE_FEED: 'on',
      ENGINE_FEED_MAX_GAP_SECONDS: '1',
      RECONCILE_FACTOR: '1',
    },
  });
  // A guest's alert, confirmed from its mail: the confirmation link carries a secret token.
  await createConfirmedGuestAlert(kit.server, { searchTerm: 'platenspeler' });
  const browser = kit.server.client();
  await loginAs(kit.server, browser, { email, plan: 'PRO' });
  const alertId = await createUserAlert(browser, {
    searchTerm: 'draaitafel',
    platforms: ['marktplaats', '2dehands'],
    notifyEmail: true,
  });
  await waitForFirstCheck(kit.server, alertId);
  // The feed's first read of a category only learns what is there: after it, every ad is new.
  await waitForFeedRead();
});

/** Resolves once the feed has read Fietsen, where the ad is published, after this call. */
async function waitForFeedRead(): Promise<void> {
  const since = Date.now();
  await eventually(
    async () => {
      const row = await feedModels(kit.server.ctx.sequelize).FeedCategory.findByPk(
        `marktplaats:${FIETSEN}`,
      );
      return (row?.lastVisitedAt?.getTime() ?? 0) > since;
    },
    30_000,
    'a feed read of Fietsen',
  );
}
afterAll(() => kit?.stop());

const scrape = () => scrapeMetrics(kit.server.baseUrl, TOKEN);

/** Polls the scrape until `ready` holds for it; returns that scrape. */
async function scrapeUntil(ready: (samples: Sample[]) => boolean, what: string) {
  let last: Sample[] = [];
  await eventually(
    async () => {
      last = await scrape();
      return ready(last);
    },
    30_000,
    what,
  );
  return last;
}

it('answers Prometheus only with the METRICS_TOKEN bearer token', async () => {
  const without = await fetch(`${kit.server.baseUrl}/metrics`);
  expect(without.status).toBe(401);
  expect(without.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
  expect(await without.json()).toEqual({
    error: 'Geef het token uit METRICS_TOKEN mee: Authorization: Bearer <token>.',
  });
  const wrong = await fetch(`${kit.server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}x` },
  });
  expect(wrong.status).toBe(401);

  const right = await fetch(`${kit.server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(right.status).toBe(200);
  expect(right.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const samples = parseMetrics(await right.text());
  expect(metricValue(samples, 'prijsalarm_build_info', { services: 'web,worker,scheduler' })).toBe(
    1,
  );
  // Node's own: the process's memory and the event loop's lag.
  expect(metricValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  expect(metricValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
});

it('counts an ad from publication to the mail, and what the marketplace answered', async () => {
  const ad = kit.double.publish({
    categoryId: DAMESFIETSEN,
    title: 'Technics draaitafel SL-1210',
    priceCents: 40_000,
  });
  await waitForAdMail(kit.server.mailbox, email, ad.itemId);
  const host = new URL(kit.double.baseUrl.marktplaats).host;

  const samples = await scrapeUntil(
    (s) =>
      (metricValue(s, 'prijsalarm_sends_total', { channel: 'email', outcome: 'sent' }) ?? 0) >= 1 &&
      (metricValue(s, 'prijsalarm_feed_lag_seconds_count', { platform: 'marktplaats' }) ?? 0) >= 1,
    'the mail and the feed read in the metrics',
  );
  expect(
    metricValue(samples, 'prijsalarm_sends_total', { channel: 'email', outcome: 'sent' }),
  ).toBe(1);
  expect(
    metricValue(samples, 'prijsalarm_sends_total', { channel: 'email', outcome: 'failed' }),
  ).toBe(0);
  // The feed or a per-search check found it (both run): recorded once.
  expect(
    (metricValue(samples, 'prijsalarm_notifications_recorded_total', { found_by: 'feed' }) ?? 0) +
      (metricValue(samples, 'prijsalarm_notifications_recorded_total', {
        found_by: 'reconciliation',
      }) ?? 0),
  ).toBe(1);
  expect(
    metricValue(samples, 'prijsalarm_marketplace_requests_total', { host, status: '2xx' }),
  ).toBeGreaterThan(0);
  // The feed reads a category at most a second after the last read here: the lag is seconds.
  const lagSum = metricValue(samples, 'prijsalarm_feed_lag_seconds_sum', {
    platform: 'marktplaats',
  })!;
  const lagCount = metricValue(samples, 'prijsalarm_feed_lag_seconds_count', {
    platform: 'marktplaats',
  })!;
  expect(lagSum / lagCount).toBeLessThan(30);

  // Latency by the route's pattern: the two alerts and the guest's confirmation link.
  expect(
    metricValue(samples, 'prijsalarm_http_request_duration_seconds_count', {
      method: 'POST',
      route: '/api/alerts',
      status: '201',
    }),
  ).toBe(2);
  expect(
    metricValue(samples, 'prijsalarm_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/alerts/confirm/:token',
      status: '200',
    }),
  ).toBe(1);
  // No URL's secret (the confirmation token, the manage link's) is ever a label.
  const routes = new Set(samples.map((sample) => sample.labels.route).filter(Boolean));
  expect([...routes].every((route) => !/[A-Za-z0-9_-]{20,}/.test(route!))).toBe(true);

  // The installation: the queue per job type, what polling reached, the database's size.
  for (const job of ['check-search', 'deliver', 'match-listings', 'match-listing-pages']) {
    expect(metricValue(samples, 'prijsalarm_queue_jobs', { job, state: 'waiting' })).toBeDefined();
    expect(metricValue(samples, 'prijsalarm_queue_oldest_waiting_seconds', { job })).toBeDefined();
  }
  expect(
    metricValue(samples, 'prijsalarm_searches', { platform: 'marktplaats', state: 'in_time' }),
  ).toBeGreaterThanOrEqual(1);
  expect(metricValue(samples, 'prijsalarm_database_size_bytes')).toBeGreaterThan(100_000);
});

it("counts the marketplace's 429 and 403 per host apart", async () => {
  const host = new URL(kit.double.baseUrl['2dehands']).host;
  const before = await scrape();
  const count = (samples: Sample[], status: string) =>
    metricValue(samples, 'prijsalarm_marketplace_requests_total', { host, status }) ?? 0;
  kit.double.inject({ status: 429, times: 1, platform: '2dehands' });
  kit.double.inject({ status: 403, times: 1, platform: '2dehands' });

  const after = await scrapeUntil(
    (s) => count(s, '429') > count(before, '429') && count(s, '403') > count(before, '403'),
    'the 2dehands 429 and 403 in the metrics',
  );
  expect(count(after, '429') - count(before, '429')).toBe(1);
  expect(count(after, '403') - count(before, '403')).toBe(1);
  // Marktplaats answered on: its host has no 403.
  const marktplaats = new URL(kit.double.baseUrl.marktplaats).host;
  expect(
    metricValue(after, 'prijsalarm_marketplace_requests_total', {
      host: marktplaats,
      status: '403',
    }),
  ).toBeUndefined();
});
