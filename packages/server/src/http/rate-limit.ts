/**
 * Rate limits (rate-limiter-flexible): in memory, or in Redis with REDIS_URL (ctx.sharedLimits), so
 * that several web processes enforce one limit; while Redis does not answer, each process falls
 * back to its own in-memory count (the insurance limiter) rather than refusing or failing. A refusal is a 429 with a
 * Retry-After header and `{ error: API_TEXTS.tooManyRequests, retryAfter }`.
 *
 *   router.post('/', rateLimit('alert-create-ip', { points: 20, duration: 3600, key: (req) => req.ip }), …)
 *
 * Every limiter has a name; RATE_LIMITS overrides its rule by that name ("alert-create-ip=2/60")
 * or switches every limiter off ("off"), so tests can reach a limit quickly or never.
 */
import type { Request, RequestHandler } from 'express';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimitRule, RateLimitSettings } from '../config/env';
import type { SharedLimitsStore } from '../context';
import { HttpError } from './errors';

export type { RateLimitRule, RateLimitSettings } from '../config/env';

export interface RateLimitOptions extends RateLimitRule {
  /** What is counted (an IP, an account); null/undefined = this request is not limited. */
  key: (req: Request) => string | null | undefined;
}

/** app.locals key under which createApp stores `config.rateLimits`. */
export const RATE_LIMIT_SETTINGS = 'rateLimits';
/** app.locals key of `ctx.sharedLimits` (the Redis the counts live in), when there is one. */
export const RATE_LIMIT_STORE = 'rateLimitStore';

export class Limiter {
  private readonly limiter: RateLimiterAbstract | null;

  constructor(
    readonly name: string,
    defaults: RateLimitRule,
    settings: RateLimitSettings,
    store?: SharedLimitsStore | null,
  ) {
    const rule = settings.enabled ? (settings.overrides[name] ?? defaults) : null;
    if (!rule) {
      this.limiter = null;
      return;
    }
    const options = { keyPrefix: name, points: rule.points, duration: rule.duration };
    this.limiter = store
      ? new RateLimiterRedis({
          ...options,
          keyPrefix: `${store.prefix}:rl:${name}`,
          storeClient: store.client,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  }

  /** Counts one request; throws the 429 when this one is over the limit. */
  async consume(key: string): Promise<void> {
    if (!this.limiter) return;
    try {
      await this.limiter.consume(key);
    } catch (rejection) {
      throw tooMany(rejection);
    }
  }

  /** Throws the 429 when the limit is already used up, without counting (for failure counters). */
  async assertAvailable(key: string): Promise<void> {
    if (!this.limiter) return;
    const state = await this.limiter.get(key);
    if (state && state.consumedPoints >= this.limiter.points) throw tooMany(state);
  }

  /** The points counted for the key in the current window (failures, for a failure counter). */
  async counted(key: string): Promise<number> {
    if (!this.limiter) return 0;
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  /** Counts one failure without refusing this request. */
  async recordFailure(key: string): Promise<void> {
    if (!this.limiter) return;
    await this.limiter.consume(key).catch((rejection: unknown) => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
    });
  }

  /** Forgets the key (after a successful login, its earlier failures no longer count). */
  async reset(key: string): Promise<void> {
    await this.limiter?.delete(key);
  }
}

function tooMany(rejection: unknown): Error {
  if (rejection instanceof RateLimiterRes) {
    return HttpError.tooManyRequests(rejection.msBeforeNext / 1000);
  }
  return rejection instanceof Error ? rejection : new Error(String(rejection));
}

/**
 * Middleware that counts every request by `options.key` under the limiter `name`. The limiter is
 * made on the first request, with the app's RATE_LIMITS settings.
 */
export function rateLimit(name: string, options: RateLimitOptions): RequestHandler {
  let limiter: Limiter | undefined;
  return async (req, _res, next) => {
    limiter ??= new Limiter(name, options, rateLimitSettingsOf(req), rateLimitStoreOf(req));
    const key = options.key(req);
    if (key) await limiter.consume(key);
    next();
  };
}

export function rateLimitSettingsOf(req: Request): RateLimitSettings {
  const settings = req.app.locals[RATE_LIMIT_SETTINGS] as RateLimitSettings | undefined;
  return settings ?? { enabled: true, overrides: {} };
}

export function rateLimitStoreOf(req: Request): SharedLimitsStore | null {
  return (req.app.locals[RATE_LIMIT_STORE] as SharedLimitsStore | null | undefined) ?? null;
}
