/**
 * A clock for tests: `sleep` advances virtual time at once and records how long was asked, so
 * backoff, Retry-After, cool-downs and spacing are asserted without waiting.
 */
export interface VirtualClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Every sleep asked for, in order. */
  readonly sleeps: number[];
  advance(ms: number): void;
  set(ms: number): void;
}

export function createVirtualClock(start = Date.UTC(2026, 2, 10, 11, 0, 0)): VirtualClock {
  let current = start;
  const sleeps: number[] = [];
  return {
    now: () => current,
    async sleep(ms) {
      sleeps.push(ms);
      current += ms;
    },
    sleeps,
    advance(ms) {
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}
