/**
 * The marketplace spacing and cool-down in Redis: two policies with their own
 * connections stand for two processes on one Redis.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startRedis, type RedisServer } from '../../../test/redis';
import type { HostPolicy } from './host-policy';
import { PEER_WINDOW_MS, createSharedHostPolicy } from './shared-host-policy';

const redisUrl = inject('redisUrl');
const HOST = 'www.marktplaats.test';
const silent = { warn: () => {}, info: () => {} };

describe.skipIf(!redisUrl)('the marketplace host policy in Redis', () => {
  const connections: Redis[] = [];
  beforeAll(() => {
    connections.push(new Redis(redisUrl), new Redis(redisUrl), new Redis(redisUrl));
  });
  afterAll(() => {
    for (const connection of connections) connection.disconnect();
  });

  /** Two processes' policies on one prefix and budget (their own connection each). */
  function twoProcesses(
    options: {
      ratePerSecond?: number;
      budget?: [string, string];
      now?: [() => number, () => number];
      cooldownInitialMs?: number;
    } = {},
  ) {
    const prefix = `test-${randomUUID()}`;
    const policies = [0, 1].map((i) =>
      createSharedHostPolicy({
        client: connections[i]!,
        prefix,
        ratePerSecond: options.ratePerSecond ?? 10,
        budget: options.budget?.[i] ?? 'share-1',
        cooldownInitialMs: options.cooldownInitialMs ?? 400,
        cooldownMaxMs: 5000,
        logger: silent,
        ...(options.now ? { now: options.now[i] } : {}),
      }),
    ) as [HostPolicy, HostPolicy];
    return { prefix, policies };
  }

  /** Acquires in the given order at once; returns [which, when it was let go] in release order. */
  async function race(calls: Array<[string, HostPolicy, string?]>) {
    const released: Array<[string, number]> = [];
    await Promise.all(
      calls.map(async ([name, policy, host]) => {
        await policy.limiter.acquire(host ?? HOST);
        released.push([name, Date.now()]);
      }),
    );
    return released;
  }

  const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);

  it('spaces the requests of both processes one interval apart, in the order asked', async () => {
    const { policies } = twoProcesses({ ratePerSecond: 5 });
    const [a, b] = policies;
    const released = await race([
      ['a1', a],
      ['b1', b],
      ['a2', a],
      ['b2', b],
      ['a3', a],
      ['b3', b],
    ]);
    // Each process's callers in the order they asked (two connections reach Redis in any order).
    const order = released.map(([name]) => name);
    expect(order.filter((name) => name.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(order.filter((name) => name.startsWith('b'))).toEqual(['b1', 'b2', 'b3']);
    // 200 ms apart (a late timer may shorten one gap a little).
    for (const gap of gaps(released.map(([, at]) => at))) expect(gap).toBeGreaterThanOrEqual(160);
    // Spaced, not burst and then held: six slots take five intervals, not one window.
    const times = released.map(([, at]) => at);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(980);
  });

  it('pushes the next start on when a process starts late (its timer fired late)', async () => {
    const prefix = `test-${randomUUID()}`;
    const policy = (i: number, sleep?: (ms: number) => Promise<void>) =>
      createSharedHostPolicy({
        client: connections[i]!,
        prefix,
        ratePerSecond: 5,
        budget: 'share-1',
        cooldownInitialMs: 1000,
        cooldownMaxMs: 5000,
        logger: silent,
        ...(sleep ? { sleep } : {}),
      });
    const late = policy(0, (ms) => new Promise((resolve) => setTimeout(resolve, ms + 100)));
    const onTime = policy(1);
    await onTime.limiter.acquire(HOST);
    // late's slot is 200 ms on, but it starts at 300; onTime's slot at 400 moves to 500.
    const lateStart = late.limiter.acquire(HOST).then(() => Date.now());
    await new Promise((resolve) => setTimeout(resolve, 30));
    const onTimeStart = await onTime.limiter.acquire(HOST).then(() => Date.now());
    expect(onTimeStart - (await lateStart)).toBeGreaterThanOrEqual(190);
  });

  it('keeps hosts and budgets apart: each spaces only its own requests', async () => {
    const { policies } = twoProcesses({ ratePerSecond: 2, budget: ['share-0.25', 'share-0.75'] });
    const [checks, feed] = policies;
    const started = Date.now();
    await race([
      ['checks', checks],
      ['feed', feed],
      ['checks-2dehands', checks, 'www.2dehands.test'],
    ]);
    // At 2/s a second request on one budget would have waited 500 ms.
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('lets the next-slot key live only as long as it matters', async () => {
    const { prefix, policies } = twoProcesses({ ratePerSecond: 5 });
    const [a, b] = policies;
    const redis = connections[2]!;
    const next = `${prefix}:marketplace:next:${HOST}:share-1`;
    const peers = `${prefix}:marketplace:peers:${HOST}:share-1`;
    await a.limiter.acquire(HOST);
    const ttl = await redis.pttl(next);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(200);
    // Three reserved slots ahead: the key lives until the last one has passed.
    const pending = [b.limiter.acquire(HOST), a.limiter.acquire(HOST)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await redis.pttl(next)).toBeGreaterThan(400);
    expect(await redis.pttl(next)).toBeLessThanOrEqual(600);
    await Promise.all(pending);
    // Both processes are counted as sharing the budget, for at most the peer window.
    expect(await redis.zcard(peers)).toBe(2);
    expect(await redis.pttl(peers)).toBeLessThanOrEqual(PEER_WINDOW_MS);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await redis.exists(next)).toBe(0);
  });

  it("spaces on Redis's clock, whatever the processes' own clocks say", async () => {
    const hour = 3_600_000;
    const { policies } = twoProcesses({
      ratePerSecond: 5,
      now: [() => Date.now() + hour, () => Date.now() - hour],
      cooldownInitialMs: 1000,
    });
    const [ahead, behind] = policies;
    const released = await race([
      ['ahead', ahead],
      ['behind', behind],
      ['ahead', ahead],
      ['behind', behind],
    ]);
    for (const gap of gaps(released.map(([, at]) => at))) expect(gap).toBeGreaterThanOrEqual(160);
    // A block seen by the process an hour ahead lasts its 1 s on the other's clock too.
    await ahead.cooldowns.trip(HOST);
    await behind.limiter.acquire(HOST);
    const until = behind.cooldowns.until(HOST);
    expect(until).not.toBeNull();
    expect(until! - (Date.now() - hour)).toBeGreaterThan(800);
    expect(until! - (Date.now() - hour)).toBeLessThanOrEqual(1000);
  });

  it('keeps every process away from a host one process saw blocked, on one ladder', async () => {
    const { policies } = twoProcesses({ cooldownInitialMs: 300 });
    const [a, b] = policies;
    await a.limiter.acquire(HOST);
    await b.limiter.acquire(HOST);
    const until = await a.cooldowns.trip(HOST);
    expect(until - Date.now()).toBeGreaterThan(250);
    // The other process hears it at its next request and reserves no slot.
    const started = Date.now();
    await b.limiter.acquire(HOST);
    expect(Date.now() - started).toBeLessThan(50);
    expect(b.cooldowns.until(HOST)).toBeGreaterThan(Date.now() + 200);
    // A 403 to a request sent before the block does not climb the ladder again.
    expect((await b.cooldowns.trip(HOST)) - until).toBeLessThan(50);
    await new Promise((resolve) => setTimeout(resolve, 320));
    expect(b.cooldowns.until(HOST)).toBeNull();
    // The next block, seen by the other process, is the ladder's second step.
    const second = await b.cooldowns.trip(HOST);
    expect(second - Date.now()).toBeGreaterThan(550);
    await new Promise((resolve) => setTimeout(resolve, 620));
    // One success anywhere resets it.
    await a.limiter.acquire(HOST);
    await a.cooldowns.succeed(HOST);
    expect((await b.cooldowns.trip(HOST)) - Date.now()).toBeLessThanOrEqual(300);
  });

  it('shares a long Retry-After with every process', async () => {
    const { policies } = twoProcesses();
    const [a, b] = policies;
    await a.cooldowns.hold(HOST, Date.now() + 2000);
    await b.limiter.acquire(HOST);
    expect(b.cooldowns.until(HOST)).toBeGreaterThan(Date.now() + 1800);
  });
});

describe.skipIf(!redisUrl)('while Redis does not answer', () => {
  let server: RedisServer;
  const connections: Redis[] = [];
  beforeAll(async () => {
    // A Redis of its own: the test pauses it.
    server = await startRedis();
    for (let i = 0; i < 3; i += 1) {
      connections.push(
        new Redis(server.url, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          commandTimeout: 200,
        }),
      );
    }
    await Promise.all(
      connections.map((connection) => new Promise((resolve) => connection.once('ready', resolve))),
    );
  });
  afterAll(async () => {
    for (const connection of connections) connection.disconnect();
    await server.stop();
  });

  it('spaces alone at its part of the share, says so once, and goes back to Redis', async () => {
    const logs: string[] = [];
    const logger = {
      warn: (_: object, message: string) => logs.push(message),
      info: (_: object, message: string) => logs.push(message),
    };
    const policy = (i: number) =>
      createSharedHostPolicy({
        client: connections[i]!,
        prefix: 'pause',
        ratePerSecond: 4,
        budget: 'share-1',
        cooldownInitialMs: 1000,
        cooldownMaxMs: 5000,
        logger,
      });
    const a = policy(0);
    const b = policy(1);
    // Both processes have asked Redis: a, asking last, knows it shares the budget with one other.
    await b.limiter.acquire(HOST);
    await a.limiter.acquire(HOST);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const pausedAt = Date.now();
    await connections[2]!.call('CLIENT', 'PAUSE', '2000', 'ALL');
    const released: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await a.limiter.acquire(HOST);
      released.push(Date.now());
    }
    // 4/s shared by two: 2/s alone (500 ms apart; each try of Redis takes its 200 ms timeout).
    for (const gap of gaps(released)) expect(gap).toBeGreaterThanOrEqual(480);
    expect(logs.filter((message) => message.includes('not answering'))).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, pausedAt + 2100 - Date.now()));
    await a.limiter.acquire(HOST);
    expect(logs.filter((message) => message.includes('back'))).toHaveLength(1);
    // In Redis again: b's next request is spaced after a's.
    const started = Date.now();
    await b.limiter.acquire(HOST);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
  });

  const gaps = (times: number[]) => times.slice(1).map((time, i) => time - times[i]!);
});
