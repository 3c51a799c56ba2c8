/**
 * Structured JSON logs (pino). Secrets never reach a log line: well-known secret keys are censored
 * wherever they appear in a logged object, request logs carry no headers but the user agent, and
 * token-like path segments and query values are masked (ASVS 16.2.5).
 */
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

/** Paths for pino's redact: the key itself and the same key up to three levels deep. */
export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const segment = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const join = (prefix: string) =>
    segment.startsWith('[') ? `${prefix}${segment}` : `${prefix}.${segment}`;
  return [
    segment.startsWith('[') ? segment.slice(2, -2) : segment,
    join('*'),
    join('*.*'),
    join('*.*.*'),
  ];
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our tokens are ≥ 22 base64url characters; ids are UUIDs or numbers. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;
const SECRET_QUERY_KEYS = new Set(['token', 'code', 't', 'key']);

/** `/api/alerts/manage/<token>?token=x` → `/api/alerts/manage/[redacted]?token=[redacted]`. */
export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2) as [string, string | undefined];
  const maskedPath = pathname
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID.test(segment) ? '[redacted]' : segment))
    .join('/');
  if (query === undefined) return maskedPath;
  const maskedQuery = query
    .split('&')
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=', 2);
      // By name, or by look: a confirm link carries its token as ?bevestig=<token>.
      const secret =
        SECRET_QUERY_KEYS.has(key.toLowerCase()) || (TOKEN_LIKE.test(value) && !UUID.test(value));
      return secret ? `${key}=[redacted]` : pair;
    })
    .join('&');
  return `${maskedPath}?${maskedQuery}`;
}

export interface LoggerOptions {
  level: LevelWithSilent;
  /** Where lines go; stdout by default. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service: 'prijsalarm' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
