import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { testLogger } from '../../test/support';
import { getFreePort } from '../../test/ports';
import { createRedisLock } from './leader-lock';
import { runAsLeader, type LedWork } from './leadership';

const redisUrl = inject('redisUrl');
const logger = testLogger();

/** Leads by counting: how many times it started and stopped. */
function counter() {
  const state = { started: 0, stopped: 0 };
  const lead = async (): Promise<LedWork> => {
    state.started += 1;
    return {
      stop: async () => {
        state.stopped += 1;
      },
    };
  };
  return { state, lead };
}

const until = async (condition: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('without a lock (embedded mode)', () => {
  it('leads at once and stops its work on stop', async () => {
    const { state, lead } = counter();
    const leadership = await runAsLeader({ lock: null, renewEveryMs: 50, logger, lead });
    expect(leadership.leading).toBe(true);
    await leadership.stop();
    expect(state).toEqual({ started: 1, stopped: 1 });
  });
});

describe.skipIf(!redisUrl)('with the Redis lock (scale-out)', () => {
  const lockFor = (key: string, ttlMs = 600) => createRedisLock({ redisUrl, key, ttlMs, logger });

  it('one scheduler leads; a second waits and takes over when the first stops', async () => {
    const key = `test:leader:${randomUUID()}`;
    const a = counter();
    const b = counter();
    const first = await runAsLeader({
      lock: lockFor(key),
      renewEveryMs: 100,
      logger,
      lead: a.lead,
    });
    const second = await runAsLeader({
      lock: lockFor(key),
      renewEveryMs: 100,
      logger,
      lead: b.lead,
    });
    expect(first.leading).toBe(true);
    expect(second.leading).toBe(false);

    // Renewal keeps the lock well past its TTL.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(first.leading).toBe(true);
    expect(second.leading).toBe(false);
    expect(b.state.started).toBe(0);

    await first.stop();
    await until(() => second.leading);
    expect(a.state).toEqual({ started: 1, stopped: 1 });
    expect(b.state.started).toBe(1);
    await second.stop();
  });

  it('a holder that dies without releasing is replaced once its lock expires', async () => {
    const key = `test:leader:${randomUUID()}`;
    const dead = lockFor(key, 400);
    expect(await dead.acquire()).toBe(true);
    await dead.close(); // no release: the process died
    const b = counter();
    const next = await runAsLeader({ lock: lockFor(key), renewEveryMs: 100, logger, lead: b.lead });
    await until(() => next.leading);
    expect(b.state.started).toBe(1);
    await next.stop();
  });

  it('renew and release only touch a lock that is still ours', async () => {
    const key = `test:leader:${randomUUID()}`;
    const mine = lockFor(key, 200);
    const theirs = lockFor(key, 5000);
    expect(await mine.acquire()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await theirs.acquire()).toBe(true);
    expect(await mine.renew()).toBe(false);
    await mine.release();
    expect(await theirs.renew()).toBe(true);
    await Promise.all([mine.close(), theirs.release().then(() => theirs.close())]);
  });
});

describe('when Redis is unreachable', () => {
  it('the scheduler waits instead of leading', async () => {
    const port = await getFreePort();
    const lock = createRedisLock({ redisUrl: `redis://127.0.0.1:${port}`, ttlMs: 600, logger });
    const { state, lead } = counter();
    const leadership = await runAsLeader({ lock, renewEveryMs: 100, logger, lead });
    expect(leadership.leading).toBe(false);
    await leadership.stop();
    expect(state.started).toBe(0);
  });
});
