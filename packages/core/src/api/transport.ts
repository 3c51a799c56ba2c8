/**
 * How every API call travels: timeouts, the CSRF header, one shared session refresh on a 401 or a
 * stale CSRF token, one retry after a 429, and the plan-required hook. Runtime-neutral: fetch, the
 * cookie jar, the clock and sleeping are injected, so browsers, Electron and tests share it. The
 * typed methods on top of it are ./client's.
 */
import { isUnderPath, LOGIN_PATH } from '../auth/routes';
import {
  API_TIMEOUT_MS,
  CSRF_COOKIE,
  CSRF_HEADER,
  RATE_LIMIT_DEFAULT_RETRY_MS,
} from '../constants';
import type { Plan } from '../domain';
import { API_CLIENT_TEXTS } from './strings';
import { API_CONTRACT } from './contract';
import type {
  AnyEndpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
  HttpMethod,
  PathParamName,
  ResponseFormat,
} from './endpoint';
import { buildPath, buildQueryString, isReadMethod } from './endpoint';
import { ApiError, isCsrfError, isPlanRequiredError, parseErrorBody } from './errors';
import type { AuthResponse, DownloadedFile } from './types';

/* ---------- What the runtime must provide (structural, so core needs no DOM types) ---------- */

export interface RequestInitLike {
  method: string;
  headers: Record<string, string>;
  body?: string;
  credentials: 'include';
  signal: AbortSignal;
}

export interface ResponseLike {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type FetchLike = (url: string, init: RequestInitLike) => Promise<ResponseLike>;

export interface CookieReader {
  get(name: string): string | undefined;
}

export interface SessionExpiredInfo {
  /** The refresh was refused with 401: the session is gone, forget the user. */
  clearState: boolean;
  /** False when the user is already on /login or /register. */
  redirectToLogin: boolean;
}

export interface PlanRequiredInfo {
  error: string;
  requiredPlans: Plan[];
}

export interface ApiClientHooks {
  /** A 401 could not be cured by refreshing the session: go to /login. */
  onSessionExpired?(info: SessionExpiredInfo): void;
  /** A 403 says the plan is too low: warning toast, then /pricing after 2 s. */
  onPlanRequired?(info: PlanRequiredInfo): void;
  /** A 403 CSRF could not be cured by refreshing the session: go to /login. */
  onCsrfFailure?(): void;
  /** The session was refreshed (new user and CSRF token): store it and tell the other tabs. */
  onSessionRefreshed?(auth: AuthResponse): void;
}

export interface ApiClientOptions {
  /** The API base, e.g. '/api' in the browser or 'https://prijsalarm.nl/api' on the desktop. */
  baseUrl: string;
  fetch: FetchLike;
  cookies: CookieReader;
  hooks?: ApiClientHooks;
  /** Waits before a rate-limited retry. */
  sleep?: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch, to read a Retry-After date. */
  now?: () => number;
  /** The current page path, to decide whether a lost session sends the user to /login. */
  getLocationPath?: () => string;
  /** Per attempt. */
  timeoutMs?: number;
}

/* ---------- Per-call options, typed from the endpoint ---------- */

type ParamsOption<E> = E extends AnyEndpoint
  ? [PathParamName<E['path']>] extends [never]
    ? { params?: undefined }
    : { params: EndpointParams<E> }
  : never;
type QueryOption<E> = [EndpointQuery<E>] extends [undefined]
  ? { query?: undefined }
  : { query?: EndpointQuery<E> };
type BodyOption<E> = [EndpointBody<E>] extends [undefined]
  ? { body?: undefined }
  : { body: EndpointBody<E> };

/**
 * `notifyPlanRequired: false` keeps `onPlanRequired` silent for this call: the caller handles the
 * plan refusal itself (the alert wizard redirects to the upgrade page after 3 s), so the client's
 * own toast and 2 s /pricing redirect must not fire as well.
 */
export interface PerCallOptions {
  signal?: AbortSignal;
  notifyPlanRequired?: boolean;
}

export type CallOptions<E extends AnyEndpoint> = ParamsOption<E> &
  QueryOption<E> &
  BodyOption<E> &
  PerCallOptions;

/** The options argument may be left out when nothing in it is required. */
export type CallArgs<E extends AnyEndpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** A call as the transport sends it, its types already checked by the caller. */
export interface UntypedCall extends PerCallOptions {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
}

/* ---------- Rules the apps need too ---------- */

/** Calls whose 401 is an answer, not an expired session: no refresh. */
export const SESSION_REFRESH_EXEMPT_PATHS: readonly string[] = [
  API_CONTRACT.auth.login.path,
  API_CONTRACT.auth.register.path,
  API_CONTRACT.auth.logout.path,
  API_CONTRACT.auth.changePassword.path,
  API_CONTRACT.auth.requestPasswordReset.path, // and /auth/reset-password/{token} below it
  API_CONTRACT.auth.me.path,
  API_CONTRACT.auth.refresh.path,
];

export function isSessionRefreshExempt(path: string): boolean {
  return SESSION_REFRESH_EXEMPT_PATHS.some((exempt) => isUnderPath(path, exempt));
}

const LOGIN_PAGES = [LOGIN_PATH, '/register'];

/** A lost session sends the user to /login, unless they are on /login or /register already. */
export function shouldRedirectToLogin(locationPath: string): boolean {
  return !LOGIN_PAGES.some((page) => isUnderPath(locationPath, page));
}

/** Retry-After is seconds or an HTTP date; without a usable one, 2 s. */
export function retryAfterMs(header: string | null, nowMs: number): number {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (value !== '' && !Number.isNaN(date)) return Math.max(0, date - nowMs);
  return RATE_LIMIT_DEFAULT_RETRY_MS;
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed encoding: fall back to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}

/* ---------- The transport ---------- */

interface AttemptResult {
  response: ResponseLike;
  payload: string | ArrayBuffer;
}

type RefreshReason = 'session' | 'csrf';
type RefreshOutcome = { ok: true; auth: AuthResponse } | { ok: false; error: ApiError };

export type Transport = ReturnType<typeof createTransport>;

export function createTransport(options: ApiClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch;
  const hooks = options.hooks ?? {};
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? (() => Date.now());

  /** One refresh at a time, shared by every call that needs it. */
  let refreshInFlight: { promise: Promise<RefreshOutcome>; reasons: Set<RefreshReason> } | null =
    null;
  /**
   * Counts completed refreshes. A call sent before the latest refresh completed already has its
   * cure: it retries without refreshing again, so a burst of 401s costs exactly one refresh.
   */
  let sessionGeneration = 0;

  async function attempt(
    method: HttpMethod,
    path: string,
    url: string,
    body: string | undefined,
    format: ResponseFormat,
    signal: AbortSignal | undefined,
  ): Promise<AttemptResult> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (!isReadMethod(method)) {
      const csrfToken = options.cookies.get(CSRF_COOKIE);
      if (csrfToken) headers[CSRF_HEADER] = csrfToken;
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    signal?.addEventListener('abort', abortFromCaller);

    try {
      if (signal?.aborted) throw new Error('aborted before sending');
      const response = await fetchImpl(url, {
        method,
        headers,
        credentials: 'include',
        signal: controller.signal,
        ...(body !== undefined ? { body } : {}),
      });
      const payload =
        response.ok && format === 'arrayBuffer'
          ? await response.arrayBuffer()
          : await response.text();
      return { response, payload };
    } catch (cause) {
      const kind = timedOut ? 'timeout' : signal?.aborted ? 'aborted' : 'network';
      throw new ApiError({ kind, status: 0, method, path, cause });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortFromCaller);
    }
  }

  function httpError(method: HttpMethod, path: string, result: AttemptResult): ApiError {
    const text = typeof result.payload === 'string' ? result.payload : '';
    const body = parseErrorBody(text);
    return new ApiError({
      kind: 'http',
      status: result.response.status,
      method,
      path,
      ...(body ? { body } : {}),
    });
  }

  function readSuccess(endpoint: AnyEndpoint, path: string, result: AttemptResult): unknown {
    const { response, payload } = result;
    if (endpoint.responseFormat !== 'json') {
      const file: DownloadedFile<string | ArrayBuffer> = {
        content: payload,
        filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
        contentType: response.headers.get('content-type'),
      };
      return file;
    }
    const text = typeof payload === 'string' ? payload : '';
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw new ApiError({
        kind: 'http',
        status: response.status,
        method: endpoint.method,
        path,
        message: API_CLIENT_TEXTS.invalidResponse,
        cause,
      });
    }
  }

  async function performRefresh(): Promise<AuthResponse> {
    const endpoint = API_CONTRACT.auth.refresh;
    const url = baseUrl + endpoint.path;
    const result = await attempt(endpoint.method, endpoint.path, url, undefined, 'json', undefined);
    if (!result.response.ok) throw httpError(endpoint.method, endpoint.path, result);
    return readSuccess(endpoint, endpoint.path, result) as AuthResponse;
  }

  function sharedRefresh(reason: RefreshReason | null): Promise<RefreshOutcome> {
    if (!refreshInFlight) {
      const reasons = new Set<RefreshReason>();
      const promise = performRefresh()
        .then(
          (auth): RefreshOutcome => {
            sessionGeneration += 1;
            hooks.onSessionRefreshed?.(auth);
            return { ok: true, auth };
          },
          (error: unknown): RefreshOutcome => {
            const apiError = error instanceof ApiError ? error : toUnexpectedError(error);
            // Each waiting reason is told once, however many calls were waiting for it.
            if (reasons.has('session')) {
              const locationPath = options.getLocationPath?.();
              hooks.onSessionExpired?.({
                clearState: apiError.status === 401,
                redirectToLogin:
                  locationPath === undefined ? true : shouldRedirectToLogin(locationPath),
              });
            }
            if (reasons.has('csrf')) hooks.onCsrfFailure?.();
            return { ok: false, error: apiError };
          },
        )
        .finally(() => {
          refreshInFlight = null;
        });
      refreshInFlight = { promise, reasons };
    }
    if (reason) refreshInFlight.reasons.add(reason);
    return refreshInFlight.promise;
  }

  function toUnexpectedError(cause: unknown): ApiError {
    const { method, path } = API_CONTRACT.auth.refresh;
    return new ApiError({ kind: 'network', status: 0, method, path, cause });
  }

  /** Any endpoint, with the retry rules: one retry after a 429, one refresh per call. */
  async function send(endpoint: AnyEndpoint, call: UntypedCall): Promise<unknown> {
    const { method } = endpoint;
    const path = buildPath(endpoint, call.params ?? {});
    const url = baseUrl + path + buildQueryString(call.query);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);

    let rateLimitRetried = false;
    let sessionRefreshed = false;
    let csrfRefreshed = false;

    for (;;) {
      const generationAtSend = sessionGeneration;
      const result = await attempt(method, path, url, body, endpoint.responseFormat, call.signal);
      const { status } = result.response;
      if (result.response.ok) return readSuccess(endpoint, path, result);

      if (status === 429 && !rateLimitRetried) {
        rateLimitRetried = true;
        await sleep(retryAfterMs(result.response.headers.get('retry-after'), now()));
        continue;
      }

      const error = httpError(method, path, result);

      if (status === 401 && !sessionRefreshed && !isSessionRefreshExempt(path)) {
        sessionRefreshed = true;
        if (generationAtSend === sessionGeneration) {
          const outcome = await sharedRefresh('session');
          if (!outcome.ok) throw error;
        }
        continue;
      }

      if (
        isCsrfError(status, error.body) &&
        !csrfRefreshed &&
        path !== API_CONTRACT.auth.refresh.path
      ) {
        csrfRefreshed = true;
        if (generationAtSend === sessionGeneration) {
          const outcome = await sharedRefresh('csrf');
          if (!outcome.ok) throw error;
        }
        continue;
      }

      if (
        error.body &&
        call.notifyPlanRequired !== false &&
        isPlanRequiredError(status, error.body)
      ) {
        hooks.onPlanRequired?.({
          error: error.body.error,
          requiredPlans: error.body.requiredPlans ?? [],
        });
      }
      throw error;
    }
  }

  /** Any endpoint of the contract (or one defined elsewhere), typed from the endpoint. */
  function request<E extends AnyEndpoint>(
    endpoint: E,
    ...[callOptions]: CallArgs<E>
  ): Promise<EndpointResponse<E>> {
    return send(endpoint, (callOptions ?? {}) as UntypedCall) as Promise<EndpointResponse<E>>;
  }

  /**
   * The shared refresh, for the app's own refresh at start-up: it joins one already under way and
   * tells `onSessionRefreshed`. Rejects with ApiError.
   */
  async function refreshSession(): Promise<AuthResponse> {
    const outcome = await sharedRefresh(null);
    if (!outcome.ok) throw outcome.error;
    return outcome.auth;
  }

  return { send, request, refreshSession };
}
