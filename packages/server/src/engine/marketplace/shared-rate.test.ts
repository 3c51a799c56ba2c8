/**
 * Scale-out (REDIS_URL): two worker processes checking at full demand keep together to
 * MARKETPLACE_RATE per host, and a block one of them sees keeps both away — measured as the
 * marketplace double sees it, from its own request log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import {
  startMarketplaceDouble,
  type DoublePlatform,
  type MarketplaceDouble,
  type RequestLogEntry,
} from '../../../../../tests/doubles/marketplace';

const redisUrl = inject('redisUrl');
const fixture = fileURLToPath(new URL('./test-fixtures/check-load-process.ts', import.meta.url));
// 2/s: 500 ms apart, so the 0.8 margin (100 ms) also covers a busy machine's scheduling delays.
const RATE = 2;
const INTERVAL_MS = 1000 / RATE;
const PLATFORMS: DoublePlatform[] = ['marktplaats', '2dehands'];

interface WorkerEvent {
  pid: number;
  event: string;
  platform?: DoublePlatform;
  status?: string;
}

describe.skipIf(!redisUrl)('two worker processes on one Redis', () => {
  let double: MarketplaceDouble;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    double = await startMarketplaceDouble({ seed: 12 });
  });
  afterAll(async () => {
    await double.stop();
  });
  afterEach(() => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    double.reset();
  });

  /** A worker-like process (node itself, not the tsx CLI wrapper, so its PID is the worker's). */
  function startWorker(env: Record<string, string>) {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      env: {
        ...process.env,
        MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
        TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
        MARKETPLACE_RATE: String(RATE),
        // The checks' budget is then all of MARKETPLACE_RATE.
        ENGINE_FEED: 'off',
        CHECK_CONCURRENCY: '4',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    children.push(child);
    const events: WorkerEvent[] = [];
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) events.push(JSON.parse(line) as WorkerEvent);
    });
    const waitFor = (event: string, timeout = 30_000) =>
      vi.waitFor(
        () => {
          if (!events.some((e) => e.event === event)) throw new Error(`no "${event}" yet`);
        },
        { timeout, interval: 50 },
      );
    return { child, events, waitFor, go: () => child.stdin!.write('go\n') };
  }

  /** Both workers started, then let go at once; returns when that was. */
  async function startTwo(env: Record<string, string>) {
    const workers = [startWorker(env), startWorker(env)];
    await Promise.all(workers.map((worker) => worker.waitFor('ready')));
    for (const worker of workers) worker.go();
    return { workers, startedAt: Date.now() };
  }

  const searches = (platform: DoublePlatform, from = 0, to = Infinity) =>
    double.requests.filter(
      (entry: RequestLogEntry) => entry.platform === platform && entry.at >= from && entry.at < to,
    );
  const smallestGap = (entries: RequestLogEntry[]) =>
    Math.min(...entries.slice(1).map((entry, i) => entry.at - entries[i]!.at));

  it('stay together within MARKETPLACE_RATE per host at full demand', async () => {
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomUUID()}`, RUN_MS: '12000' };
    const { workers, startedAt } = await startTwo(env);
    await Promise.all(workers.map((worker) => worker.waitFor('done', 40_000)));

    for (const platform of PLATFORMS) {
      // A 10 s window once both are running: at most 1.1 × MARKETPLACE_RATE on this host…
      const window = searches(platform, startedAt + 1000, startedAt + 11_000);
      expect(window.length, platform).toBeLessThanOrEqual(RATE * 1.1 * 10);
      // …and the budget in use (full demand), by both processes (one connection each).
      expect(window.length, platform).toBeGreaterThanOrEqual(RATE * 0.9 * 10);
      expect(new Set(window.map((entry) => entry.connection)).size, platform).toBe(2);
      // Spaced, never burst: no two requests closer than half the interval. (The double sees when a
      // request arrived, which carries that request's own delay on a busy machine; a burst would
      // arrive together.)
      expect(smallestGap(searches(platform)), platform).toBeGreaterThanOrEqual(INTERVAL_MS * 0.5);
    }
    for (const worker of workers) {
      expect(worker.events.filter((e) => e.status === 'ok').length).toBeGreaterThanOrEqual(10);
    }
  });

  it('without REDIS_URL each process spaces only itself: together twice the rate', async () => {
    const { workers, startedAt } = await startTwo({ RUN_MS: '4000' });
    await Promise.all(workers.map((worker) => worker.waitFor('done', 40_000)));
    // What the shared budget prevents, measured the same way: twice the rate on one host.
    const seen = searches('marktplaats', startedAt + 500, startedAt + 3500);
    expect(seen.length).toBeGreaterThan(RATE * 1.5 * 3);
  });

  it('keep both away from a host after a 403 one of them got', async () => {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `test-${randomUUID()}`,
      RUN_MS: '8000',
      MARKETPLACE_COOLDOWN_SECONDS: '3',
    };
    const { workers } = await startTwo(env);
    // Both are sending to marktplaats before it blocks.
    await vi.waitFor(
      () => {
        const seen = searches('marktplaats');
        if (seen.length < 6 || new Set(seen.map((entry) => entry.connection)).size < 2) {
          throw new Error('both workers not yet sending');
        }
      },
      { timeout: 15_000, interval: 50 },
    );
    double.inject({ status: 403, platform: 'marktplaats', target: 'search' });
    await Promise.all(workers.map((worker) => worker.waitFor('done', 40_000)));

    const blocked = double.requests.filter((entry) => entry.status === 403);
    expect(blocked).toHaveLength(1);
    const blockedAt = blocked[0]!.at;
    // 3 s without a request to that host from either process; the other host carried on.
    expect(searches('marktplaats', blockedAt + 1, blockedAt + 2900)).toEqual([]);
    expect(searches('2dehands', blockedAt + 1, blockedAt + 2900).length).toBeGreaterThanOrEqual(
      RATE * 2,
    );
    // Both heard of it: the one that got the 403 and the other, from Redis.
    for (const worker of workers) {
      expect(
        worker.events.some((e) => e.platform === 'marktplaats' && e.status === 'cooling-down'),
      ).toBe(true);
    }
    // And both went back once it had cooled down.
    expect(searches('marktplaats', blockedAt + 3000).length).toBeGreaterThan(0);
  });
});
