/**
 * The client's addresses, retries, session refresh and errors against a real HTTP server on 127.0.0.1 with Node's own fetch.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHttpDouble } from '../../test/http-double';
import type { HttpDouble } from '../../test/http-double';
import { API_TIMEOUT_MS, CSRF_COOKIE, CSRF_HEADER } from '../constants';
import { ALERT_FIELD_TEXTS } from '../validation/strings';
import { API_CLIENT_TEXTS, API_TEXTS } from './strings';
import type { ApiClientOptions, SessionExpiredInfo } from './client';
import { createApiClient, retryAfterMs, shouldRedirectToLogin } from './client';
import { defineEndpoint } from './endpoint';
import type { HttpMethod } from './endpoint';
import { ApiError } from './errors';
import type { AuthResponse, DownloadedFile, UserDto } from './types';

const user: UserDto = {
  id: '6f1c1a52-3a4e-4c43-9f61-1f7f3c0c2b11',
  email: 'anna@example.nl',
  name: 'Anna',
  firstName: 'Anna',
  lastName: 'de Vries',
  plan: 'REGISTERED',
  role: 'USER',
  createdAt: '2025-01-02T03:04:05.000Z',
  newsletterOptIn: false,
  emailVerified: true,
  telegram: { connected: false, username: null },
  _count: { alerts: 1, notifications: 0 },
};
const refreshed: AuthResponse = { user, csrfToken: 'csrf-after-refresh' };
const refreshOk = { body: refreshed };

const probe = (method: HttpMethod) =>
  defineEndpoint<{ response: { ok: boolean } }>()(method, '/probe');

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());
afterEach(() => {
  vi.useRealTimers();
  expect(server.unscripted).toEqual([]);
});

/** A client on the test server: cookie jar, hooks and waits recorded, no real sleeping. */
function setup(overrides: Partial<ApiClientOptions> = {}) {
  const jar = new Map<string, string>([[CSRF_COOKIE, 'csrf-1']]);
  const waits: number[] = [];
  const calls = {
    sessionExpired: [] as SessionExpiredInfo[],
    planRequired: [] as unknown[],
    csrfFailure: 0,
    refreshed: [] as AuthResponse[],
  };
  const client = createApiClient({
    baseUrl: `${server.origin}/api`,
    fetch,
    cookies: { get: (name) => jar.get(name) },
    sleep: async (ms) => {
      waits.push(ms);
    },
    hooks: {
      onSessionExpired: (info) => calls.sessionExpired.push(info),
      onPlanRequired: (info) => calls.planRequired.push(info),
      onCsrfFailure: () => (calls.csrfFailure += 1),
      onSessionRefreshed: (auth) => {
        calls.refreshed.push(auth);
        jar.set(CSRF_COOKIE, auth.csrfToken); // what the server's Set-Cookie does in a browser
      },
    },
    ...overrides,
  });
  return { client, jar, waits, calls };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('addresses', () => {
  it('sends base URL + encoded path params + encoded query, and parses the JSON answer', async () => {
    const { client } = setup();
    server.script('GET', '/api/alerts/manage/a%20b%2Fc%3F', { body: { hello: 'wereld' } });

    const answer = await client.alerts.manage.get('a b/c?', {
      notificationsPage: 2,
      notificationsLimit: 5,
    });

    expect(answer).toEqual({ hello: 'wereld' });
    const [request] = server.requests;
    expect(request?.url).toBe(
      '/api/alerts/manage/a%20b%2Fc%3F?notificationsPage=2&notificationsLimit=5',
    );
  });

  it('serialises alertIds comma-separated and encodes query values', async () => {
    const { client } = setup();
    server.script('GET', '/api/notifications', { body: { notifications: [], pagination: {} } });

    await client.notifications.list({
      alertIds: ['a1', 'b2'],
      searchTerm: 'fiets & bel',
      page: 1,
    });

    expect(server.requests[0]?.search).toBe('?alertIds=a1,b2&searchTerm=fiets%20%26%20bel&page=1');
  });

  it('leaves out unset query values and tolerates a trailing slash on the base URL', async () => {
    const { client } = setup({ baseUrl: `${server.origin}/api/` });
    server.script('GET', '/api/categories', { body: [] });

    await client.categories.list({ type: 'L2', parentId: undefined, isActive: true });

    expect(server.requests[0]?.url).toBe('/api/categories?type=L2&isActive=true');
  });

  it('fills several path params in the order of the path', async () => {
    const { client } = setup();
    server.script('GET', '/api/alerts/manage/beheer-1/refresh/ververs-2', {
      body: { alert: {}, message: 'Verlengd' },
    });

    await client.alerts.manage.refresh('beheer-1', 'ververs-2');

    expect(server.requests[0]?.url).toBe('/api/alerts/manage/beheer-1/refresh/ververs-2');
  });

  it('sends the data of a POST that takes a query in the query, with no body', async () => {
    const { client } = setup();
    server.script('POST', '/api/newsletter/unsubscribe', {
      body: { message: 'Afgemeld', email: 'anna@example.nl' },
    });

    await client.newsletter.unsubscribeOneClick({ token: 'nieuwsbrief-1' });

    expect(server.requests[0]?.url).toBe('/api/newsletter/unsubscribe?token=nieuwsbrief-1');
    expect(server.requests[0]?.body).toBe('');
  });

  it('sends cookies along (credentials: include) and the JSON body', async () => {
    const inits: RequestInit[] = [];
    const spyingFetch: typeof fetch = (input, init) => {
      inits.push(init ?? {});
      return fetch(input, init);
    };
    const { client } = setup({ fetch: spyingFetch });
    server.script('POST', '/api/telegram/verify', { body: { connected: true, username: 'anna' } });

    await client.telegram.verify({ code: '123456' });

    expect(inits[0]?.credentials).toBe('include');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ code: '123456' });
  });

  it('returns a downloaded export as raw text with the suggested file name', async () => {
    const { client } = setup();
    server.script('GET', '/api/notifications/export', {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="meldingen.csv"; filename*=UTF-8''meldingen%20%E2%82%AC.csv`,
      },
      body: 'titel;prijs\nFiets;€ 50\n',
    });

    const file = await client.notifications.export({ alertIds: ['a1'] });

    expect(file).toEqual({
      content: 'titel;prijs\nFiets;€ 50\n',
      filename: 'meldingen €.csv',
      contentType: 'text/csv; charset=utf-8',
    });
    expect(server.requests[0]?.search).toBe('?alertIds=a1');
  });
});

it('returns a binary download as an ArrayBuffer', async () => {
  const { client } = setup();
  const download = defineEndpoint<{ response: DownloadedFile<ArrayBuffer> }>()('GET', '/download', {
    responseFormat: 'arrayBuffer',
  });
  server.script('GET', '/api/download', {
    headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename=data.bin',
    },
    body: 'PA\u0001',
  });

  const file = await client.request(download);

  expect(file.content).toBeInstanceOf(ArrayBuffer);
  expect([...new Uint8Array(file.content)]).toEqual([0x50, 0x41, 0x01]);
  expect(file.filename).toBe('data.bin');
});

describe('CSRF header', () => {
  it.each([
    ['GET', false],
    ['POST', true],
    ['PUT', true],
    ['PATCH', true],
    ['DELETE', true],
  ] as const)('%s carries the CSRF cookie as header: %s', async (method, carries) => {
    const { client } = setup();
    server.script(method, '/api/probe', { body: { ok: true } });

    await client.request(probe(method));

    expect(server.requests[0]?.headers[CSRF_HEADER]).toBe(carries ? 'csrf-1' : undefined);
  });

  it('sends no header when there is no CSRF cookie', async () => {
    const { client, jar } = setup();
    jar.clear();
    server.script('POST', '/api/probe', { body: { ok: true } });

    await client.request(probe('POST'));

    expect(server.requests[0]?.headers).not.toHaveProperty(CSRF_HEADER);
  });
});

describe('timeout', () => {
  it('fails with kind timeout when no answer comes within timeoutMs', async () => {
    const { client } = setup({ timeoutMs: 100 });
    server.script('GET', '/api/probe', { hang: true });
    const started = performance.now();

    const error = await rejection(client.request(probe('GET')));

    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: API_CLIENT_TEXTS.timeout });
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('waits API_TIMEOUT_MS (10 s) by default, not a moment less', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client } = setup();
    server.script('GET', '/api/probe', { hang: true });
    let settled: ApiError | 'pending' = 'pending';
    const call = client.request(probe('GET')).catch((error: ApiError) => (settled = error));
    await server.waitForRequests('GET', '/api/probe', 1);

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe('pending');

    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toMatchObject({ kind: 'timeout' });
  });
});

describe('429 Too Many Requests', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it.each([
    ['Retry-After: 1', { 'retry-after': '1' }, 1000],
    ['Retry-After: 3', { 'retry-after': '3' }, 3000],
    [
      'Retry-After as HTTP date 5 s ahead',
      { 'retry-after': new Date(now + 5000).toUTCString() },
      5000,
    ],
    ['no Retry-After (2 s default)', {}, 2000],
    ['an unreadable Retry-After (2 s default)', { 'retry-after': 'soon' }, 2000],
  ])('%s: waits %#, then retries once', async (_case, headers, expectedWait) => {
    const { client, waits } = setup({ now: () => now });
    server.script(
      'GET',
      '/api/probe',
      { status: 429, headers, body: { error: API_TEXTS.tooManyRequests } },
      { body: { ok: true } },
    );

    await expect(client.request(probe('GET'))).resolves.toEqual({ ok: true });

    expect(waits).toEqual([expectedWait]);
    expect(server.requestsTo('GET', '/api/probe')).toHaveLength(2);
  });

  it('retries only after the wait is over', async () => {
    let endWait = () => {};
    const { client } = setup({
      sleep: () => new Promise<void>((resolve) => (endWait = resolve)),
    });
    server.script(
      'GET',
      '/api/probe',
      { status: 429, headers: { 'retry-after': '1' } },
      {
        body: { ok: true },
      },
    );

    const call = client.request(probe('GET'));
    await server.waitForRequests('GET', '/api/probe', 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(1);

    endWait();
    await expect(call).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('retries exactly once: a second 429 fails the call', async () => {
    const { client, waits } = setup();
    server.script(
      'GET',
      '/api/probe',
      {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: API_TEXTS.tooManyRequests },
      },
      {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { error: API_TEXTS.tooManyRequests },
      },
    );

    const error = await rejection(client.request(probe('GET')));

    expect(error).toMatchObject({
      status: 429,
      kind: 'http',
      message: API_TEXTS.tooManyRequests,
    });
    expect(waits).toEqual([1000]);
    expect(server.requests).toHaveLength(2);
  });
});

describe('403 CSRF', () => {
  const csrfRejected = { status: 403, body: { error: API_TEXTS.csrfInvalid } };

  it('refreshes the session once and retries with the new CSRF cookie', async () => {
    const { client, calls } = setup();
    server.script('POST', '/api/probe', csrfRejected, { body: { ok: true } });
    server.script('POST', '/api/auth/refresh', refreshOk);

    await expect(client.request(probe('POST'))).resolves.toEqual({ ok: true });

    expect(server.requests.map((r) => `${r.method} ${r.path} ${r.headers[CSRF_HEADER]}`)).toEqual([
      'POST /api/probe csrf-1',
      'POST /api/auth/refresh csrf-1',
      'POST /api/probe csrf-after-refresh',
    ]);
    expect(calls.refreshed).toEqual([refreshed]);
    expect(calls.csrfFailure).toBe(0);
  });

  it('calls onCsrfFailure and fails when the refresh fails', async () => {
    const { client, calls } = setup();
    server.script('POST', '/api/probe', csrfRejected);
    server.script('POST', '/api/auth/refresh', {
      status: 401,
      body: { error: API_TEXTS.unauthenticated },
    });

    const error = await rejection(client.request(probe('POST')));

    expect(error).toMatchObject({ status: 403, message: API_TEXTS.csrfInvalid });
    expect(calls.csrfFailure).toBe(1);
    expect(calls.sessionExpired).toEqual([]);
    expect(server.requestsTo('POST', '/api/probe')).toHaveLength(1);
  });

  it('refreshes only once: a second CSRF rejection fails the call', async () => {
    const { client } = setup();
    server.script('POST', '/api/probe', csrfRejected, csrfRejected);
    server.script('POST', '/api/auth/refresh', refreshOk);

    const error = await rejection(client.request(probe('POST')));

    expect(error.status).toBe(403);
    expect(server.requestsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.requestsTo('POST', '/api/probe')).toHaveLength(2);
  });

  it('treats a 403 without CSRF in its text as a plain refusal', async () => {
    const { client, calls } = setup();
    server.script('POST', '/api/probe', { status: 403, body: { error: API_TEXTS.forbidden } });

    const error = await rejection(client.request(probe('POST')));

    expect(error.message).toBe(API_TEXTS.forbidden);
    expect(server.requestsTo('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(calls.planRequired).toEqual([]);
  });
});

describe('403 plan required', () => {
  it.each([
    [
      'requiredPlans in the body',
      { error: 'Deze functie is alleen beschikbaar voor PRO gebruikers.', requiredPlans: ['PRO'] },
      ['PRO'],
    ],
    [
      'several requiredPlans',
      { error: 'Beschikbaar vanaf Geregistreerd plan', requiredPlans: ['REGISTERED', 'PRO'] },
      ['REGISTERED', 'PRO'],
    ],
    ["text with 'requires' and 'plan'", { error: 'This feature requires the PRO plan' }, []],
  ])('%s: onPlanRequired is told and the call fails', async (_case, body, requiredPlans) => {
    const { client, calls } = setup();
    server.script('POST', '/api/probe', { status: 403, body });

    const error = await rejection(client.request(probe('POST')));

    expect(calls.planRequired).toEqual([{ error: body.error, requiredPlans }]);
    expect(error).toMatchObject({ status: 403, kind: 'http', message: body.error, requiredPlans });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ['a refusal without plan words', { error: API_TEXTS.forbidden }],
    ["'requires' without 'plan'", { error: 'This action requires a verified e-mail' }],
    ['an empty requiredPlans list', { error: API_TEXTS.forbidden, requiredPlans: [] }],
  ])('%s: onPlanRequired stays silent', async (_case, body) => {
    const { client, calls } = setup();
    server.script('GET', '/api/probe', { status: 403, body });

    await rejection(client.request(probe('GET')));

    expect(calls.planRequired).toEqual([]);
  });

  it('stays silent for a call that handles the refusal itself (notifyPlanRequired: false)', async () => {
    const { client, calls } = setup();
    const body = { error: 'Beschikbaar vanaf Geregistreerd plan', requiredPlans: ['REGISTERED'] };
    server.script('POST', '/api/alerts', { status: 403, body });

    const error = await rejection(
      client.alerts.create(
        { searchTerm: 'fiets', platforms: ['marktplaats'] },
        { notifyPlanRequired: false },
      ),
    );

    expect(calls.planRequired).toEqual([]);
    expect(error).toMatchObject({ status: 403, requiredPlans: ['REGISTERED'] });
  });

  it('is only a 403 rule', async () => {
    const { client, calls } = setup();
    server.script('GET', '/api/probe', {
      status: 400,
      body: { error: 'This feature requires the PRO plan', requiredPlans: ['PRO'] },
    });

    await rejection(client.request(probe('GET')));

    expect(calls.planRequired).toEqual([]);
  });
});

describe('401 session refresh', () => {
  const expired = { status: 401, body: { error: API_TEXTS.unauthenticated } };

  it('refreshes once for three concurrent calls, then retries each', async () => {
    const { client, calls } = setup();
    server.script('GET', '/api/probe', expired, expired, expired);
    server.script(
      'GET',
      '/api/probe',
      { body: { ok: true } },
      { body: { ok: true } },
      {
        body: { ok: true },
      },
    );
    server.script('POST', '/api/auth/refresh', {
      ...refreshOk,
      holdUntil: server.waitForRequests('GET', '/api/probe', 3),
    });

    const answers = await Promise.all([
      client.request(probe('GET')),
      client.request(probe('GET')),
      client.request(probe('GET')),
    ]);

    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(server.requestsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.requestsTo('GET', '/api/probe')).toHaveLength(6);
    expect(calls.refreshed).toHaveLength(1);
    expect(calls.sessionExpired).toEqual([]);
  });

  it('a 401 to a call sent before the refresh completed retries without refreshing again', async () => {
    let sessionRefreshed = () => {};
    const refreshDone = new Promise<void>((resolve) => (sessionRefreshed = resolve));
    const { client } = setup({ hooks: { onSessionRefreshed: () => sessionRefreshed() } });
    const other = defineEndpoint<{ response: { ok: boolean } }>()('GET', '/other');
    server.script('GET', '/api/probe', expired, { body: { ok: true } });
    // This 401 arrives only once the first call's refresh is complete.
    server.script(
      'GET',
      '/api/other',
      { ...expired, holdUntil: refreshDone },
      { body: { ok: true } },
    );
    server.script('POST', '/api/auth/refresh', {
      ...refreshOk,
      holdUntil: server.waitForRequests('GET', '/api/other', 1),
    });

    const answers = await Promise.all([client.request(probe('GET')), client.request(other)]);

    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect(server.requestsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('refreshes only once per call: a 401 after the refresh fails the call', async () => {
    const { client } = setup();
    server.script('GET', '/api/probe', expired, expired);
    server.script('POST', '/api/auth/refresh', refreshOk);

    const error = await rejection(client.request(probe('GET')));

    expect(error.status).toBe(401);
    expect(server.requestsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(server.requestsTo('GET', '/api/probe')).toHaveLength(2);
  });

  it.each([
    [
      'login',
      'POST',
      '/api/auth/login',
      (c: Client) => c.auth.login({ email: 'a@b.nl', password: 'x' }),
    ],
    [
      'register',
      'POST',
      '/api/auth/register',
      (c: Client) => c.auth.register({ email: 'a@b.nl', password: 'x' }),
    ],
    ['logout', 'POST', '/api/auth/logout', (c: Client) => c.auth.logout()],
    [
      'change-password',
      'POST',
      '/api/auth/change-password',
      (c: Client) => c.auth.changePassword({ currentPassword: 'x', newPassword: 'y' }),
    ],
    [
      'reset-password',
      'POST',
      '/api/auth/reset-password',
      (c: Client) => c.auth.requestPasswordReset({ email: 'a@b.nl' }),
    ],
    [
      'reset-password/{token}',
      'POST',
      '/api/auth/reset-password/tok',
      (c: Client) => c.auth.resetPassword('tok', { password: 'x' }),
    ],
    ['GET /auth/me', 'GET', '/api/auth/me', (c: Client) => c.auth.me()],
    ['PUT /auth/me', 'PUT', '/api/auth/me', (c: Client) => c.auth.updateMe({ name: 'A' })],
    ['refresh', 'POST', '/api/auth/refresh', (c: Client) => c.auth.refresh()],
  ])('a 401 on %s is an answer: no refresh', async (_case, method, path, call) => {
    const { client, calls } = setup();
    server.script(method, path, expired);

    const error = await rejection(call(client));

    expect(error.status).toBe(401);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`${method} ${path}`]);
    expect(calls.sessionExpired).toEqual([]);
  });

  it.each([
    ['GET /auth/profile', 'GET', '/api/auth/profile', (c: Client) => c.auth.profile()],
    [
      'POST /auth/force-logout',
      'POST',
      '/api/auth/force-logout',
      (c: Client) => c.auth.forceLogout(),
    ],
    ['GET /alerts/my-alerts', 'GET', '/api/alerts/my-alerts', (c: Client) => c.alerts.myAlerts()],
  ])('a 401 on %s does refresh', async (_case, method, path, call) => {
    const { client } = setup();
    server.script(method, path, expired, { body: { ok: true } });
    server.script('POST', '/api/auth/refresh', refreshOk);

    await call(client);

    expect(server.requestsTo('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it.each([
    [
      'refused with 401: clear state',
      { status: 401, body: { error: 'x' } },
      '/dashboard',
      { clearState: true, redirectToLogin: true },
    ],
    [
      'server error: keep state',
      { status: 500, body: { error: 'x' } },
      '/dashboard',
      { clearState: false, redirectToLogin: true },
    ],
    [
      'on /login already: no redirect',
      { status: 401, body: { error: 'x' } },
      '/login',
      { clearState: true, redirectToLogin: false },
    ],
    [
      'on /register already: no redirect',
      { status: 401, body: { error: 'x' } },
      '/register',
      { clearState: true, redirectToLogin: false },
    ],
  ])(
    'a failed refresh (%s) calls onSessionExpired once',
    async (_case, refreshAnswer, page, info) => {
      const { client, calls } = setup({ getLocationPath: () => page });
      server.script('GET', '/api/probe', expired, expired);
      server.script('POST', '/api/auth/refresh', {
        ...refreshAnswer,
        holdUntil: server.waitForRequests('GET', '/api/probe', 2),
      });

      const errors = await Promise.all([
        rejection(client.request(probe('GET'))),
        rejection(client.request(probe('GET'))),
      ]);

      expect(errors.map((e) => e.status)).toEqual([401, 401]);
      expect(calls.sessionExpired).toEqual([info]);
      expect(server.requestsTo('GET', '/api/probe')).toHaveLength(2);
    },
  );
});

describe('errors', () => {
  it('carries the Dutch message, field errors and body of the answer', async () => {
    const { client } = setup();
    const body = {
      error: API_TEXTS.validationFailed,
      fields: { searchTerm: ALERT_FIELD_TEXTS.searchTermRequired },
    };
    server.script('POST', '/api/alerts', { status: 400, body });

    const error = await rejection(
      client.alerts.create({ searchTerm: '', platforms: ['marktplaats'] }),
    );

    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: API_TEXTS.validationFailed,
      fields: body.fields,
      body,
    });
  });

  it.each([
    [500, API_TEXTS.internalError],
    [404, API_TEXTS.notFound],
    [400, API_CLIENT_TEXTS.unexpected],
  ])('a %i without an error body gets a Dutch fallback message', async (status, message) => {
    const { client } = setup();
    server.script('GET', '/api/probe', { status, body: '<html>oeps</html>' });

    const error = await rejection(client.request(probe('GET')));

    expect(error).toMatchObject({ kind: 'http', status, message });
  });

  it('a server that cannot be reached gives kind network', async () => {
    const { client } = setup({ baseUrl: 'http://127.0.0.1:1/api' });

    const error = await rejection(client.request(probe('GET')));

    expect(error).toMatchObject({ kind: 'network', status: 0, message: API_CLIENT_TEXTS.network });
  });

  it('a call the caller cancels gives kind aborted', async () => {
    const { client } = setup();
    server.script('GET', '/api/probe', { hang: true });
    const controller = new AbortController();

    const call = rejection(client.request(probe('GET'), { signal: controller.signal }));
    await server.waitForRequests('GET', '/api/probe', 1);
    controller.abort();

    expect(await call).toMatchObject({ kind: 'aborted', message: API_CLIENT_TEXTS.aborted });
  });
});

describe('helpers', () => {
  it.each([
    ['/dashboard', true],
    ['/', true],
    ['/loginhulp', true],
    ['/login', false],
    ['/login?redirect=%2Fdashboard', false],
    ['/login/callback/abc', false],
    ['/register', false],
  ])('shouldRedirectToLogin(%s) = %s', (path, expected) => {
    expect(shouldRedirectToLogin(path)).toBe(expected);
  });

  it('retryAfterMs never waits a negative time for a date in the past', () => {
    expect(retryAfterMs(new Date(0).toUTCString(), Date.now())).toBe(0);
  });
});

type Client = ReturnType<typeof createApiClient>;
