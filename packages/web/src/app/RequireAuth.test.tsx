import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_COOKIE, DEFAULT_SETTINGS } from '@prijsalarm/core';
import type { UserDto } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../platform/storage';
import {
  adminStats,
  adminTrends,
  startHttpDouble,
  subscriptionOverview,
  testStore,
  userDto,
} from '../test/helpers';
import type { HttpDouble } from '../test/helpers';
import { capabilities } from '../test/screens';
import { appNavigator, renderApp } from '../test/render';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => {
  vi.restoreAllMocks();
  expect(server.unscripted).toEqual([]);
});

interface Visit {
  path: string;
  storedUser?: UserDto;
  csrfCookie?: boolean;
}

async function visit({ path, storedUser, csrfCookie = false }: Visit) {
  const storage = memoryStorage();
  writeJson(storage, STORAGE_KEYS.settings, { settings: DEFAULT_SETTINGS, fetchedAt: Date.now() });
  if (storedUser) {
    writeJson(storage, STORAGE_KEYS.auth, {
      user: storedUser,
      csrfToken: 'c',
      isAuthenticated: true,
      lastAuthCheck: Date.now(),
    });
  }
  const navigator = appNavigator(path);
  const { store } = testStore({
    server,
    storage,
    navigator,
    cookies: new Map(csrfCookie ? [[CSRF_COOKIE, 'c']] : []),
  });
  await store.auth.initialize();
  renderApp(store, navigator, path);
  return { store, navigator };
}

const heading = () => screen.findByRole('heading', { level: 1 });

describe('route guard', () => {
  it.each([
    ['/dashboard', '/login?redirect=%2Fdashboard'],
    ['/dashboard/create', '/login?redirect=%2Fdashboard%2Fcreate'],
    ['/my-account?tab=integrations', '/login?redirect=%2Fmy-account%3Ftab%3Dintegrations'],
    ['/notifications', '/login?redirect=%2Fnotifications'],
    ['/admin', '/login?redirect=%2Fadmin'],
  ])('a guest without a csrf cookie on %s goes to %s', async (path, target) => {
    const { navigator } = await visit({ path });
    expect((await heading()).textContent).toBe('Inloggen');
    expect(navigator.currentPath()).toBe(target);
    expect(server.requests).toEqual([]);
  });

  it('a csrf cookie but no user: the user is fetched; a failure logs out and sends to login', async () => {
    server.script(
      'GET',
      '/api/auth/me',
      { status: 401, body: { error: 'Nee' } },
      {
        status: 401,
        body: { error: 'Nee' },
      },
    );
    server.script('POST', '/api/auth/logout', { body: { message: 'ok' } });
    const { navigator, store } = await visit({ path: '/dashboard', csrfCookie: true });
    expect((await heading()).textContent).toBe('Inloggen');
    expect(navigator.currentPath()).toBe('/login?redirect=%2Fdashboard');
    expect(store.auth.phase).toBe('guest');
    expect(server.requestsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('a csrf cookie and a user the server knows: the page shows', async () => {
    server.script('GET', '/api/auth/me', { body: { user: userDto() } });
    server.script('GET', '/api/alerts/my-alerts', {
      body: { alerts: [], capabilities: capabilities('REGISTERED') },
    });
    const { navigator } = await visit({ path: '/dashboard', csrfCookie: true });
    expect((await heading()).textContent).toBe('Dashboard');
    expect(navigator.currentPath()).toBe('/dashboard');
    await server.waitForRequests('GET', '/api/alerts/my-alerts', 1);
  });

  it('a signed-in user with a fresh check opens the page without a call', async () => {
    await visit({ path: '/my-account', storedUser: userDto(), csrfCookie: true });
    expect((await heading()).textContent).toBe('Mijn account');
    expect(server.requests).toEqual([]);
  });

  it('an admin page fetches the user again and turns a non-admin away to /?error=admin_required', async () => {
    server.script('GET', '/api/auth/me', { body: { user: userDto({ role: 'USER' }) } });
    const { navigator } = await visit({
      path: '/admin',
      storedUser: userDto({ role: 'ADMIN' }),
      csrfCookie: true,
    });
    await screen.findByText('Je hebt geen toegang tot de beheeromgeving.');
    expect(navigator.currentPath()).toBe('/?error=admin_required');
    expect(server.requestsTo('GET', '/api/auth/me')).toHaveLength(1);
  });

  it('an admin page lets an admin in after fetching the user again', async () => {
    server.script('GET', '/api/auth/me', { body: { user: userDto({ role: 'ADMIN' }) } });
    server.script('GET', '/api/admin/stats', { body: adminStats() });
    server.script('GET', '/api/admin/trends', { body: adminTrends() });
    server.script('GET', '/api/admin/set-aside-listings', { body: { listings: [], total: 0 } });
    await visit({ path: '/admin', storedUser: userDto({ role: 'ADMIN' }), csrfCookie: true });
    expect((await heading()).textContent).toBe('Beheer');
    expect(server.requestsTo('GET', '/api/auth/me')).toHaveLength(1);
    await server.waitForRequests('GET', '/api/admin/stats', 1);
    await server.waitForRequests('GET', '/api/admin/trends', 1);
    await server.waitForRequests('GET', '/api/admin/set-aside-listings', 1);
  });

  it.each([['/'], ['/faq'], ['/pricing'], ['/manage/abc']])(
    'a public page (%s) needs no login',
    async (path) => {
      // The manage page asks for its alert; an unknown token is answered with 404.
      if (path.startsWith('/manage/')) {
        server.script('GET', `/api/alerts${path}`, {
          status: 404,
          body: { error: 'Niet gevonden.' },
        });
      }
      // Home shows the ads checked today.
      if (path === '/') {
        server.script('GET', '/api/stats/listings-today', {
          body: { day: '2026-03-02', listingsChecked: 5 },
        });
      }
      const { navigator } = await visit({ path });
      await heading();
      await waitFor(() => expect(navigator.currentPath()).toBe(path));
      if (path === '/') await server.waitForRequests('GET', '/api/stats/listings-today', 1);
    },
  );

  it('/dashboard/subscription goes to the subscription tab of /my-account', async () => {
    server.script('GET', '/api/payments/subscription', { body: subscriptionOverview() });
    const { navigator } = await visit({
      path: '/dashboard/subscription',
      storedUser: userDto(),
      csrfCookie: true,
    });
    expect((await heading()).textContent).toBe('Mijn account');
    expect(navigator.currentPath()).toBe('/my-account?tab=subscription');
    expect(await screen.findByRole('heading', { name: 'Pro-abonnement' })).toBeTruthy();
    await waitFor(() =>
      expect(server.requestsTo('GET', '/api/payments/subscription')).toHaveLength(1),
    );
  });

  it('/create-alert goes to /prijsalarm-maken', async () => {
    const { navigator } = await visit({ path: '/create-alert' });
    expect((await heading()).textContent).toBe('Prijsalarm maken');
    expect(navigator.currentPath()).toBe('/prijsalarm-maken');
  });
});
