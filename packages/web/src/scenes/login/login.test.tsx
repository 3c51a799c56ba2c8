import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERT_FIELD_TEXTS,
  AUTH_TEXTS,
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  VALIDATION_TEXTS,
} from '@prijsalarm/core';
import { STORAGE_KEYS, memoryStorage, writeJson } from '../../platform/storage';
import { startHttpDouble, testStore, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { capabilities } from '../../test/screens';
import { appNavigator, renderApp } from '../../test/render';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted).toEqual([]));

async function openForm(path: string) {
  const storage = memoryStorage();
  writeJson(storage, STORAGE_KEYS.settings, { settings: DEFAULT_SETTINGS, fetchedAt: Date.now() });
  const navigator = appNavigator(path);
  // A guest who already has the (anonymous) CSRF cookie of an earlier read: start-up asks who
  // this is, and the server says nobody.
  const { store } = testStore({
    server,
    storage,
    navigator,
    cookies: new Map([[CSRF_COOKIE, 'g']]),
  });
  server.script('GET', '/api/auth/me', { status: 401, body: { error: 'Nee' } });
  await store.auth.initialize();
  server.reset();
  renderApp(store, navigator, path);
  const form = await screen.findByRole('form');
  return { store, navigator, form };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });
const errorOf = (input: HTMLElement) =>
  input.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(`${input.id}-error`)?.textContent
    : undefined;

describe('login form validation (Dutch messages from core)', () => {
  it.each([
    [
      'nothing filled in',
      '',
      '',
      ALERT_FIELD_TEXTS.emailRequired,
      VALIDATION_TEXTS.passwordRequired,
    ],
    ['a wrong address', 'anna@', 'geheim', ALERT_FIELD_TEXTS.emailInvalid, undefined],
    ['no password', 'anna@example.nl', '', undefined, VALIDATION_TEXTS.passwordRequired],
  ])('%s', async (_case, email, password, emailError, passwordError) => {
    await openForm('/login');
    const user = userEvent.setup();
    if (email) await user.type(field('E-mailadres'), email);
    if (password) await user.type(field('Wachtwoord'), password);
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(errorOf(field('E-mailadres'))).toBe(emailError);
    expect(errorOf(screen.getByLabelText('Wachtwoord', { selector: 'input' }))).toBe(passwordError);
    // The focus goes to the first field in error; nothing was sent.
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toEqual([]);
  });

  it('registration asks for a password of at least 10 characters', async () => {
    await openForm('/register');
    const user = userEvent.setup();
    await user.type(field('E-mailadres'), 'anna@example.nl');
    await user.type(screen.getByLabelText('Wachtwoord', { selector: 'input' }), 'kort');
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect(errorOf(screen.getByLabelText('Wachtwoord', { selector: 'input' }))).toBe(
      VALIDATION_TEXTS.passwordTooShort(10),
    );
  });
});

describe('the register page', () => {
  it('links to the terms and the privacy statement; the login page does not', async () => {
    await openForm('/register');
    expect(screen.getByRole('link', { name: 'algemene voorwaarden' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'privacyverklaring' }).getAttribute('href')).toBe(
      '/privacy',
    );
    cleanup();
    await openForm('/login');
    expect(screen.queryByRole('link', { name: 'algemene voorwaarden' })).toBeNull();
  });
});

describe('login and register', () => {
  it.each([
    ['/login?redirect=%2Fnotifications', '/notifications'],
    ['/login', '/dashboard'],
    ['/login?redirect=%2F%2Fevil.example', '/dashboard'],
    ['/login?redirect=https%3A%2F%2Fevil.example', '/dashboard'],
  ])('logging in on %s continues to %s', async (path, target) => {
    const { navigator, store } = await openForm(path);
    server.script('POST', '/api/auth/login', { body: { user: userDto(), csrfToken: 'c2' } });
    server.script('GET', '/api/user-capabilities', { body: capabilities('REGISTERED') });
    server.script('GET', '/api/settings/public', { body: DEFAULT_SETTINGS });
    // What the page after login reads.
    if (target === '/dashboard') {
      server.script('GET', '/api/alerts/my-alerts', {
        body: { alerts: [], capabilities: capabilities('REGISTERED') },
      });
    } else {
      server.script('GET', '/api/notifications', {
        body: { notifications: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } },
      });
      server.script('GET', '/api/notifications/stats/overview', {
        body: { total: 0, unread: 0, perAlert: [], perPlatform: [], perDay: [] },
      });
    }
    const user = userEvent.setup();
    await user.type(field('E-mailadres'), '  Anna@Example.nl ');
    await user.type(
      screen.getByLabelText('Wachtwoord', { selector: 'input' }),
      'een-lang-wachtwoord',
    );
    await user.click(screen.getByLabelText('Ingelogd blijven op dit apparaat'));
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await screen.findByRole('heading', {
      level: 1,
      name: target === '/dashboard' ? 'Dashboard' : 'Meldingen',
    });
    expect(navigator.currentPath()).toBe(target);
    expect(store.auth.rememberMe).toBe(true);
    await server.waitForRequests(
      'GET',
      target === '/dashboard' ? '/api/alerts/my-alerts' : '/api/notifications/stats/overview',
      1,
    );
    expect(JSON.parse(server.requestsTo('POST', '/api/auth/login')[0]?.body ?? '{}')).toEqual({
      email: 'anna@example.nl',
      password: 'een-lang-wachtwoord',
      rememberMe: true,
    });
  });

  it("shows the server's refusal", async () => {
    await openForm('/login');
    server.script('POST', '/api/auth/login', {
      status: 401,
      body: { error: AUTH_TEXTS.invalidCredentials },
    });
    const user = userEvent.setup();
    await user.type(field('E-mailadres'), 'anna@example.nl');
    await user.type(
      screen.getByLabelText('Wachtwoord', { selector: 'input' }),
      'verkeerd-wachtwoord',
    );
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_TEXTS.invalidCredentials);
  });

  it('after registering: "check je e-mail" with the server\'s message', async () => {
    await openForm('/register');
    server.script('POST', '/api/auth/register', {
      status: 201,
      body: { message: AUTH_TEXTS.registered },
    });
    const user = userEvent.setup();
    await user.type(field('Voornaam'), 'Anna');
    await user.type(field('E-mailadres'), 'anna@example.nl');
    await user.type(
      screen.getByLabelText('Wachtwoord', { selector: 'input' }),
      'een-lang-wachtwoord',
    );
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Controleer je e-mail',
    );
    expect(screen.getByRole('status').textContent).toBe(AUTH_TEXTS.registered);
    expect(JSON.parse(server.requestsTo('POST', '/api/auth/register')[0]?.body ?? '{}')).toEqual({
      email: 'anna@example.nl',
      password: 'een-lang-wachtwoord',
      firstName: 'Anna',
      lastName: null,
      newsletterOptIn: false,
    });
  });

  it('registering from the checkout asks for a verification link that leads back there', async () => {
    await openForm('/register?redirect=%2Fpricing%3Fcheckout%3Dpro');
    server.script('POST', '/api/auth/register', {
      status: 201,
      body: { message: AUTH_TEXTS.registered },
    });
    const user = userEvent.setup();
    await user.type(field('E-mailadres'), 'anna@example.nl');
    await user.type(
      screen.getByLabelText('Wachtwoord', { selector: 'input' }),
      'een-lang-wachtwoord',
    );
    await user.click(screen.getByRole('button', { name: 'Account aanmaken' }));
    await screen.findByRole('status');
    const body = JSON.parse(server.requestsTo('POST', '/api/auth/register')[0]?.body ?? '{}');
    expect(body.redirect).toBe('/pricing?checkout=pro');
  });
});
