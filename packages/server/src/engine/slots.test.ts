import { describe, expect, it } from 'vitest';
import {
  BATCH_SEND_MARGIN_MS,
  batchMomentAfter,
  nextSlotAfter,
  phaseOf,
  START_SPREAD_MS,
  startSlot,
} from './slots';

const MINUTE = 60_000;
const keys = Array.from(
  { length: 50 },
  (_, i) => `marktplaats:${i.toString(16).padStart(32, '0')}`,
);

describe('slots', () => {
  it('a key has one stable phase in [0, 1)', () => {
    for (const key of keys) {
      expect(phaseOf(key)).toBe(phaseOf(key));
      expect(phaseOf(key)).toBeGreaterThanOrEqual(0);
      expect(phaseOf(key)).toBeLessThan(1);
    }
  });

  it.each([
    ['just before a slot', -1, 0],
    ['exactly at a slot (strictly after it)', 0, MINUTE],
    ['just after a slot', 1, MINUTE],
  ])('next slot %s', (_name, shift, expected) => {
    const key = keys[0]!;
    const slot = nextSlotAfter(key, MINUTE, 1_700_000_000_000);
    expect(nextSlotAfter(key, MINUTE, slot + shift)).toBe(slot + expected);
  });

  it('slots are whole milliseconds, so a stored slot is never run twice', () => {
    for (const key of keys) {
      const slot = nextSlotAfter(key, 7_777, 1_700_000_000_123);
      expect(Number.isInteger(slot)).toBe(true);
      expect(nextSlotAfter(key, 7_777, new Date(slot).getTime())).toBe(slot + 7_777);
    }
  });

  it('searches of one interval spread over it', () => {
    const offsets = keys.map((key) => nextSlotAfter(key, MINUTE, 0)).sort((a, b) => a - b);
    const perTenth = Array.from(
      { length: 10 },
      (_, i) => offsets.filter((t) => t >= i * 6000 && t < (i + 1) * 6000).length,
    );
    // 50 keys over 10 buckets: none empty, none holding more than a fifth.
    expect(Math.min(...perTenth)).toBeGreaterThan(0);
    expect(Math.max(...perTenth)).toBeLessThanOrEqual(10);
  });

  it('a new search starts within the start spread, or within its interval if shorter', () => {
    for (const key of keys) {
      expect(startSlot(key, 10 * MINUTE, 0)).toBeLessThan(START_SPREAD_MS);
      expect(startSlot(key, 5_000, 0)).toBeLessThan(5_000);
    }
  });

  describe('a batched delivery’s moment', () => {
    const key = keys[1]!;
    const interval = 10 * MINUTE;
    const slot = nextSlotAfter(key, interval, 1_700_000_000_000);
    // The previous read, half an interval before the slot: the slot is its first after it.
    const since = slot - interval / 2;

    it('is a send margin before the slot after the previous read, so a queue wait still fits the interval', () => {
      expect(batchMomentAfter(key, interval, since, since)).toBe(slot - BATCH_SEND_MARGIN_MS);
    });

    it('is the slot itself when the margin would send it at once: the plan still waits', () => {
      expect(batchMomentAfter(key, interval, since, slot - BATCH_SEND_MARGIN_MS)).toBe(slot);
      expect(batchMomentAfter(key, interval, since, slot - 1)).toBe(slot);
    });

    it('spreads the slots that passed before the ad was seen over what is left of the interval', () => {
      const readLate = 1_700_000_000_000;
      const previousRead = readLate - 3 * MINUTE;
      const latest = previousRead + interval - BATCH_SEND_MARGIN_MS;
      const passed = Array.from({ length: 2000 }, (_, i) => `alert-${i}`)
        .map((alert) => ({
          slot: nextSlotAfter(alert, interval, previousRead),
          due: batchMomentAfter(alert, interval, previousRead, readLate),
        }))
        .filter(({ slot }) => slot <= readLate);
      // About 3 of every 10 minutes' slots.
      expect(passed.length).toBeGreaterThan(400);
      for (const { due } of passed) {
        expect(due).toBeGreaterThan(readLate);
        expect(due).toBeLessThanOrEqual(latest);
      }
      // Not one moment: over most of what is left, in the order of their slots.
      const dues = passed.map(({ due }) => due);
      expect(Math.max(...dues) - Math.min(...dues)).toBeGreaterThan(0.9 * (latest - readLate));
      const bySlot = [...passed].sort((a, b) => a.slot - b.slot).map(({ due }) => due);
      expect(bySlot).toEqual([...dues].sort((a, b) => a - b));
    });

    it('is the passed slot (at once) when nothing is left of the interval but the margin', () => {
      const previousRead = since - interval;
      const passedSlot = nextSlotAfter(key, interval, previousRead);
      const late = previousRead + interval - BATCH_SEND_MARGIN_MS;
      expect(batchMomentAfter(key, interval, previousRead, late)).toBe(passedSlot);
    });

    it('takes at most a tenth of a short interval', () => {
      const short = 5 * MINUTE;
      const shortSlot = nextSlotAfter(key, short, since);
      expect(batchMomentAfter(key, short, since, since - short)).toBe(shortSlot - short / 10);
    });
  });
});
