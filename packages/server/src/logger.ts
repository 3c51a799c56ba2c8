/**
 * Structured JSON logs (pino). Secrets never reach a log line: well-known secret keys are censored
 * at any depth of a logged object (errors and models included), request logs carry no headers but
 * the user agent, and tokens and password hashes are masked wherever they stand in a text: a URL,
 * a message, an error's SQL (ASVS 16.2.5).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { maskSecretsInText, SECRET_MASK } from '@prijsalarm/core';
import { pino, type Logger, type LevelWithSilent, type DestinationStream } from 'pino';

export type { Logger } from 'pino';

const SECRET_KEYS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'tokens',
  'accessToken',
  'refreshToken',
  'manageToken',
  'csrfToken',
  'secret',
  'sessionSecret',
  'authorization',
  'cookie',
  'cookies',
  'set-cookie',
  'x-csrf-token',
  'apiKey',
  'botToken',
];

const SECRET_KEY_NAMES = new Set(SECRET_KEYS.map((key) => key.toLowerCase()));
/** Paths of files the server named itself (a timestamp and random hex): no secret in them. */
const OWN_FILE_KEYS = new Set(['file']);
const CENSOR = SECRET_MASK;

const SECRET_QUERY_KEYS = new Set(['token', 'code', 't', 'key']);

/** Masks tokens and password hashes wherever they stand in a text (core's one rule). */
export const redactText = maskSecretsInText;

/** `/api/alerts/manage/<token>?token=x` → `/api/alerts/manage/[redacted]?token=[redacted]`. */
export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2) as [string, string | undefined];
  const maskedPath = redactText(pathname);
  if (query === undefined) return maskedPath;
  const maskedQuery = query
    .split('&')
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=', 2);
      // By name, or by look: a confirm link carries its token as ?bevestig=<token>.
      if (SECRET_QUERY_KEYS.has(key.toLowerCase())) return `${key}=${CENSOR}`;
      return pair.includes('=') ? `${key}=${redactText(value)}` : redactText(pair);
    })
    .join('&');
  return `${maskedPath}?${maskedQuery}`;
}

function redactEntry(key: string, item: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (SECRET_KEY_NAMES.has(key.toLowerCase())) return CENSOR;
  if (OWN_FILE_KEYS.has(key) && typeof item === 'string') return item;
  return redactValue(item, depth + 1, seen);
}

/** Deeper than any object we log on purpose; beyond it nothing is written. */
const MAX_DEPTH = 12;

/**
 * A copy of a logged value with every secret key censored at any depth and every string
 * redacted. Errors become pino's plain error objects first (their extra fields — a database
 * error's SQL and parameters — included), and objects with `toJSON` (models) their JSON.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH || seen.has(value)) return CENSOR;
  seen.add(value);
  if (value instanceof Date) return value;
  if (value instanceof Error) return redactValue(pino.stdSerializers.err(value), depth + 1, seen);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  const plain = value as { toJSON?: () => unknown };
  if (typeof plain.toJSON === 'function') return redactValue(plain.toJSON(), depth + 1, seen);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = redactEntry(key, item, depth, seen);
  return copy;
}

export interface LoggerOptions {
  level: LevelWithSilent;
  /** Where lines go; stdout by default. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

/** pino-http's request and response go to its serializers, which keep only what is safe. */
const isHttpMessage = (item: unknown) =>
  item instanceof IncomingMessage || item instanceof ServerResponse;

export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service: 'prijsalarm' },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => {
          const copy: Record<string, unknown> = {};
          for (const [key, item] of Object.entries(object)) {
            copy[key] = isHttpMessage(item) ? item : redactEntry(key, item, -1, new WeakSet());
          }
          return copy;
        },
      },
      hooks: {
        // The message and its printf arguments are text too.
        logMethod(args, method) {
          const redacted = args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg));
          method.apply(this, redacted as Parameters<typeof method>);
        },
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
