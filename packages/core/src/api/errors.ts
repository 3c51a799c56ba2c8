import type { Plan } from '../domain';
import { isPlan } from '../domain';
import { API_CLIENT_TEXTS, API_TEXTS } from './strings';
import type { HttpMethod } from './endpoint';
import type { ApiErrorBody } from './types';

/**
 * http: the server answered with an error status; timeout: no answer within the time limit;
 * network: no answer at all; aborted: the caller cancelled.
 */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** 0 when there was no answer. */
  status: number;
  method: HttpMethod;
  path: string;
  body?: ApiErrorBody;
  message?: string;
  cause?: unknown;
}

/** The one error every failed call rejects with. `message` is Dutch, fit to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly method: HttpMethod;
  readonly path: string;
  readonly body?: ApiErrorBody;
  /** Set on a 403 that asks for a higher plan (possibly empty when the text alone said so). */
  readonly requiredPlans?: Plan[];
  readonly fields?: Record<string, string>;

  constructor(init: ApiErrorInit) {
    super(init.message ?? init.body?.error ?? fallbackMessage(init.kind, init.status), {
      cause: init.cause,
    });
    this.kind = init.kind;
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    if (init.body) {
      this.body = init.body;
      if (init.body.requiredPlans) this.requiredPlans = init.body.requiredPlans;
      // A plan refusal in words only still reads as one: `requiredPlans` set means "upgrade".
      else if (isPlanRequiredError(init.status, init.body)) this.requiredPlans = [];
      if (init.body.fields) this.fields = init.body.fields;
    }
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function fallbackMessage(kind: ApiErrorKind, status: number): string {
  if (kind === 'timeout') return API_CLIENT_TEXTS.timeout;
  if (kind === 'network') return API_CLIENT_TEXTS.network;
  if (kind === 'aborted') return API_CLIENT_TEXTS.aborted;
  if (status === 401) return API_TEXTS.unauthenticated;
  if (status === 403) return API_TEXTS.forbidden;
  if (status === 404) return API_TEXTS.notFound;
  if (status === 429) return API_TEXTS.tooManyRequests;
  if (status >= 500) return API_TEXTS.internalError;
  return API_CLIENT_TEXTS.unexpected;
}

/** The error body if the text is one (`{ error: string, … }`), else undefined. */
export function parseErrorBody(text: string): ApiErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const record = parsed as Record<string, unknown>;
  if (typeof record.error !== 'string') return undefined;
  const body: ApiErrorBody = { error: record.error };
  if (Array.isArray(record.requiredPlans)) body.requiredPlans = record.requiredPlans.filter(isPlan);
  if (isStringRecord(record.fields)) body.fields = record.fields;
  if (typeof record.retryAfter === 'number') body.retryAfter = record.retryAfter;
  return body;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** A 403 whose error text contains 'CSRF' is a stale CSRF token: refresh the session, retry once. */
export function isCsrfError(status: number, body: ApiErrorBody | undefined): boolean {
  return status === 403 && body !== undefined && /csrf/i.test(body.error);
}

/** A plan refusal: a 403 with requiredPlans, or whose text mentions 'requires' and 'plan'. */
export function isPlanRequiredError(status: number, body: ApiErrorBody | undefined): boolean {
  if (status !== 403 || body === undefined) return false;
  if (body.requiredPlans && body.requiredPlans.length > 0) return true;
  return /requires/i.test(body.error) && /plan/i.test(body.error);
}
