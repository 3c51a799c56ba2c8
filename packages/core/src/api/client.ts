/**
 * The one API client of the web and desktop apps (spec §7 and §8). Runtime-neutral: fetch, the
 * cookie jar, the clock and sleeping are injected, so browsers, Electron and tests share it.
 */
import { isUnderPath, LOGIN_PATH } from '../auth/routes';
import {
  API_TIMEOUT_MS,
  CSRF_COOKIE,
  CSRF_HEADER,
  RATE_LIMIT_DEFAULT_RETRY_MS,
} from '../constants';
import type { Plan } from '../domain';
import type { CreateWebhookPayload } from '../webhooks/schema';
import { STRINGS } from '../strings';
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
import type {
  AdminAlertsQuery,
  AdminUsersQuery,
  AuthResponse,
  CategoryQuery,
  DownloadedFile,
  ManageAlertQuery,
} from './types';

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
  /** The refresh was refused with 401: the session is gone, forget the user (spec §8). */
  clearState: boolean;
  /** False when the user is already on /login or /register. */
  redirectToLogin: boolean;
}

export interface PlanRequiredInfo {
  error: string;
  requiredPlans: Plan[];
}

export interface ApiClientHooks {
  /** A 401 could not be cured by refreshing the session: go to /login (spec §8). */
  onSessionExpired?(info: SessionExpiredInfo): void;
  /** A 403 says the plan is too low: warning toast, then /pricing after 2 s (spec §8). */
  onPlanRequired?(info: PlanRequiredInfo): void;
  /** A 403 CSRF could not be cured by refreshing the session: go to /login (spec §8). */
  onCsrfFailure?(): void;
  /** The session was refreshed (new user and CSRF token): store and broadcast it (spec §4). */
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
 * plan refusal itself (the alert wizard redirects to the upgrade page after 3 s, spec §4), so the
 * client's own toast and 2 s /pricing redirect (spec §8) must not fire as well.
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
type CallArgs<E extends AnyEndpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/* ---------- Rules of spec §8 that the apps need too ---------- */

/** Calls whose 401 is an answer, not an expired session: no refresh (spec §8). */
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

/** Retry-After is seconds or an HTTP date; without a usable one, 2 s (spec §8). */
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

/* ---------- The client ---------- */

interface AttemptResult {
  response: ResponseLike;
  payload: string | ArrayBuffer;
}

type RefreshReason = 'session' | 'csrf';
type RefreshOutcome = { ok: true; auth: AuthResponse } | { ok: false; error: ApiError };

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
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
        message: STRINGS.apiClient.invalidResponse,
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

  function refreshSession(reason: RefreshReason | null): Promise<RefreshOutcome> {
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

  /** Any endpoint of the contract, with the §8 retry rules. */
  async function request<E extends AnyEndpoint>(
    endpoint: E,
    ...[callOptions]: CallArgs<E>
  ): Promise<EndpointResponse<E>> {
    const opts = (callOptions ?? {}) as {
      params?: Record<string, string | number>;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
      notifyPlanRequired?: boolean;
    };
    const { method } = endpoint;
    const path = buildPath(endpoint, opts.params ?? {});
    const url = baseUrl + path + buildQueryString(opts.query);
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);

    let rateLimitRetried = false;
    let sessionRefreshed = false;
    let csrfRefreshed = false;

    for (;;) {
      const generationAtSend = sessionGeneration;
      const result = await attempt(method, path, url, body, endpoint.responseFormat, opts.signal);
      const { status } = result.response;
      if (result.response.ok) return readSuccess(endpoint, path, result) as EndpointResponse<E>;

      if (status === 429 && !rateLimitRetried) {
        rateLimitRetried = true;
        await sleep(retryAfterMs(result.response.headers.get('retry-after'), now()));
        continue;
      }

      const error = httpError(method, path, result);

      if (status === 401 && !sessionRefreshed && !isSessionRefreshExempt(path)) {
        sessionRefreshed = true;
        if (generationAtSend === sessionGeneration) {
          const outcome = await refreshSession('session');
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
          const outcome = await refreshSession('csrf');
          if (!outcome.ok) throw error;
        }
        continue;
      }

      if (
        error.body &&
        opts.notifyPlanRequired !== false &&
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

  /** The shared refresh, for the app's own startup refresh (spec §4). Rejects with ApiError. */
  async function refresh(): Promise<AuthResponse> {
    const outcome = await refreshSession(null);
    if (!outcome.ok) throw outcome.error;
    return outcome.auth;
  }

  const api = API_CONTRACT;
  type Body<E extends AnyEndpoint> = EndpointBody<E>;

  return {
    request,
    refreshSession: refresh,

    alerts: {
      create: (payload: Body<typeof api.alerts.create>, options: PerCallOptions = {}) =>
        request(api.alerts.create, { ...options, body: payload }),
      myAlerts: () => request(api.alerts.myAlerts),
      mine: {
        get: (id: string) => request(api.alerts.mine.get, { params: { id } }),
        update: (
          id: string,
          payload: Body<typeof api.alerts.mine.update>,
          options: PerCallOptions = {},
        ) => request(api.alerts.mine.update, { ...options, params: { id }, body: payload }),
      },
      confirm: (token: string) => request(api.alerts.confirm, { params: { token } }),
      manage: {
        get: (token: string, query?: ManageAlertQuery) =>
          request(api.alerts.manage.get, { params: { token }, query }),
        update: (token: string, payload: Body<typeof api.alerts.manage.update>) =>
          request(api.alerts.manage.update, { params: { token }, body: payload }),
        delete: (token: string) => request(api.alerts.manage.delete, { params: { token } }),
        toggle: (token: string) => request(api.alerts.manage.toggle, { params: { token } }),
        refresh: (token: string, refreshToken: string) =>
          request(api.alerts.manage.refresh, { params: { token, refreshToken } }),
        renewFeed: (token: string) => request(api.alerts.manage.renewFeed, { params: { token } }),
      },
      feed: (feedToken: string) => request(api.alerts.feed, { params: { token: feedToken } }),
    },

    categories: {
      list: (query?: CategoryQuery) => request(api.categories.list, { query }),
    },

    notifications: {
      list: (query?: EndpointQuery<typeof api.notifications.list>) =>
        request(api.notifications.list, { query }),
      get: (id: string) => request(api.notifications.get, { params: { id } }),
      markViewed: (id: string) => request(api.notifications.markViewed, { params: { id } }),
      stats: () => request(api.notifications.stats),
      markAllViewed: () => request(api.notifications.markAllViewed),
      export: (query?: EndpointQuery<typeof api.notifications.export>) =>
        request(api.notifications.export, { query }),
    },

    auth: {
      register: (payload: Body<typeof api.auth.register>) =>
        request(api.auth.register, { body: payload }),
      verify: (token: string) => request(api.auth.verify, { params: { token } }),
      login: (payload: Body<typeof api.auth.login>) => request(api.auth.login, { body: payload }),
      logout: () => request(api.auth.logout),
      forceLogout: () => request(api.auth.forceLogout),
      refresh,
      me: () => request(api.auth.me),
      profile: () => request(api.auth.profile),
      updateMe: (payload: Body<typeof api.auth.updateMe>) =>
        request(api.auth.updateMe, { body: payload }),
      requestPasswordReset: (payload: Body<typeof api.auth.requestPasswordReset>) =>
        request(api.auth.requestPasswordReset, { body: payload }),
      resetPassword: (token: string, payload: Body<typeof api.auth.resetPassword>) =>
        request(api.auth.resetPassword, { params: { token }, body: payload }),
      changePassword: (payload: Body<typeof api.auth.changePassword>) =>
        request(api.auth.changePassword, { body: payload }),
      deleteAccount: (payload: Body<typeof api.auth.deleteAccount>) =>
        request(api.auth.deleteAccount, { body: payload }),
      migrateAlerts: () => request(api.auth.migrateAlerts),
      deleteOrphanedAlerts: () => request(api.auth.deleteOrphanedAlerts),
      requestLoginLink: (payload: Body<typeof api.auth.loginLink>) =>
        request(api.auth.loginLink, { body: payload }),
      loginWithLink: (token: string) => request(api.auth.loginWithLink, { params: { token } }),
      sessions: () => request(api.auth.sessions),
      endSession: (id: string) => request(api.auth.endSession, { params: { id } }),
      upgradeToPro: () => request(api.auth.upgradeToPro),
    },

    settings: {
      public: () => request(api.settings.public),
      feature: (name: string) => request(api.settings.feature, { params: { name } }),
      userCapabilities: () => request(api.settings.userCapabilities),
      enhancedUserCapabilities: () => request(api.settings.enhancedUserCapabilities),
      enhanced: () => request(api.settings.enhanced),
      updatePreferences: (preferences: Record<string, unknown>) =>
        request(api.settings.updatePreferences, { body: preferences }),
    },

    telegram: {
      status: () => request(api.telegram.status),
      verify: (code: string) => request(api.telegram.verify, { body: { code } }),
      disconnect: () => request(api.telegram.disconnect),
      test: () => request(api.telegram.test),
    },

    webhooks: {
      list: () => request(api.webhooks.list),
      create: (body: CreateWebhookPayload) => request(api.webhooks.create, { body }),
      delete: (id: string) => request(api.webhooks.delete, { params: { id } }),
      test: (id: string) => request(api.webhooks.test, { params: { id } }),
      deliveries: (id: string) => request(api.webhooks.deliveries, { params: { id } }),
    },

    admin: {
      stats: () => request(api.admin.stats),
      trends: () => request(api.admin.trends),
      users: (query?: AdminUsersQuery) => request(api.admin.users, { query }),
      updateUserPlan: (id: string, plan: Plan) =>
        request(api.admin.updateUserPlan, { params: { id }, body: { plan } }),
      alerts: (query?: AdminAlertsQuery) => request(api.admin.alerts, { query }),
      deleteAlert: (id: string) => request(api.admin.deleteAlert, { params: { id } }),
      updateSetting: (update: Body<typeof api.admin.updateSetting>) =>
        request(api.admin.updateSetting, { body: update }),
    },

    payments: {
      create: (payload: Body<typeof api.payments.create>) =>
        request(api.payments.create, { body: payload }),
      status: (id: string) => request(api.payments.status, { params: { id } }),
      cancelSubscription: () => request(api.payments.cancelSubscription),
      subscription: () => request(api.payments.subscription),
      adminList: () => request(api.payments.adminList),
    },

    chat: {
      initialize: (payload: Body<typeof api.chat.initialize>) =>
        request(api.chat.initialize, { body: payload }),
      checkMessages: (payload: Body<typeof api.chat.checkMessages>) =>
        request(api.chat.checkMessages, { body: payload }),
      verifySession: (payload: Body<typeof api.chat.verifySession>) =>
        request(api.chat.verifySession, { body: payload }),
      validateEmail: (email: string) => request(api.chat.validateEmail, { body: { email } }),
      send: (payload: Body<typeof api.chat.send>) => request(api.chat.send, { body: payload }),
      markRead: (payload: Body<typeof api.chat.markRead>) =>
        request(api.chat.markRead, { body: payload }),
      resolve: (payload: Body<typeof api.chat.resolve>) =>
        request(api.chat.resolve, { body: payload }),
      unreadCount: () => request(api.chat.unreadCount),
      guestUnreadCount: (payload: Body<typeof api.chat.guestUnreadCount>) =>
        request(api.chat.guestUnreadCount, { body: payload }),
      onlineStatus: () => request(api.chat.onlineStatus),
    },

    newsletter: {
      unsubscribe: (token: string) => request(api.newsletter.unsubscribe, { query: { token } }),
    },

    contact: {
      send: (payload: Body<typeof api.contact.send>) =>
        request(api.contact.send, { body: payload }),
    },

    errorReporting: {
      config: () => request(api.errorReporting.config),
    },

    stats: {
      listingsToday: () => request(api.stats.listingsToday),
    },
  };
}
