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

/** For a search that is new or has missed its slots: soon, but spread by phase. */
export function startSlot(key: string, intervalMs: number, nowMs: number): number {
  return nowMs + Math.floor(phaseOf(key) * Math.min(intervalMs, START_SPREAD_MS));
}
