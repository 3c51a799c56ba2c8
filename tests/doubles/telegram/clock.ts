/**
 * Clocks for pacing tests (`{ now, sleep }`, the shape the Telegram pacer takes), so seconds of
 * Bot API pacing and retry_after are asserted without waiting for them.
 */
export interface TestClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Every sleep asked for, in order. */
  readonly sleeps: number[];
}

export interface ManualClock extends TestClock {
  /** Sleeps not yet over. */
  pendingSleeps(): number;
  /** Moves time forward, waking due sleepers one by one in time order. */
  advance(ms: number): Promise<void>;
}

const START = Date.UTC(2026, 2, 10, 11, 0, 0);

const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Time jumps forward to wherever a sleeper wants to be: a sleep "takes" its full duration in
 * virtual time but returns at once. Concurrent sleepers each move the clock to their own target
 * (never backwards), so virtual time is monotonic.
 */
export function createAutoClock(start = START): TestClock {
  let current = start;
  const sleeps: number[] = [];
  return {
    now: () => current,
    sleeps,
    async sleep(ms) {
      sleeps.push(ms);
      const target = current + Math.max(0, ms);
      await macrotask();
      current = Math.max(current, target);
    },
  };
}

/** Time moves only when the test calls `advance`: lets a test look at what waits during a pause. */
export function createManualClock(start = START): ManualClock {
  let current = start;
  const sleeps: number[] = [];
  const sleepers: { at: number; wake: () => void }[] = [];
  return {
    now: () => current,
    sleeps,
    sleep(ms) {
      sleeps.push(ms);
      return new Promise<void>((wake) => {
        sleepers.push({ at: current + Math.max(0, ms), wake });
      });
    },
    pendingSleeps: () => sleepers.length,
    async advance(ms) {
      const goal = current + ms;
      for (;;) {
        sleepers.sort((left, right) => left.at - right.at);
        const next = sleepers[0];
        if (!next || next.at > goal) break;
        sleepers.shift();
        current = Math.max(current, next.at);
        next.wake();
        await macrotask();
      }
      current = goal;
    },
  };
}
