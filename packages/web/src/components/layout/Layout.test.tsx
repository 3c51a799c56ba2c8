import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPANY, CSRF_COOKIE, DEFAULT_SETTINGS } from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../../platform/storage';
import type { KeyValueStorage } from '../../platform/storage';
import { manualClock, startHttpDouble, testStore, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const admin = userDto({ role: 'ADMIN', plan: 'PRO' });

/** Pages a signed-in user is sent away from: opened as a guest. */
const GUEST_PAGES = ['/login', '/register'];

/** The app at `path` for a signed-in admin (every guard lets them in), or a guest on login pages. */
async function open(path: string, storage: KeyValueStorage = memoryStorage(), now = Date.now) {
  writeJson(storage, STORAGE_KEYS.settings, { settings: DEFAULT_SETTINGS, fetchedAt: now() });
  const guest = GUEST_PAGES.includes(path);
  if (!guest) {
    writeJson(storage, STORAGE_KEYS.auth, {
      user: admin,
      csrfToken: 'c',
      isAuthenticated: true,
      lastAuthCheck: now(),
    });
  }
  // Admin pages fetch the user again.
  server.script('GET', '/api/auth/me', { body: { user: admin } });
  const navigator = appNavigator(path);
  const { store } = testStore({
    server,
    storage,
    navigator,
    now,
    cookies: new Map(guest ? [] : [[CSRF_COOKIE, 'c']]),
  });
  await store.auth.initialize();
  renderApp(store, navigator, path);
  await screen.findByRole('heading', { level: 1 });
  expect(navigator.currentPath()).toBe(path);
  return store;
}

describe('footer per path', () => {
  it.each([
    ['/', true],
    ['/faq', true],
    ['/contact', true],
    ['/admin', true],
    ['/login', false],
    ['/register', false],
    ['/payment/callback', false],
    ['/manage/abc', false],
    ['/my-account', false],
    ['/dashboard', false],
    ['/dashboard/create', false],
  ])('on %s shown: %s', async (path, shown) => {
    await open(path);
    expect(screen.queryByRole('contentinfo') !== null).toBe(shown);
  });

  it('has the links, the contact address, the company address, KvK, btw-nummer and this year', async () => {
    const clock = manualClock(Date.parse('2031-06-01T12:00:00Z'));
    await open('/faq', memoryStorage(), clock.now);
    const footer = screen.getByRole('contentinfo');
    const links = [...footer.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Prijzen', '/pricing'],
      ['Dashboard', '/dashboard'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
      ['Privacy', '/privacy'],
      ['Algemene voorwaarden', '/terms'],
      [COMPANY.contactEmail, `mailto:${COMPANY.contactEmail}`],
    ]);
    expect(footer.textContent).toContain(`KvK-nummer ${COMPANY.chamberOfCommerceNumber}`);
    expect(footer.textContent).toContain(`Btw-nummer ${COMPANY.vatNumber}`);
    expect(footer.textContent).toContain('Oudegracht 231, 3511 NK Utrecht');
    expect(footer.textContent).toContain(COMPANY.legalName);
    expect(footer.textContent).toContain('© 2031 Prijsalarm');
  });
});

describe('cookie banner per path', () => {
  it.each([
    ['/', true],
    ['/faq', true],
    ['/login', true],
    ['/dashboard', false],
    ['/manage/abc', false],
    ['/my-account', false],
    ['/admin', false],
    ['/notifications', false],
    ['/payment/callback', false],
  ])('on %s shown: %s', async (path, shown) => {
    await open(path);
    expect(screen.queryByRole('region', { name: 'Cookies' }) !== null).toBe(shown);
  });

  it.each([
    ['Accepteren', 'all'],
    ['Alleen noodzakelijke', 'necessary'],
  ])('"%s" hides it and is remembered on the next visit', async (button, stored) => {
    const storage = memoryStorage();
    const store = await open('/faq', storage);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull();
    expect(store.ui.cookieConsent).toBe(stored);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.cookieConsent) ?? 'null')).toBe(stored);
    const again = testStore({ server, storage }).store;
    expect(again.ui.cookieBannerVisible('/faq')).toBe(false);
  });
});

describe('layout', () => {
  it('has a skip link to the main content and the landmarks', async () => {
    await open('/faq');
    const skip = screen.getByRole('link', { name: 'Direct naar de inhoud' });
    expect(skip.getAttribute('href')).toBe('#main-content');
    expect(screen.getByRole('main').id).toBe('main-content');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(document.title).toBe('Veelgestelde vragen | Prijsalarm');
  });

  it('shows every other path as not found', async () => {
    await open('/bestaat-niet');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pagina niet gevonden');
  });
});
