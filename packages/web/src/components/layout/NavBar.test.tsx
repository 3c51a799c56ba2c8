import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, DEFAULT_SETTINGS, STRINGS, applySetting } from '@prijsalarm/core';
import type { PublicSettings, UserDto } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../../platform/storage';
import { startHttpDouble, testStore, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

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
}

/** The app on '/faq' (a page without its own calls) with the given auth state and settings. */
async function show({ user, settings = DEFAULT_SETTINGS, unknown = false }: Scenario) {
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
  });
  if (!unknown) await store.auth.initialize();
  renderApp(store, navigator, '/faq');
  await screen.findByRole('heading', { level: 1, name: 'Veelgestelde vragen' });
  const nav = screen.getByRole('navigation', { name: 'Hoofdmenu' });
  return { store, nav: within(nav), navigator };
}

const linkTarget = (name: string, scope: ReturnType<typeof within>) =>
  scope.getByRole('link', { name }).getAttribute('href');

describe('navigation bar per auth state (spec §2)', () => {
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
      const profile = nav.getByRole('button', { name: 'Profielmenu' });
      expect(profile.textContent).toContain('B');
      await userEvent.click(profile);
      expect(nav.getByText('bert@example.nl')).toBeTruthy();
      expect(nav.getByText(`Plan: ${label}`)).toBeTruthy();
      expect(linkTarget('Mijn Account', nav)).toBe('/my-account');
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
    const button = nav.getByRole('button', { name: 'Profielmenu' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(nav.getByRole('link', { name: 'Mijn Account' }));
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('Uitloggen logs out and goes home', async () => {
    const { nav, store, navigator } = await show({ user: userDto() });
    server.script('POST', '/api/auth/logout', { body: { message: 'ok' } });
    await userEvent.click(nav.getByRole('button', { name: 'Profielmenu' }));
    await userEvent.click(nav.getByRole('button', { name: 'Uitloggen' }));
    await screen.findByRole('heading', { level: 1, name: STRINGS.product.tagline });
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
