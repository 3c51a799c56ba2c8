/**
 * Anti-automation for the account routes: per IP and per account (the normalised e-mail, whether
 * or not an account exists, so a 429 reveals nothing). Login counts failures only; register,
 * reset and login-link count every request. Override by name with RATE_LIMITS
 * ("login-account=2/60").
 *
 * Failed logins follow OWASP's device cookies: a browser that signed in to the account before
 * holds its device cookie (./cookies.ts) and counts its failures on that device alone
 * ('login-device'); every other client counts on the account, from whatever address
 * ('login-account'), and on its IP across accounts ('login-ip'). Guessing is slowed down
 * (LOGIN_SLOWDOWN) and then stopped for every client without the owner's cookie, while the
 * owner's own browser still signs in — from the guesser's network too. The owner on a new device
 * waits out the window or signs in by a login link.
 */
import type { RateLimitSettings } from '../../config/env';
import type { SharedLimitsStore } from '../../context';
import { Limiter } from '../../http/rate-limit';

const MINUTES = 60;
const HOURS = 60 * MINUTES;

export const AUTH_RATE_LIMITS = {
  /** Failed logins (and wrong current passwords) from one IP by clients without a device cookie. */
  'login-ip': { points: 50, duration: 15 * MINUTES },
  /** Failed logins (and wrong current passwords) on one account, by clients without its cookie. */
  'login-account': { points: 5, duration: 15 * MINUTES },
  /** Failed logins (and wrong current passwords) for one account from one of its devices. */
  'login-device': { points: 5, duration: 15 * MINUTES },
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
 * Each earlier failure in the count an attempt falls under (the account's untrusted clients, or
 * one device) delays the next attempt in it: 250 ms, 500 ms, 1 s, … up to 4 s. The owner's
 * browser with its device cookie waits for nothing an attacker did.
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

/** The key of one device of one account. */
export function accountDevice(userId: string, deviceId: string): string {
  return `${userId}|${deviceId}`;
}
