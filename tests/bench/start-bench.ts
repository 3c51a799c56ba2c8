/**
 * `npm run bench:start`: the server's start-up time and resident memory, run from its TypeScript
 * through tsx (as before the production build) and compiled (`npm start`), in turns, each start
 * in a process of its own with every role, SQLite in a fresh DATA_DIR and nothing to do:
 *
 *   first start: spawn → GET /readyz answers 200, migrations and seeds on an empty database;
 *   restart: the same on the migrated database (what an upgrade without migrations costs);
 *   RSS at idle: VmRSS of the process BENCH_IDLE_SECONDS (30) after the restart was ready, and
 *   its peak (VmHWM) so far.
 *
 * BENCH_RUNS (5) turns per way; the figures are medians, with the load average beside them (the
 * machine may be shared: compare runs taken at a similar load). The feed is off and the
 * marketplaces point nowhere, so an idle server stays idle. Not a test: it prints figures.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getFreePort } from '../../packages/server/test/ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const NOWHERE = 'http://127.0.0.1:9';

const WAYS = {
  tsx: ['--import', 'tsx', 'packages/server/src/main.ts'],
  compiled: ['--enable-source-maps', 'packages/server/dist/main.js'],
} as const;
type Way = keyof typeof WAYS;

interface Run {
  firstStartMs: number;
  restartMs: number;
  idleRssMb: number;
  peakRssMb: number;
  load: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** kB of a /proc/<pid>/status line, as MB. */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function start(way: Way, dataDir: string): Promise<{ child: ChildProcess; ms: number }> {
  const port = await getFreePort();
  const started = performance.now();
  const child = spawn(process.execPath, WAYS[way], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ENGINE_FEED: 'off',
      MARKTPLAATS_BASE_URL: NOWHERE,
      TWEEDEHANDS_BASE_URL: NOWHERE,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way}: the server exited ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, ms: performance.now() - started };
    await sleep(20);
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function measure(way: Way): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-start-'));
  try {
    const first = await start(way, dataDir);
    await stop(first.child);
    const again = await start(way, dataDir);
    await sleep(IDLE_SECONDS * 1000);
    const pid = again.child.pid!;
    const run = {
      firstStartMs: first.ms,
      restartMs: again.ms,
      idleRssMb: statusMb(pid, 'VmRSS'),
      peakRssMb: statusMb(pid, 'VmHWM'),
      load: loadavg()[0]!,
    };
    await stop(again.child);
    return run;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const built = spawnSync(process.execPath, ['scripts/ensure-built.mjs', 'server'], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(1);

const runs: Record<Way, Run[]> = { tsx: [], compiled: [] };
for (let turn = 1; turn <= RUNS; turn += 1) {
  for (const way of Object.keys(WAYS) as Way[]) {
    const run = await measure(way);
    runs[way].push(run);
    console.error(
      `run ${turn} ${way}: first start ${Math.round(run.firstStartMs)} ms, restart ${Math.round(run.restartMs)} ms, idle RSS ${run.idleRssMb.toFixed(0)} MB (peak ${run.peakRssMb.toFixed(0)}), load ${run.load.toFixed(1)}`,
    );
  }
}

console.log(
  `\nmedians of ${RUNS} runs (node ${process.version}, ${IDLE_SECONDS} s idle; load average during the runs ${Math.min(
    ...Object.values(runs)
      .flat()
      .map((run) => run.load),
  ).toFixed(1)}–${Math.max(
    ...Object.values(runs)
      .flat()
      .map((run) => run.load),
  ).toFixed(1)}):`,
);
console.log('way       first start   restart   idle RSS   peak RSS');
for (const way of Object.keys(WAYS) as Way[]) {
  const of = (pick: (run: Run) => number) => median(runs[way].map(pick));
  console.log(
    `${way.padEnd(9)} ${`${Math.round(of((r) => r.firstStartMs))} ms`.padStart(11)} ${`${Math.round(of((r) => r.restartMs))} ms`.padStart(9)} ${`${of((r) => r.idleRssMb).toFixed(0)} MB`.padStart(10)} ${`${of((r) => r.peakRssMb).toFixed(0)} MB`.padStart(10)}`,
  );
}
