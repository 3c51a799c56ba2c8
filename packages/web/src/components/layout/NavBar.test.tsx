import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { APP_TEXTS, CSRF_COOKIE, DEFAULT_SETTINGS, applySetting } from '@prijsalarm/core';
import type { PublicSettings, UserDto } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../../platform/storage';
import type { RootStoreOptions } from '../../stores/RootStore';
import { startHttpDouble, testStore, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { startLiveEventsServer, wsFactory } from '../../test/liveEvents';
import type { LiveEventsServer } from '../../test/liveEvents';
import { appNavigator, renderApp } from '../../test/render';
import { notificationDto } from '../../test/screens';

let server: HttpDouble;
let live: LiveEventsServer;
beforeAll(async () => {
  server = await startHttpDouble();
  live = await startLiveEventsServer();
});
afterAll(async () => {
  await server.close();
  await live.close();
});
beforeEach(() => server.reset());
afterEach(() => live.reset());

const hiddenTool = applySetting(DEFAULT_SETTINGS, 'features.pricingTool', {
  enabled: true,
  displayMode: 'hidden',
});
const disabledTool = applySetting(DEFAULT_SETTINGS, 'features.pricingTool', {
  enabled: false,
  displayMode: 'visible',
});

interface Scenario {
  user: UserDto | null;
  settings?: PublicSettings;
  /** Leave the auth phase unknown (start-up not finished). */
  unknown?: boolean;
  /** The live events socket; default: a quiet one. */
  live?: RootStoreOptions['liveEvents'];
}

/** The app on '/faq' (a page without its own calls) with the given auth state and settings. */
async function show({ user, settings = DEFAULT_SETTINGS, unknown = false, live }: Scenario) {
  const storage = memoryStorage();
  writeJson(storage, STORAGE_KEYS.settings, { settings, fetchedAt: Date.now() });
  if (user) {
    writeJson(storage, STORAGE_KEYS.auth, {
      user,
      csrfToken: 'c',
      isAuthenticated: true,
      lastAuthCheck: Date.now(),
    });
  }
  const navigator = appNavigator('/faq');
  const { store } = testStore({
    server,
    storage,
    navigator,
    cookies: new Map(user ? [[CSRF_COOKIE, 'c']] : []),
    ...(live ? { liveEvents: live } : {}),
  });
  if (!unknown) await store.auth.initialize();
  renderApp(store, navigator, '/faq');
  await screen.findByRole('heading', { level: 1, name: 'Veelgestelde vragen' });
  const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
  return { store, nav: within(nav), navigator };
}

const linkTarget = (name: string, scope: ReturnType<typeof within>) =>
  scope.getByRole('link', { name }).getAttribute('href');

describe('navigation bar per auth state', () => {
  it('while auth is unknown: Home, Prijzen and a loading placeholder only', async () => {
    const { nav } = await show({ user: null, unknown: true });
    expect(nav.getByRole('status').textContent).toContain('Even geduld');
    expect(nav.queryByRole('link', { name: 'Inloggen' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(nav.queryByRole('link', { name: 'Pro worden' })).toBeNull();
    expect(nav.getByRole('link', { name: 'Home' })).toBeTruthy();
    expect(nav.getByRole('link', { name: 'Prijzen' })).toBeTruthy();
  });

  it('a guest: logo home, Inloggen, Contact on desktop, Pro worden on mobile', async () => {
    const { nav } = await show({ user: null });
    expect(linkTarget('Prijsalarm, naar de startpagina', nav)).toBe('/');
    expect(linkTarget('Inloggen', nav)).toBe('/login');
    expect(nav.getByRole('link', { name: 'Contact' }).className).toContain('nav__desktop-only');
    const upsell = nav.getByRole('link', { name: 'Pro worden' });
    expect(upsell.getAttribute('href')).toBe('/pricing');
    expect(upsell.className).toContain('nav__mobile-only');
    expect(nav.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(nav.queryByRole('button', { name: 'Profielmenu' })).toBeNull();
  });

  it.each([
    ['visible', true, true, DEFAULT_SETTINGS],
    ['enabled but hidden', false, true, hiddenTool],
    ['disabled', false, false, disabledTool],
  ])('pricing tool %s → Prijzen %s, upsell %s', async (_case, prijzen, upsell, settings) => {
    const { nav } = await show({ user: null, settings });
    expect(nav.queryByRole('link', { name: 'Prijzen' }) !== null).toBe(prijzen);
    expect(nav.queryByRole('link', { name: 'Pro worden' }) !== null).toBe(upsell);
  });

  it.each([
    ['FREE', 'Gratis', true],
    ['REGISTERED', 'Geregistreerd', true],
    ['PRO', 'Pro', false],
  ] as const)(
    'a %s user: dashboard, profile with plan %s, upgrade button %s',
    async (plan, label, upgrade) => {
      const { nav } = await show({ user: userDto({ plan, email: 'bert@example.nl' }) });
      expect(linkTarget('Prijsalarm, naar je dashboard', nav)).toBe('/dashboard');
      expect(linkTarget('Dashboard', nav)).toBe('/dashboard');
      expect(nav.queryByRole('link', { name: 'Admin' })).toBeNull();
      expect(nav.queryByRole('link', { name: 'Inloggen' })).toBeNull();
      const profile = await nav.findByRole('button', { name: 'Profielmenu' });
      expect(profile.textContent).toContain('B');
      await userEvent.click(profile);
      const panel = within(document.getElementById(profile.getAttribute('aria-controls')!)!);
      expect(panel.getByText('bert@example.nl')).toBeTruthy();
      expect(panel.getByText(`Plan: ${label}`)).toBeTruthy();
      expect(linkTarget('Mijn account', panel)).toBe('/my-account');
      const button = nav.queryByRole('link', { name: 'Upgrade naar Pro' });
      expect(button !== null).toBe(upgrade);
      if (button) expect(button.getAttribute('href')).toBe('/dashboard/subscription');
    },
  );

  it('an admin sees the Admin link', async () => {
    const { nav } = await show({ user: userDto({ role: 'ADMIN' }) });
    expect(linkTarget('Admin', nav)).toBe('/admin');
  });

  it('the profile menu works from the keyboard and Escape closes it', async () => {
    const user = userEvent.setup();
    const { nav } = await show({ user: userDto() });
    const button = await nav.findByRole('button', { name: 'Profielmenu' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    const panel = within(document.getElementById(button.getAttribute('aria-controls')!)!);
    expect(document.activeElement).toBe(panel.getByRole('link', { name: 'Mijn account' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('Uitloggen logs out and goes home', async () => {
    const { nav, store, navigator } = await show({ user: userDto() });
    server.script('POST', '/api/auth/logout', { body: { message: 'ok' } });
    await userEvent.click(await nav.findByRole('button', { name: 'Profielmenu' }));
    const panel = nav.getByRole('button', { name: 'Profielmenu' }).getAttribute('aria-controls');
    await userEvent.click(
      within(document.getElementById(panel!)!).getByRole('button', { name: 'Uitloggen' }),
    );
    await screen.findByRole('heading', { level: 1, name: APP_TEXTS.product.tagline });
    expect(store.auth.phase).toBe('guest');
    expect(navigator.currentPath()).toBe('/');
    expect(server.requestsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('the menu button opens and closes the menu on narrow screens', async () => {
    const { nav } = await show({ user: null });
    const toggle = nav.getByRole('button', { name: 'Menu openen' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.getByRole('button', { name: 'Menu sluiten' })).toBe(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the bell: the unread count, live (signed in)', () => {
  /** Signed in, with the live events socket on the test's WebSocket server. */
  async function signedIn(user: UserDto = userDto()) {
    const connected = new Promise<WebSocket>((resolve) => live.sockets.once('connection', resolve));
    const view = await show({ user, live: { url: live.url, createSocket: wsFactory } });
    const socket = await connected;
    const send = (message: unknown) => socket.send(JSON.stringify(message));
    return { ...view, send };
  }
  const entries = (nav: ReturnType<typeof within>, name: string): Promise<HTMLElement[]> =>
    nav.findAllByRole('link', { name });

  it('shows the count the server sends, in the bar at every width and in the narrow menu', async () => {
    const { nav, send } = await signedIn();
    send({ type: 'unread', unread: 3 });
    const links = await entries(nav, 'Meldingen, 3 ongelezen');
    expect(links.map((link) => link.className)).toEqual([
      'nav__bell nav__mobile-only',
      'nav__link',
      'nav__bell nav__desktop-only',
    ]);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe('/notifications');
      expect(link.textContent).toContain('3');
    }
    // One live connection for the tab, however many parts show the count.
    expect(live.sockets.clients.size).toBe(1);
  });

  it('counts a notification that arrives live, caps the badge at 9+, shows none at 0', async () => {
    const { nav, send } = await signedIn();
    send({ type: 'unread', unread: 9 });
    const [bell] = await entries(nav, 'Meldingen, 9 ongelezen');
    expect(bell!.textContent).toBe('9');
    send({ type: 'notification', notification: notificationDto() });
    await entries(nav, 'Meldingen, 10 ongelezen');
    expect(bell!.textContent).toBe('9+');
    send({ type: 'unread', unread: 0 });
    await waitFor(() => expect(bell!.getAttribute('aria-label')).toBe('Meldingen'));
    expect(bell!.textContent).toBe('');
  });

  it('closes the connection when the user logs out; a guest has no bell and opens none', async () => {
    const { nav, send } = await signedIn();
    send({ type: 'unread', unread: 1 });
    await entries(nav, 'Meldingen, 1 ongelezen');
    const [client] = [...live.sockets.clients];
    const closed = new Promise((resolve) => client!.once('close', resolve));
    server.script('POST', '/api/auth/logout', { body: { message: 'ok' } });
    await userEvent.click(await nav.findByRole('button', { name: 'Profielmenu' }));
    const panel = nav.getByRole('button', { name: 'Profielmenu' }).getAttribute('aria-controls');
    await userEvent.click(
      within(document.getElementById(panel!)!).getByRole('button', { name: 'Uitloggen' }),
    );
    await closed;
    expect(nav.queryByRole('link', { name: /^Meldingen/ })).toBeNull();
    expect(live.sockets.clients.size).toBe(0);
  });
});

describe('the narrow menu of a signed-in user', () => {
  it('labels every entry: Dashboard, Meldingen, Admin, the account with Mijn account and Uitloggen', async () => {
    const email = 'schermafbeelding-met-een-lang-adres@e2e.prijsalarm.test';
    const { nav } = await show({ user: userDto({ role: 'ADMIN', email }) });
    await userEvent.click(nav.getByRole('button', { name: 'Menu openen' }));
    expect(linkTarget('Dashboard', nav)).toBe('/dashboard');
    const menuEntry = (await nav.findAllByRole('link', { name: 'Meldingen' })).find(
      (link) => link.className === 'nav__link',
    );
    expect(menuEntry?.getAttribute('href')).toBe('/notifications');
    expect(menuEntry?.closest('li')?.className).toBe('nav__item--mobile');
    expect(linkTarget('Admin', nav)).toBe('/admin');
    // The profile's panel, written out there (CSS hides the avatar button on narrow screens).
    const account = await nav.findByRole('group', { name: 'Je account' });
    const button = nav.getByRole('button', { name: 'Profielmenu' });
    expect(button.getAttribute('aria-controls')).toBe(account.id);
    expect(within(account).getByText(`Plan: Geregistreerd`)).toBeTruthy();
    expect(linkTarget('Mijn account', within(account))).toBe('/my-account');
    expect(within(account).getByRole('button', { name: 'Uitloggen' })).toBeTruthy();
    // The e-mail may wrap before "@" and "." only (and after a hyphen, as browsers do).
    const shown = within(account).getByText((_text, element) => element?.textContent === email);
    expect(shown.innerHTML).toBe(
      'schermafbeelding-met-een-lang-adres<wbr>@e2e<wbr>.prijsalarm<wbr>.test',
    );
  });

  it('Mijn account closes the menu', async () => {
    const { nav } = await show({ user: userDto() });
    const toggle = nav.getByRole('button', { name: 'Menu openen' });
    await userEvent.click(toggle);
    const account = await nav.findByRole('group', { name: 'Je account' });
    await userEvent.click(within(account).getByRole('link', { name: 'Mijn account' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
