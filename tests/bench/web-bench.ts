/**
 * `npm run bench:web`: figures of the web app, printed (not a test).
 *
 * 1. The home route's JavaScript as a browser downloads it: every script Chromium requests on the
 *    first load of / (a fresh profile, nothing cached) until the network is idle, weighed as the
 *    server sent it (gzip), held to the 120 KB budget — and, apart, what is fetched once the page
 *    is idle (the chat widget). Not an estimate from the build manifest: what was requested.
 * 2. Lighthouse 12 performance of / on its default mobile profile (simulated slow 4G and a
 *    mid-range phone), in Debian's Chromium, against the built app served by the real server.
 *    Three runs, because one run on a busy machine says little; the median is the figure.
 *
 * Exits 1 when the home route is over budget.
 */
import { availableParallelism, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import type { Result as LighthouseResult } from 'lighthouse';
import {
  HOME_FIRST_LOAD_JS_BUDGET_KB,
  describeScripts,
  kb,
  measureScripts,
  totalGzip,
} from '../e2e/support/first-load-js';
import { CHROMIUM, CHROMIUM_FLAGS, ensureWebBuilt, lighthouseRun, startServer } from './web-server';

/** At least 3; `LIGHTHOUSE_RUNS=5 npm run bench:web` for a steadier median. */
const LIGHTHOUSE_RUNS = Math.max(3, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
  'interactive',
] as const;

async function measureHomeScripts(url: string): Promise<boolean> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    const { firstLoad, afterIdle } = await measureScripts(page, `${url}/`);
    console.log(`Home route JavaScript as Chromium downloads it (${url}/, gzip as sent)`);
    console.log(describeScripts('\nFirst load (until the network is idle)', firstLoad));
    console.log(describeScripts('\nFetched later, once the page is idle', afterIdle));
    const total = totalGzip(firstLoad);
    const within = total / 1024 <= HOME_FIRST_LOAD_JS_BUDGET_KB;
    console.log(
      `\nBudget: ${kb(total)} KB of ${HOME_FIRST_LOAD_JS_BUDGET_KB} KB — ${within ? 'within budget' : 'OVER BUDGET'}`,
    );
    return within;
  } finally {
    await browser.close();
  }
}

/**
 * The machine's 1-minute load average beside each figure: Lighthouse simulates a slow phone by
 * multiplying the CPU time it observes, so a busy machine (load above its cores) lowers the score.
 */
const load = () => `load ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measureLighthouse(url: string): Promise<void> {
  console.log(
    `\nLighthouse ${LIGHTHOUSE_RUNS}× on ${url}/ (mobile, simulated throttling), ${CHROMIUM}; ${load()}`,
  );
  const runs: { score: number; metrics: Record<string, { value: number; display: string }> }[] = [];
  // What costs the most, in the worst run: the one to learn from.
  let culprits = '';
  let worstScore = Infinity;
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run += 1) {
    const { lhr } = await lighthouseRun(`${url}/`);
    if (lhr.runtimeError) {
      // A run that could not load the page (e.g. NO_FCP on a starved machine) is no figure.
      console.log(`  run ${run}: failed — ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      continue;
    }
    const metrics = Object.fromEntries(
      METRICS.map((id) => {
        const audit = lhr.audits[id];
        return [id, { value: audit?.numericValue ?? NaN, display: audit?.displayValue ?? '?' }];
      }),
    );
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    runs.push({ score, metrics });
    if (score <= worstScore) {
      worstScore = score;
      culprits = culpritsOf(lhr);
    }
    console.log(
      `  run ${run}: score ${score}  ${METRICS.map((id) => `${id} ${metrics[id]!.display}`).join('  ')}  (${load()})`,
    );
  }
  if (runs.length === 0) throw new Error('every Lighthouse run failed');
  console.log(
    `\nPerformance score (median of ${runs.length}): ${median(runs.map((r) => r.score))}  (runs: ${runs.map((r) => r.score).join(', ')}; ${load()})`,
  );
  for (const id of METRICS) {
    const values = runs.map((r) => r.metrics[id]!.value);
    const unit = id === 'cumulative-layout-shift' ? '' : ' ms';
    const format = (value: number) =>
      id === 'cumulative-layout-shift' ? value.toFixed(3) : Math.round(value).toString();
    console.log(
      `  ${id.padEnd(26)} median ${format(median(values))}${unit}  (runs: ${values.map(format).join(', ')})`,
    );
  }
  console.log(`\nWhere the time and the shifts come from (worst run):\n${culprits}`);
}

interface LongTask {
  url: string;
  duration: number;
  startTime: number;
}

/** The elements behind LCP and the layout shifts, and the long tasks, as Lighthouse names them. */
function culpritsOf(lhr: LighthouseResult): string {
  interface Item {
    node?: { snippet?: string; selector?: string };
    score?: number;
    items?: Item[];
  }
  // LCP's details are a list of tables; the layout shifts' a table.
  const flatten = (items: Item[] = []): Item[] =>
    items.flatMap((item) => (item.items ? flatten(item.items) : [item]));
  const lines: string[] = [];
  const describe = (label: string, auditId: string) => {
    const details = lhr.audits[auditId]?.details as { items?: Item[] } | undefined;
    for (const item of flatten(details?.items).slice(0, 5)) {
      if (!item.node) continue;
      const score = item.score === undefined ? '' : ` (shift ${item.score.toFixed(3)})`;
      lines.push(`  ${label}${score}: ${item.node.selector ?? ''} ${item.node.snippet ?? ''}`);
    }
  };
  describe('LCP element', 'largest-contentful-paint-element');
  describe('layout shift', 'layout-shifts');
  // The main thread's long tasks (what Total Blocking Time sums beyond 50 ms each), longest
  // first, as Lighthouse's simulated phone would run them.
  const longTasks = (lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)
    ?.items;
  for (const task of [...(longTasks ?? [])].sort((a, b) => b.duration - a.duration).slice(0, 6)) {
    lines.push(
      `  long task: ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms — ${task.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  }
  // Lighthouse's opportunities with the time they would save.
  for (const audit of Object.values(lhr.audits)) {
    const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined;
    if (details?.type !== 'opportunity' || !details.overallSavingsMs) continue;
    lines.push(`  opportunity: ${audit.title} — saves ~${Math.round(details.overallSavingsMs)} ms`);
  }
  return lines.join('\n') || '  (none reported)';
}

ensureWebBuilt();

const server = await startServer();
try {
  if (!(await measureHomeScripts(server.url))) process.exitCode = 1;
  await measureLighthouse(server.url);
} finally {
  await server.stop();
}
