/**
 * The marketplace politeness of every process in Redis (REDIS_URL): MARKETPLACE_RATE is
 * per host, not per process, so two workers each spacing their checks at the checks' share would
 * together send twice that. Each (host, budget share) has one "next free slot" in Redis; an atomic
 * Lua script on Redis's clock (TIME) reserves `max(now, next)` and moves `next` one interval on, so
 * the requests of all processes are spaced, never burst. A caller that waited for its slot confirms
 * its start there (one interval after the last real start: a process whose timer fired late pushes
 * the next ones on instead of letting two requests go out close together). The host's cool-down after a 403 (or a long
 * Retry-After) is a Redis key too, so a block seen by one process keeps every process away.
 *
 * While Redis does not answer, a process spaces on its own at its share divided by the number of
 * processes that shared the budget in the last PEER_WINDOW_MS (UNKNOWN_PEERS if it never heard),
 * logs that once, and goes back to Redis as soon as it answers again.
 */
import type { Redis } from 'ioredis';
import { createSpacingLimiter, type HostPolicy, type SpacingLimiter } from './host-policy';
import type { MarketplaceLogger } from './types';

/** How long a process counts as sharing a budget after its last request (its key's TTL too). */
export const PEER_WINDOW_MS = 5 * 60_000;
/** The divisor of a process that never reached Redis: scale-out runs a few workers. */
export const UNKNOWN_PEERS = 4;

// KEYS: next slot and last start (host + share), cool-down (host), strikes (host), peers (host +
// share). ARGV: interval ms (integer), this limiter's id, peer window ms.
// Returns {wait ms (-1: cooling down, nothing reserved), cool-down ms left, strikes, peers}; a
// caller that must wait confirms its start with CONFIRM when its slot has come.
const RESERVE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[3])
redis.call('ZADD', KEYS[5], now, ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', now - window)
redis.call('PEXPIRE', KEYS[5], window)
local peers = redis.call('ZCARD', KEYS[5])
local strikes = tonumber(redis.call('GET', KEYS[4]) or '0')
local cooling = redis.call('PTTL', KEYS[3])
if cooling > 0 then return {-1, cooling, strikes, peers} end
local interval = tonumber(ARGV[1])
local slot = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'),
  tonumber(redis.call('GET', KEYS[2]) or '0') + interval)
redis.call('SET', KEYS[1], slot + interval, 'PX', slot + interval - now)
if slot == now then redis.call('SET', KEYS[2], now, 'PX', interval) end
return {slot - now, 0, strikes, peers}
`;

// KEYS: last start (host + share), cool-down (host). ARGV: interval ms.
// At a reserved slot: a start one interval after the last real one (a process that started late
// pushes the next ones on, so requests are never closer than the interval on Redis's clock).
// Returns {wait ms more (-1: cooling down), cool-down ms left}.
const CONFIRM = `
local cooling = redis.call('PTTL', KEYS[2])
if cooling > 0 then return {-1, cooling} end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local interval = tonumber(ARGV[1])
local earliest = tonumber(redis.call('GET', KEYS[1]) or '0') + interval
if now < earliest then return {earliest - now, 0} end
redis.call('SET', KEYS[1], now, 'PX', interval)
return {0, 0}
`;

// KEYS: cool-down, strikes. ARGV: first step ms, longest step ms, how long strikes outlive it.
// A 403 to a request sent before the host was blocked does not climb the ladder again.
const TRIP = `
local cooling = redis.call('PTTL', KEYS[1])
if cooling > 0 then return {cooling, tonumber(redis.call('GET', KEYS[2]) or '1')} end
local strikes = redis.call('INCR', KEYS[2])
local duration = math.min(tonumber(ARGV[2]), tonumber(ARGV[1]) * 2 ^ (strikes - 1))
redis.call('SET', KEYS[1], '1', 'PX', duration)
redis.call('PEXPIRE', KEYS[2], duration + tonumber(ARGV[3]))
return {duration, strikes}
`;

// KEYS: cool-down. ARGV: ms. Keeps away at least that long; returns the ms left.
const HOLD = `
local cooling = redis.call('PTTL', KEYS[1])
local wanted = tonumber(ARGV[1])
if cooling >= wanted then return cooling end
redis.call('SET', KEYS[1], '1', 'PX', wanted)
return wanted
`;

// KEYS: cool-down, strikes. A success resets the ladder, but never ends a cool-down (it may have
// been a request sent before another process saw the block).
const SUCCEED = `
if redis.call('PTTL', KEYS[1]) > 0 then return 0 end
return redis.call('DEL', KEYS[2])
`;

export interface SharedHostPolicyOptions {
  client: Redis;
  /** REDIS_PREFIX. */
  prefix: string;
  /** This client's requests per second per host (its share of MARKETPLACE_RATE). */
  ratePerSecond: number;
  /**
   * Which budget: every process's client of the same share (e.g. the workers' checks) spaces on one
   * key per host; the shares of the budgets add up to 1.
   */
  budget: string;
  cooldownInitialMs: number;
  cooldownMaxMs: number;
  logger: MarketplaceLogger;
  /** Only to turn Redis's relative answers into this process's epoch ms. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Waited for once, before the first command (the connection's 'ready'); default none. */
  ready?: Promise<unknown>;
  /** Called by close() (e.g. disconnect the policy's own connection). */
  onClose?: () => Promise<void> | void;
}

export function createSharedHostPolicy(options: SharedHostPolicyOptions): HostPolicy {
  if (!(options.ratePerSecond > 0)) {
    throw new RangeError(`ratePerSecond must be positive, got ${options.ratePerSecond}`);
  }
  const { client, logger } = options;
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const intervalMs = Math.ceil(1000 / options.ratePerSecond);
  const strikesTtlMs = 2 * options.cooldownMaxMs;
  const key = (what: string, host: string) => `${options.prefix}:marketplace:${what}:${host}`;
  const budgetKey = (what: string, host: string) => `${key(what, host)}:${options.budget}`;
  const limiterId = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let ready: Promise<unknown> | undefined = options.ready;

  /** This process's view of each host: Redis's answers, or its own bookkeeping while Redis is away. */
  const hosts = new Map<
    string,
    { until: number | null; strikes: number; peers: number | null; local: SpacingLimiter | null }
  >();
  const state = (host: string) => {
    let entry = hosts.get(host);
    if (!entry) {
      entry = { until: null, strikes: 0, peers: null, local: null };
      hosts.set(host, entry);
    }
    return entry;
  };
  /** A cool-down only ever lengthens here; Redis's word and ours are both kept. */
  const coolFor = (host: string, ms: number) => {
    const entry = state(host);
    const until = now() + ms;
    if (ms > 0 && until > (entry.until ?? 0)) entry.until = until;
    return entry.until ?? until;
  };

  let degraded = false;
  async function shared<T>(host: string, command: () => Promise<T>): Promise<T | null> {
    try {
      if (ready) {
        await ready;
        ready = undefined;
      }
      const result = await command();
      if (degraded) {
        degraded = false;
        for (const entry of hosts.values()) entry.local = null;
        logger.info?.(
          { budget: options.budget },
          'marketplace rate: Redis is back, spacing shared',
        );
      }
      return result;
    } catch (error) {
      if (!degraded) {
        degraded = true;
        const peers = state(host).peers ?? UNKNOWN_PEERS;
        logger.warn(
          {
            budget: options.budget,
            error: error instanceof Error ? error.message : String(error),
            localRatePerSecond: options.ratePerSecond / Math.max(1, peers),
          },
          'marketplace rate: Redis not answering, spacing this process alone at its part of the share',
        );
      }
      return null;
    }
  }

  const limiter: SpacingLimiter = {
    async acquire(host) {
      const entry = state(host);
      const reply = await shared(host, async () => {
        const reserved = (await client.eval(
          RESERVE,
          5,
          budgetKey('next', host),
          budgetKey('last', host),
          key('cooldown', host),
          key('strikes', host),
          budgetKey('peers', host),
          intervalMs,
          limiterId,
          PEER_WINDOW_MS,
        )) as [number, number, number, number];
        let [wait, cooling] = reserved;
        entry.strikes = reserved[2];
        entry.peers = reserved[3];
        while (wait > 0) {
          await sleep(wait);
          // Another process may have been blocked while this one waited for its slot.
          [wait, cooling] = (await client.eval(
            CONFIRM,
            2,
            budgetKey('last', host),
            key('cooldown', host),
            intervalMs,
          )) as [number, number];
        }
        coolFor(host, cooling);
      });
      if (reply !== null) return;
      entry.local ??= createSpacingLimiter({
        ratePerSecond: options.ratePerSecond / Math.max(1, entry.peers ?? UNKNOWN_PEERS),
        now,
        sleep,
      });
      await entry.local.acquire(host);
    },
  };

  return {
    limiter,
    cooldowns: {
      until(host) {
        const until = hosts.get(host)?.until ?? null;
        return until !== null && until > now() ? until : null;
      },
      async trip(host) {
        const entry = state(host);
        const reply = await shared(
          host,
          async () =>
            (await client.eval(
              TRIP,
              2,
              key('cooldown', host),
              key('strikes', host),
              options.cooldownInitialMs,
              options.cooldownMaxMs,
              strikesTtlMs,
            )) as [number, number],
        );
        if (reply !== null) {
          entry.strikes = reply[1];
          return coolFor(host, reply[0]);
        }
        // This process's own ladder until Redis answers again.
        const duration = Math.min(
          options.cooldownMaxMs,
          options.cooldownInitialMs * 2 ** entry.strikes,
        );
        entry.strikes += 1;
        return coolFor(host, duration);
      },
      async hold(host, until) {
        const wanted = Math.max(1, Math.ceil(until - now()));
        const left = await shared(
          host,
          async () => (await client.eval(HOLD, 1, key('cooldown', host), wanted)) as number,
        );
        coolFor(host, left ?? wanted);
      },
      async succeed(host) {
        const entry = state(host);
        // Only a host that had strikes has a ladder to reset: no round trip for every answer.
        if (entry.strikes === 0) return;
        entry.strikes = 0;
        await shared(host, () =>
          client.eval(SUCCEED, 2, key('cooldown', host), key('strikes', host)),
        );
      },
    },
    async close() {
      await options.onClose?.();
    },
  };
}
