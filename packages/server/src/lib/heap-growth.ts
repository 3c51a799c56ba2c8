/**
 * How far V8 lets the heap grow past its live size before the next full collection.
 *
 * On a machine with memory to spare V8 lets the old generation grow up to 4× what survived the
 * last full collection. The engine's warm-up allocates rows that outlive a scavenge (per-search
 * first looks, the feed's baselines, a located postcode's alerts filed again) for minutes, so at
 * 100 000 alerts a server with ~180 MB live reached 650 MB of heap and 850–1 066 MB RSS before V8
 * collected (`npm run bench:engine`, BENCH_MEMORY_TRACE=1). A fixed growth keeps the peak near
 * (1 + HEAP_GROWING_PERCENT/100) × live, for more frequent, mostly concurrent, full collections.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/**
 * Set at start-up rather than on the command line so every way of starting the server (npm
 * start, the benches) gets it; V8 reads the flag at each collection, so it takes effect the same.
 * An explicit `node --heap-growing-percent=…` wins.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
