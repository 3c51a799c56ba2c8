/**
 * The signed-in session in the main process: core's API client on a fetch that keeps cookies in
 * the main process's jar, so the CSRF double-submit, the session refresh and the 401/403 rules
 * are exactly the browser's (core's client). Sign-in failures become the desktop's Dutch texts.
 */
import {
  API_CONTRACT,
  CSRF_COOKIE,
  DESKTOP_TEXTS,
  createApiClient,
  hasDesktopAccess,
  isApiError,
  type ApiClient,
  type FetchLike,
  type UserDto,
} from '@prijsalarm/core';
import { CookieJar } from './cookieJar';

/** The fetch of Node and Electron's main process, as far as the jar needs it. */
export type NodeFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<{
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null; getSetCookie(): string[] };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}>;

export type SignInResult = { ok: true; user: UserDto } | { ok: false; message: string };

export interface SessionOptions {
  serverUrl: string;
  jar?: CookieJar;
  fetch?: NodeFetch;
  /** The session could not be refreshed: the user has to sign in again. */
  onSessionEnded?: () => void;
  /** Whether the user's plan includes the desktop app (core's rule unless a test says otherwise). */
  hasAccess?: (user: UserDto) => boolean;
}

/** `fetch` with the jar's cookies on the way out and Set-Cookie kept on the way back. */
export function cookieFetch(jar: CookieJar, fetchImpl: NodeFetch): FetchLike {
  return async (url, init) => {
    const headers = { ...init.headers };
    const cookie = jar.header(url);
    if (cookie) headers.cookie = cookie;
    const response = await fetchImpl(url, {
      method: init.method,
      headers,
      signal: init.signal,
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
    jar.store(url, response.headers.getSetCookie());
    return response;
  };
}

/** The server's address without a trailing slash; its API lives under /api. */
export function normalizeServerUrl(serverUrl: string): string {
  return serverUrl.replace(/\/+$/, '');
}

/** The Dutch text for a failed sign-in: wrong password, server unreachable, or the server's own. */
export function signInErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') {
      return DESKTOP_TEXTS.signIn.serverOffline;
    }
    if (error.status === 401) return DESKTOP_TEXTS.signIn.wrongPassword;
    if (error.status >= 500 || error.status === 404) return DESKTOP_TEXTS.signIn.serverOffline;
    // The server's own Dutch answer (unverified e-mail, too many attempts, …).
    if (error.kind === 'http' && error.body) return error.message;
  }
  return DESKTOP_TEXTS.signIn.failed;
}

export interface DesktopSession {
  readonly serverUrl: string;
  readonly api: ApiClient;
  readonly jar: CookieJar;
  signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult>;
  /** Checks remembered cookies: the user when the session still holds (refreshed if needed). */
  resume(): Promise<UserDto | null>;
  signOut(): Promise<void>;
}

export function createSession(options: SessionOptions): DesktopSession {
  const serverUrl = normalizeServerUrl(options.serverUrl);
  const apiBase = `${serverUrl}/api`;
  const jar = options.jar ?? new CookieJar();
  const hasAccess = options.hasAccess ?? ((user: UserDto) => hasDesktopAccess(user.plan));
  const fetchImpl = options.fetch ?? (globalThis.fetch as unknown as NodeFetch);
  const api = createApiClient({
    baseUrl: apiBase,
    fetch: cookieFetch(jar, fetchImpl),
    // Cookies as a page on the server's origin reads them (pa_csrf lives on path /).
    cookies: { get: (name) => jar.get(`${serverUrl}/`, name) },
    hooks: {
      onSessionExpired: () => options.onSessionEnded?.(),
      onCsrfFailure: () => options.onSessionEnded?.(),
    },
  });

  return {
    serverUrl,
    api,
    jar,
    async signIn(email, password, rememberMe) {
      try {
        // A CSRF cookie first, as the web app does before its first POST.
        if (!jar.get(`${serverUrl}/`, CSRF_COOKIE)) await api.request(API_CONTRACT.auth.csrf);
        const { user } = await api.auth.login({ email, password, rememberMe });
        if (!hasAccess(user)) {
          await api.auth.logout().catch(() => undefined);
          jar.clear();
          return { ok: false, message: DESKTOP_TEXTS.signIn.noDesktopAccess };
        }
        return { ok: true, user };
      } catch (error) {
        return { ok: false, message: signInErrorMessage(error) };
      }
    },
    async resume() {
      try {
        const { user } = await api.auth.me();
        return hasAccess(user) ? user : null;
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          try {
            return (await api.refreshSession()).user;
          } catch {
            return null;
          }
        }
        throw error;
      }
    },
    async signOut() {
      try {
        await api.auth.logout();
      } finally {
        jar.clear();
      }
    },
  };
}
