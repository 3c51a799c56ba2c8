/**
 * A worker-like process for the shared-rate tests: builds its check client exactly as
 * the worker role does — marketplaceClientFor(config, logger, rateShares(config.engine).checks) from
 * its environment — and, after a "go" line on stdin, keeps CHECK_CONCURRENCY searches at once in
 * flight on each platform for RUN_MS (full demand). One JSON line per event on stdout.
 */
import { createInterface } from 'node:readline';
import type { PlatformId } from '@prijsalarm/core';
import { loadConfig } from '../../../config/env';
import { createLogger } from '../../../logger';
import { marketplaceClientFor, rateShares } from '../configured-client';

const report = (event: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ pid: process.pid, ...event })}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

const config = loadConfig(process.env);
const client = marketplaceClientFor(
  config,
  createLogger({ level: 'silent' }),
  rateShares(config.engine).checks,
);
const runMs = Number(process.env.RUN_MS ?? 5000);

async function checks(platform: PlatformId, endAt: number) {
  while (Date.now() < endAt) {
    const result = await client.searchPage({ platform, query: 'fiets' });
    report({ event: 'result', platform, status: result.status });
    // What the scheduler does with a cooling host: nothing until it has cooled down.
    if (result.status === 'cooling-down')
      await sleep(Math.min(result.retryInMs, endAt - Date.now()));
  }
}

report({ event: 'ready' });
await new Promise<void>((resolve) =>
  createInterface({ input: process.stdin }).once('line', () => resolve()),
);
const endAt = Date.now() + runMs;
const platforms: PlatformId[] = ['marktplaats', '2dehands'];
await Promise.all(
  platforms.flatMap((platform) =>
    Array.from({ length: config.engine.checkConcurrency }, () => checks(platform, endAt)),
  ),
);
await client.close();
report({ event: 'done' });
process.exit(0);
