/**
 * The one parsed environment of the server. `loadConfig` reads only the
 * env object it is given, so tests pass their own; the only side effect is creating DATA_DIR and,
 * when SESSION_SECRET is absent, reading or generating DATA_DIR/session-secret.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@prijsalarm/core';
import { z } from 'zod';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';
import { SERVER_PACKAGE_JSON } from './paths';
import {
  parsePushHost,
  readOrCreateVapidKeys,
  VAPID_KEYS_FILE,
  vapidKeysProblem,
  type PushSettings,
} from './push';

/** The server package's version: what error reports and the metrics name as the release. */
export const SERVER_VERSION = (
  JSON.parse(readFileSync(SERVER_PACKAGE_JSON, 'utf8')) as { version: string }
).version;

/** Error reports name the server package's version unless SENTRY_RELEASE says otherwise. */
const DEFAULT_RELEASE = `prijsalarm@${SERVER_VERSION}`;

export const SERVICE_NAMES = ['web', 'worker', 'scheduler'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const SESSION_SECRET_MIN_LENGTH = 32;
/** A bearer token Prometheus sends: long enough not to be guessed. */
export const METRICS_TOKEN_MIN_LENGTH = 16;
/** Mollie's own API root, as @mollie/api-client has it. */
export const MOLLIE_DEFAULT_ENDPOINT = 'https://api.mollie.com:443/v2/';
export const SESSION_SECRET_FILE = 'session-secret';

export type DatabaseConfig =
  | { dialect: 'sqlite'; storage: string }
  | {
      dialect: 'mysql';
      host: string;
      port: number;
      database: string;
      username: string;
      password: string;
    };

/** Express' `trust proxy` setting: false, true, a hop count or a list of addresses/subnets. */
export type TrustProxy = boolean | number | string[];

export interface Config {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly port: number;
  /** HOST: the interface the web role listens on; loopback unless set (a proxy in front). */
  readonly host: string;
  /** Absolute origin (and optional path) the links in e-mails point to, without a trailing slash. */
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  readonly redisUrl: string | null;
  /** REDIS_PREFIX: Redis key and channel prefix, so installations (or test runs) can share a Redis. */
  readonly redisPrefix: string;
  readonly services: readonly ServiceName[];
  readonly smtpUrl: string | null;
  /** SMTP_MAX_CONNECTIONS: the mailer's pool. */
  readonly smtpMaxConnections: number;
  readonly mailFrom: string;
  /** Where contact-form messages go (and the mailto: unsubscribe address). */
  readonly supportEmail: string;
  readonly telegramBotToken: string | null;
  readonly telegramApiRoot: string;
  readonly mollieApiKey: string | null;
  /** MOLLIE_API_ENDPOINT: the root of Mollie's v2 API (tests and the demo: the local double). */
  readonly mollieApiEndpoint: string;
  readonly marktplaatsBaseUrl: string;
  readonly tweedehandsBaseUrl: string;
  /** Requests per second per marketplace host. */
  readonly marketplaceRate: number;
  /** One check interval for every plan (demo and tests); null = the plans' own intervals. */
  readonly checkIntervalSeconds: number | null;
  readonly admin: { readonly email: string; readonly password: string } | null;
  readonly sessionSecret: string;
  readonly logLevel: LogLevel;
  readonly corsOrigins: readonly string[];
  readonly trustProxy: TrustProxy;
  /** RATE_LIMITS: 'off', or per-limiter overrides of the built-in rules (tests and operators). */
  readonly rateLimits: RateLimitSettings;
  /** Sending deliveries (src/delivery): retries and the relay. */
  readonly delivery: DeliverySettings;
  /** The alert engine (src/engine): scheduler tick, checks per worker, marketplace cool-down. */
  readonly engine: EngineSettings;
  /** SENTRY_DSN (+ SENTRY_ENVIRONMENT): where errors are reported; null = nothing is sent. */
  readonly errorReporting: ErrorReportingSettings | null;
  /** Webhooks: what the calls may reach and trust. */
  readonly webhooks: WebhookSettings;
  /** GET /metrics for Prometheus. */
  readonly metrics: MetricsSettings;
  /** Web Push: the VAPID keys and the push services an endpoint may name. */
  readonly push: PushSettings;
}

export interface MetricsSettings {
  /** METRICS_TOKEN: the bearer token /metrics requires; null = /metrics answers 404. */
  readonly token: string | null;
  /** METRICS_PORT: probes and /metrics on a port of their own (no web role); null = none. */
  readonly port: number | null;
}

export interface WebhookSettings {
  /**
   * WEBHOOKS_ALLOW_PRIVATE=true: URLs on private, loopback and other non-public addresses are
   * accepted (the tests' local receiver). Refused when NODE_ENV=production.
   */
  readonly allowPrivate: boolean;
  /** WEBHOOKS_CA_FILE: a PEM file of extra certificates to trust besides the usual roots (tests). */
  readonly extraCaPem: string | null;
}

export interface ErrorReportingSettings {
  /** A Sentry or GlitchTip DSN: http(s)://<public key>@host[:port]/[path/]<numeric project id>. */
  readonly dsn: string;
  /** SENTRY_ENVIRONMENT, or NODE_ENV. */
  readonly environment: string;
  /** SENTRY_RELEASE, or `prijsalarm@<the server package's version>`: what every report names. */
  readonly release: string;
}

export interface EngineSettings {
  /** SCHEDULER_TICK_MS: how often the scheduler reconciles searches and queues due checks. */
  readonly schedulerTickMs: number;
  /** CHECK_CONCURRENCY: check-search jobs run at once per worker process. */
  readonly checkConcurrency: number;
  /** MARKETPLACE_COOLDOWN_SECONDS (as ms): the first cool-down after a 403 (it doubles, ≤ 5 min). */
  readonly marketplaceCooldownMs: number;
  /**
   * ENGINE_FEED (on|off, default on): read each platform's new-ads feed and match it locally
   * (engine/feed/README.md); per-search polling then reconciles at a slower cadence.
   */
  readonly feedEnabled: boolean;
  /** ENGINE_FEED_RATE_SHARE (0.1–0.9, default 0.75): the feed's share of MARKETPLACE_RATE per host. */
  readonly feedRateShare: number;
  /** ENGINE_FEED_MAX_GAP_SECONDS (default 180): the longest a quiet category goes unvisited. */
  readonly feedMaxGapMs: number;
  /** ENGINE_FEED_OVERLAP_SECONDS (default 300): each read goes back this far for late-listed ads. */
  readonly feedOverlapMs: number;
  /** RECONCILE_FACTOR (1–20, default 3): with the feed on, per-search polling runs this much slower. */
  readonly reconcileFactor: number;
}

export interface DeliverySettings {
  /** DELIVERY_ATTEMPTS: sends tried per delivery before it is given up as failed. */
  readonly attempts: number;
  /** DELIVERY_RETRY_SECONDS (as ms): wait before the first retry; it doubles for each next one. */
  readonly retryDelayMs: number;
  /**
   * DELIVERY_RELAY_SECONDS (as ms): how often the relay looks for deliveries left pending (lost
   * jobs, crashes), and how long one must be untouched to count as left.
   */
  readonly relayIntervalMs: number;
  /**
   * DELIVERY_CLAIM_SECONDS (as ms): how long a run holds a delivery it is sending. Longer than a
   * send takes; after a crash mid-send the relay sends it again once this has passed.
   */
  readonly claimLeaseMs: number;
}

/** A limiter's rule: `points` requests (or failures) per `duration` seconds. */
export interface RateLimitRule {
  readonly points: number;
  readonly duration: number;
}

export type RateLimitSettings =
  | { readonly enabled: false }
  | { readonly enabled: true; readonly overrides: Readonly<Record<string, RateLimitRule>> };

/** A bad environment: `variables` names every offending variable, `message` explains each. */
export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<{ variable: string; message: string }>) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }

  get variables(): string[] {
    return this.problems.map((p) => p.variable);
  }
}

function isUrlWithProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const urlWith = (...protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => isUrlWithProtocol(value, protocols), {
      error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

function isOrigin(value: string): boolean {
  return (
    isUrlWithProtocol(value, ['http:', 'https:']) &&
    new URL(value).origin === value.replace(/\/$/, '')
  );
}

/** The DSN as Sentry and GlitchTip hand it out; checked here so a typo names the variable. */
function isSentryDsn(value: string): boolean {
  if (!isUrlWithProtocol(value, ['http:', 'https:'])) return false;
  const url = new URL(value);
  return url.username !== '' && /^\/(?:[^/]+\/)*\d+$/.test(url.pathname);
}

const httpUrl = urlWith('http:', 'https:').transform((value) => value.replace(/\/+$/, ''));

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = commaList(value);
    if (list.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or addresses' });
      return z.NEVER;
    }
    return list;
  });

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development')
    .describe(
      'development, production or test; production refuses the test-only switches NODE_TLS_REJECT_UNAUTHORIZED=0 and WEBHOOKS_ALLOW_PRIVATE=true',
    ),
  PORT: integer(0, 65535)
    .default(3000)
    .describe('The web role listens here: the app, the API, the WebSockets and the probes'),
  HOST: z
    .string()
    .trim()
    .min(1)
    .default('127.0.0.1')
    .describe(
      'The interface the web role (and METRICS_PORT) listens on: loopback unless set, 0.0.0.0 in a container or behind a proxy',
    ),
  PUBLIC_URL: httpUrl
    .optional()
    .describe(
      'The address people reach the site at, for the links in mails and Telegram messages (default http://localhost:PORT)',
    ),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default('./data')
    .describe(
      'Where the SQLite database, the mail outbox (without SMTP_URL), the generated session secret and backups live; readable by this user only',
    ),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .describe(
      'sqlite:<path>, or mysql://user:password@host:3306/prijsalarm (also mariadb://) for the scale-out; default SQLite in DATA_DIR/prijsalarm.sqlite',
    ),
  REDIS_URL: urlWith('redis:', 'rediss:')
    .optional()
    .describe(
      'redis://host:6379: the scale-out. Jobs run on BullMQ, live events, rate limits and marketplace pacing are shared by every process. Unset: one process, in-memory queue',
    ),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be 1-64 letters, digits, - or _' })
    .default('prijsalarm')
    .describe('Prefix of every Redis key and channel, so installations can share one Redis'),
  SERVICES: z
    .string()
    .transform(commaList)
    .pipe(
      z
        .array(z.enum(SERVICE_NAMES, { error: `each service must be one of ${SERVICE_NAMES}` }))
        .min(1, { error: `must name at least one of ${SERVICE_NAMES}` }),
    )
    .transform((names) => [...new Set(names)])
    .default([...SERVICE_NAMES])
    .describe(
      'The roles this process runs, comma-separated: web (HTTP, WebSockets), worker (checks, matching, sending), scheduler (one per installation)',
    ),
  SMTP_URL: urlWith('smtp:', 'smtps:')
    .optional()
    .describe(
      'smtp://user:password@host:587 or smtps://…:465 for outgoing mail; unset: mails are written to DATA_DIR/outbox/*.eml',
    ),
  SMTP_MAX_CONNECTIONS: integer(1, 100)
    .default(10)
    .describe(
      'SMTP connections open at once for sending (a burst of new ads is mailed over this many; lower it if your provider allows fewer)',
    ),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
      error: 'must be an address like "Prijsalarm <alerts@prijsalarm.nl>"',
    })
    .default('Prijsalarm <alerts@prijsalarm.nl>')
    .describe('The sender of every mail'),
  SUPPORT_EMAIL: z
    .email({ error: 'must be an e-mail address' })
    .transform((email) => email.toLowerCase())
    .default('support@prijsalarm.nl')
    .describe('Where contact-form messages go; also the mailto: unsubscribe address'),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .trim()
    .optional()
    .describe("The Telegram bot's token from @BotFather; unset: no Telegram channel"),
  TELEGRAM_API_ROOT: httpUrl
    .default('https://api.telegram.org')
    .describe("The Bot API's root (the tests' and the demo's double)"),
  MOLLIE_API_KEY: z
    .string()
    .trim()
    .optional()
    .describe('Mollie API key (live_… or test_…); unset: payments answer a Dutch 503'),
  MOLLIE_API_ENDPOINT: urlWith('https:')
    .default(MOLLIE_DEFAULT_ENDPOINT)
    .describe("The root of Mollie's v2 API (the demo and tests point it at the double)"),
  // Read only to refuse it in production (the Mollie double's self-signed certificate, tests only).
  NODE_TLS_REJECT_UNAUTHORIZED: z
    .string()
    .trim()
    .optional()
    .describe(
      "Node's own switch: 0 turns TLS verification off (the tests' self-signed doubles); refused when NODE_ENV=production",
    ),
  MARKTPLAATS_BASE_URL: httpUrl
    .default('https://www.marktplaats.nl')
    .describe('Marktplaats (the demo and tests: the local double)'),
  TWEEDEHANDS_BASE_URL: httpUrl
    .default('https://www.2dehands.be')
    .describe('2dehands (the demo and tests: the local double)'),
  MARKETPLACE_RATE: z.coerce
    .number({ error: 'must be a number of requests per second' })
    .positive({ error: 'must be greater than 0' })
    .max(100, { error: 'must be at most 100' })
    .default(1)
    .describe(
      'Requests a second per marketplace host, for the whole installation (shared in Redis in the scale-out)',
    ),
  CHECK_INTERVAL_SECONDS: integer(1, 86_400)
    .optional()
    .describe("One check interval for every plan (demo and tests); unset: each plan's own"),
  ADMIN_EMAIL: z
    .email({ error: 'must be an e-mail address' })
    .transform((email) => email.toLowerCase())
    .optional()
    .describe('Creates or promotes this admin at start (with ADMIN_PASSWORD)'),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .max(PASSWORD_MAX_LENGTH, { error: `must be at most ${PASSWORD_MAX_LENGTH} characters` })
    .optional()
    .describe(`The admin's password (${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} characters)`),
  SESSION_SECRET: z
    .string()
    .min(SESSION_SECRET_MIN_LENGTH, {
      error: `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`,
    })
    .optional()
    .describe(
      `Signs sessions, links and unsubscribes and seals webhook secrets (at least ${SESSION_SECRET_MIN_LENGTH} characters); unset: generated once into DATA_DIR/session-secret. Every process of an installation needs the same`,
    ),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info')
    .describe(`One of ${LOG_LEVELS.join(', ')}`),
  CORS_ORIGINS: z
    .string()
    .transform(commaList)
    .pipe(
      z.array(
        z
          .string()
          .refine(isOrigin, { error: 'each origin must be http(s)://host[:port] without a path' })
          .transform((value) => new URL(value).origin),
      ),
    )
    .default([])
    .describe('Other origins allowed to call the API with cookies, comma-separated'),
  TRUST_PROXY: trustProxy
    .default(false)
    .describe(
      "Express' trust proxy: true, false, the number of proxies in front, or their addresses (for the client's address in rate limits)",
    ),
  RATE_LIMITS: z
    .string()
    .trim()
    .transform((value, ctx): RateLimitSettings => {
      if (value === 'off') return { enabled: false };
      const overrides: Record<string, RateLimitRule> = {};
      for (const item of commaList(value)) {
        const match = /^([a-z0-9-]+)=(\d+)\/(\d+)$/.exec(item);
        if (!match || Number(match[2]) < 1 || Number(match[3]) < 1) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be "off" or a list like "login-account=5/900,register-ip=10/3600"',
          });
          return z.NEVER;
        }
        overrides[match[1] as string] = { points: Number(match[2]), duration: Number(match[3]) };
      }
      return { enabled: true, overrides };
    })
    .default({ enabled: true, overrides: {} })
    .describe(
      'off, or overrides of the built-in limits as name=requests/seconds, e.g. login-account=5/900,register-ip=10/3600; unset: the built-in limits',
    ),
  DELIVERY_ATTEMPTS: integer(1, 20)
    .default(5)
    .describe('Sends tried per delivery before it is given up'),
  DELIVERY_RETRY_SECONDS: integer(1, 86_400)
    .default(30)
    .describe('Wait before the first retry of a send; it doubles for each next one'),
  DELIVERY_RELAY_SECONDS: integer(1, 3600)
    .default(30)
    .describe(
      'How often the relay looks for deliveries left open (crashes, lost jobs), and how long one must be untouched to count',
    ),
  DELIVERY_CLAIM_SECONDS: integer(5, 3600)
    .default(60)
    .describe(
      'How long a send holds its delivery; after a crash mid-send it is sent again once this has passed',
    ),
  SCHEDULER_TICK_MS: integer(50, 60_000)
    .default(5000)
    .describe('How often the scheduler brings the searches up to date and queues due checks'),
  CHECK_CONCURRENCY: integer(1, 64)
    .default(4)
    .describe('Search checks run at once per worker process'),
  MARKETPLACE_COOLDOWN_SECONDS: integer(1, 3600)
    .default(30)
    .describe('The first pause of a host after a 403; it doubles up to 5 minutes'),
  ENGINE_FEED: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .describe(
      "on: read each platform's new ads per category and match them locally; per-search checks then reconcile, RECONCILE_FACTOR slower",
    ),
  ENGINE_FEED_RATE_SHARE: z.coerce
    .number()
    .min(0.1)
    .max(0.9)
    .default(0.75)
    .describe("The feed's share of MARKETPLACE_RATE (0.1-0.9); per-search checks get the rest"),
  RECONCILE_FACTOR: integer(1, 20)
    .default(3)
    .describe('With the feed on, how much slower per-search checks run for what the feed covers'),
  ENGINE_FEED_MAX_GAP_SECONDS: integer(1, 3600)
    .default(180)
    .describe('The longest a quiet category goes without a feed visit'),
  ENGINE_FEED_OVERLAP_SECONDS: integer(0, 86_400)
    .default(300)
    .describe('How far back a deep feed read goes for ads the site listed late'),
  SENTRY_DSN: z
    .string()
    .trim()
    .refine(isSentryDsn, {
      error: 'must be a DSN like https://<public key>@sentry.example.nl/<project id>',
    })
    .optional()
    .describe(
      'Sentry or GlitchTip DSN, https://<key>@host/<project id>, for the unexpected errors of the server and the web app; unset: nothing is sent',
    ),
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .default(false)
    .describe(
      "true: webhook URLs may reach private and loopback addresses (the tests' receiver); refused when NODE_ENV=production",
    ),
  WEBHOOKS_CA_FILE: z
    .string()
    .trim()
    .optional()
    .describe("A PEM file of extra certificates webhook calls trust (the tests' receiver)"),
  SENTRY_ENVIRONMENT: z
    .string()
    .trim()
    .regex(/^[^\s/]{1,64}$/, { error: 'must be 1-64 characters without spaces or /' })
    .optional()
    .describe('The environment error reports name (default NODE_ENV)'),
  // Sentry refuses releases with a slash, a line break, or that are '.' or '..'.
  SENTRY_RELEASE: z
    .string()
    .trim()
    .regex(/^(?!\.{1,2}$)[^\s/]{1,200}$/, { error: 'must be 1-200 characters without spaces or /' })
    .optional()
    .describe("The release error reports name (default prijsalarm@<the server's version>)"),
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(METRICS_TOKEN_MIN_LENGTH, {
      error: `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`,
    })
    .optional()
    .describe(
      `Turns GET /metrics (Prometheus) on, answered only with Authorization: Bearer <this token> (at least ${METRICS_TOKEN_MIN_LENGTH} characters); unset: /metrics answers 404`,
    ),
  METRICS_PORT: integer(0, 65535)
    .optional()
    .describe(
      'A port of its own, on HOST, for a process without the web role (a worker, the scheduler): /healthz and /readyz as the web role answers them, and /metrics with METRICS_TOKEN',
    ),
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .optional()
    .describe(
      `Web Push: the VAPID public key (base64url, \`npx web-push generate-vapid-keys\`), with VAPID_PRIVATE_KEY; unset: a pair is generated once into DATA_DIR/${VAPID_KEYS_FILE}. Every process needs the same pair, and a new pair cuts off every phone that turned push on`,
    ),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .optional()
    .describe('Web Push: the VAPID private key (base64url), with VAPID_PUBLIC_KEY'),
  VAPID_SUBJECT: urlWith('mailto:', 'https:')
    .optional()
    .describe(
      'Web Push: how push services reach the operator, a mailto: or https: URL (Apple refuses localhost); default mailto:SUPPORT_EMAIL',
    ),
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform(commaList)
    .pipe(
      z.array(
        z
          .string()
          .transform((value) => parsePushHost(value) ?? '')
          .refine((value) => value !== '', { error: 'each host must be host or host:port' }),
      ),
    )
    .default([])
    .describe(
      "Push services besides Google, Mozilla, Apple and Microsoft that a device's push endpoint may name, comma-separated host[:port] (the tests' and the demo's double)",
    ),
  PUSH_CA_FILE: z
    .string()
    .trim()
    .optional()
    .describe(
      "A PEM file of extra certificates push calls trust (the tests' double; NODE_EXTRA_CA_CERTS does the same for the whole process)",
    ),
});

type Env = Record<string, string | undefined>;

export interface VariableDoc {
  name: string;
  description: string;
  /** As it would be written in the environment; null when unset means something else. */
  default: string | null;
}

/** Every variable the server reads, in the schema's order: deploy/CONFIGURATION.md is made of it. */
export function environmentVariables(): VariableDoc[] {
  return Object.entries(EnvSchema.shape).map(([name, schema]) => {
    const def = schema._zod.def as { type: string; defaultValue?: unknown };
    const value = def.type === 'default' ? def.defaultValue : undefined;
    return {
      name,
      description: schema.description ?? '',
      default: defaultAsWritten(value),
    };
  });
}

/** A default as the variable would say it: lists comma-separated; other objects are described. */
function defaultAsWritten(value: unknown): string | null {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : null;
  if (typeof value === 'object' && value !== null) return null;
  return String(value);
}

/** Parses `env` into a Config or throws a ConfigError that names every bad variable. */
export function loadConfig(env: Env = process.env): Config {
  // An empty variable (`FOO=` in a compose file) means "not set".
  const present = Object.fromEntries(
    Object.keys(EnvSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const vars = parsed.data;
  const problems: Array<{ variable: string; message: string }> = [];

  // Relative paths are relative to where the user ran `npm start` (npm sets INIT_CWD), not to the
  // workspace folder npm switches into.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, vars.DATA_DIR);

  let database: DatabaseConfig | undefined;
  try {
    database = parseDatabaseUrl(vars.DATABASE_URL, dataDir, baseDir);
  } catch (error) {
    problems.push({ variable: 'DATABASE_URL', message: (error as Error).message });
  }

  if ((vars.ADMIN_EMAIL === undefined) !== (vars.ADMIN_PASSWORD === undefined)) {
    const missing = vars.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
    problems.push({
      variable: missing,
      message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)',
    });
  }

  // TLS verification may be off only for the payment provider's test double, never in production.
  if (vars.NODE_ENV === 'production' && vars.NODE_TLS_REJECT_UNAUTHORIZED === '0') {
    problems.push({
      variable: 'NODE_TLS_REJECT_UNAUTHORIZED',
      message: 'must not be 0 when NODE_ENV=production (it turns off TLS verification)',
    });
  }

  // Webhooks must never be aimed at the server's own network in production.
  if (vars.NODE_ENV === 'production' && vars.WEBHOOKS_ALLOW_PRIVATE) {
    problems.push({
      variable: 'WEBHOOKS_ALLOW_PRIVATE',
      message: 'must not be true when NODE_ENV=production (webhooks could reach private addresses)',
    });
  }
  let webhookCaPem: string | null = null;
  if (vars.WEBHOOKS_CA_FILE !== undefined) {
    try {
      webhookCaPem = readFileSync(path.resolve(baseDir, vars.WEBHOOKS_CA_FILE), 'utf8');
    } catch (error) {
      problems.push({
        variable: 'WEBHOOKS_CA_FILE',
        message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      });
    }
  }

  if ((vars.VAPID_PUBLIC_KEY === undefined) !== (vars.VAPID_PRIVATE_KEY === undefined)) {
    problems.push({
      variable: vars.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither)',
    });
  } else if (vars.VAPID_PUBLIC_KEY !== undefined && vars.VAPID_PRIVATE_KEY !== undefined) {
    const problem = vapidKeysProblem({
      publicKey: vars.VAPID_PUBLIC_KEY,
      privateKey: vars.VAPID_PRIVATE_KEY,
    });
    if (problem) problems.push({ variable: 'VAPID_PUBLIC_KEY', message: problem });
  }
  let pushCaPem: string | null = null;
  if (vars.PUSH_CA_FILE !== undefined) {
    try {
      pushCaPem = readFileSync(path.resolve(baseDir, vars.PUSH_CA_FILE), 'utf8');
    } catch (error) {
      problems.push({
        variable: 'PUSH_CA_FILE',
        message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      });
    }
  }

  if (problems.length > 0 || !database) throw new ConfigError(problems);

  // The database, the outbox and the session secret live here: only this user may read them.
  ensurePrivateDir(dataDir);
  const sessionSecret = vars.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir);
  const vapidKeys =
    vars.VAPID_PUBLIC_KEY !== undefined && vars.VAPID_PRIVATE_KEY !== undefined
      ? { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY }
      : readOrCreateVapidKeys(dataDir);

  return Object.freeze({
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    dataDir,
    database,
    redisUrl: vars.REDIS_URL ?? null,
    redisPrefix: vars.REDIS_PREFIX,
    services: vars.SERVICES,
    smtpUrl: vars.SMTP_URL ?? null,
    smtpMaxConnections: vars.SMTP_MAX_CONNECTIONS,
    mailFrom: vars.MAIL_FROM,
    supportEmail: vars.SUPPORT_EMAIL,
    telegramBotToken: vars.TELEGRAM_BOT_TOKEN ?? null,
    telegramApiRoot: vars.TELEGRAM_API_ROOT,
    mollieApiKey: vars.MOLLIE_API_KEY ?? null,
    mollieApiEndpoint: vars.MOLLIE_API_ENDPOINT,
    marktplaatsBaseUrl: vars.MARKTPLAATS_BASE_URL,
    tweedehandsBaseUrl: vars.TWEEDEHANDS_BASE_URL,
    marketplaceRate: vars.MARKETPLACE_RATE,
    checkIntervalSeconds: vars.CHECK_INTERVAL_SECONDS ?? null,
    admin:
      vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD
        ? { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD }
        : null,
    sessionSecret,
    logLevel: vars.LOG_LEVEL,
    corsOrigins: vars.CORS_ORIGINS,
    trustProxy: vars.TRUST_PROXY,
    rateLimits: vars.RATE_LIMITS,
    engine: Object.freeze({
      schedulerTickMs: vars.SCHEDULER_TICK_MS,
      checkConcurrency: vars.CHECK_CONCURRENCY,
      marketplaceCooldownMs: vars.MARKETPLACE_COOLDOWN_SECONDS * 1000,
      feedEnabled: vars.ENGINE_FEED === 'on',
      feedRateShare: vars.ENGINE_FEED_RATE_SHARE,
      reconcileFactor: vars.RECONCILE_FACTOR,
      feedMaxGapMs: vars.ENGINE_FEED_MAX_GAP_SECONDS * 1000,
      feedOverlapMs: vars.ENGINE_FEED_OVERLAP_SECONDS * 1000,
    }),
    delivery: Object.freeze({
      attempts: vars.DELIVERY_ATTEMPTS,
      retryDelayMs: vars.DELIVERY_RETRY_SECONDS * 1000,
      relayIntervalMs: vars.DELIVERY_RELAY_SECONDS * 1000,
      claimLeaseMs: vars.DELIVERY_CLAIM_SECONDS * 1000,
    }),
    webhooks: Object.freeze({
      allowPrivate: vars.WEBHOOKS_ALLOW_PRIVATE,
      extraCaPem: webhookCaPem,
    }),
    metrics: Object.freeze({
      token: vars.METRICS_TOKEN ?? null,
      port: vars.METRICS_PORT ?? null,
    }),
    push: Object.freeze({
      vapid: Object.freeze({
        ...vapidKeys,
        subject: vars.VAPID_SUBJECT ?? `mailto:${vars.SUPPORT_EMAIL}`,
      }),
      extraHosts: vars.PUSH_SERVICE_HOSTS,
      extraCaPem: pushCaPem,
    }),
    errorReporting: vars.SENTRY_DSN
      ? Object.freeze({
          dsn: vars.SENTRY_DSN,
          environment: vars.SENTRY_ENVIRONMENT ?? vars.NODE_ENV,
          release: vars.SENTRY_RELEASE ?? DEFAULT_RELEASE,
        })
      : null,
  });
}

/**
 * `sqlite:<path>` (relative to where the command ran), `sqlite:///abs/path`, `sqlite::memory:`,
 * or `mysql://` / `mariadb://user:pass@host:port/db` (both served by the mysql2 driver).
 */
export function parseDatabaseUrl(
  value: string | undefined,
  dataDir: string,
  baseDir: string,
): DatabaseConfig {
  if (value === undefined) {
    return { dialect: 'sqlite', storage: path.join(dataDir, 'prijsalarm.sqlite') };
  }
  if (value.startsWith('sqlite:')) {
    let file = value.slice('sqlite:'.length);
    if (file.startsWith('//')) file = file.slice(2);
    if (file === '') throw new Error('sqlite: needs a file path, e.g. sqlite:./data/app.sqlite');
    return { dialect: 'sqlite', storage: file === ':memory:' ? file : path.resolve(baseDir, file) };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be a sqlite:, mysql:// or mariadb:// URL');
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new Error('must be a sqlite:, mysql:// or mariadb:// URL');
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!url.hostname || !database) {
    throw new Error('a mysql:// or mariadb:// URL needs a host and a database name');
  }
  return {
    dialect: 'mysql',
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    database,
    username: decodeURIComponent(url.username) || 'root',
    password: decodeURIComponent(url.password),
  };
}

function readOrCreateSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < SESSION_SECRET_MIN_LENGTH) {
      throw new ConfigError([
        {
          variable: 'SESSION_SECRET',
          message: `${file} holds fewer than ${SESSION_SECRET_MIN_LENGTH} characters`,
        },
      ]);
    }
    return secret;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    // Another process (a second role starting at the same time) wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return readOrCreateSessionSecret(dataDir);
    throw error;
  }
  chmodSync(file, PRIVATE_FILE_MODE);
  return secret;
}

/** A database description that is safe to log (no password). */
export function describeDatabase(database: DatabaseConfig): string {
  return database.dialect === 'sqlite'
    ? `sqlite:${database.storage}`
    : `mysql://${database.username}@${database.host}:${database.port}/${database.database}`;
}
