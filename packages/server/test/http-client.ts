/**
 * An HTTP client that behaves like a browser tab towards the API: it keeps cookies (Set-Cookie in,
 * Cookie out), and on non-read methods sends the CSRF header with the value of the pa_csrf cookie,
 * as the web app does. Like the web app (which loads before it posts anything), a client without a
 * pa_csrf cookie first fetches one with GET /api/auth/csrf. `{ csrf: false }` sends neither, and an
 * explicit `x-csrf-token` header wins over the cookie (for CSRF tests). Uses Node's global fetch.
 */
import { CSRF_COOKIE, CSRF_HEADER } from '@prijsalarm/core';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, otherwise the text. */
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON unless it is a string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /** false: no CSRF header and no automatic GET /api/auth/csrf (default true). */
  csrf?: boolean;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Where a browser tab gets its CSRF token. */
const CSRF_TOKEN_PATH = '/api/auth/csrf';

export class TestClient {
  /** Cookie name → value. */
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const isRead = READ_METHODS.has(method.toUpperCase());
    const wantsCsrf = options.csrf !== false;
    if (!isRead && wantsCsrf && !this.cookies.has(CSRF_COOKIE)) await this.get(CSRF_TOKEN_PATH);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (!isRead && wantsCsrf && csrf !== undefined) headers[CSRF_HEADER] ??= csrf;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }

    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    return {
      status: response.status,
      headers: response.headers,
      body: (isJson && text ? JSON.parse(text) : text) as T,
      text,
    };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('DELETE', path, { ...options, body });
  }

  private storeCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(attributeValue) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
