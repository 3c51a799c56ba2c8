import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_401_GRACE_MS,
  AUTH_RECHECK_INTERVAL_MS,
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  REFRESH_MARKER_COOKIE,
  buildCapabilities,
} from '@prijsalarm/core';
import type { AuthPhase, AuthState, UserDto } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../platform/storage';
import type { RootStore } from './RootStore';
import {
  RecordingNavigator,
  channelPair,
  flush,
  manualClock,
  startHttpDouble,
  testStore,
  userDto,
} from '../test/helpers';
import type { HttpDouble } from '../test/helpers';

const ME = '/api/auth/me';
const REFRESH = '/api/auth/refresh';
const LOGIN = '/api/auth/login';
const LOGOUT = '/api/auth/logout';
const CAPABILITIES = '/api/user-capabilities';
const SETTINGS = '/api/settings/public';

const anna = userDto();
const capabilitiesBody = buildCapabilities({
  settings: DEFAULT_SETTINGS,
  user: { plan: 'REGISTERED', role: 'USER', telegramConnected: false, telegramUsername: null },
  counts: { alerts: 2, telegramAlerts: 0 },
});

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => vi.restoreAllMocks());

interface Setup {
  /** The stored auth entry; its lastAuthCheck is given as milliseconds ago. */
  stored?: Partial<AuthState<UserDto>>;
  cookies?: Record<string, string>;
  path?: string;
}

function setup({ stored, cookies = {}, path = '/' }: Setup = {}) {
  const clock = manualClock();
  const storage = memoryStorage();
  if (stored) {
    const { lastAuthCheck, ...rest } = stored;
    const checkedAt = typeof lastAuthCheck === 'number' ? clock.now() - lastAuthCheck : null;
    writeJson(storage, STORAGE_KEYS.auth, { ...rest, lastAuthCheck: checkedAt });
  }
  const navigator = new RecordingNavigator(path);
  const { store } = testStore({
    server,
    now: clock.now,
    storage,
    navigator,
    cookies: new Map(Object.entries(cookies)),
  });
  return { store, auth: store.auth, clock, storage, navigator };
}

/** What the session-adopting calls set off in the background. */
function scriptAfterLogin() {
  server.script('GET', CAPABILITIES, { body: capabilitiesBody });
  server.script('GET', SETTINGS, { body: DEFAULT_SETTINGS });
}

const HOUR = 60 * 60 * 1000;
/** A signed-in browser carries the csrf cookie and the refresh marker. */
const signedIn = { [CSRF_COOKIE]: 'c', [REFRESH_MARKER_COOKIE]: '1' };

interface StartupCase {
  name: string;
  setup: Setup;
  script: () => void;
  phase: AuthPhase;
  requests: string[];
}

describe('AuthStore start-up', () => {
  it.each<StartupCase>([
    {
      name: 'nothing stored, no cookies → guest without a call',
      setup: {},
      script: () => undefined,
      phase: 'guest',
      requests: [],
    },
    {
      name: 'stored as authenticated but no csrf cookie → cleared',
      setup: { stored: { user: anna, isAuthenticated: true, lastAuthCheck: 0 } },
      script: () => undefined,
      phase: 'guest',
      requests: [],
    },
    {
      name: 'csrf cookie and a user checked 1 h ago → ready without a call',
      setup: {
        stored: { user: anna, isAuthenticated: true, lastAuthCheck: HOUR },
        cookies: { [CSRF_COOKIE]: 'c' },
      },
      script: () => undefined,
      phase: 'authenticated',
      requests: [],
    },
    {
      name: 'csrf cookie and a user checked 25 h ago → fetched again',
      setup: {
        stored: { user: anna, isAuthenticated: true, lastAuthCheck: 25 * HOUR },
        cookies: { [CSRF_COOKIE]: 'c' },
      },
      script: () => server.script('GET', ME, { body: { user: anna } }),
      phase: 'authenticated',
      requests: [`GET ${ME}`],
    },
    {
      name: 'csrf cookie and refresh marker without a user, /auth/me 401 → guest',
      setup: { cookies: { [CSRF_COOKIE]: 'c', [REFRESH_MARKER_COOKIE]: '1' } },
      script: () => server.script('GET', ME, { status: 401, body: { error: 'Nee' } }),
      phase: 'guest',
      requests: [`GET ${ME}`],
    },
    {
      name: 'refresh cookie and remember-me → session refreshed',
      setup: {
        stored: { user: anna, isAuthenticated: true, rememberMe: true, lastAuthCheck: 0 },
        cookies: { [REFRESH_MARKER_COOKIE]: '1' },
      },
      script: () => {
        server.script('POST', REFRESH, { body: { user: anna, csrfToken: 'new' } });
        scriptAfterLogin();
      },
      phase: 'authenticated',
      requests: [`POST ${REFRESH}`],
    },
    {
      name: 'refresh cookie and remember-me, refresh refused → guest',
      setup: {
        stored: { user: anna, isAuthenticated: true, rememberMe: true, lastAuthCheck: 0 },
        cookies: { [REFRESH_MARKER_COOKIE]: '1' },
      },
      script: () => server.script('POST', REFRESH, { status: 401, body: { error: 'Nee' } }),
      phase: 'guest',
      requests: [`POST ${REFRESH}`],
    },
    {
      name: 'refresh cookie without remember-me → cleared without a call',
      setup: {
        stored: { user: anna, isAuthenticated: true, rememberMe: false, lastAuthCheck: 0 },
        cookies: { [REFRESH_MARKER_COOKIE]: '1' },
      },
      script: () => undefined,
      phase: 'guest',
      requests: [],
    },
  ])('$name', async ({ setup: options, script, phase, requests }) => {
    const { auth, storage } = setup(options);
    script();
    expect(auth.phase).toBe('unknown');
    await auth.initialize();
    await flush();
    expect(auth.phase).toBe(phase);
    const calls = server.requests
      .filter((r) => r.path !== CAPABILITIES && r.path !== SETTINGS)
      .map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual(requests);
    if (phase === 'guest') expect(storage.getItem(STORAGE_KEYS.auth)).toBeNull();
    else expect(JSON.parse(storage.getItem(STORAGE_KEYS.auth) ?? '{}').user.email).toBe(anna.email);
  });
});

describe('AuthStore user checks (24 h recheck, 30 s 401 grace)', () => {
  async function loggedIn() {
    const context = setup({ cookies: signedIn });
    server.script('GET', ME, { body: { user: anna } });
    await context.auth.initialize();
    return context;
  }

  it.each([
    ['exactly 24 h after the last check: no new fetch', AUTH_RECHECK_INTERVAL_MS, 1],
    ['24 h and 1 ms after the last check: fetched again', AUTH_RECHECK_INTERVAL_MS + 1, 2],
  ])('recheckUser %s', async (_case, elapsed, fetches) => {
    const { auth, clock } = await loggedIn();
    server.script('GET', ME, { body: { user: anna } });
    clock.advance(elapsed);
    await auth.recheckUser();
    expect(server.requestsTo('GET', ME)).toHaveLength(fetches);
  });

  it.each([
    ['30 s after the last check: kept', AUTH_401_GRACE_MS, 'authenticated'],
    ['30 s and 1 ms after: logged out', AUTH_401_GRACE_MS + 1, 'guest'],
  ])('a 401 on /auth/me %s', async (_case, elapsed, phase) => {
    const { auth, clock } = await loggedIn();
    server.script('GET', ME, { status: 401, body: { error: 'Nee' } });
    clock.advance(elapsed);
    await auth.fetchUser();
    expect(auth.phase).toBe(phase);
  });

  it('throws other failures, for the start-up toast', async () => {
    const { auth } = setup({ cookies: signedIn });
    server.script('GET', ME, { status: 500, body: { error: 'Er ging iets mis' } });
    await expect(auth.initialize()).rejects.toMatchObject({ status: 500 });
    expect(auth.initialized).toBe(true);
  });
});

describe('AuthStore login and logout', () => {
  it('logs in: user and CSRF token set, stored, announced, caches cleared', async () => {
    const [here, there] = channelPair();
    const heard: unknown[] = [];
    there.addEventListener?.('message', (event) => heard.push(event.data));
    const clock = manualClock();
    const storage = memoryStorage();
    const { store } = testStore({ server, channel: here, now: clock.now, storage });
    server.script('GET', '/api/auth/csrf', { body: { csrfToken: 'anon' } });
    server.script('POST', LOGIN, { body: { user: anna, csrfToken: 'csrf-1' } });
    scriptAfterLogin();
    writeJson(storage, STORAGE_KEYS.settings, {
      settings: DEFAULT_SETTINGS,
      fetchedAt: clock.now(),
    });

    await store.auth.login({
      email: anna.email,
      password: 'een-lang-wachtwoord',
      rememberMe: true,
    });
    await flush();

    expect(store.auth.phase).toBe('authenticated');
    expect(store.auth.state).toMatchObject({ csrfToken: 'csrf-1', rememberMe: true });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.auth) ?? '{}').csrfToken).toBe('csrf-1');
    // No CSRF cookie yet: one is asked for before the login is posted.
    expect(server.requests.slice(0, 2).map((r) => r.path)).toEqual(['/api/auth/csrf', LOGIN]);
    expect(JSON.parse(server.requestsTo('POST', LOGIN)[0]?.body ?? '{}')).toMatchObject({
      email: anna.email,
      rememberMe: true,
    });
    expect(heard).toEqual([
      expect.objectContaining({ type: 'AUTH_LOGIN', payload: { user: anna, csrfToken: 'csrf-1' } }),
    ]);
    // Capabilities are fetched again after login; the settings cache was cleared, so they too.
    expect(server.requestsTo('GET', CAPABILITIES)).toHaveLength(1);
    expect(server.requestsTo('GET', SETTINGS)).toHaveLength(1);
    expect(store.capabilities.current.plan).toBe('REGISTERED');
  });

  it.each([
    ['normal', false, LOGOUT, 200],
    ['forced', true, '/api/auth/force-logout', 200],
    ['normal, server failing', false, LOGOUT, 500],
  ])(
    'logs out (%s): broadcast, reset, stored data cleared, home',
    async (_c, force, path, status) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const [here, there] = channelPair();
      const heard: unknown[] = [];
      there.addEventListener?.('message', (event) => heard.push(event.data));
      const storage = memoryStorage();
      const navigator = new RecordingNavigator('/dashboard');
      const cookies = new Map(Object.entries(signedIn));
      const { store } = testStore({ server, channel: here, storage, navigator, cookies });
      server.script('GET', ME, { body: { user: anna } });
      await store.auth.initialize();
      writeJson(storage, STORAGE_KEYS.settings, { settings: DEFAULT_SETTINGS, fetchedAt: 1 });
      server.script('POST', path, {
        status,
        body: status === 200 ? { message: 'ok' } : { error: 'x' },
      });

      await store.auth.logout({ force });
      await flush();

      expect(server.requestsTo('POST', path)).toHaveLength(1);
      expect(server.requestsTo('POST', path)[0]?.headers['x-csrf-token']).toBe('c');
      expect(heard).toEqual([expect.objectContaining({ type: 'AUTH_LOGOUT', payload: null })]);
      expect(store.auth.state).toEqual({
        user: null,
        csrfToken: null,
        isAuthenticated: false,
        lastAuthCheck: null,
        rememberMe: false,
      });
      expect(storage.getItem(STORAGE_KEYS.auth)).toBeNull();
      expect(storage.getItem(STORAGE_KEYS.settings)).toBeNull();
      expect(navigator.visited).toEqual(['/']);
    },
  );

  it('logs out after changing the password', async () => {
    const navigator = new RecordingNavigator('/my-account');
    const { store } = testStore({ server, navigator, cookies: new Map(Object.entries(signedIn)) });
    server.script('GET', ME, { body: { user: anna } });
    await store.auth.initialize();
    server.script('POST', '/api/auth/change-password', { body: { message: 'Gewijzigd' } });
    server.script('POST', LOGOUT, { body: { message: 'ok' } });

    await store.auth.changePassword({
      currentPassword: 'oud-wachtwoord',
      newPassword: 'nieuw-wachtwoord',
    });

    expect(store.auth.phase).toBe('guest');
    expect(server.requestsTo('POST', LOGOUT)).toHaveLength(1);
    expect(navigator.visited).toEqual(['/login']);
    expect(store.toasts.toasts.map((t) => t.message)).toEqual(['Gewijzigd']);
  });
});

describe('AuthStore across tabs', () => {
  function twoTabs(otherPath: string) {
    const [one, two] = channelPair();
    const cookies = () => new Map(Object.entries(signedIn));
    const here = testStore({ server, channel: one, tabId: 'tab-1', cookies: cookies() });
    const otherNavigator = new RecordingNavigator(otherPath);
    const there = testStore({
      server,
      channel: two,
      tabId: 'tab-2',
      navigator: otherNavigator,
      cookies: cookies(),
    });
    return { here: here.store, there: there.store, otherNavigator };
  }

  async function signIn(...tabs: RootStore[]) {
    for (const tab of tabs) {
      server.script('GET', ME, { body: { user: anna } });
      await tab.auth.initialize();
    }
  }

  it.each([
    ['/login', ['/dashboard']],
    ['/register?redirect=%2Fx', ['/dashboard']],
    ['/faq', []],
  ])('a login elsewhere: the tab on %s adopts the user and goes to %j', async (path, visited) => {
    const { here, there, otherNavigator } = twoTabs(path);
    server.script('POST', LOGIN, { body: { user: anna, csrfToken: 'csrf-1' } });
    scriptAfterLogin();
    scriptAfterLogin();
    await here.auth.login({ email: anna.email, password: 'een-lang-wachtwoord' });
    await flush();
    expect(there.auth.phase).toBe('authenticated');
    expect(there.auth.user?.email).toBe(anna.email);
    expect(there.auth.csrfToken).toBe('csrf-1');
    expect(otherNavigator.visited).toEqual(visited);
  });

  it.each([
    ['/dashboard/create', ['/']],
    ['/my-account?tab=subscription', ['/']],
    ['/admin', ['/']],
    ['/faq', []],
  ])('a logout elsewhere: the tab on %s resets and goes to %j', async (path, visited) => {
    const { here, there, otherNavigator } = twoTabs(path);
    await signIn(here, there);
    expect(there.storage.getItem(STORAGE_KEYS.auth)).not.toBeNull();
    server.script('POST', LOGOUT, { body: { message: 'ok' } });
    await here.auth.logout({ redirectTo: null });
    await flush();
    expect(there.auth.phase).toBe('guest');
    expect(there.auth.user).toBeNull();
    expect(there.storage.getItem(STORAGE_KEYS.auth)).toBeNull();
    expect(otherNavigator.visited).toEqual(visited);
  });

  it('upgradeToPro replaces the user; the other tab follows the plan and refetches capabilities', async () => {
    const { here, there } = twoTabs('/dashboard');
    await signIn(here, there);
    server.script('POST', '/api/upgrade-to-pro', { body: { user: { ...anna, plan: 'PRO' } } });
    scriptAfterLogin();
    scriptAfterLogin();

    const upgraded = await here.auth.upgradeToPro();
    await flush();

    expect(upgraded.plan).toBe('PRO');
    expect(here.auth.user?.plan).toBe('PRO');
    expect(there.auth.user?.plan).toBe('PRO');
    // The plan change makes both tabs ask for their capabilities again.
    expect(server.requestsTo('GET', CAPABILITIES)).toHaveLength(2);
  });
});
