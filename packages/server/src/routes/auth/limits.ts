/**
 * Anti-automation for the account routes: per IP and per account (the
 * normalised e-mail, whether or not an account exists, so a 429 reveals nothing). Login counts
 * failures only; register, reset and login-link count every request. Override by name with
 * RATE_LIMITS ("login-account-ip=2/60").
 *
 * Failed logins are counted per account AND IP, never per account alone: a lock per account lets
 * anyone lock the owner out with five wrong passwords. Guessing from one address is slowed down
 * (LOGIN_SLOWDOWN) and then stopped; spreading guesses over addresses meets each address's
 * ceiling ('login-ip').
 */
import type { RateLimitSettings } from '../../config/env';
import type { SharedLimitsStore } from '../../context';
import { Limiter } from '../../http/rate-limit';

const MINUTES = 60;
const HOURS = 60 * MINUTES;

export const AUTH_RATE_LIMITS = {
  /** Failed logins (and wrong current passwords) from one IP. */
  'login-ip': { points: 50, duration: 15 * MINUTES },
  /** Failed logins (and wrong current passwords) for one account from one IP. */
  'login-account-ip': { points: 5, duration: 15 * MINUTES },
  'register-ip': { points: 20, duration: 1 * HOURS },
  'register-account': { points: 3, duration: 1 * HOURS },
  'reset-ip': { points: 20, duration: 1 * HOURS },
  'reset-account': { points: 3, duration: 1 * HOURS },
  'login-link-ip': { points: 20, duration: 1 * HOURS },
  'login-link-account': { points: 3, duration: 1 * HOURS },
} as const;

export type AuthLimiterName = keyof typeof AUTH_RATE_LIMITS;

export type AuthLimiters = Record<AuthLimiterName, Limiter>;

export function createAuthLimiters(
  settings: RateLimitSettings,
  store?: SharedLimitsStore | null,
): AuthLimiters {
  return Object.fromEntries(
    Object.entries(AUTH_RATE_LIMITS).map(([name, rule]) => [
      name,
      new Limiter(name, rule, settings, store),
    ]),
  ) as AuthLimiters;
}

/**
 * Each earlier failure for an account from an IP (within 'login-account-ip''s window) delays the
 * next attempt from there: 250 ms, 500 ms, 1 s, … up to 4 s. Other addresses wait for nothing.
 */
export const LOGIN_SLOWDOWN = { firstDelayMs: 250, maxDelayMs: 4000 } as const;

export function loginDelayMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(LOGIN_SLOWDOWN.firstDelayMs * 2 ** (failures - 1), LOGIN_SLOWDOWN.maxDelayMs);
}

/**
 * How long after it came in a reset or login-link request is answered, known address or not:
 * long enough for the look-up, the token and handing the mail to SMTP on a busy machine, short
 * enough not to be noticed on a form.
 */
export const UNIFORM_ANSWER_MS = 200;

/** The key of one account from one address. */
export function accountAndIp(email: string, ip: string): string {
  return `${email}|${ip}`;
}
