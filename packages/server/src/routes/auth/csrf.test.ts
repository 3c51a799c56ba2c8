import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, API_TEXTS, CSRF_COOKIE, CSRF_HEADER } from '@prijsalarm/core';
import { TEST_PASSWORD, loginAs, setCookie } from '../../../test/auth-helpers';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { ANON_COOKIE } from '../../http/auth';
import { createAccessTokenSigner } from '../../security/access-token';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
});
afterAll(() => server.stop());

const someToken = randomBytes(32).toString('base64url');

/** Every non-read auth route, with a body it would accept. */
const NON_READ_ROUTES: Array<[method: string, path: string, body?: unknown]> = [
  ['POST', '/api/auth/register', { email: 'csrf@example.nl', password: TEST_PASSWORD }],
  ['POST', '/api/auth/login', { email: 'csrf@example.nl', password: TEST_PASSWORD }],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/force-logout'],
  ['POST', '/api/auth/refresh'],
  ['PUT', '/api/auth/me', { name: 'Nieuw' }],
  ['POST', '/api/auth/reset-password', { email: 'csrf@example.nl' }],
  ['POST', `/api/auth/reset-password/${someToken}`, { password: TEST_PASSWORD }],
  [
    'POST',
    '/api/auth/change-password',
    { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(12) },
  ],
  ['DELETE', '/api/auth/account', { password: TEST_PASSWORD }],
  ['POST', '/api/auth/migrate-alerts'],
  ['POST', '/api/auth/delete-orphaned-alerts'],
  ['POST', '/api/auth/login-link', { email: 'csrf@example.nl' }],
  ['DELETE', `/api/auth/sessions/${randomUUID()}`],
];

async function expectCsrfRefusal(
  client: TestClient,
  method: string,
  path: string,
  options: object,
) {
  const res = await client.request<{ error: string }>(method, path, options);
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: API_TEXTS.csrfInvalid });
  expect(res.body.error).toContain('CSRF');
  // Refused before it did anything: the session still works.
  expect((await client.get('/api/auth/me')).status).toBe(200);
}

describe('getting a token', () => {
  it('GET /api/auth/csrf answers the token that the readable pa_csrf cookie carries', async () => {
    const browser = server.client();
    const res = await browser.get<{ csrfToken: string }>('/api/auth/csrf');
    expect(res.status).toBe(200);
    const cookie = setCookie(res.headers, CSRF_COOKIE);
    expect(cookie?.value).toBe(res.body.csrfToken);
    expect(cookie?.attributes).toMatchObject({ samesite: 'Lax', path: '/' });
    expect(cookie?.attributes.httponly).toBeUndefined();
    expect(setCookie(res.headers, ANON_COOKIE)?.attributes.httponly).toBe(true);
    // Asked again, the same valid token.
    expect((await browser.get<{ csrfToken: string }>('/api/auth/csrf')).body.csrfToken).toBe(
      res.body.csrfToken,
    );
  });

  it.each([
    ['no pa_csrf cookie', undefined, true],
    ['a forged pa_csrf cookie', 'abc.def', true],
    ['a valid pa_csrf cookie', 'keep', false],
  ])('a read request with %s gets a new token: %s', async (_case, cookie, expectsNew) => {
    const browser = server.client();
    await browser.get('/api/auth/csrf');
    if (cookie === undefined) browser.cookies.delete(CSRF_COOKIE);
    else if (cookie !== 'keep') browser.cookies.set(CSRF_COOKIE, cookie);
    const res = await browser.get('/api/auth/me');
    expect(setCookie(res.headers, CSRF_COOKIE) !== undefined).toBe(expectsNew);
  });
});

describe('every non-read auth route is CSRF-protected', () => {
  it.each(NON_READ_ROUTES)('%s %s without the header → 403', async (method, path, body) => {
    const browser = server.client();
    await loginAs(server, browser);
    await expectCsrfRefusal(browser, method, path, { body, csrf: false });
  });

  it.each(NON_READ_ROUTES)('%s %s with a wrong token → 403', async (method, path, body) => {
    const browser = server.client();
    await loginAs(server, browser);
    await expectCsrfRefusal(browser, method, path, {
      body,
      headers: { [CSRF_HEADER]: `${browser.cookie(CSRF_COOKIE)!.slice(0, -4)}0000` },
    });
  });

  it.each(NON_READ_ROUTES)(
    '%s %s with the token of another session (cookie and header) → 403',
    async (method, path, body) => {
      const other = server.client();
      await loginAs(server, other);
      const browser = server.client();
      await loginAs(server, browser);
      // Even a planted cookie (cookie injection) does not help: the token is bound to its session.
      browser.cookies.set(CSRF_COOKIE, other.cookie(CSRF_COOKIE)!);
      await expectCsrfRefusal(browser, method, path, { body });
    },
  );
});

describe('binding', () => {
  it("a guest's token does not work for another guest", async () => {
    const first = server.client();
    await first.get('/api/auth/csrf');
    const second = server.client();
    await second.get('/api/auth/csrf');
    second.cookies.set(CSRF_COOKIE, first.cookie(CSRF_COOKIE)!);
    const res = await second.post('/api/auth/reset-password', { email: 'x@example.nl' });
    expect(res.status).toBe(403);
  });

  it('the token from before the login stops working after it; the login answers a new one', async () => {
    const browser = server.client();
    await browser.get('/api/auth/csrf');
    const guestToken = browser.cookie(CSRF_COOKIE)!;
    await loginAs(server, browser);
    expect(browser.cookie(CSRF_COOKIE)).not.toBe(guestToken);

    const res = await browser.post('/api/auth/migrate-alerts', undefined, {
      headers: { [CSRF_HEADER]: guestToken },
    });
    expect(res.status).toBe(403);
    expect((await browser.post('/api/auth/migrate-alerts')).status).toBe(200);
  });

  it('after the access token expired, the session token still allows the refresh', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const session = await server.models.Session.findOne({ where: { userId: user.id } });
    const signer = createAccessTokenSigner(server.config.sessionSecret);
    browser.cookies.set(
      ACCESS_COOKIE,
      signer.sign(session!.id, new Date(Date.now() - 20 * 60_000)),
    );
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    expect((await browser.post('/api/auth/refresh')).status).toBe(200);
    expect((await browser.get('/api/auth/me')).status).toBe(200);
  });
});

describe('scope', () => {
  it('guards every /api route, not only /api/auth', async () => {
    const res = await server.client().post('/api/alerts', {}, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_TEXTS.csrfInvalid });
  });

  it('exempts the one-click newsletter unsubscribe, which mail clients POST without cookies', async () => {
    const res = await server
      .client()
      .post('/api/newsletter/unsubscribe', 'List-Unsubscribe=One-Click', {
        csrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect(res.status).not.toBe(403);
  });
});
