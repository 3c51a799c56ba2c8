/**
 * Anti-automation for the account routes: per IP and per account (the
 * normalised e-mail, whether or not an account exists, so a 429 reveals nothing). Login counts
 * failures only; register, reset and login-link count every request. Override by name with
 * RATE_LIMITS ("login-account=2/60").
 */
import type { RateLimitSettings } from '../../config/env';
import { Limiter } from '../../http/rate-limit';

const MINUTES = 60;
const HOURS = 60 * MINUTES;

export const AUTH_RATE_LIMITS = {
  /** Failed logins (and wrong current passwords) from one IP. */
  'login-ip': { points: 50, duration: 15 * MINUTES },
  /** Failed logins (and wrong current passwords) for one account. */
  'login-account': { points: 5, duration: 15 * MINUTES },
  'register-ip': { points: 20, duration: 1 * HOURS },
  'register-account': { points: 3, duration: 1 * HOURS },
  'reset-ip': { points: 20, duration: 1 * HOURS },
  'reset-account': { points: 3, duration: 1 * HOURS },
  'login-link-ip': { points: 20, duration: 1 * HOURS },
  'login-link-account': { points: 3, duration: 1 * HOURS },
} as const;

export type AuthLimiterName = keyof typeof AUTH_RATE_LIMITS;

export type AuthLimiters = Record<AuthLimiterName, Limiter>;

export function createAuthLimiters(settings: RateLimitSettings): AuthLimiters {
  return Object.fromEntries(
    Object.entries(AUTH_RATE_LIMITS).map(([name, rule]) => [
      name,
      new Limiter(name, rule, settings),
    ]),
  ) as AuthLimiters;
}
