/**
 * `npm run bench:web-trace`: where the home page's main-thread time goes on a slow phone. Loads /
 * of the built app (served by the real server) in Chromium with the CPU throttled 4× (CDP
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile profile assumes), records a performance
 * trace, and prints every task over 50 ms with what ran in it (scripts, timers, frames, the
 * functions the sampling profiler saw most). Not a test: a tool to find a long task's cause.
 *
 * TRACE_RUNS=5 for more loads (3 by default); TRACE_MIN_MS=25 shows shorter tasks; TRACE_TOP=40
 * more functions per task; TRACE_OUT=dir keeps each run's trace (open it in DevTools);
 * TRACE_LIGHTHOUSE=1 runs Lighthouse instead and prints what it observed (see lighthouseOnce).
 * Function names are the built ones: `npx vite build --minify false` in packages/web first to
 * read them (and build it again before `npm start` or bench:web).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, ensureWebBuilt, lighthouseRun, startServer } from './web-server';
const RUNS = Math.max(1, Number(process.env.TRACE_RUNS) || 3);
const THROTTLE = Number(process.env.TRACE_CPU) || 4;
/** The tasks shown (TRACE_MIN_MS; 50 by default, what Total Blocking Time starts counting at). */
const MIN_TASK_MS = Number(process.env.TRACE_MIN_MS) || 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: TraceData; beginData?: TraceData };
}

/** The parts of a trace event's data this tool reads. */
interface TraceData {
  url?: string;
  functionName?: string;
  lineNumber?: number;
  type?: string;
  startTime?: number;
  timeDeltas?: number[];
  cpuProfile?: {
    nodes?: {
      id: number;
      parent?: number;
      callFrame?: {
        functionName?: string;
        url?: string;
        lineNumber?: number;
        columnNumber?: number;
      };
    }[];
    samples?: number[];
  };
}

const short = (url: string | undefined) =>
  (url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js') || '(page)';

/** Self time per function from the sampling profiler's chunks, within [start, end]. */
function profileOf(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, { fn: string; parent?: number }>();
  const samples: { ts: number; node: number }[] = [];
  // The main thread's profile; its chunks come from the profiler's own thread, by the same id.
  const profileIds = new Set(
    events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'Profile').map((e) => e.id),
  );
  let ts = 0;
  for (const event of events) {
    if (event.pid !== pid || !profileIds.has(event.id)) continue;
    if (event.name === 'Profile') ts = event.args?.data?.startTime ?? ts;
    if (event.name !== 'ProfileChunk') continue;
    const data = event.args?.data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame ?? {};
      const fn = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${(frame.lineNumber ?? 0) + 1}:${(frame.columnNumber ?? 0) + 1}`;
      nodes.set(node.id, { fn, parent: node.parent });
    }
    const ids: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node: id });
    });
  }
  return (start: number, end: number) => {
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    let count = 0;
    for (let i = 0; i < samples.length; i += 1) {
      const sample = samples[i]!;
      if (sample.ts < start || sample.ts > end) continue;
      const next = samples[i + 1]?.ts ?? sample.ts;
      const weight = Math.min(next - sample.ts, 10_000) / 1000;
      count += weight;
      const node = nodes.get(sample.node);
      if (!node) continue;
      self.set(node.fn, (self.get(node.fn) ?? 0) + weight);
      const seen = new Set<string>();
      for (let n: number | undefined = sample.node; n !== undefined; n = nodes.get(n)?.parent) {
        const fn = nodes.get(n)?.fn;
        if (!fn || seen.has(fn)) continue;
        seen.add(fn);
        total.set(fn, (total.get(fn) ?? 0) + weight);
      }
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map.entries()]
        .filter(([fn]) => !fn.startsWith('(root)') && !fn.startsWith('(program)'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, Number(process.env.TRACE_TOP) || n)
        .map(([fn, ms]) => `${ms.toFixed(1)} ms ${fn}`);
    return { sampled: count, self: top(self, 8), total: top(total, 12) };
  };
}

/** Prints the page's main-thread tasks longer than `minMs` with what ran in them. */
function printLongTasks(events: TraceEvent[], url: string, label: string, minMs: number): void {
  // The page's main thread: the renderer thread that ran the navigation's document.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const withPage = mains.find((m) =>
    events.some(
      (e) =>
        e.pid === m.pid &&
        e.tid === m.tid &&
        e.name === 'ParseHTML' &&
        String(e.args?.beginData?.url ?? '').startsWith(url),
    ),
  );
  if (!withPage) throw new Error('no main thread with the page in the trace');
  const { pid, tid } = withPage;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  const navStart =
    onMain.find(
      (e) => e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(url),
    )?.ts ?? 0;
  const profile = profileOf(events, pid, tid);
  // Top-level tasks only (a RunTask may hold another).
  const tasks: TraceEvent[] = [];
  for (const task of onMain
    .filter(
      (e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const last = tasks[tasks.length - 1];
    if (last && task.ts < last.ts + (last.dur ?? 0)) continue;
    tasks.push(task);
  }
  const long = tasks.filter((t) => (t.dur ?? 0) > minMs * 1000);
  const tbt = tasks
    .filter((t) => t.ts >= navStart)
    .reduce((sum, t) => sum + Math.max(0, (t.dur ?? 0) / 1000 - 50), 0);
  console.log(
    `\n${label}: ${tasks.length} tasks, ${long.length} over ${minMs} ms, blocking ${Math.round(tbt)} ms beyond 50 ms each`,
  );
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter(
      (e) => e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e !== task,
    );
    const describe = (e: TraceEvent) => {
      const data = e.args?.data ?? e.args?.beginData ?? {};
      const what = data.url
        ? short(data.url)
        : data.functionName
          ? data.functionName
          : (data.type ?? '');
      return `${e.name}${what ? ` ${what}` : ''}${data.functionName && data.url ? ` ${data.functionName}:${data.lineNumber}` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}ms`;
    };
    const kinds = new Set([
      'EvaluateScript',
      'v8.evaluateModule',
      'FunctionCall',
      'TimerFire',
      'FireAnimationFrame',
      'EventDispatch',
      'RunMicrotasks',
      'ParseHTML',
      'Layout',
      'UpdateLayoutTree',
      'Paint',
      'MajorGC',
      'MinorGC',
      'V8.GC_MARK_COMPACTOR',
      'v8.compile',
      'v8.compileModule',
      'ResourceReceivedData',
      'ResourceFinish',
      'XHRReadyStateChange',
      'PrePaint',
      'Commit',
      'HitTest',
      'ScheduleStyleRecalculation',
      'CpuProfiler::StartProfiling',
      'v8.produceModuleCache',
      'v8.produceCache',
    ]);
    const parts = inside.filter((e) => kinds.has(e.name) && (e.dur ?? 0) >= 2000).map(describe);
    console.log(
      `  task ${((task.dur ?? 0) / 1000).toFixed(1)} ms at ${((task.ts - navStart) / 1000).toFixed(0)} ms`,
    );
    for (const part of parts.slice(0, 25)) console.log(`    ${part}`);
    const p = profile(task.ts, end);
    console.log(`    sampled ${p.sampled.toFixed(1)} ms; self:`);
    for (const line of p.self) console.log(`      ${line}`);
    console.log('    total (inclusive):');
    for (const line of p.total) console.log(`      ${line}`);
  }
}

async function traceOnce(url: string, run: number): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.frame',
        'toplevel',
        'v8.execute',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(3000);
    const buffer = await browser.stopTracing();
    if (process.env.TRACE_OUT) {
      mkdirSync(process.env.TRACE_OUT, { recursive: true });
      writeFileSync(path.join(process.env.TRACE_OUT, `trace-${run}.json`), buffer);
    }
    const { traceEvents: events } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    printLongTasks(
      events,
      url,
      `run ${run} (${THROTTLE}× CPU; load ${loadavg()[0]!.toFixed(2)})`,
      MIN_TASK_MS,
    );
  } finally {
    await browser.close();
  }
}

ensureWebBuilt();
/**
 * TRACE_LIGHTHOUSE=1: Lighthouse's own runs instead (mobile, simulated): each run's simulated long
 * tasks, then the tasks it observed unthrottled (Lighthouse multiplies a task by 4, by 2 when it
 * laid out) that come to more than 50 ms simulated, with what ran in them.
 */
async function lighthouseOnce(url: string, run: number): Promise<void> {
  const { lhr, artifacts } = await lighthouseRun(`${url}/`);
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const tbt = lhr.audits['total-blocking-time']?.displayValue;
  const longTasks =
    (
      lhr.audits['long-tasks']?.details as
        { items?: { url: string; duration: number; startTime: number }[] } | undefined
    )?.items ?? [];
  console.log(
    `\nLighthouse run ${run}: score ${score}, TBT ${tbt} (load ${loadavg()[0]!.toFixed(2)})`,
  );
  for (const task of longTasks) {
    console.log(
      `  simulated long task ${Math.round(task.duration)} ms at ${Math.round(task.startTime)} ms — ${short(task.url)}`,
    );
  }
  const trace = (artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
  printLongTasks(trace.traceEvents, url, `  observed (unthrottled), run ${run}`, 12);
}

const server = await startServer();
try {
  for (let run = 1; run <= RUNS; run += 1) {
    if (process.env.TRACE_LIGHTHOUSE) await lighthouseOnce(server.url, run);
    else await traceOnce(server.url, run);
  }
} finally {
  await server.stop();
}
