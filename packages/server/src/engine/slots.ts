/**
 * When a search runs: each search has a stable phase within its interval (from its key), so
 * searches with the same interval are spread over it instead of firing together, and a search
 * keeps its rhythm across restarts and processes.
 */
import { createHash } from 'node:crypto';

/** A new or overdue search starts within this much time, spread by its phase (never a burst). */
export const START_SPREAD_MS = 30_000;

/** The key's stable place in [0, 1). */
export function phaseOf(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/** The first slot of the search strictly after `afterMs`: k·interval + phase·interval. */
export function nextSlotAfter(key: string, intervalMs: number, afterMs: number): number {
  // Whole milliseconds: dates are stored with ms precision, and a fractional slot read back
  // truncated would count as "not yet passed" and run twice.
  const offset = Math.floor(phaseOf(key) * intervalMs);
  const k = Math.floor((afterMs - offset) / intervalMs) + 1;
  return k * intervalMs + offset;
}

/**
 * How much before its slot a batched delivery is due. Once due, it waits behind the sends that go
 * out at once (low priority, so PRO stays fast when sends back up) and the batched ones due before
 * it: bench:engine at 100 000 alerts and the plans' intervals had thousands of deliver jobs waiting
 * (p95 4 431), and a REGISTERED mail went out 29 s after its moment, past its interval + 5 s.
 * At most a tenth of the interval.
 */
export const BATCH_SEND_MARGIN_MS = 60_000;

/**
 * When a batched (non-PRO) delivery is due: a send margin before the key's first slot after
 * `sinceMs`. The margin never makes a held delivery immediate: when it would, the slot itself.
 *
 * A slot that passed before the ad was seen (the feed read its category late) leaves what is
 * left of the interval after `sinceMs`, up to the margin before its end: the deliveries whose
 * slots passed are spread over that, each as far into it as its slot was into the time since
 * `sinceMs` — not due all at once. An ad of a popular search, read a few minutes late, put
 * thousands of guest and REGISTERED sends due at one moment beside its PRO ones (bench:engine,
 * 100 000 alerts). Nothing is sent before its slot, nor later than the interval after `sinceMs`
 * less the margin; with nothing left of that, at once.
 */
export function batchMomentAfter(
  key: string,
  intervalMs: number,
  sinceMs: number,
  nowMs: number,
): number {
  const slot = nextSlotAfter(key, intervalMs, sinceMs);
  const margin = Math.min(BATCH_SEND_MARGIN_MS, Math.floor(intervalMs / 10));
  if (slot <= nowMs) {
    const latest = sinceMs + intervalMs - margin;
    if (latest <= nowMs) return slot;
    const share = (slot - sinceMs) / Math.max(1, nowMs - sinceMs);
    return nowMs + Math.floor(share * (latest - nowMs));
  }
  const early = slot - margin;
  return early > nowMs ? early : slot;
}

/** For a search that is new or has missed its slots: soon, but spread by phase. */
export function startSlot(key: string, intervalMs: number, nowMs: number): number {
  return nowMs + Math.floor(phaseOf(key) * Math.min(intervalMs, START_SPREAD_MS));
}
