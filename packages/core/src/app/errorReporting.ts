/**
 * Error reporting (console errors are forwarded too): what the server tells
 * a client about it, the SDK sample rates, and the scrubbing both the server and the web app apply
 * to every report, so no e-mail address, token, cookie or header leaves the machine.
 * Runtime-neutral: it knows the shape of a Sentry event only as plain JSON.
 */
import { maskSecretsInText, SECRET_MASK } from './maskSecrets';
import {
  ERROR_REPORTING_ON_ERROR_SAMPLE_RATE,
  ERROR_REPORTING_SESSION_SAMPLE_RATE,
  ERROR_REPORTING_TRACE_SAMPLE_RATE,
} from '../constants';

/** `GET /error-reporting/config`: the DSN is the server's SENTRY_DSN; null sends nothing. */
export interface ErrorReportingConfig {
  dsn: string | null;
  environment: string | null;
  /** The release every report names (SENTRY_RELEASE, or `prijsalarm@<version>`), for release health. */
  release: string | null;
}

/**
 * Whether this page load's session goes to release health: 10 % of sessions are sampled (the
 * SDK itself would send every one). Decided once per page load.
 */
export function sessionSampled(random: () => number = Math.random): boolean {
  return random() < ERROR_REPORTING_SESSION_SAMPLE_RATE;
}

/** The SDK sample rates: every error, 10 % of traces and of (replay) sessions. */
export const ERROR_REPORTING_SAMPLE_RATES = {
  sampleRate: ERROR_REPORTING_ON_ERROR_SAMPLE_RATE,
  tracesSampleRate: ERROR_REPORTING_TRACE_SAMPLE_RATE,
  replaysSessionSampleRate: ERROR_REPORTING_SESSION_SAMPLE_RATE,
  replaysOnErrorSampleRate: ERROR_REPORTING_ON_ERROR_SAMPLE_RATE,
} as const;

/**
 * The SDKs' `dataCollection` (Sentry 11; it replaced `sendDefaultPii`): nothing about the person
 * or the request is collected in the first place. `scrubReport` still runs on what is left.
 */
export const ERROR_REPORTING_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
};

const MASK = SECRET_MASK;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Also the URL-encoded form (`jan%40example.nl`), as a query string carries it. */
const ENCODED_EMAIL = /[A-Za-z0-9._%+-]+%40[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;

/** Masks e-mail addresses, tokens and password hashes wherever they stand in a text. */
export function scrubPersonalText(text: string): string {
  return maskSecretsInText(text.replace(EMAIL, MASK).replace(ENCODED_EMAIL, MASK));
}

/** Keys whose value is dropped whole wherever they stand: who the visitor is, and secrets. */
const DROPPED_KEYS = new Set([
  'cookies',
  'cookie',
  'headers',
  'authorization',
  'set-cookie',
  'x-csrf-token',
  'user',
  'ip_address',
  'email',
  'password',
  'token',
  'csrftoken',
  'managetoken',
]);
/** A request's body (`request.data`) may hold anything a form sent: never reported. */
const DROPPED_UNDER_REQUEST = new Set(['data', 'query_string', 'cookies', 'headers', 'env']);
const MAX_DEPTH = 20;
/** The SDK's own bookkeeping (scopes, the request object): it strips it before sending. */
const SDK_INTERNAL = 'sdkProcessingMetadata';

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a report (event, breadcrumb, transaction) fit to send: every key above dropped and
 * every text value passed through `scrubText` at any depth of its plain data. Keys are kept as
 * they are (the SDK reads some of them back); class instances and binary data are not walked.
 */
export function scrubReport<T>(value: T, scrubText: (text: string) => string): T {
  return scrubAt(value, scrubText, 0, '') as T;
}

function scrubAt(
  value: unknown,
  scrubText: (text: string) => string,
  depth: number,
  parentKey: string,
): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return MASK;
  if (Array.isArray(value)) {
    return value.map((item) => scrubAt(item, scrubText, depth + 1, parentKey));
  }
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED_KEYS.has(key.toLowerCase())) continue;
    if (parentKey === 'request' && DROPPED_UNDER_REQUEST.has(key)) continue;
    copy[key] = key === SDK_INTERNAL ? item : scrubAt(item, scrubText, depth + 1, key);
  }
  return copy;
}
