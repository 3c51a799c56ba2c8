/**
 * Politeness towards one marketplace host: request spacing, retry delays and the cool-down after
 * a block. Pure bookkeeping over an injected clock, in this process; shared-host-policy.ts keeps
 * the same two interfaces in Redis for every process of a scale-out installation.
 */

/** Spaces requests to one host at most `ratePerSecond` apart; callers queue in arrival order. */
export interface SpacingLimiter {
  acquire(host: string): Promise<void>;
}

export function createSpacingLimiter(options: {
  ratePerSecond: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}): SpacingLimiter {
  if (!(options.ratePerSecond > 0)) {
    throw new RangeError(`ratePerSecond must be positive, got ${options.ratePerSecond}`);
  }
  const intervalMs = 1000 / options.ratePerSecond;
  const nextFreeAt = new Map<string, number>();
  return {
    async acquire(host) {
      const now = options.now();
      // Reserve the slot before waiting so concurrent callers line up instead of bursting.
      const slot = Math.max(now, nextFreeAt.get(host) ?? now);
      nextFreeAt.set(host, slot + intervalMs);
      if (slot > now) await options.sleep(slot - now);
    },
  };
}

/** AWS-style "full jitter": uniform in [0, min(cap, base·2^attempt)). */
export function fullJitterDelay(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number,
): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** attempt));
}

/** Retry-After in seconds or as an HTTP date → milliseconds from now; null when absent or bad. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (header === undefined || header.trim() === '') return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * After a 403 (how CloudFront says "too much") the host is left alone: 30 s, doubling with every
 * further 403 up to 5 min; one success resets the ladder.
 */
export interface HostCooldowns {
  /** Epoch ms until which the host is off limits, or null (as this process last heard it). */
  until(host: string): number | null;
  /** Records a block and returns the end of the new cool-down. */
  trip(host: string): Promise<number>;
  /** Keeps away until `until` without climbing the ladder (a long Retry-After). */
  hold(host: string, until: number): Promise<void>;
  succeed(host: string): Promise<void>;
}

/** A host's spacing and cool-down together, as the client uses them. */
export interface HostPolicy {
  limiter: SpacingLimiter;
  cooldowns: HostCooldowns;
  /** Releases what the policy holds (a Redis connection). */
  close?(): Promise<void>;
}

export function createHostCooldowns(options: {
  now: () => number;
  initialMs: number;
  maxMs: number;
}): HostCooldowns {
  const state = new Map<string, { until: number; strikes: number }>();
  return {
    until(host) {
      const entry = state.get(host);
      return entry !== undefined && entry.until > options.now() ? entry.until : null;
    },
    async trip(host) {
      const strikes = state.get(host)?.strikes ?? 0;
      const duration = Math.min(options.maxMs, options.initialMs * 2 ** strikes);
      const until = options.now() + duration;
      state.set(host, { until, strikes: strikes + 1 });
      return until;
    },
    async hold(host, until) {
      const entry = state.get(host);
      state.set(host, { until: Math.max(until, entry?.until ?? 0), strikes: entry?.strikes ?? 0 });
    },
    async succeed(host) {
      state.delete(host);
    },
  };
}
