/**
 * Requests a TestClient would not make: with the browser's cookies but no CSRF header (a forged
 * cross-site request), or with no cookies at all (a mail provider's RFC 8058 one-click POST).
 */
import type { TestClient, TestResponse } from './http-client';

async function toTestResponse(response: Response): Promise<TestResponse> {
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    body: isJson && text ? JSON.parse(text) : text,
    text,
  };
}

/** `client`'s cookies (its session) go along; the x-csrf-token header does not. */
export async function requestWithoutCsrf(
  client: TestClient,
  method: string,
  path: string,
  body?: unknown,
): Promise<TestResponse> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (client.cookies.size > 0) {
    headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, client.baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  return toTestResponse(response);
}

/** A bare request: no cookies, no CSRF header, exactly the headers and body given. */
export async function bareRequest(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<TestResponse> {
  return toTestResponse(await fetch(url, { ...init, redirect: 'manual' }));
}

/** GET with `client`'s cookies, answering the body's exact bytes (fetch's text() drops a BOM). */
export async function getBytes(
  client: TestClient,
  path: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const headers: Record<string, string> = {};
  if (client.cookies.size > 0) {
    headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  const response = await fetch(new URL(path, client.baseUrl), { headers, redirect: 'manual' });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}
