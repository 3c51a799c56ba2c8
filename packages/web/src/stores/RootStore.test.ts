import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  API_TEXTS,
  APP_TEXTS,
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  PRICING_PATH,
  REFRESH_MARKER_COOKIE,
  TOAST_TO_PRICING_REDIRECT_MS,
} from '@prijsalarm/core';
import { RecordingNavigator, flush, startHttpDouble, testStore, userDto } from '../test/helpers';
import type { HttpDouble } from '../test/helpers';

const ME = '/api/auth/me';
const SETTINGS = '/api/settings/public';
const rateLimited = { status: 429, headers: { 'retry-after': '0' }, body: { error: 'Te veel' } };

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('application start', () => {
  it('loads settings, then decides the auth state, then loads capabilities', async () => {
    const { store } = testStore({
      server,
      cookies: new Map([
        [CSRF_COOKIE, 'c'],
        [REFRESH_MARKER_COOKIE, '1'],
      ]),
    });
    server.script('GET', SETTINGS, { body: DEFAULT_SETTINGS });
    server.script('GET', ME, { body: { user: userDto() } });
    server.script('GET', '/api/user-capabilities', { status: 500, body: { error: 'x' } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await store.init();
    await flush();
    expect(server.requests.map((r) => r.path)).toEqual([SETTINGS, ME, '/api/user-capabilities']);
    expect(store.auth.phase).toBe('authenticated');
    expect(store.toasts.toasts).toEqual([]);
  });

  it.each([
    ['rate-limited', [rateLimited, rateLimited], 'info', APP_TEXTS.startup.loading],
    ['failing', [{ status: 500, body: { error: 'kapot' } }], 'error', APP_TEXTS.startup.loadError],
  ])('a %s start shows the %s toast', async (_case, answers, type, message) => {
    const { store } = testStore({
      server,
      cookies: new Map([
        [CSRF_COOKIE, 'c'],
        [REFRESH_MARKER_COOKIE, '1'],
      ]),
    });
    server.script('GET', SETTINGS, { body: DEFAULT_SETTINGS });
    server.script('GET', ME, ...answers);
    await store.init();
    expect(store.toasts.toasts).toEqual([expect.objectContaining({ type, message })]);
    expect(store.auth.phase).toBe('guest');
  });
});

describe('API client hooks', () => {
  it('a plan refusal: warning toast with its text, then /pricing after 2 s', async () => {
    const navigator = new RecordingNavigator('/dashboard');
    const { store } = testStore({
      server,
      navigator,
      cookies: new Map([
        [CSRF_COOKIE, 'c'],
        [REFRESH_MARKER_COOKIE, '1'],
      ]),
    });
    const error = 'Deze functie vereist een hoger plan';
    server.script('GET', '/api/alerts/my-alerts', {
      status: 403,
      body: { error, requiredPlans: ['PRO'] },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(store.api.alerts.myAlerts()).rejects.toMatchObject({ status: 403 });
    expect(store.toasts.toasts).toEqual([
      expect.objectContaining({ type: 'warning', message: error }),
    ]);
    vi.advanceTimersByTime(TOAST_TO_PRICING_REDIRECT_MS - 1);
    expect(navigator.visited).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(navigator.visited).toEqual([PRICING_PATH]);
  });

  it.each([
    ['/dashboard?tab=2', ['/login?redirect=%2Fdashboard%3Ftab%3D2']],
    ['/login', []],
    ['/register', []],
  ])('a lost session on %s goes to %j and forgets the user', async (path, visited) => {
    const navigator = new RecordingNavigator(path);
    const { store } = testStore({
      server,
      navigator,
      cookies: new Map([
        [CSRF_COOKIE, 'c'],
        [REFRESH_MARKER_COOKIE, '1'],
      ]),
    });
    server.script('GET', ME, { body: { user: userDto() } });
    await store.auth.initialize();
    server.script('GET', '/api/alerts/my-alerts', { status: 401, body: { error: 'Nee' } });
    server.script('POST', '/api/auth/refresh', { status: 401, body: { error: 'Nee' } });
    await expect(store.api.alerts.myAlerts()).rejects.toMatchObject({ status: 401 });
    expect(store.auth.phase).toBe('guest');
    expect(navigator.visited).toEqual(visited);
  });

  it('a refreshed session is adopted and told to the other tabs', async () => {
    const { store } = testStore({
      server,
      cookies: new Map([
        [CSRF_COOKIE, 'c'],
        [REFRESH_MARKER_COOKIE, '1'],
      ]),
    });
    server.script(
      'GET',
      '/api/alerts/my-alerts',
      { status: 401, body: { error: 'Nee' } },
      {
        body: { alerts: [], capabilities: {} },
      },
    );
    server.script('POST', '/api/auth/refresh', { body: { user: userDto(), csrfToken: 'fresh' } });
    server.script('GET', '/api/user-capabilities', { status: 500, body: { error: 'x' } });
    server.script('GET', SETTINGS, { body: DEFAULT_SETTINGS });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const posted = vi.spyOn(store.crossTab, 'post');
    await store.api.alerts.myAlerts();
    expect(store.auth.phase).toBe('authenticated');
    expect(store.auth.csrfToken).toBe('fresh');
    expect(posted).toHaveBeenCalledWith('SESSION_REFRESH', { csrfToken: 'fresh' });
  });

  it('a CSRF refusal that a refresh cannot cure goes to /login', async () => {
    const navigator = new RecordingNavigator('/contact');
    const { store } = testStore({
      server,
      navigator,
      cookies: new Map([
        [CSRF_COOKIE, 'c'],
        [REFRESH_MARKER_COOKIE, '1'],
      ]),
    });
    server.script('POST', '/api/contact', {
      status: 403,
      body: { error: API_TEXTS.csrfInvalid },
    });
    server.script('POST', '/api/auth/refresh', { status: 401, body: { error: 'Nee' } });
    await expect(
      store.contact.send({
        name: 'Anna',
        email: 'anna@example.nl',
        subject: 'Hoi',
        message: 'Hallo',
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(navigator.visited).toEqual(['/login']);
  });
});
