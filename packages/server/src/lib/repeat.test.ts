import { describe, expect, it } from 'vitest';
import { repeat } from './repeat';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('repeat', () => {
  it('runs at once, then again after each run ends, never two at once', async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    const repeating = repeat(
      async () => {
        active += 1;
        most = Math.max(most, active);
        runs += 1;
        await tick(15);
        active -= 1;
      },
      { everyMs: 1, onError: () => undefined },
    );
    expect(runs).toBe(1);
    await expect.poll(() => runs).toBeGreaterThanOrEqual(3);
    await repeating.stop();
    expect(most).toBe(1);
  });

  it('reports a failed run and keeps going; stop waits for the run under way', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    let finished = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const repeating = repeat(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('eerste keer mis');
        await gate;
        finished += 1;
      },
      { everyMs: 1, onError: (error) => errors.push(error) },
    );
    await expect.poll(() => runs).toBe(2);
    let stopped = false;
    const stopping = repeating.stop().then(() => (stopped = true));
    await tick(10);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect({ finished, errors: errors.length }).toEqual({ finished: 1, errors: 1 });
    await tick(20);
    expect(runs).toBe(2);
  });

  it('startNow: false waits one period before the first run', async () => {
    let runs = 0;
    const repeating = repeat(async () => (runs += 1), {
      everyMs: 30,
      startNow: false,
      onError() {},
    });
    expect(runs).toBe(0);
    await expect.poll(() => runs).toBe(1);
    await repeating.stop();
  });
});
