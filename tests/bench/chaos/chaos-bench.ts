/**
 * `npm run bench:chaos`: the scale-out installation on this machine under faults, judged by what
 * the outside world received. Not a test: it prints figures (and exits 1 when an ad was lost).
 *
 * Topology: MariaDB and Redis (own temp dirs, stopped by pid), the server as five processes of
 * `packages/server/src/main.ts` (two SERVICES=web, two SERVICES=worker, one SERVICES=scheduler),
 * the marketplace double, the Telegram double and a real SMTP server (packages/server/test/mailbox).
 * Users and alerts are seeded rows (PRO users with a linked Telegram chat, alerts on e-mail and
 * Telegram); everything after that goes through public behaviour only: the double publishes ads,
 * the server finds and sends them, and the doubles say what arrived. No engine internals are read,
 * so the bench survives an engine rewrite.
 *
 * While a steady stream of matching ads (and noise) is published, faults come one after another:
 *   1. a worker SIGKILLed mid-delivery, CHAOS_KILLS times (default 20), alternately while its
 *      mail is held at RCPT TO (before the SMTP server accepted it) and while a Telegram send is
 *      in flight (after the request left: the at-least-once window, see delivery/ledger.ts);
 *      the killed worker is started again, as a supervisor would;
 *   2. Redis restarted (without persistence: every queued job is gone);
 *   3. MariaDB restarted;
 *   4. marketplace storms: 403, 429 (Retry-After) and 503 on every request for a while;
 *   5. SMTP refusing every recipient (451) for CHAOS_SMTP_OUTAGE_SECONDS (60).
 * Then the stream stops and the bench waits (≤ CHAOS_DRAIN_SECONDS, 240) until every ad arrived.
 *
 * Ground truth: every matching ad carries a unique mark (K000123) in its title and matches exactly
 * one alert, so it must reach that alert's owner once by mail and once on Telegram. Counted are
 * the ads published after the warm-up (every alert has had a mail and a Telegram message: its
 * search is running), so a search's first fetch, which only learns what is already there, does
 * not count as loss. Recovery after a fault: a probe ad published the moment the fault ends,
 * until it arrived on both channels.
 *
 * Environment: MARKETPLACE_RATE (5 here, see where it is set), CHAOS_KILLS (20), CHAOS_ALERTS
 * (8), CHAOS_ADS_PER_SECOND (1), CHAOS_SMTP_OUTAGE_SECONDS (60), CHAOS_STORM_SECONDS (15 per
 * status), CHAOS_PAUSE_SECONDS (10, between faults), CHAOS_RECOVERY_MAX_SECONDS (180),
 * CHAOS_DRAIN_SECONDS (240), CHAOS_CHECK_INTERVAL_SECONDS (5), and any server variable
 * (DELIVERY_*, …) is passed on to the server processes. CHAOS_KEEP=1 keeps the temp dir with the
 * processes' logs.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../../packages/server/src/config/env';
import { migrate } from '../../../packages/server/src/db/migrate';
import { createSequelize } from '../../../packages/server/src/db/sequelize';
import { initModels } from '../../../packages/server/src/models';
import { hashToken } from '../../../packages/server/src/security/tokens';
import { startMailbox, type Mailbox } from '../../../packages/server/test/mailbox';
import { getFreePort } from '../../../packages/server/test/ports';
import { startMarketplaceDouble, type MarketplaceDouble } from '../../doubles/marketplace';
import { startTelegramDouble, type TelegramDouble } from '../../doubles/telegram';
import { mariaDb, redis, ServerProcess, type Restartable } from './infra';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const env = process.env;
const num = (name: string, fallback: number) => Number(env[name] ?? fallback);
const KILLS = num('CHAOS_KILLS', 20);
const ALERTS = Math.min(26, num('CHAOS_ALERTS', 8));
const ADS_PER_SECOND = num('CHAOS_ADS_PER_SECOND', 1);
const SMTP_OUTAGE_S = num('CHAOS_SMTP_OUTAGE_SECONDS', 60);
const STORM_S = num('CHAOS_STORM_SECONDS', 15);
const PAUSE_S = num('CHAOS_PAUSE_SECONDS', 10);
const DRAIN_S = num('CHAOS_DRAIN_SECONDS', 240);
const CHECK_INTERVAL_S = num('CHAOS_CHECK_INTERVAL_SECONDS', 5);
const RECOVERY_MAX_S = num('CHAOS_RECOVERY_MAX_SECONDS', 180);
const WARMUP_MAX_S = 180;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const progress = (text: string) => console.error(`  ${clock()} · ${text}`);

// Words no one of which contains another, so a search for one never finds another's ads.
const WORDS = [
  'alfa', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett',
  'kilo', 'lima', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango',
  'uniform', 'victor', 'whiskey', 'xray', 'yankee', 'zulu',
]; // prettier-ignore
const termOf = (i: number) => `chaos${WORDS[i]}`;
const chatOf = (i: number) => 7_000_001 + i;
const emailOf = (i: number) => `chaos-${WORDS[i]}@example.nl`;
const MARK = /\bK(\d{6})\b/g;

interface Ad {
  seq: number;
  alert: number;
  at: number;
  counted: boolean;
}
type Channel = 'email' | 'telegram';
const CHANNELS: Channel[] = ['email', 'telegram'];

interface Fault {
  name: string;
  start: number;
  end: number;
  probe: number | null;
  note?: string;
}

/* ------------------------------------------------------------------ the outside world */

const baseDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-chaos-'));
const cleanup: Array<() => Promise<void>> = [];
let market: MarketplaceDouble;
let telegram: TelegramDouble;
let mailbox: Mailbox;
let db: Restartable;
let queueRedis: Restartable;

const ads: Ad[] = [];
let warmupEnd = Infinity;
let noise = 0;
/** Arrivals per channel: ad seq → arrival times (one per message that carried it). */
const arrivals: Record<Channel, Map<number, number[]>> = { email: new Map(), telegram: new Map() };

function publishAd(alert: number): Ad {
  const seq = ads.length + 1;
  const word = WORDS[alert]!;
  market.publish({
    platform: 'marktplaats',
    title: `Chaos${word} fiets K${String(seq).padStart(6, '0')}`,
    priceCents: 1000 + seq,
  });
  const ad = { seq, alert, at: Date.now(), counted: Date.now() > warmupEnd };
  ads.push(ad);
  return ad;
}

function noteArrival(channel: Channel, text: string, at: number) {
  const seen = new Set<number>();
  for (const match of text.matchAll(MARK)) seen.add(Number(match[1]));
  for (const seq of seen) {
    const list = arrivals[channel].get(seq) ?? [];
    list.push(at);
    arrivals[channel].set(seq, list);
  }
}

let mailSeen = 0;
let telegramSeen = 0;
function collect() {
  for (; mailSeen < mailbox.messages.length; mailSeen++) {
    noteArrival('email', mailbox.messages[mailSeen]!.text, Date.now());
  }
  const messages = telegram.messages;
  for (; telegramSeen < messages.length; telegramSeen++) {
    noteArrival('telegram', messages[telegramSeen]!.text, messages[telegramSeen]!.at);
  }
}

const arrived = (seq: number, channel: Channel) => (arrivals[channel].get(seq)?.length ?? 0) > 0;

/** Resolves when the ad reached both channels (its delay), or null after `timeoutMs`. */
async function waitForAd(seq: number, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    collect();
    if (CHANNELS.every((channel) => arrived(seq, channel))) {
      return Math.max(...CHANNELS.map((channel) => arrivals[channel].get(seq)![0]!));
    }
    await sleep(100);
  }
  return null;
}

/** Pids of processes with an established TCP connection to `port` on loopback (ss -tnp). */
function pidsConnectedTo(port: number): number[] {
  const out = spawnSync('ss', ['-tnpH', 'state', 'established', `( dport = :${port} )`], {
    encoding: 'utf8',
  }).stdout;
  return [...out.matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
}

/** The pid whose socket is 127.0.0.1:`localPort` → `serverPort`. */
function pidOfClient(localPort: number, serverPort: number): number | undefined {
  const out = spawnSync(
    'ss',
    ['-tnpH', 'state', 'established', `( sport = :${localPort} and dport = :${serverPort} )`],
    { encoding: 'utf8' },
  ).stdout;
  const match = /pid=(\d+)/.exec(out);
  return match ? Number(match[1]) : undefined;
}

/* ------------------------------------------------------------------ the installation */

async function seed(databaseUrl: string, sessionSecret: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, SESSION_SECRET: sessionSecret });
  const sequelize = createSequelize(config.database);
  await migrate(sequelize);
  const models = initModels(sequelize);
  const now = Date.now();
  const token = () => randomBytes(16).toString('base64url');
  for (let i = 0; i < ALERTS; i++) {
    const user = await models.User.create({
      email: emailOf(i),
      passwordHash: null,
      plan: 'PRO',
      emailVerifiedAt: new Date(),
      telegramChatId: String(chatOf(i)),
      telegramUsername: `chaos_${WORDS[i]}`,
    });
    await models.Alert.create({
      userId: user.id,
      email: null,
      searchTerm: termOf(i),
      platforms: ['marktplaats'],
      notifyEmail: true,
      notifyTelegram: true,
      planAtCreation: 'PRO',
      checkIntervalMinutes: 1,
      validityDays: 30,
      confirmedAt: new Date(now),
      expiresAt: new Date(now + 30 * 86_400_000),
      manageTokenNonce: token(),
      manageTokenHash: hashToken(token()),
      refreshTokenNonce: token(),
      refreshTokenHash: hashToken(token()),
    });
  }
  await sequelize.close();
}

async function main() {
  progress(`temp dir ${baseDir}`);
  market = await startMarketplaceDouble({ seed: 4711 });
  cleanup.push(() => market.stop());
  const botToken = `123456:${randomBytes(12).toString('hex')}`;
  telegram = await startTelegramDouble({ token: botToken });
  cleanup.push(() => telegram.stop());
  mailbox = await startMailbox();
  cleanup.push(() => mailbox.close());
  db = await mariaDb(baseDir);
  await db.start();
  cleanup.push(() => db.stop());
  queueRedis = await redis(baseDir);
  await queueRedis.start();
  cleanup.push(() => queueRedis.stop());
  progress('MariaDB, Redis and the doubles are up');

  const connection = await mysql.createConnection(db.url);
  await connection.query('CREATE DATABASE chaos CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  await connection.end();
  const databaseUrl = `${db.url}/chaos`;
  const sessionSecret = randomBytes(32).toString('hex');
  await seed(databaseUrl, sessionSecret);
  progress(`seeded ${ALERTS} PRO users, each with one alert on e-mail and Telegram`);

  const common: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: path.join(baseDir, 'data'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: queueRedis.url,
    REDIS_PREFIX: 'chaos',
    SESSION_SECRET: sessionSecret,
    SMTP_URL: mailbox.url,
    TELEGRAM_BOT_TOKEN: botToken,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    MARKTPLAATS_BASE_URL: market.baseUrl.marktplaats,
    TWEEDEHANDS_BASE_URL: market.baseUrl['2dehands'],
    CHECK_INTERVAL_SECONDS: String(CHECK_INTERVAL_S),
    // The production politeness (1 request/s per host and worker) cannot carry 8 searches every
    // 5 s with their ad pages once one worker is down: the checks would queue for minutes and
    // every figure would measure that. The double is local; MARKETPLACE_RATE=1 shows it.
    MARKETPLACE_RATE: env.MARKETPLACE_RATE ?? '5',
    SCHEDULER_TICK_MS: env.SCHEDULER_TICK_MS ?? '1000',
    SENTRY_DSN: '',
  };
  const webPorts = [await getFreePort(), await getFreePort()];
  const proc = (name: string, services: string, readyLine: string, extra: NodeJS.ProcessEnv = {}) =>
    new ServerProcess(name, ROOT, { ...common, SERVICES: services, ...extra }, baseDir, readyLine);
  const webs = webPorts.map((port, i) =>
    proc(`web-${i + 1}`, 'web', 'web server listening', {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }),
  );
  const workers = [1, 2].map((i) => proc(`worker-${i}`, 'worker', 'worker started'));
  const scheduler = proc('scheduler', 'scheduler', 'scheduler running');
  const all = [scheduler, ...workers, ...webs];
  cleanup.push(async () => {
    await Promise.all(all.map((p) => p.stop()));
  });
  // One at a time: each runs the migrations at start (already done, but they take the lock).
  for (const p of all) await p.start();
  progress('5 server processes up (2 web, 2 worker, 1 scheduler)');

  // The steady stream: matching ads round-robin over the alerts, and as many ads matching none.
  let next = 0;
  const stream = setInterval(() => {
    publishAd(next++ % ALERTS);
    market.publish({ platform: 'marktplaats' });
    noise++;
  }, 1000 / ADS_PER_SECOND);
  const collector = setInterval(collect, 200);

  // Warm-up: until every alert's search runs (a mail and a Telegram message for each).
  const warmupStart = Date.now();
  for (;;) {
    collect();
    const warm = [...Array(ALERTS).keys()].every((i) =>
      CHANNELS.every((channel) => ads.some((ad) => ad.alert === i && arrived(ad.seq, channel))),
    );
    if (warm) break;
    if (Date.now() - warmupStart > WARMUP_MAX_S * 1000) {
      throw new Error(`warm-up: not every alert delivered within ${WARMUP_MAX_S} s`);
    }
    await sleep(500);
  }
  warmupEnd = Date.now();
  progress(
    `warm: every alert delivered on both channels (${((warmupEnd - warmupStart) / 1000).toFixed(0)} s)`,
  );

  const faults: Fault[] = [];
  const smtpPort = Number(new URL(mailbox.url).port);
  const telegramPort = Number(new URL(telegram.apiRoot).port);
  /** Waits (≤ CHAOS_RECOVERY_MAX_SECONDS) for a fault's probe, so the next fault starts on a recovered system. */
  const recovered = async (f: Fault | undefined) => {
    if (!f?.probe) return;
    if ((await waitForAd(f.probe, RECOVERY_MAX_S * 1000)) === null)
      progress(`not recovered within ${RECOVERY_MAX_S} s after: ${f.name}`);
  };
  let probeAlert = 0;
  const fault = async (name: string, run: () => Promise<string | void>) => {
    const start = Date.now();
    const note = (await run()) ?? undefined;
    const end = Date.now();
    const probe = publishAd(probeAlert++ % ALERTS).seq;
    faults.push({ name, start, end, probe, ...(note ? { note } : {}) });
  };

  // 1. Workers killed mid-delivery: the worker that holds the send is the one killed.
  const atLeastOnceWindowHits: number[] = [];
  for (let k = 0; k < KILLS; k++) {
    const viaMail = k % 2 === 0;
    let victim: ServerProcess | undefined;
    await fault(`kill -9 mid-${viaMail ? 'mail' : 'Telegram'}`, async () => {
      const until = Date.now() + 30_000;
      const ours = (pid: number | undefined) =>
        workers.find((w) => w.pid !== undefined && w.pid === pid);
      if (viaMail) {
        // Held at RCPT TO: the server has not accepted the mail, so a retry is no duplicate.
        mailbox.hold();
        while (Date.now() < until && !victim) {
          await sleep(100);
          if (mailbox.held === 0) continue;
          const pids = pidsConnectedTo(smtpPort);
          // Alternate between the two when both are sending.
          victim = [workers[k % 4 < 2 ? 0 : 1]!, workers[k % 4 < 2 ? 1 : 0]!].find(
            (w) => w.pid !== undefined && pids.includes(w.pid),
          );
        }
      } else {
        // The request reached Telegram, which carries it out after the delay, sender or not.
        telegram.injectDelay({ ms: 4000, times: 1, methods: ['sendMessage', 'sendPhoto'] });
        while (Date.now() < until && !victim) {
          await sleep(50);
          const [held] = telegram.delayed;
          if (held) victim = ours(pidOfClient(held.remotePort, telegramPort));
        }
      }
      const seen = telegram.messages.length;
      const killedAt = Date.now();
      if (victim) await victim.kill();
      if (viaMail) mailbox.release();
      if (victim) await victim.start();
      if (!viaMail && victim) {
        // The delayed send lands now, without its sender: the row was never marked sent.
        await sleep(4500);
        atLeastOnceWindowHits.push(
          telegram.messages.slice(seen).filter((message) => message.at <= killedAt).length,
        );
      }
      return victim ? `${victim.name}` : 'no send in flight within 30 s: nobody killed';
    });
    progress(`kill ${k + 1}/${KILLS}: ${faults.at(-1)!.note}`);
    await sleep(1000);
  }
  await recovered(faults.at(-1));
  await sleep(PAUSE_S * 1000);

  // 2. Redis restart (empty: no persistence).
  progress('Redis restart');
  await fault('Redis restart (data lost)', async () => {
    await queueRedis.stop();
    await sleep(5000);
    await queueRedis.start();
  });
  await recovered(faults.at(-1));
  await sleep(PAUSE_S * 1000);

  // 3. MariaDB restart.
  progress('MariaDB restart');
  await fault('MariaDB restart', async () => {
    await db.stop();
    await sleep(5000);
    await db.start();
  });
  await recovered(faults.at(-1));
  await sleep(PAUSE_S * 1000);

  // 4. Marketplace storms.
  for (const status of [403, 429, 503] as const) {
    progress(`marketplace ${status} storm`);
    await fault(`marketplace ${status} storm ${STORM_S} s`, async () => {
      market.inject({
        status,
        times: 1_000_000,
        ...(status === 429 ? { retryAfter: 5 } : {}),
      });
      await sleep(STORM_S * 1000);
      market.clearFaults();
    });
    await recovered(faults.at(-1));
    await sleep(PAUSE_S * 1000);
  }

  // 5. SMTP refusing.
  progress(`SMTP refusing (451) for ${SMTP_OUTAGE_S} s`);
  await fault(`SMTP 451 for ${SMTP_OUTAGE_S} s`, async () => {
    mailbox.refuse({ kind: 'temporary' });
    await sleep(SMTP_OUTAGE_S * 1000);
    mailbox.refuse(null);
  });
  await recovered(faults.at(-1));

  clearInterval(stream);
  const streamEnd = Date.now();
  progress(`stream stopped; draining (≤ ${DRAIN_S} s)`);
  const counted = ads.filter((ad) => ad.counted);
  const drainUntil = Date.now() + DRAIN_S * 1000;
  while (Date.now() < drainUntil) {
    collect();
    if (counted.every((ad) => CHANNELS.every((channel) => arrived(ad.seq, channel)))) break;
    await sleep(500);
  }
  // Late copies (a relayed send of something already sent) would come now.
  await sleep(15_000);
  clearInterval(collector);
  collect();

  // Recovery per fault: its probe's arrival on both channels after the fault ended.
  for (const f of faults) {
    const seq = f.probe!;
    const times = CHANNELS.map((channel) => arrivals[channel].get(seq)?.[0]);
    (f as Fault & { recoveryMs: number | null }).recoveryMs = times.every((t) => t !== undefined)
      ? Math.max(...(times as number[])) - f.end
      : null;
  }

  report({
    counted,
    faults,
    streamSeconds: (streamEnd - warmupEnd) / 1000,
    all,
    atLeastOnceWindowHits,
  });
  return counted.some((ad) => CHANNELS.some((channel) => !arrived(ad.seq, channel)));
}

/* ------------------------------------------------------------------ the report */

const s = (ms: number | null | undefined) =>
  ms == null ? '–' : Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'lost';

function report({
  counted,
  faults,
  streamSeconds,
  all,
  atLeastOnceWindowHits,
}: {
  counted: Ad[];
  faults: Fault[];
  streamSeconds: number;
  all: ServerProcess[];
  atLeastOnceWindowHits: number[];
}) {
  console.log(
    `\nChaos bench — MariaDB + Redis, 2 web + 2 worker + 1 scheduler, ${ALERTS} alerts, ` +
      `${ADS_PER_SECOND} matching ad/s (+ as many others) for ${streamSeconds.toFixed(0)} s after warm-up\n`,
  );
  console.log(
    `ads published (matching, counted)   ${counted.length}   (+ ${noise} matching no alert, ${ads.length - counted.length} during warm-up)`,
  );
  console.log(
    `notifications expected              ${counted.length} per channel (one alert per ad)`,
  );
  const lostAll: Record<string, number[]> = {};
  for (const channel of CHANNELS) {
    let delivered = 0;
    let duplicatedAds = 0;
    let extraCopies = 0;
    let worst = 0;
    let worstSeq = 0;
    const lost: number[] = [];
    const delays: number[] = [];
    for (const ad of counted) {
      const times = arrivals[channel].get(ad.seq) ?? [];
      if (times.length === 0) {
        lost.push(ad.seq);
        continue;
      }
      delivered++;
      if (times.length > 1) {
        duplicatedAds++;
        extraCopies += times.length - 1;
      }
      const delay = Math.min(...times) - ad.at;
      delays.push(delay);
      if (delay > worst) {
        worst = delay;
        worstSeq = ad.seq;
      }
    }
    delays.sort((a, b) => a - b);
    const p50 = delays[Math.floor(delays.length / 2)];
    lostAll[channel] = lost;
    console.log(
      `${channel.padEnd(9)} delivered ${String(delivered).padStart(5)}   lost ${String(lost.length).padStart(3)}   ` +
        `duplicated ${duplicatedAds} ads (${extraCopies} extra copies)   delay p50 ${s(p50)}, worst ${s(worst)} (K${String(worstSeq).padStart(6, '0')})`,
    );
  }
  for (const channel of CHANNELS) {
    if (lostAll[channel]!.length > 0) {
      console.log(
        `  lost on ${channel}: ${lostAll[channel]!.slice(0, 30)
          .map((seq) => `K${String(seq).padStart(6, '0')}`)
          .join(' ')}`,
      );
    }
  }
  const mailFaults = market.requests.filter((r) => r.fault).length;
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `\nmarketplace: ${market.requests.length} requests (${(market.requests.length / seconds).toFixed(1)}/s; ` +
      `MARKETPLACE_RATE ${env.MARKETPLACE_RATE ?? 5}/s per host and worker), ${mailFaults} answered with an injected fault; ` +
      `SMTP: ${mailbox.messages.length} mails received; Telegram: ${telegram.messages.length} messages`,
  );
  console.log('\ntime to recover (fault end → probe ad arrived by mail and Telegram):');
  const width = Math.max(...faults.map((f) => f.name.length)) + 2;
  for (const f of faults as Array<Fault & { recoveryMs: number | null }>) {
    console.log(
      `  ${f.name.padEnd(width)} fault ${s(f.end - f.start).padStart(7)}   recovered ${s(f.recoveryMs).padStart(7)}${f.note ? `   (${f.note})` : ''}`,
    );
  }
  const kills = faults.filter((f) => f.name.startsWith('kill'));
  const killRecoveries = kills
    .map((f) => (f as Fault & { recoveryMs: number | null }).recoveryMs)
    .filter((ms): ms is number => ms !== null);
  if (killRecoveries.length > 0) {
    console.log(
      `  kills: ${kills.length}, recovery median ${s(killRecoveries.sort((a, b) => a - b)[Math.floor(killRecoveries.length / 2)])}, worst ${s(Math.max(...killRecoveries))}`,
    );
  }
  const telegramKills = atLeastOnceWindowHits.length;
  console.log(
    `\nat-least-once window: ${telegramKills} kills while a Telegram send had reached the API unanswered; ` +
      `${atLeastOnceWindowHits.reduce((a, b) => a + b, 0)} messages landed after their sender died ` +
      `(each is sent again once its claim lapses: a duplicate by design, delivery/ledger.ts)`,
  );
  const exits = all.flatMap((p) =>
    p.unexpectedExits.map((e) => `${p.name} (${e.code ?? e.signal})`),
  );
  console.log(
    `\nserver processes that exited on their own (restarted by the bench): ${exits.length === 0 ? 'none' : exits.join(', ')}`,
  );
  timeline(counted, faults);
}

/**
 * Per 30 s of publishing: what happened then (faults), how many of the alerts' searches the
 * marketplace was asked, and how late those ads arrived, so a slow spell can be put on a fault.
 */
function timeline(counted: Ad[], faults: Fault[]) {
  if (counted.length === 0) return;
  const BUCKET_MS = 30_000;
  const from = counted[0]!.at;
  console.log(
    '\ntimeline (publish time since warm-up | faults | alert searches asked | ads | worst mail / Telegram delay):',
  );
  for (let start = from; start <= counted.at(-1)!.at; start += BUCKET_MS) {
    const end = start + BUCKET_MS;
    const inBucket = counted.filter((ad) => ad.at >= start && ad.at < end);
    const worst = (channel: Channel) =>
      Math.max(
        0,
        ...inBucket.map((ad) => {
          const times = arrivals[channel].get(ad.seq);
          return times ? Math.min(...times) - ad.at : Infinity;
        }),
      );
    const queries = new Set(
      market.requests
        .filter((r) => r.at >= start && r.at < end && r.path === '/lrp/api/search')
        .map((r) => r.query.get('query') ?? '')
        .filter((query) => query.startsWith('chaos')),
    );
    const names = faults
      .filter((f) => f.start < end && f.end >= start)
      .map((f) => f.name.replace(/ \(.*\)$/, ''));
    const counts = [...new Set(names)].map((name) => {
      const n = names.filter((other) => other === name).length;
      return n > 1 ? `${n}× ${name}` : name;
    });
    console.log(
      `  ${String(Math.round((start - from) / 1000)).padStart(4)} s  ${(counts.join(', ') || '–').padEnd(34)} ` +
        `${String(queries.size).padStart(2)}/${ALERTS}  ${String(inBucket.length).padStart(3)}  ` +
        `${s(worst('email')).padStart(8)} / ${s(worst('telegram')).padStart(8)}`,
    );
  }
}

// Ctrl-C: stop what the bench started (servers first, then MariaDB and Redis), then exit.
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(1);
    interrupted = true;
    progress(`${signal}: stopping`);
    void (async () => {
      for (const stop of cleanup.reverse()) await stop().catch(() => undefined);
      rmSync(baseDir, { recursive: true, force: true });
      process.exit(1);
    })();
  });
}

let failed = true;
try {
  const lost = await main();
  failed = lost;
} catch (error) {
  console.error(error);
} finally {
  progress('stopping');
  for (const stop of cleanup.reverse()) await stop().catch(() => undefined);
  if (env.CHAOS_KEEP === '1') progress(`logs kept in ${baseDir}`);
  else rmSync(baseDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
