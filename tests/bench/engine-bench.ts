/**
 * `npm run bench:engine`: the alert engine under load — the real server code (startApplication,
 * worker + scheduler roles, SQLite, in-process queue) with 1 000, 10 000 and 100 000 alerts
 * (tests/bench/workload.ts: ~20 000 distinct searches at 100 000) against the marketplace double
 * publishing 4 ads/s (Marktplaats' real rate) and 40 ads/s (stress), at the server's own
 * MARKETPLACE_RATE (1 request/s per host), over loopback. Not a test: it prints figures. The
 * default run is the whole comparison (12 scenarios, about an hour and a half); the variables
 * below narrow it.
 *
 * Each scenario runs in a fresh process (so CPU and memory are its own) with the marketplace
 * double and an SMTP sink in a process of their own (tests/bench/market-process.ts):
 *   seed users and alerts → start the server → warm-up until every search had its first fetch
 *   (polling) or every feed category its first read (feed) → a measured window → a drain, until
 *   every (alert, ad) pair the ground truth expects of the window has its e-mail sent.
 *
 * Each alert count and rate runs in every mode of BENCH_MODES (polling,feed): per-search polling
 * alone (ENGINE_FEED=off) and the new-ads feed with per-search reconciliation (ENGINE_FEED=on), so
 * the two are compared in one run. Recall is measured against the double's ground truth (every ad
 * it published in the window, description whole, its place) for the alerts whose rules the ground
 * truth can decide (any seller; a distance as the double measures it): recorded, and e-mail sent.
 *
 * Environment: BENCH_ALERTS (1000,10000,100000), BENCH_ADS_PER_SECOND (4,40), BENCH_MODES
 * (polling,feed), BENCH_INTERVAL_SECONDS (30: CHECK_INTERVAL_SECONDS for every plan; `plan`: each
 * plan's own interval of the default settings, PRO 3, REGISTERED 10, FREE 30 minutes, as users
 * have them), BENCH_WARMUP_SECONDS (240 at most), BENCH_WINDOW_SECONDS (60), BENCH_DRAIN_SECONDS
 * (the drain's longest wait: the longest interval + 60, at least 300), BENCH_TERM_SHARE (the
 * share of the ads carrying a search term of the workload; by default 5 000 / the alerts, at most
 * 0.5 — 0.5 up to 10 000 alerts, 0.05 at 100 000 — so every count has a few thousand expected
 * pairs in its window and none more notifications than one process can send), MARKETPLACE_RATE (the server's
 * default, 1 request/s per host), CHECK_CONCURRENCY (the server's default, 4), BENCH_HEAP_SNAPSHOT
 * (a directory: the heap at the window's end), BENCH_CPU_PROFILE (a directory: a V8 CPU profile of
 * the window), BENCH_MEMORY_TRACE (1: the heap every 5 s), BENCH_COMPILED (1: each scenario runs as
 * JavaScript compiled with the production build's esbuild settings, under plain node as
 * `npm start` runs the server, instead of through tsx — to compare their CPU and memory),
 * BENCH_KEEP_DB (1: the scenario's data directory, with its SQLite file, is kept and its path
 * printed), BENCH_BACKLOG_TRACE (1: the deliver jobs waiting, every 10 s). Besides the figures it prints the SQL
 * statements per second in the window (the most frequent kinds) and what the database file is
 * made of.
 *
 * BENCH_TOPOLOGY: `embedded` (the default, above) or `scaleout`: MariaDB + Redis/BullMQ with
 * BENCH_WORKERS (1,2: each count a scenario) worker processes and one scheduler process, started
 * and stopped by the bench in a temp dir (tests/bench/engine-scaleout.ts); the same figures, read
 * from the database, Redis and the processes, plus e-mails sent per second per worker.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { checkIntervalMinutes, DEFAULT_SETTINGS, PLANS, type Plan } from '@prijsalarm/core';
import { Op, type Sequelize } from 'sequelize';
import { startApplication } from '../../packages/server/src/boot';
import { loadConfig } from '../../packages/server/src/config/env';
import { limitHeapGrowth } from '../../packages/server/src/lib/heap-growth';
import { migrate } from '../../packages/server/src/db/migrate';
import { createSequelize } from '../../packages/server/src/db/sequelize';
import { alertSearches } from '../../packages/server/src/engine/alert-search';
import {
  createMarketplaceClient,
  type Listing,
} from '../../packages/server/src/engine/marketplace';
import { alertFilters, matchListing } from '../../packages/server/src/engine/matcher';
import { foldText, queryWords } from '../../packages/server/src/engine/feed/query-rules';
import { batchMomentAfter } from '../../packages/server/src/engine/slots';
import { feedModels } from '../../packages/server/src/engine/feed/store';
import { FEED_CATEGORIES } from '../../packages/server/src/engine/feed/run';
import { createLogger } from '../../packages/server/src/logger';
import { initModels, type Alert, type Models } from '../../packages/server/src/models';
import {
  createTokenService,
  hashToken,
  TOKEN_PURPOSES,
} from '../../packages/server/src/security/tokens';
import {
  distanceMeters,
  placeForPostcode,
  type DoublePlatform,
} from '../doubles/marketplace/catalogue';
import type { MarketMessage, MarketReport } from './market-process';
import { benchAlerts, TERMS } from './workload';
import { startScaleOut, type ProcessFigures, type ScaleOut } from './engine-scaleout';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const env = process.env;
/** `plan`: no CHECK_INTERVAL_SECONDS, each plan's interval of the default settings. */
const PLAN_INTERVALS = env.BENCH_INTERVAL_SECONDS === 'plan';
const planIntervalSeconds = (plan: Plan) =>
  PLAN_INTERVALS
    ? checkIntervalMinutes(DEFAULT_SETTINGS, plan) * 60
    : Number(env.BENCH_INTERVAL_SECONDS ?? 30);
/** The longest check interval of any plan. */
const INTERVAL_S = Math.max(...PLANS.map(planIntervalSeconds));
/** The order the figures are printed in. */
const REPORT_PLANS: Plan[] = ['PRO', 'REGISTERED', 'FREE'];
/**
 * The issue's targets: PRO publication → delivery ≤ 60 s, every other plan within its interval
 * + 5 s.
 */
const targetMs = (plan: Plan) => (plan === 'PRO' ? 60 : planIntervalSeconds(plan) + 5) * 1000;
const WINDOW_S = Number(env.BENCH_WINDOW_SECONDS ?? 60);
const WARMUP_MAX_S = Number(env.BENCH_WARMUP_SECONDS ?? 240);
type Mode = 'polling' | 'feed';
/** `embedded` (SQLite, in-process queue, one process) or `scaleout` (engine-scaleout.ts). */
const SCALE_OUT = (env.BENCH_TOPOLOGY ?? 'embedded') === 'scaleout';
/** BENCH_KEEP_DB=1: the scenario's data directory (its SQLite file) stays, to be looked into. */
const KEEP_DB = env.BENCH_KEEP_DB === '1';
/** The drain's longest wait: it ends as soon as every expected pair's e-mail is sent. */
const DRAIN_S = Number(env.BENCH_DRAIN_SECONDS ?? Math.max(INTERVAL_S + 60, 300));
/** Seeding, warm-up, window, drain and the matcher measure, with room to spare. */
const SCENARIO_DEADLINE_MS = (WARMUP_MAX_S + WINDOW_S + DRAIN_S + 180) * 1000;

interface ScenarioResult {
  mode: Mode;
  alerts: number;
  /** The double's publication rate (BENCH_ADS_PER_SECOND of this scenario). */
  adsPerSecond: number;
  /** The share of its ads carrying a workload term (BENCH_TERM_SHARE of this scenario). */
  termShare: number;
  /** Requests per second per host in the window. */
  requestsPerSecondByHost: Record<string, number>;
  /** Notifications of the window's ads by the path that found them. */
  foundBy: Record<string, number>;
  /** The same per platform: found by path, and the expected pairs recorded and sent. */
  byPlatform: Record<
    string,
    { feed: number; reconciliation: number; expected: number; delivered: number; sent: number }
  >;
  /** Against the ground truth: expected (alert, ad) pairs, delivered ones, extra ones, duplicates. */
  recall: {
    expected: number;
    delivered: number;
    /** Expected pairs whose e-mail was sent (accepted by the SMTP server) by the drain's end. */
    sent: number;
    extra: number;
    duplicateMails: number;
    /** Of those, the pairs of distance alerts (postcode + distance). */
    distance: { expected: number; delivered: number };
  };
  /** How long the drain took until every expected pair's e-mail was sent (or gave up). */
  drainSeconds: number;
  /** Publication → e-mail sent per plan (guests count as FREE). */
  latencyByPlanMs: Record<
    string,
    { p50: number; p95: number; count: number; max: number; withinTarget: number }
  >;
  /** Database file growth in the window, extrapolated to an hour. */
  dbGrowthMbPerHour: number;
  /**
   * SQLite: the pages in use (page_count − freelist_count, WAL included) grown in the window and
   * from the window's start to the drain's end, extrapolated to an hour. The file grows only when
   * a checkpoint copies the WAL in (every ~4 MB), so over 60 s its figure counts one checkpoint
   * more or less: ±240 MB/h.
   */
  dbPagesGrowthMbPerHour?: { window: number; toDrainEnd: number };
  users: number;
  searches: number;
  alertsPerSearch: { mean: number; max: number; sharedShare: number };
  warmupSeconds: number;
  /** Searches still without their first fetch when the warm-up was cut off. */
  warmupUnfinished: number;
  windowSeconds: number;
  marketplace: {
    requestsPerMinute: number;
    searchPerMinute: number;
    detailPerMinute: number;
    failed: number;
  };
  adsPublishedPerSecond: number;
  termAdsPerSecond: number;
  checksWithNewAds: number;
  matchedPairsPerSecond: number;
  matcherPairsPerSecond: number;
  notifications: number;
  notificationsPerSecond: number;
  deliveries: Record<string, Record<string, number>>;
  mails: number;
  latencyRecordedMs: { p50: number; p95: number; count: number };
  /** Publication → the feed stored the ad (its category's visit saw it). */
  latencyFeedReadMs: { p50: number; p95: number; count: number };
  /** The feed's visits as the double counted them, per platform. */
  feedVisits: Record<
    string,
    {
      perMinute: number;
      pagesPerVisit: number;
      gapP50: number;
      gapP95: number;
      sweepP50: number;
      sweepP95: number;
    }
  >;
  latencySentMs: { p50: number; p95: number; count: number };
  cpu: { seconds: number; coreShare: number };
  rssPeakMb: number;
  /** Worker processes (scale-out; 1 embedded: the one process). */
  workers: number;
  /** Scale-out: each process's CPU in the window and its peak RSS. */
  processes: Array<ProcessFigures & { coreShare: number }>;
  /**
   * Scale-out: e-mails each worker sent per second (its /metrics): the window's mean, the mean
   * from the window's start to the drain's end, and the best 15 s of that.
   */
  sendsPerWorker: Record<string, { window: number; toDrainEnd: number; peak15s: number }>;
  /** Delivery rows (e-mail) marked sent in the window per second, from the database. */
  rowsSentPerSecond: number;
  /** The load average (1 min) at the window's start and end: other work on the machine. */
  loadAverage: [number, number];
  /** Ready `deliver` jobs not yet running, sampled every second from the start to the drain's end. */
  deliverWaiting: {
    p95: number;
    peak: number;
    /** The same from the window's start on (the warm-up left out). */
    fromWindow?: { p95: number; peak: number };
  };
  eventLoopP99Ms: number;
  /** SQL statements through Sequelize in the window, per second, and the most frequent kinds. */
  statementsPerSecond: number;
  topStatements: Array<[string, number]>;
  /** The database's largest tables and indexes at the end (MB), and its notifications. */
  dbObjectsMb: Array<[string, number]>;
  notificationRows: number;
  /**
   * Bytes per notification and per listing snapshot (table and its indexes), and a snapshot's
   * average listing JSON, description, title + url + images.
   */
  notificationBytes: {
    notification: number;
    /** A delivery row with its share of the deliveries' indexes, and how many a notification has. */
    delivery: number;
    deliveriesPerNotification: number;
    /** A row of the feed's listings (every ad the feed read) with its indexes. */
    feedListing: number;
    snapshot: number;
    snapshots: number;
    listing: number;
    description: number;
    flat: number;
  };
  warnings: Record<string, number>;
  /** Distance alerts' postcodes: when the feed located each (seconds after the start). */
  postcodes: Array<{ key: string; locatedAfterSeconds: number | null; samples: number }>;
  /** The first expected pairs not delivered, explained. */
  missed: string[];
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (text: string) => console.error(`  · ${text}`);

/* ------------------------------------------------------------------------ one scenario */

/** Alerts that match the same ads: what the ground truth reads of them, and their ids. */
interface TruthRule {
  searchTerm: string;
  platforms: DoublePlatform[];
  maxPriceCents: number | null;
  /** Paid ads count only for a PRO alert that asks for them. */
  includePaid: boolean;
  postalCode: string | null;
  distanceKm: number | null;
  ids: string[];
}

/**
 * Every (alert, ad) pair the ground truth expects, `alertId/platform:listingId`: the ad's whole
 * text holds every word of the search, its price is within the cap, a paid ad only for a PRO
 * alert that asks for paid ads, and a distance as the site measures it.
 */
function expectedPairs(rules: Iterable<TruthRule>, truth: MarketReport['truth']): Set<string> {
  // Each ad folded once: at 100 000 alerts × 2 400 ads folding per pair took longer than the
  // scenario itself.
  const ads = truth.map((ad) => ({
    ...ad,
    platform: ad.key.slice(0, ad.key.indexOf(':')) as DoublePlatform,
    folded: foldText(`${ad.title} ${ad.description}`),
  }));
  const expected = new Set<string>();
  for (const rule of rules) {
    const words = queryWords(rule.searchTerm);
    const circles = {
      marktplaats: circleOf(rule, 'marktplaats'),
      '2dehands': circleOf(rule, '2dehands'),
    };
    for (const ad of ads) {
      if (!rule.platforms.includes(ad.platform)) continue;
      if (ad.paid && !rule.includePaid) continue;
      if (rule.maxPriceCents !== null && ad.priceCents > rule.maxPriceCents) continue;
      // As the site decides a distance: from its place of the postcode to the ad's place.
      const circle = circles[ad.platform];
      if (circle && !withinCircle(circle, ad)) continue;
      if (!words.every((word) => ad.folded.includes(word))) continue;
      for (const id of rule.ids) expected.add(`${id}/${ad.key}`);
    }
  }
  return expected;
}

/** An e-mail of an ad published in the window, sent: where it waited. */
interface SentMail {
  plan: string;
  key: string;
  recordedMs: number;
  sentMs: number;
  publishedAt: number;
  alertId: string;
  attempts: number;
  /** Sent with another alert's mail of the same ad (its lead). */
  follower: boolean;
}

/**
 * The sends past their plan's target, worst first: where each waited. A batched send's moment is
 * its alert's (slots.ts `batchMomentAfter` from the feed's previous read); a recipient's other
 * alert of the same read may have made it sooner, never later.
 */
async function overTargetLines(
  models: ReturnType<typeof initModels>,
  sends: readonly SentMail[],
): Promise<string[]> {
  const over = sends
    .map((send) => ({ ...send, excessMs: send.sentMs - targetMs(send.plan as Plan) }))
    .filter((send) => send.excessMs > 0)
    .sort((a, b) => b.excessMs - a.excessMs)
    .slice(0, 6);
  const lines: string[] = [];
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  for (const send of over) {
    const colon = send.key.indexOf(':');
    const row = await feedModels(models.Alert.sequelize!).FeedListing.findOne({
      where: { platform: send.key.slice(0, colon), listingId: send.key.slice(colon + 1) },
      attributes: ['alertsBefore'],
    });
    const recordedAt = send.publishedAt + send.recordedMs;
    const due =
      send.plan !== 'PRO' && row
        ? batchMomentAfter(
            send.alertId,
            planIntervalSeconds(send.plan as Plan) * 1000,
            row.alertsBefore.getTime(),
            recordedAt,
          )
        : null;
    lines.push(
      `over target: ${send.plan} ${send.key}: ${s(send.excessMs)} over; previous read ${
        row ? s(row.alertsBefore.getTime() - send.publishedAt) : '–'
      }, recorded ${s(send.recordedMs)}, due ${due === null ? '–' : s(due - send.publishedAt)}, sent ${s(
        send.sentMs,
      )} after publication; attempts ${send.attempts}${send.follower ? ', follower' : ''}`,
    );
  }
  return lines;
}

/**
 * The expected pairs (`alertId/platform:listingId`) whose e-mail has been sent: the SMTP server
 * accepted the message naming them (followers of a grouped mail are marked sent with it).
 */
async function sentPairs(
  models: ReturnType<typeof initModels>,
  expected: Set<string>,
  listingIds: string[],
): Promise<Set<string>> {
  const rows = (await models.Delivery.findAll({
    attributes: [],
    where: { channel: 'email', status: 'sent' },
    include: [
      {
        association: 'notification',
        attributes: ['alertId', 'platform', 'listingId'],
        required: true,
        where: { listingId: { [Op.in]: listingIds } },
      },
    ],
    raw: true,
  })) as unknown as Array<Record<string, string>>;
  const sent = new Set<string>();
  for (const row of rows) {
    const pair = `${row['notification.alertId']}/${row['notification.platform']}:${row['notification.listingId']}`;
    if (expected.has(pair)) sent.add(pair);
  }
  return sent;
}

/** A distance alert's circle as the double draws it: its place of the postcode and the radius. */
function circleOf(alert: Pick<Alert, 'postalCode' | 'distanceKm'>, platform: DoublePlatform) {
  if (!alert.postalCode || !alert.distanceKm) return null;
  // A postcode the site does not know filters nothing (the double ignores it, as the API does).
  const origin = placeForPostcode(platform, alert.postalCode);
  return origin ? { origin, radiusMeters: alert.distanceKm * 1000 } : null;
}

function withinCircle(
  circle: NonNullable<ReturnType<typeof circleOf>>,
  ad: { coordinates: { latitude: number; longitude: number } | null },
): boolean {
  return (
    ad.coordinates !== null && distanceMeters(circle.origin, ad.coordinates) <= circle.radiusMeters
  );
}

async function runScenario(
  alertCount: number,
  mode: Mode,
  workerCount: number,
): Promise<ScenarioResult> {
  // As main.ts does for `npm start`: the figures are the server's as it runs in production.
  limitHeapGrowth();
  const market = fork(path.join(ROOT, 'tests/bench/market-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const nextMessage = () =>
    new Promise<MarketMessage>((resolve) =>
      market.once('message', (m) => resolve(m as MarketMessage)),
    );
  const ready = await nextMessage();
  if (ready.type !== 'ready') throw new Error('market process did not start');
  const askReport = async (from: number, to: number): Promise<MarketReport> => {
    const answer = nextMessage();
    market.send({ type: 'report', from, to });
    return (await answer) as MarketReport;
  };

  const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-bench-'));
  const scaleOut = SCALE_OUT ? await startScaleOut(dataDir, workerCount) : null;
  startedScaleOut = scaleOut;
  const serverVariables = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: scaleOut?.databaseUrl ?? `sqlite:${path.join(dataDir, 'bench.sqlite')}`,
    SERVICES: 'worker,scheduler',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: ready.smtpUrl,
    MARKTPLAATS_BASE_URL: ready.baseUrl.marktplaats,
    TWEEDEHANDS_BASE_URL: ready.baseUrl['2dehands'],
    // The server's own default (1 request/s per host) unless MARKETPLACE_RATE says otherwise.
    MARKETPLACE_RATE: env.MARKETPLACE_RATE,
    CHECK_CONCURRENCY: env.CHECK_CONCURRENCY,
    CHECK_INTERVAL_SECONDS: PLAN_INTERVALS ? undefined : String(INTERVAL_S),
    ENGINE_FEED: mode === 'feed' ? 'on' : 'off',
    LOG_LEVEL: 'info',
  };
  const config = loadConfig(serverVariables);
  const dbFile = path.join(dataDir, 'bench.sqlite');
  const dbBytes = () => scaleOut?.databaseBytes() ?? statSync(dbFile).size;
  /** SQLite's pages in use, as the database (its WAL included) holds them now. */
  const pagesInUse = async (sequelize: Sequelize): Promise<number> => {
    const pragma = async (name: string) =>
      Object.values(
        ((await sequelize.query(`PRAGMA ${name}`, { type: 'SELECT' })) as Array<object>)[0]!,
      )[0] as number;
    return (
      ((await pragma('page_count')) - (await pragma('freelist_count'))) *
      (await pragma('page_size'))
    );
  };

  // Seed before the roles start, so seeding is not measured.
  progress(`seeding ${alertCount} alerts`);
  const { alerts: planned, users: plannedUsers } = benchAlerts(alertCount);
  /**
   * The seeded alerts grouped by what decides their matches (the ground truth's view), with
   * their ids: the truth is drawn from these, not from 100 000 alert rows loaded while the
   * server's memory is being measured.
   */
  const rules = new Map<string, TruthRule>();
  {
    const sequelize = createSequelize(config.database);
    await migrate(sequelize);
    const models = initModels(sequelize);
    const users = await models.User.bulkCreate(
      plannedUsers.map((user, i) => ({
        email: `bench-user-${i}@example.nl`,
        passwordHash: null,
        plan: user.plan,
        emailVerifiedAt: new Date(),
      })),
    );
    const now = Date.now();
    const token = () => randomBytes(16).toString('base64url');
    // Each alert with its feed link, as creating one gives it: without, every server process
    // completes 100 000 links row by row at start (minutes on MariaDB).
    const tokens = createTokenService(config.sessionSecret);
    const feedLink = () => {
      const { nonce, hash } = tokens.issueToken(TOKEN_PURPOSES.alertFeed);
      return { feedTokenNonce: nonce, feedTokenHash: hash };
    };
    const planOf = (alert: (typeof planned)[number]): Plan =>
      alert.userIndex === null ? 'FREE' : plannedUsers[alert.userIndex]!.plan;
    for (let i = 0; i < planned.length; i += 1000) {
      const created = await models.Alert.bulkCreate(
        planned.slice(i, i + 1000).map((alert, j) => ({
          userId: alert.userIndex === null ? null : users[alert.userIndex]!.id,
          email: alert.userIndex === null ? `bench-gast-${i + j}@example.nl` : null,
          searchTerm: alert.searchTerm,
          platforms: alert.platforms,
          maxPriceCents: alert.maxPriceCents,
          postalCode: alert.postalCode,
          distanceKm: alert.distanceKm,
          includePaidAds: alert.includePaidAds,
          sellerType: alert.sellerType,
          notifyEmail: true,
          planAtCreation: planOf(alert),
          checkIntervalMinutes: planIntervalSeconds(planOf(alert)) / 60,
          validityDays: 30,
          confirmedAt: new Date(now),
          expiresAt: new Date(now + 30 * 86_400_000),
          manageTokenNonce: token(),
          manageTokenHash: hashToken(token()),
          refreshTokenNonce: token(),
          refreshTokenHash: hashToken(token()),
          ...feedLink(),
        })),
      );
      created.forEach((row, j) => {
        const alert = planned[i + j]!;
        // Only alerts of any seller: the truth cannot tell a private seller.
        if (alert.sellerType !== 'all') return;
        const rule = {
          searchTerm: alert.searchTerm,
          platforms: alert.platforms,
          maxPriceCents: alert.maxPriceCents,
          includePaid: planOf(alert) === 'PRO' && alert.includePaidAds,
          postalCode: alert.postalCode,
          distanceKm: alert.distanceKm,
        };
        const key = JSON.stringify(rule);
        const group = rules.get(key);
        if (group) group.ids.push(row.id);
        else rules.set(key, { ...rule, ids: [row.id] });
      });
    }
    await sequelize.close();
  }
  const alertsPerKey = new Map<string, number>();
  for (const alert of planned) {
    for (const { key } of alertSearches({
      ...alert,
      minPriceCents: null,
      l1CategoryId: null,
      l2CategoryId: null,
      deliveryMethod: 'both',
      customFilters: {},
    })) {
      alertsPerKey.set(key, (alertsPerKey.get(key) ?? 0) + 1);
    }
  }

  const checks: Array<{ at: number; searchKey: string; newListings: number }> = [];
  const warnings: Record<string, number> = {};
  /** A line of the server's log: in-process here, or of each process's log file (scale-out). */
  const readLogLine = (line: string) => {
    if (line.includes('"msg":"search checked"')) {
      const entry = JSON.parse(line) as { searchKey: string; newListings: number; time: string };
      checks.push({
        at: Date.parse(entry.time),
        searchKey: entry.searchKey,
        newListings: entry.newListings,
      });
    } else if (/"level":"(warn|error|fatal)"/.test(line)) {
      const msg = /"msg":"([^"]*)"/.exec(line)?.[1] ?? 'unknown';
      warnings[msg] = (warnings[msg] ?? 0) + 1;
      // The first of each: what went wrong, not only how often (an error with its whole stack).
      const whole = /"level":"(error|fatal)"/.test(line);
      const shown = line.slice(0, whole ? 4000 : 600);
      if (warnings[msg] === 1) console.error(`  first '${msg}': ${shown}`);
    }
  };
  const logger = createLogger({ level: 'info', destination: { write: readLogLine } });

  let rssPeak = 0;
  let lastTrace = 0;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    rssPeak = Math.max(rssPeak, memory.rss);
    // BENCH_MEMORY_TRACE=1: where the memory goes, every 5 s.
    if (env.BENCH_MEMORY_TRACE && Date.now() - lastTrace >= 5000) {
      lastTrace = Date.now();
      const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
      console.error(
        `  memory +${Math.round((Date.now() - started) / 1000)} s: rss ${mb(memory.rss)} MB, heap ${mb(memory.heapUsed)}/${mb(memory.heapTotal)} MB, external ${mb(memory.external)} MB`,
      );
    }
  }, 250);
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });

  const started = Date.now();
  const embedded = scaleOut ? null : await startApplication({ config, logger });
  const app = embedded ?? (await scaleOutApplication(scaleOut!, config, serverVariables));
  const { models } = app.ctx;
  // Scale-out: the warm-up counts from the processes' readiness (their boot takes minutes there).
  const warmupFrom = scaleOut ? Date.now() : started;
  // The send queue's backlog: a batched delivery's wait after its moment is this queue.
  const deliverWaiting: number[] = [];
  const backlogSampler = setInterval(() => {
    void (
      scaleOut?.deliverWaiting() ??
      embedded!.ctx.queue.counts().then((counts) => counts.deliver?.waiting ?? 0)
    )
      .then((waiting) => {
        deliverWaiting.push(waiting);
        // BENCH_BACKLOG_TRACE=1: the backlog every 10 s, to see when it builds.
        if (env.BENCH_BACKLOG_TRACE === '1' && deliverWaiting.length % 10 === 0) {
          console.error(`  deliver waiting +${deliverWaiting.length} s: ${waiting}`);
        }
      })
      .catch(() => undefined);
  }, 1000);

  progress(
    mode === 'feed'
      ? `warm-up: every feed category read once (${FEED_CATEGORIES.length} per platform)`
      : `warm-up: ${alertsPerKey.size} searches, first fetch of each`,
  );
  let warmupUnfinished: number;
  for (;;) {
    if (mode === 'feed') {
      // The feed's steady state: each category has its baseline; reconciliation is slow anyway.
      const read = await feedModels(app.ctx.sequelize).FeedCategory.count({
        where: { lastVisitedAt: { [Op.ne]: null } },
      });
      warmupUnfinished = FEED_CATEGORIES.length * 2 - read;
      if (warmupUnfinished === 0) break;
      if (Date.now() - warmupFrom > WARMUP_MAX_S * 1000) {
        progress(`warm-up cut off after ${WARMUP_MAX_S} s (${warmupUnfinished} categories unread)`);
        break;
      }
      await sleep(1000);
      continue;
    }
    const searches = await models.Search.count();
    const waiting = await models.Search.count({ where: { initializedAt: null } });
    warmupUnfinished = alertsPerKey.size - searches + waiting;
    if (warmupUnfinished === 0) break;
    if (Date.now() - warmupFrom > WARMUP_MAX_S * 1000) {
      progress(
        `warm-up cut off after ${WARMUP_MAX_S} s (${waiting} of ${searches} not fetched yet)`,
      );
      break;
    }
    await sleep(1000);
  }
  const warmupSeconds = (Date.now() - warmupFrom) / 1000;

  progress(`measuring ${WINDOW_S} s`);
  /** The backlog sample at the window's start. */
  const windowSample = deliverWaiting.length;
  const dbSize0 = dbBytes();
  const pages0 = scaleOut ? 0 : await pagesInUse(app.ctx.sequelize);
  const t0 = Date.now();
  const load0 = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const processes0 = scaleOut?.processes() ?? [];
  // Each worker's e-mails sent so far, every 5 s from the window's start to the drain's end.
  const sendSamples: Array<{ at: number; sent: Record<string, number> }> = [];
  const sampleSends = () =>
    void scaleOut
      ?.emailsSent()
      .then((sent) => sendSamples.push({ at: Date.now(), sent }))
      .catch(() => undefined);
  sampleSends();
  const sendSampler = setInterval(sampleSends, 5000);
  loopDelay.enable();
  const profiler = scaleOut ? null : await startWindowProfile();
  // Statements through Sequelize in the window, by kind (the first words of the SQL).
  const statements = new Map<string, number>();
  let counting = true;
  // In-process only: the bench's own connection is not the servers'.
  app.ctx.sequelize.addHook('afterQuery', (_options, query) => {
    if (!counting || scaleOut) return;
    const sql = (query as unknown as { sql?: string }).sql ?? '';
    const kind = sql
      .replace(/\s+/g, ' ')
      .replace(/'(?:[^']|'')*'/g, '?')
      .replace(/`([a-zA-Z]+)`\.`[a-zA-Z]+` AS `[^`]+`(, )?/g, '')
      .slice(0, 90);
    statements.set(kind, (statements.get(kind) ?? 0) + 1);
  });
  await sleep(WINDOW_S * 1000);
  counting = false;
  const t1 = Date.now();
  const load1 = loadavg()[0]!;
  const processes1 = scaleOut?.processes() ?? [];
  sampleSends();
  // BENCH_HEAP_SNAPSHOT=<dir>: what the heap holds at the end of the window (Chrome DevTools).
  if (env.BENCH_HEAP_SNAPSHOT && !scaleOut) {
    const file = writeHeapSnapshot(
      path.join(
        env.BENCH_HEAP_SNAPSHOT,
        `engine-${alertCount}-${mode}-${env.BENCH_ADS_PER_SECOND ?? 4}.heapsnapshot`,
      ),
    );
    console.error(`  heap snapshot: ${file}`);
  }
  const cpu = process.cpuUsage(cpu0);
  loopDelay.disable();
  await profiler?.stop(`${alertCount}-${mode}-${env.BENCH_ADS_PER_SECOND ?? 4}`);
  const window = await askReport(t0, t1);
  const dbSize1 = dbBytes();
  const pages1 = scaleOut ? 0 : await pagesInUse(app.ctx.sequelize);

  // Recall against the ground truth, for the alerts it can decide.
  const truth = window.truth;
  const expected = expectedPairs(rules.values(), truth);
  progress(
    `drain: until every expected pair's e-mail is sent (at most ${DRAIN_S} s; the double keeps publishing)`,
  );
  const drainStarted = Date.now();
  const windowListingIds = truth.map((ad) => ad.key.slice(ad.key.indexOf(':') + 1));
  let sentExpected = await sentPairs(models, expected, windowListingIds);
  while (sentExpected.size < expected.size && Date.now() - drainStarted < DRAIN_S * 1000) {
    await sleep(5000);
    sentExpected = await sentPairs(models, expected, windowListingIds);
  }
  const drainSeconds = (Date.now() - drainStarted) / 1000;
  const pages2 = scaleOut ? 0 : await pagesInUse(app.ctx.sequelize);
  const t2 = Date.now();
  clearInterval(sampler);
  clearInterval(backlogSampler);
  clearInterval(sendSampler);
  const processesEnd = scaleOut?.processes() ?? [];
  // The server processes' logs, read as the in-process logger reads its lines.
  for (const { line } of scaleOut?.logLines() ?? []) readLogLine(line);

  // Latency per delivery of an ad published in the window.
  const published = new Map(window.published);
  const rows = (await models.Delivery.findAll({
    attributes: ['channel', 'status', 'createdAt', 'sentAt', 'attempts', 'leadId'],
    include: [
      {
        association: 'notification',
        attributes: ['platform', 'listingId', 'alertId'],
        required: true,
        include: [{ association: 'user', attributes: ['plan'], required: false }],
      },
    ],
    raw: true,
  })) as unknown as Array<{
    channel: string;
    status: string;
    createdAt: string | Date;
    sentAt: string | Date | null;
    attempts: number;
    leadId: string | null;
    'notification.platform': string;
    'notification.listingId': string;
    'notification.alertId': string;
    'notification.user.plan': string | null;
  }>;
  const recorded: number[] = [];
  const sent: number[] = [];
  const sentByPlan: Record<string, number[]> = {};
  const slowest: SentMail[] = [];
  const deliveries: Record<string, Record<string, number>> = {};
  let sentInWindow = 0;
  for (const row of rows) {
    const byStatus = (deliveries[row.channel] ??= {});
    byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
    const sentAt = row.channel === 'email' && row.sentAt ? new Date(row.sentAt).getTime() : NaN;
    if (sentAt >= t0 && sentAt <= t1) sentInWindow += 1;
    const at = published.get(`${row['notification.platform']}:${row['notification.listingId']}`);
    if (at === undefined || at < t0 || at > t1 || row.channel !== 'email') continue;
    recorded.push(new Date(row.createdAt).getTime() - at);
    if (row.status === 'sent' && row.sentAt) {
      const latency = new Date(row.sentAt).getTime() - at;
      sent.push(latency);
      const plan = row['notification.user.plan'] ?? 'FREE';
      (sentByPlan[plan] ??= []).push(latency);
      slowest.push({
        plan,
        key: `${row['notification.platform']}:${row['notification.listingId']}`,
        recordedMs: new Date(row.createdAt).getTime() - at,
        sentMs: latency,
        publishedAt: at,
        alertId: row['notification.alertId'],
        attempts: row.attempts,
        follower: row.leadId !== null,
      });
    }
  }
  // Where the slowest sends waited: before the match was recorded (the feed's read) or after.
  slowest.sort((a, b) => b.sentMs - a.sentMs);
  const slowLines = slowest
    .slice(0, 3)
    .map(
      (s) =>
        `slowest: ${s.plan} ${s.key}: recorded ${(s.recordedMs / 1000).toFixed(1)} s, sent ${(s.sentMs / 1000).toFixed(1)} s after publication`,
    );
  slowLines.push(...(await overTargetLines(models, slowest)));
  const latencyByPlanMs = Object.fromEntries(
    Object.entries(sentByPlan).map(([plan, values]) => [
      plan,
      {
        p50: percentile(values, 50),
        p95: percentile(values, 95),
        count: values.length,
        max: Math.max(...values),
        withinTarget: values.filter((v) => v <= targetMs(plan as Plan)).length / values.length,
      },
    ]),
  );

  const seededAlerts = await models.Alert.findAll({
    attributes: [
      'id',
      'searchTerm',
      'platforms',
      'maxPriceCents',
      'postalCode',
      'distanceKm',
      'sellerType',
      'includePaidAds',
      'userId',
    ],
    include: [{ association: 'user', attributes: ['plan'] }],
  });
  const windowKeys = new Set(truth.map((ad) => ad.key));
  const noteRows = await models.Notification.findAll({
    attributes: ['alertId', 'platform', 'listingId', 'foundBy', 'kind', 'priceCents', 'priceType'],
    include: [{ association: 'snapshot', attributes: ['id', 'title', 'postedAt'] }],
  });
  const decidable = new Set(seededAlerts.filter((a) => a.sellerType === 'all').map((a) => a.id));
  const located = new Set(
    seededAlerts.filter((a) => a.postalCode && a.distanceKm).map((a) => a.id),
  );
  let deliveredExpected = 0;
  const delivered = new Set<string>();
  let extra = 0;
  const extraNotes: typeof noteRows = [];
  const foundBy: Record<string, number> = {};
  const byPlatform: ScenarioResult['byPlatform'] = {};
  const platformOf = (pair: string) => pair.slice(pair.indexOf('/') + 1, pair.lastIndexOf(':'));
  const ofPlatform = (platform: string) =>
    (byPlatform[platform] ??= {
      feed: 0,
      reconciliation: 0,
      expected: 0,
      delivered: 0,
      sent: 0,
    });
  for (const pair of expected) ofPlatform(platformOf(pair)).expected += 1;
  for (const pair of sentExpected) ofPlatform(platformOf(pair)).sent += 1;
  for (const note of noteRows) {
    const key = `${note.platform}:${note.listingId}`;
    if (!windowKeys.has(key)) continue;
    const path = note.foundBy === 'feed' ? 'feed' : 'reconciliation';
    foundBy[path] = (foundBy[path] ?? 0) + 1;
    ofPlatform(note.platform)[path] += 1;
    if (!decidable.has(note.alertId)) continue;
    if (expected.has(`${note.alertId}/${key}`)) {
      deliveredExpected += 1;
      ofPlatform(note.platform).delivered += 1;
      delivered.add(`${note.alertId}/${key}`);
    } else {
      extra += 1;
      if (extraNotes.length < 5) extraNotes.push(note);
    }
  }
  // What was missed, and why it could be: the first few pairs, with where the words stand.
  const byId = new Map(seededAlerts.map((alert) => [alert.id, alert]));
  const adByKey = new Map(truth.map((ad) => [ad.key, ad]));
  const missed = [...expected]
    .filter((pair) => !delivered.has(pair))
    .slice(0, 5)
    .map((pair) => {
      const slash = pair.indexOf('/');
      const alert = byId.get(pair.slice(0, slash))!;
      const ad = adByKey.get(pair.slice(slash + 1))!;
      const shown = foldText(`${ad.title} ${ad.description.slice(0, 200)}`);
      const inShown = queryWords(alert.searchTerm).every((word) => shown.includes(word));
      const where = alert.postalCode ? `, ${alert.distanceKm} km of ${alert.postalCode}` : '';
      return `missed: '${alert.searchTerm}' (${alert.user?.plan ?? 'FREE'}${where}) ← ${ad.key} published ${((t1 - ad.at) / 1000).toFixed(0)} s before the window closed, words ${inShown ? 'in the search result' : 'only beyond the cut description'}`;
    });
  // What was delivered without the ground truth expecting it, with what could explain it.
  for (const note of extraNotes) {
    const alert = byId.get(note.alertId)!;
    const ad = adByKey.get(`${note.platform}:${note.listingId}`)!;
    const words = queryWords(alert.searchTerm);
    const folded = foldText(`${ad.title} ${ad.description}`);
    missed.push(
      `extra: '${alert.searchTerm}' (${alert.user?.plan ?? 'FREE'}, max ${alert.maxPriceCents ?? '–'}, paid ads ${alert.includePaidAds}) → ${ad.key} '${ad.title}' ${ad.priceCents} ct${ad.paid ? ' paid' : ''}, kind ${note.kind}, found by ${note.foundBy} as '${note.title}' ${note.priceCents ?? '–'} ct ${note.priceType}, words missing: ${words.filter((word) => !folded.includes(word)).join(' ') || 'none'}`,
    );
  }
  // A recipient that got one ad in two mails.
  const mailKeys = (await models.Delivery.findAll({
    attributes: ['recipient', 'messageKey', 'status', 'leadId'],
    where: { channel: 'email', status: 'sent', leadId: null },
    raw: true,
  })) as unknown as Array<{ messageKey: string | null }>;
  const seenKeys = new Set<string>();
  let duplicateMails = 0;
  for (const row of mailKeys) {
    if (row.messageKey === null) continue;
    if (seenKeys.has(row.messageKey)) duplicateMails += 1;
    seenKeys.add(row.messageKey);
  }
  const notifications = await models.Notification.count();
  const notificationsInWindow = await models.Notification.count({
    where: { createdAt: { [Op.between]: [new Date(t0), new Date(t1)] } },
  });
  const finalReport = await askReport(t0, t1);
  const postcodes = (await feedModels(app.ctx.sequelize).PostcodePlace.findAll()).map((row) => ({
    key: row.key,
    locatedAfterSeconds: row.locatedAt ? (row.locatedAt.getTime() - started) / 1000 : null,
    samples: row.samples,
  }));
  // What the database growth is made of: SQLite's dbstat (pages per table and index), or
  // MariaDB's file per table.
  const dbObjects =
    scaleOut?.databaseObjects() ??
    ((await app.ctx.sequelize.query(
      'SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 14',
      { type: 'SELECT' },
    )) as Array<{ name: string; bytes: number }>);
  const tableBytes = (table: string) =>
    `(SELECT SUM(pgsize) FROM dbstat WHERE name = '${table}' OR name LIKE '${table}_%' ` +
    `OR name LIKE 'sqlite_autoindex_${table}_%')`;
  // The bytes a notification and a stored listing take (SQLite's dbstat; not on MariaDB).
  const [noteBytes] = scaleOut
    ? []
    : ((await app.ctx.sequelize.query(
        `SELECT ${tableBytes('notifications')} * 1.0 / MAX(1, (SELECT COUNT(*) FROM notifications)) AS notification, ` +
          `${tableBytes('deliveries')} * 1.0 / MAX(1, (SELECT COUNT(*) FROM deliveries)) AS delivery, ` +
          '(SELECT COUNT(*) FROM deliveries) * 1.0 / MAX(1, (SELECT COUNT(*) FROM notifications)) AS deliveriesPerNotification, ' +
          `${tableBytes('listings')} * 1.0 / MAX(1, (SELECT COUNT(*) FROM listings)) AS feedListing, ` +
          `${tableBytes('listing_snapshots')} * 1.0 / MAX(1, (SELECT COUNT(*) FROM listing_snapshots)) AS snapshot, ` +
          '(SELECT COUNT(*) FROM listing_snapshots) AS snapshots, ' +
          'AVG(LENGTH(listing)) AS listing, AVG(LENGTH(description)) AS description, ' +
          'AVG(LENGTH(title) + LENGTH(url) + LENGTH(imageUrls)) AS flat FROM listing_snapshots',
        { type: 'SELECT' },
      )) as Array<ScenarioResult['notificationBytes']>);

  // Publication → the feed's visit stored it (feed mode: the listings table).
  const feedRead: number[] = [];
  if (mode === 'feed') {
    const stored = await feedModels(app.ctx.sequelize).FeedListing.findAll({
      attributes: ['platform', 'listingId', 'firstSeenAt'],
      raw: true,
    });
    for (const row of stored) {
      const at = published.get(`${row.platform}:${row.listingId}`);
      if (at === undefined || at < t0 || at > t1) continue;
      feedRead.push(new Date(row.firstSeenAt).getTime() - at);
    }
  }

  // Pairs the worker matched in the window: each new listing of a check against its alerts.
  const inWindow = checks.filter((check) => check.at >= t0 && check.at <= t1);
  const pairs = inWindow.reduce(
    (sum, check) => sum + check.newListings * (alertsPerKey.get(check.searchKey) ?? 0),
    0,
  );

  // The matcher alone: every alert's filters against real listings from the double.
  progress('matcher throughput (pure, one core)');
  const matcherPairsPerSecond = await measureMatcher(ready.baseUrl, await loadAlerts(models));

  await app.stop();
  market.send({ type: 'stop' });
  // Scale-out: each process's CPU in the window, and its peak RSS to the drain's end.
  const processFigures = processes1.map((p) => {
    const cpuSeconds = p.cpuSeconds - (processes0.find((q) => q.name === p.name)?.cpuSeconds ?? 0);
    const rssPeakMb = processesEnd.find((q) => q.name === p.name)?.rssPeakMb ?? p.rssPeakMb;
    return { name: p.name, cpuSeconds, coreShare: cpuSeconds / ((t1 - t0) / 1000), rssPeakMb };
  });
  const serverProcesses = processFigures.filter((p) => p.name !== 'mariadb' && p.name !== 'redis');
  const serverCpuSeconds = serverProcesses.reduce((sum, p) => sum + p.cpuSeconds, 0);
  if (KEEP_DB) progress(`database kept: ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });

  const counts = [...alertsPerKey.values()];
  const minutes = (t1 - t0) / 60_000;
  const windowPublished = window.published.filter(([, at]) => at >= t0 && at <= t1).length;
  const seconds = (t1 - t0) / 1000;
  return {
    mode,
    alerts: alertCount,
    adsPerSecond: Number(env.BENCH_ADS_PER_SECOND ?? 4),
    termShare: termShareFor(alertCount),
    requestsPerSecondByHost: Object.fromEntries(
      Object.entries(window.requests.byHost).map(([host, count]) => [host, count / seconds]),
    ),
    foundBy,
    byPlatform,
    recall: {
      expected: expected.size,
      delivered: deliveredExpected,
      sent: sentExpected.size,
      extra,
      duplicateMails,
      distance: {
        expected: [...expected].filter((pair) => located.has(pair.slice(0, pair.indexOf('/'))))
          .length,
        delivered: [...delivered].filter((pair) => located.has(pair.slice(0, pair.indexOf('/'))))
          .length,
      },
    },
    latencyByPlanMs,
    drainSeconds,
    dbGrowthMbPerHour: ((dbSize1 - dbSize0) / 1024 / 1024) * (3600 / seconds),
    ...(scaleOut
      ? {}
      : {
          dbPagesGrowthMbPerHour: {
            window: ((pages1 - pages0) / 1024 / 1024) * (3600 / seconds),
            toDrainEnd: ((pages2 - pages0) / 1024 / 1024) * (3_600_000 / (t2 - t0)),
          },
        }),
    users: plannedUsers.length,
    searches: alertsPerKey.size,
    alertsPerSearch: {
      mean: alertCount / alertsPerKey.size,
      max: Math.max(...counts),
      sharedShare: counts.filter((count) => count > 1).length / counts.length,
    },
    warmupSeconds,
    warmupUnfinished,
    windowSeconds: (t1 - t0) / 1000,
    marketplace: {
      requestsPerMinute:
        (window.requests.search + window.requests.detail + window.requests.other) / minutes,
      searchPerMinute: window.requests.search / minutes,
      detailPerMinute: window.requests.detail / minutes,
      failed: window.requests.failed,
    },
    adsPublishedPerSecond: windowPublished / ((t1 - t0) / 1000),
    termAdsPerSecond: window.termAdsInWindow / ((t1 - t0) / 1000),
    checksWithNewAds: inWindow.length,
    matchedPairsPerSecond: pairs / ((t1 - t0) / 1000),
    matcherPairsPerSecond,
    notifications,
    notificationsPerSecond: notificationsInWindow / ((t1 - t0) / 1000),
    deliveries,
    mails: finalReport.mail.messages,
    latencyRecordedMs: {
      p50: percentile(recorded, 50),
      p95: percentile(recorded, 95),
      count: recorded.length,
    },
    latencyFeedReadMs: {
      p50: percentile(feedRead, 50),
      p95: percentile(feedRead, 95),
      count: feedRead.length,
    },
    feedVisits: Object.fromEntries(
      Object.entries(window.feedVisits).map(([platform, v]) => [
        platform,
        {
          perMinute: v.visits / minutes,
          pagesPerVisit: v.pages / Math.max(1, v.visits),
          gapP50: percentile(v.gapsMs, 50),
          gapP95: percentile(v.gapsMs, 95),
          sweepP50: percentile(v.sweepsMs, 50),
          sweepP95: percentile(v.sweepsMs, 95),
        },
      ]),
    ),
    latencySentMs: { p50: percentile(sent, 50), p95: percentile(sent, 95), count: sent.length },
    cpu: scaleOut
      ? {
          seconds: serverCpuSeconds,
          coreShare: serverCpuSeconds / seconds,
        }
      : {
          seconds: (cpu.user + cpu.system) / 1e6,
          coreShare: (cpu.user + cpu.system) / 1000 / (t1 - t0),
        },
    rssPeakMb: scaleOut
      ? serverProcesses.reduce((sum, p) => sum + p.rssPeakMb, 0)
      : rssPeak / 1024 / 1024,
    workers: workerCount,
    processes: processFigures,
    sendsPerWorker: sendRates(sendSamples, t0, t1),
    rowsSentPerSecond: sentInWindow / seconds,
    loadAverage: [load0, load1],
    deliverWaiting: {
      p95: percentile(deliverWaiting, 95),
      peak: deliverWaiting.length > 0 ? Math.max(...deliverWaiting) : 0,
      fromWindow: {
        p95: percentile(deliverWaiting.slice(windowSample), 95),
        peak: Math.max(0, ...deliverWaiting.slice(windowSample)),
      },
    },
    eventLoopP99Ms: scaleOut ? NaN : loopDelay.percentile(99) / 1e6,
    dbObjectsMb: dbObjects.map(({ name, bytes }) => [name, bytes / 1024 / 1024]),
    notificationRows: notifications,
    notificationBytes: noteBytes ?? {
      notification: 0,
      delivery: 0,
      deliveriesPerNotification: 0,
      feedListing: 0,
      snapshot: 0,
      snapshots: 0,
      listing: 0,
      description: 0,
      flat: 0,
    },
    statementsPerSecond: [...statements.values()].reduce((a, b) => a + b, 0) / seconds,
    topStatements: [...statements]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([kind, count]) => [kind, count / seconds]),
    warnings,
    postcodes,
    missed: [...missed, ...slowLines],
  };
}

/**
 * The scale-out installation as the bench reads it: its processes started on the scenario's
 * server settings, and the bench's own connection to their database.
 */
async function scaleOutApplication(
  scaleOut: ScaleOut,
  config: ReturnType<typeof loadConfig>,
  serverVariables: Record<string, string | undefined>,
): Promise<{ ctx: { sequelize: Sequelize; models: Models }; stop(): Promise<void> }> {
  const startedAt = Date.now();
  await scaleOut.start(serverVariables);
  progress(`scheduler and workers ready after ${Math.round((Date.now() - startedAt) / 1000)} s`);
  const sequelize = createSequelize(config.database);
  return {
    ctx: { sequelize, models: initModels(sequelize) },
    async stop() {
      await sequelize.close();
      await scaleOut.stop();
    },
  };
}

/**
 * E-mails per second per worker from its counter's samples: the mean over the window, and the
 * best 15 s (three 5 s samples apart) from the window's start to the drain's end — what a worker
 * managed while a backlog waited.
 */
function sendRates(
  samples: ReadonlyArray<{ at: number; sent: Record<string, number> }>,
  t0: number,
  t1: number,
): ScenarioResult['sendsPerWorker'] {
  const rates: ScenarioResult['sendsPerWorker'] = {};
  const first = samples[0];
  if (!first) return rates;
  const atWindowEnd = samples.reduce((best, s) =>
    Math.abs(s.at - t1) < Math.abs(best.at - t1) ? s : best,
  );
  const last = samples.at(-1)!;
  for (const name of Object.keys(first.sent)) {
    let peak = 0;
    for (let i = 3; i < samples.length; i++) {
      const [from, to] = [samples[i - 3]!, samples[i]!];
      peak = Math.max(
        peak,
        ((to.sent[name] ?? 0) - (from.sent[name] ?? 0)) / ((to.at - from.at) / 1000),
      );
    }
    rates[name] = {
      window:
        ((atWindowEnd.sent[name] ?? 0) - (first.sent[name] ?? 0)) /
        Math.max(1, (atWindowEnd.at - Math.max(first.at, t0)) / 1000),
      toDrainEnd:
        ((last.sent[name] ?? 0) - (first.sent[name] ?? 0)) /
        Math.max(1, (last.at - first.at) / 1000),
      peak15s: peak,
    };
  }
  return rates;
}

/**
 * BENCH_CPU_PROFILE=<dir>: a V8 CPU profile of the window alone (open it in Chrome DevTools or
 * speedscope), `<dir>/engine-<alerts>-<mode>.cpuprofile`. The sampling costs a few % of CPU.
 */
async function startWindowProfile(): Promise<{ stop(name: string): Promise<void> } | null> {
  const dir = env.BENCH_CPU_PROFILE;
  if (!dir) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = await session.post('Profiler.stop');
      const file = path.join(dir, `engine-${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      progress(`CPU profile of the window: ${file}`);
    },
  };
}

async function loadAlerts(models: ReturnType<typeof initModels>): Promise<Alert[]> {
  return models.Alert.findAll({ include: [{ association: 'user' }] });
}

/** Pairs (listing, alert) matchListing decides per second, over the alerts' real filters. */
async function measureMatcher(
  baseUrl: Record<'marktplaats' | '2dehands', string>,
  alerts: Alert[],
): Promise<number> {
  const client = createMarketplaceClient({
    baseUrls: baseUrl,
    ratePerSecond: 100,
    logger: { warn: () => {} },
  });
  const listings: Listing[] = [];
  for (const term of TERMS.slice(0, 40)) {
    const result = await client.fetchNewListings(
      {
        platform: 'marktplaats',
        query: term.term.split(' ')[1]!,
        l1CategoryId: null,
        l2CategoryId: null,
        minPriceCents: null,
        maxPriceCents: null,
        postalCode: null,
        distanceKm: null,
        delivery: null,
        conditionIds: [],
      },
      { isSeen: () => false, pageCap: 1 },
    );
    if (result.status === 'ok') listings.push(...result.listings);
  }
  await client.close();
  const filters = alerts.map((alert) =>
    alertFilters(alert, { ownerPlan: alert.user?.plan ?? null, filterPaidAds: true }),
  );
  let pairs = 0;
  let matched = 0;
  const start = process.hrtime.bigint();
  const budgetNs = 2_000_000_000n;
  while (process.hrtime.bigint() - start < budgetNs) {
    for (const listing of listings) {
      for (const filter of filters) {
        if (matchListing(listing, filter).match) matched += 1;
      }
      pairs += filters.length;
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (matched < 0) console.error(matched); // keeps the loop from being optimised away
  return pairs / seconds;
}

/* ------------------------------------------------------------------------ the bench */

const PLATFORMS: DoublePlatform[] = ['marktplaats', '2dehands'];

/** The share of the ads carrying a workload term at `alertCount` alerts. */
const termShareFor = (alertCount: number) =>
  Number(env.BENCH_TERM_SHARE ?? Math.min(0.5, 5000 / alertCount));

/**
 * How a scenario's process runs this file: through tsx, or (BENCH_COMPILED=1) bundled first into
 * .tmp/bench by the production build's settings (scripts/build-server.mjs) and run by plain node
 * on the compiled server's migrations, as `npm start` runs.
 */
async function scenarioCommand(): Promise<string[]> {
  if (env.BENCH_COMPILED !== '1') return ['--import', 'tsx', path.join(HERE, 'engine-bench.ts')];
  const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs', 'server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server build failed');
  const buildScript = pathToFileURL(path.join(ROOT, 'scripts/build-server.mjs')).href;
  const { serverBuildOptions } = (await import(buildScript)) as {
    serverBuildOptions(options: {
      entryPoints: Record<string, string>;
      outdir: string;
      alsoExternal: string[];
    }): object;
  };
  const { build } = await import('esbuild');
  // Two folders below the root, as this file is: ROOT is found the same way.
  const outdir = path.join(ROOT, '.tmp/bench');
  rmSync(outdir, { recursive: true, force: true });
  await build(
    serverBuildOptions({
      entryPoints: { 'engine-bench': path.join(HERE, 'engine-bench.ts') },
      outdir,
      // Only this launcher loads esbuild; a scenario never does.
      alsoExternal: ['esbuild'],
    }),
  );
  return ['--enable-source-maps', path.join(outdir, 'engine-bench.js')];
}

function runChild(
  command: readonly string[],
  alertCount: number,
  mode: Mode,
  adsPerSecond: number,
  workerCount: number,
): Promise<ScenarioResult> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [...command, '--scenario', String(alertCount), mode, String(workerCount)],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
        // The scenario and its marketplace process read the one rate and share.
        env: {
          ...env,
          BENCH_ADS_PER_SECOND: String(adsPerSecond),
          BENCH_TERM_SHARE: String(termShareFor(alertCount)),
        },
      },
    );
    // Seeding and the ground-truth check grow with the alerts (and the check with the ads too).
    const ads = adsPerSecond * WINDOW_S;
    const deadlineMs = SCENARIO_DEADLINE_MS + alertCount * 2 + (alertCount * ads) / 200;
    const deadline = setTimeout(() => {
      // SIGTERM first: a scale-out scenario stops its processes (by pid) before it exits.
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 60_000).unref();
      reject(new Error(`scenario ${alertCount} took longer than ${deadlineMs / 1000} s`));
    }, deadlineMs);
    let result: ScenarioResult | null = null;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('RESULT ')) result = JSON.parse(line.slice(7)) as ScenarioResult;
      else console.log(line);
    });
    child.once('exit', (code) => {
      clearTimeout(deadline);
      if (result) resolve(result);
      else reject(new Error(`scenario ${alertCount} exited with ${code} and no result`));
    });
  });
}

const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      })
    : '–';

function printResults(results: ScenarioResult[]): void {
  const ms = (v: { p50: number; p95: number; count: number } | undefined) =>
    v ? `${fmt(v.p50 / 1000, 1)} / ${fmt(v.p95 / 1000, 1)} s (n=${fmt(v.count)})` : '–';
  const rows: Array<[string, (r: ScenarioResult) => string]> = [
    ['mode', (r) => r.mode],
    ['worker processes', (r) => (SCALE_OUT ? fmt(r.workers) : 'one process')],
    [
      'load average (1 min) window start / end',
      (r) => `${fmt(r.loadAverage[0], 2)} / ${fmt(r.loadAverage[1], 2)}`,
    ],
    ['alerts (users)', (r) => `${fmt(r.alerts)} (${fmt(r.users)})`],
    [
      'requests / s per host (mp / 2dh)',
      (r) =>
        `${fmt(r.requestsPerSecondByHost.marktplaats ?? 0, 2)} / ${fmt(r.requestsPerSecondByHost['2dehands'] ?? 0, 2)}`,
    ],
    [
      'found by feed / reconciliation',
      (r) => `${fmt(r.foundBy.feed ?? 0)} / ${fmt(r.foundBy.reconciliation ?? 0)}`,
    ],
    ...PLATFORMS.map((platform): [string, (r: ScenarioResult) => string] => [
      `  ${platform}: feed / reconc. / recall`,
      (r) => {
        const p = r.byPlatform[platform];
        if (!p) return '–';
        const share = fmt((100 * p.sent) / Math.max(1, p.expected), 1);
        return `${fmt(p.feed)} / ${fmt(p.reconciliation)} / ${share} % of ${fmt(p.expected)}`;
      },
    ]),
    [
      'recall: recorded / expected',
      (r) =>
        `${fmt((100 * r.recall.delivered) / Math.max(1, r.recall.expected), 1)} % (${fmt(r.recall.delivered)}/${fmt(r.recall.expected)})`,
    ],
    [
      '  e-mail sent / expected',
      (r) =>
        `${fmt((100 * r.recall.sent) / Math.max(1, r.recall.expected), 1)} % (${fmt(r.recall.sent)}/${fmt(r.recall.expected)})`,
    ],
    [
      '  drain until all sent',
      (r) => `${fmt(r.drainSeconds)} s${r.recall.sent < r.recall.expected ? ' (gave up)' : ''}`,
    ],
    [
      '… of which distance alerts',
      (r) =>
        `${fmt((100 * r.recall.distance.delivered) / Math.max(1, r.recall.distance.expected), 1)} % (${fmt(r.recall.distance.delivered)}/${fmt(r.recall.distance.expected)})`,
    ],
    [
      'extra pairs / duplicate mails',
      (r) => `${fmt(r.recall.extra)} / ${fmt(r.recall.duplicateMails)}`,
    ],
    ['PRO publish → sent p50/p95', (r) => ms(r.latencyByPlanMs.PRO)],
    ['REGISTERED publish → sent p50/p95', (r) => ms(r.latencyByPlanMs.REGISTERED)],
    ['guest (FREE) publish → sent p50/p95', (r) => ms(r.latencyByPlanMs.FREE)],
    [
      `  within target (PRO ${targetMs('PRO') / 1000} s, REG ${targetMs('REGISTERED') / 1000} s, FREE ${targetMs('FREE') / 1000} s)`,
      (r) =>
        REPORT_PLANS.map((plan) => {
          const figures = r.latencyByPlanMs[plan];
          return figures ? `${fmt(figures.withinTarget * 100, 1)} %` : '–';
        }).join(' / '),
    ],
    [
      '  slowest send (PRO / REG / FREE)',
      (r) =>
        REPORT_PLANS.map((plan) => {
          const figures = r.latencyByPlanMs[plan];
          return figures ? `${fmt(figures.max / 1000, 1)}` : '–';
        }).join(' / ') + ' s',
    ],
    ['database growth', (r) => `${fmt(r.dbGrowthMbPerHour, 1)} MB/h`],
    [
      '  pages in use: window / to the drain’s end',
      (r) =>
        r.dbPagesGrowthMbPerHour
          ? `${fmt(r.dbPagesGrowthMbPerHour.window, 1)} / ${fmt(r.dbPagesGrowthMbPerHour.toDrainEnd, 1)} MB/h`
          : '–',
    ],
    ['distinct searches', (r) => fmt(r.searches)],
    [
      'alerts per search: mean / max',
      (r) => `${fmt(r.alertsPerSearch.mean, 1)} / ${fmt(r.alertsPerSearch.max)}`,
    ],
    ['searches shared by ≥2 alerts', (r) => `${fmt(r.alertsPerSearch.sharedShare * 100)} %`],
    [
      'warm-up (first fetches | feed baselines)',
      (r) =>
        `${fmt(r.warmupSeconds)} s${r.warmupUnfinished > 0 ? ` (${fmt(r.warmupUnfinished)} left)` : ''}`,
    ],
    ['ads carrying a workload term', (r) => `${fmt(r.termShare * 100)} %`],
    [
      'ads published / s (with a term)',
      (r) => `${fmt(r.adsPublishedPerSecond, 1)} (${fmt(r.termAdsPerSecond, 1)})`,
    ],
    ['marketplace requests / min', (r) => fmt(r.marketplace.requestsPerMinute)],
    [
      '  searches due per min',
      (r) => (PLAN_INTERVALS ? 'per plan' : fmt((r.searches * 60) / INTERVAL_S)),
    ],
    [
      '  searches / ad pages per min',
      (r) => `${fmt(r.marketplace.searchPerMinute)} / ${fmt(r.marketplace.detailPerMinute)}`,
    ],
    ['  failed requests', (r) => fmt(r.marketplace.failed)],
    ['checks with new ads (window)', (r) => fmt(r.checksWithNewAds)],
    ['listings×alerts matched / s (run)', (r) => fmt(r.matchedPairsPerSecond, 1)],
    ['matcher alone, pairs / s (1 core)', (r) => fmt(r.matcherPairsPerSecond)],
    ['notifications / s (window)', (r) => fmt(r.notificationsPerSecond, 1)],
    ['e-mails sent (all)', (r) => fmt(r.mails)],
    [
      'feed visits / min (mp / 2dh)',
      (r) =>
        `${fmt(r.feedVisits.marktplaats?.perMinute ?? 0, 1)} / ${fmt(r.feedVisits['2dehands']?.perMinute ?? 0, 1)}`,
    ],
    [
      '  pages per visit (mp / 2dh)',
      (r) =>
        `${fmt(r.feedVisits.marktplaats?.pagesPerVisit ?? 0, 2)} / ${fmt(r.feedVisits['2dehands']?.pagesPerVisit ?? 0, 2)}`,
    ],
    [
      '  category revisit p50/p95 (mp)',
      (r) =>
        `${fmt((r.feedVisits.marktplaats?.gapP50 ?? 0) / 1000, 1)} / ${fmt((r.feedVisits.marktplaats?.gapP95 ?? 0) / 1000, 1)} s`,
    ],
    [
      '  category revisit p50/p95 (2dh)',
      (r) =>
        `${fmt((r.feedVisits['2dehands']?.gapP50 ?? 0) / 1000, 1)} / ${fmt((r.feedVisits['2dehands']?.gapP95 ?? 0) / 1000, 1)} s`,
    ],
    ...PLATFORMS.map((platform): [string, (r: ScenarioResult) => string] => [
      `  a category's sweep p50/p95 (${platform === 'marktplaats' ? 'mp' : '2dh'})`,
      (r) => {
        const v = r.feedVisits[platform];
        return v ? `${fmt(v.sweepP50 / 1000, 1)} / ${fmt(v.sweepP95 / 1000, 1)} s` : '–';
      },
    ]),
    [
      'publish → feed read p50/p95',
      (r) =>
        `${fmt(r.latencyFeedReadMs.p50 / 1000, 1)} / ${fmt(r.latencyFeedReadMs.p95 / 1000, 1)} s (n=${fmt(r.latencyFeedReadMs.count)})`,
    ],
    [
      'publish → delivery recorded p50/p95',
      (r) =>
        `${fmt(r.latencyRecordedMs.p50 / 1000, 1)} / ${fmt(r.latencyRecordedMs.p95 / 1000, 1)} s (n=${fmt(r.latencyRecordedMs.count)})`,
    ],
    [
      'publish → e-mail sent p50/p95',
      (r) =>
        `${fmt(r.latencySentMs.p50 / 1000, 1)} / ${fmt(r.latencySentMs.p95 / 1000, 1)} s (n=${fmt(r.latencySentMs.count)})`,
    ],
    [
      'CPU in window (share of one core)',
      (r) => `${fmt(r.cpu.seconds, 1)} s (${fmt(r.cpu.coreShare * 100)} %)`,
    ],
    ['peak RSS', (r) => `${fmt(r.rssPeakMb)} MB`],
    ['e-mail rows marked sent / s (window)', (r) => fmt(r.rowsSentPerSecond, 1)],
    ...(SCALE_OUT
      ? [
          [
            'e-mails / s per worker: window / to drain end (best 15 s)',
            (r: ScenarioResult) =>
              Object.values(r.sendsPerWorker)
                .map((v) => `${fmt(v.window, 1)} / ${fmt(v.toDrainEnd, 1)} (${fmt(v.peak15s, 1)})`)
                .join(', '),
          ] as [string, (r: ScenarioResult) => string],
        ]
      : []),
    [
      'deliver jobs waiting p95 / peak',
      (r) =>
        `${fmt(r.deliverWaiting.p95)} / ${fmt(r.deliverWaiting.peak)}` +
        (r.deliverWaiting.fromWindow
          ? ` (from the window: ${fmt(r.deliverWaiting.fromWindow.p95)} / ${fmt(r.deliverWaiting.fromWindow.peak)})`
          : ''),
    ],
    ['event loop delay p99 (window)', (r) => `${fmt(r.eventLoopP99Ms)} ms`],
    [
      'SQL statements / s (window)',
      (r) => (SCALE_OUT ? '– (other processes)' : fmt(r.statementsPerSecond)),
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  console.log(
    `\nEngine bench — check interval ${PLAN_INTERVALS ? `the plans' (${REPORT_PLANS.map((plan) => `${plan} ${planIntervalSeconds(plan) / 60} min`).join(', ')})` : `${INTERVAL_S} s`}, window ${WINDOW_S} s, ${SCALE_OUT ? 'MariaDB, Redis/BullMQ, worker and scheduler processes' : 'SQLite, in-process queue'}, ` +
      `CHECK_CONCURRENCY ${env.CHECK_CONCURRENCY ?? 4}, MARKETPLACE_RATE ${env.MARKETPLACE_RATE ?? '1 (the default)'}/s per host, ` +
      `BENCH_TERM_SHARE ${env.BENCH_TERM_SHARE ?? '5 000 / alerts, at most 0.5'}\n`,
  );
  console.log(
    `${''.padEnd(width)}${results.map((r) => `${fmt(r.alerts)} ${r.mode} ${fmt(r.adsPerSecond)}/s${SCALE_OUT ? ` ${r.workers}w` : ''}`.padStart(28)).join('')}`,
  );
  for (const [label, value] of rows) {
    console.log(`${label.padEnd(width)}${results.map((r) => value(r).padStart(28)).join('')}`);
  }
  for (const r of results) {
    console.log(
      `\n${fmt(r.alerts)} alerts — deliveries by channel/status: ${JSON.stringify(r.deliveries)}`,
    );
    if (Object.keys(r.warnings).length > 0)
      console.log(`  warnings logged: ${JSON.stringify(r.warnings)}`);
    if (r.postcodes.length > 0)
      console.log(
        `  postcodes located (s after the start, places): ${r.postcodes.map((p) => `${p.key} ${p.locatedAfterSeconds === null ? 'not yet' : `${fmt(p.locatedAfterSeconds)} s, ${p.samples}`}`).join('; ')}`,
      );
    for (const line of r.missed) console.log(`  ${line}`);
    for (const p of r.processes ?? [])
      console.log(
        `  process ${p.name}: CPU in window ${fmt(p.cpuSeconds, 1)} s (${fmt(p.coreShare * 100)} % of a core), peak RSS ${fmt(p.rssPeakMb)} MB`,
      );
    console.log(
      `  database at the end (${fmt(r.notificationRows)} notifications), MB: ${(r.dbObjectsMb ?? []).map(([name, mb]) => `${name} ${fmt(mb, 1)}`).join(', ')}`,
    );
    if (r.notificationBytes)
      console.log(
        `  bytes: a notification ${fmt(r.notificationBytes.notification)}, a delivery ${fmt(r.notificationBytes.delivery)} (${fmt(r.notificationBytes.deliveriesPerNotification, 2)} a notification), a feed listing ${fmt(r.notificationBytes.feedListing)}, a listing snapshot ${fmt(r.notificationBytes.snapshot)} (${fmt(r.notificationBytes.snapshots)} of them: listing JSON ${fmt(r.notificationBytes.listing)}, description ${fmt(r.notificationBytes.description)}, title + url + images ${fmt(r.notificationBytes.flat)})`,
      );
    for (const [kind, perSecond] of r.topStatements ?? [])
      console.log(`  ${fmt(perSecond, 1).padStart(7)} /s  ${kind}`);
  }
}

/** A scale-out scenario's processes, stopped by their pids when the scenario fails or is ended. */
let startedScaleOut: ScaleOut | null = null;
const scenarioFlag = process.argv.indexOf('--scenario');
if (scenarioFlag >= 0) {
  // The parent ends a scenario past its deadline with SIGTERM.
  process.once('SIGTERM', () => {
    void (startedScaleOut?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
  });
  const result = await runScenario(
    Number(process.argv[scenarioFlag + 1]),
    (process.argv[scenarioFlag + 2] ?? 'polling') as Mode,
    Number(process.argv[scenarioFlag + 3] ?? 1),
  ).catch(async (error: unknown) => {
    await startedScaleOut?.stop().catch(() => undefined);
    throw error;
  });
  console.log(`RESULT ${JSON.stringify(result)}`);
  process.exit(0);
} else {
  const list = (value: string) => value.split(',').map((item) => item.trim());
  const counts = list(env.BENCH_ALERTS ?? '1000,10000,100000').map(Number);
  const rates = list(env.BENCH_ADS_PER_SECOND ?? '4,40').map(Number);
  const modes = list(env.BENCH_MODES ?? 'polling,feed') as Mode[];
  // Worker processes: scale-out only (the embedded default is one process).
  const workerCounts = SCALE_OUT ? list(env.BENCH_WORKERS ?? '1,2').map(Number) : [1];
  const results: ScenarioResult[] = [];
  const command = await scenarioCommand();
  for (const count of counts) {
    for (const adsPerSecond of rates) {
      for (const mode of modes) {
        for (const workers of workerCounts) {
          console.error(
            `\nScenario: ${count} alerts, ${mode}, ${adsPerSecond} ads/s${SCALE_OUT ? `, ${workers} worker(s)` : ''}`,
          );
          results.push(await runChild(command, count, mode, adsPerSecond, workers));
        }
      }
    }
  }
  printResults(results);
}
