import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_TEXTS,
  AUTH_TEXTS,
  EMPTY_STATE_TEXTS,
  SCREEN_TEXTS,
  TELEGRAM_TEXTS,
  VALIDATION_TEXTS,
  WEBHOOK_TEXTS,
} from '@prijsalarm/core';
import type { UserDto } from '@prijsalarm/core';
import { startHttpDouble, subscriptionOverview, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';
import { capabilities, signedInStore } from '../../test/screens';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted.map((r) => `${r.method} ${r.path}`)).toEqual([]));

const texts = SCREEN_TEXTS.myAccount;

/** GET /payments/subscription of a REGISTERED user who never paid. */
function scriptSubscription(): void {
  server.script('GET', '/api/payments/subscription', { body: subscriptionOverview() });
}

async function open(path: string, user: UserDto = userDto()) {
  const navigator = appNavigator(path);
  const { store } = await signedInStore(server, { navigator, user });
  renderApp(store, navigator, path);
  await screen.findByRole('heading', { level: 1, name: 'Mijn account' });
  return { store, navigator, user: userEvent.setup() };
}

/** The integrations tab: no devices with push, no webhooks yet, and no alerts. */
function scriptNoWebhooks(): void {
  server.script('GET', '/api/push/subscriptions', { body: { subscriptions: [], limit: 10 } });
  server.script('GET', '/api/push/public-key', { body: { publicKey: 'BPublicKey' } });
  server.script('GET', '/api/webhooks', { body: { webhooks: [], limit: 3 } });
  server.script('GET', '/api/alerts/my-alerts', {
    body: { alerts: [], capabilities: capabilities('REGISTERED') },
  });
}

const bodyOf = (method: string, path: string) =>
  JSON.parse(server.requestsTo(method, path)[0]?.body ?? 'null') as unknown;
const selectedTab = () => screen.getByRole('tab', { selected: true });
const errorOf = (input: HTMLElement) => document.getElementById(`${input.id}-error`)?.textContent;

describe('tabs (URL ↔ tab, keyboard)', () => {
  it.each([
    ['/my-account', 'Profiel'],
    ['/my-account?tab=password', 'Wachtwoord'],
    ['/my-account?tab=newsletter', 'Nieuwsbrief'],
    ['/my-account?tab=subscription', 'Abonnement'],
    ['/my-account?tab=deleteAccount', 'Account verwijderen'],
    ['/my-account?tab=nonsense', 'Profiel'],
  ])('%s opens the %s tab', async (path, label) => {
    if (path.includes('subscription')) scriptSubscription();
    await open(path);
    if (path.includes('subscription')) {
      // The tab loads the overview: answered within this test, not the next.
      await waitFor(() =>
        expect(server.requestsTo('GET', '/api/payments/subscription')).toHaveLength(1),
      );
    }
    expect(selectedTab().textContent).toBe(label);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(selectedTab().id);
  });

  it('arrow keys, Home and End move and select; the URL follows', async () => {
    const { navigator, user } = await open('/my-account?tab=profile');
    selectedTab().focus();
    await user.keyboard('{ArrowRight}');
    expect(selectedTab().textContent).toBe('Wachtwoord');
    expect(document.activeElement).toBe(selectedTab());
    expect(navigator.currentPath()).toBe('/my-account?tab=password');
    await user.keyboard('{End}');
    expect(selectedTab().textContent).toBe('Account verwijderen');
    await user.keyboard('{ArrowRight}');
    expect(selectedTab().textContent).toBe('Profiel');
    await user.keyboard('{ArrowLeft}');
    expect(navigator.currentPath()).toBe('/my-account?tab=deleteAccount');
    await user.keyboard('{Home}');
    expect(navigator.currentPath()).toBe('/my-account?tab=profile');
    // Only the selected tab is a tab stop.
    expect(screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  });
});

describe('profile', () => {
  it('saves names through PUT /auth/me and shows the e-mail read-only', async () => {
    const { user, store } = await open('/my-account?tab=profile');
    const email = screen.getByLabelText('E-mailadres') as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    const first = screen.getByLabelText(texts.firstName, { exact: false });
    await user.clear(first);
    await user.type(first, 'Annie');
    server.script('PUT', '/api/auth/me', {
      body: { name: null, email: 'anna@example.nl', user: userDto({ firstName: 'Annie' }) },
    });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(store.auth.user?.firstName).toBe('Annie'));
    expect(bodyOf('PUT', '/api/auth/me')).toEqual({
      firstName: 'Annie',
      lastName: 'de Vries',
      name: null,
    });
    expect(store.toasts.toasts.map((t) => t.message)).toContain(texts.profileSaved);
  });

  it('shows a too long name in Dutch without asking the server', async () => {
    const { user } = await open('/my-account?tab=profile');
    const last = screen.getByLabelText(texts.lastName, { exact: false });
    await user.clear(last);
    await user.type(last, 'x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(errorOf(last)).toBe(VALIDATION_TEXTS.tooLong(100));
    expect(server.requests).toEqual([]);
  });

  it("shows the server's field message", async () => {
    const { user } = await open('/my-account?tab=profile');
    server.script('PUT', '/api/auth/me', {
      status: 400,
      body: {
        error: API_TEXTS.validationFailed,
        fields: { name: VALIDATION_TEXTS.invalidValue },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText(texts.displayName, { exact: false }))).toBe(
        VALIDATION_TEXTS.invalidValue,
      ),
    );
    expect(screen.getByRole('alert').textContent).toBe(API_TEXTS.validationFailed);
  });
});

describe('password', () => {
  const fill = async (user: ReturnType<typeof userEvent.setup>, current: string, next: string) => {
    if (current)
      await user.type(screen.getByLabelText(texts.currentPassword, { selector: 'input' }), current);
    if (next)
      await user.type(screen.getByLabelText(texts.newPassword, { selector: 'input' }), next);
    await user.click(screen.getByRole('button', { name: texts.changePassword }));
  };

  it.each([
    ['nothing', '', '', 'currentPassword', VALIDATION_TEXTS.currentPasswordRequired],
    [
      'a short new one',
      'oud-wachtwoord',
      'kort',
      'newPassword',
      VALIDATION_TEXTS.passwordTooShort(10),
    ],
    [
      'the same one',
      'hetzelfde-ww-123',
      'hetzelfde-ww-123',
      'newPassword',
      VALIDATION_TEXTS.newPasswordSameAsCurrent,
    ],
  ])('refuses %s in Dutch', async (_case, current, next, field, message) => {
    const { user } = await open('/my-account?tab=password');
    await fill(user, current, next);
    const label = field === 'currentPassword' ? texts.currentPassword : texts.newPassword;
    expect(errorOf(screen.getByLabelText(label, { selector: 'input' }))).toBe(message);
    expect(server.requests).toEqual([]);
  });

  it('changes it, then logs out and goes to /login', async () => {
    const { user, store, navigator } = await open('/my-account?tab=password');
    server.script('POST', '/api/auth/change-password', {
      body: { message: AUTH_TEXTS.passwordChanged },
    });
    server.script('POST', '/api/auth/logout', { body: { message: AUTH_TEXTS.loggedOut } });
    await fill(user, 'oud-wachtwoord', 'nieuw-wachtwoord-1');
    await screen.findByRole('heading', { level: 1, name: 'Inloggen' });
    expect(navigator.currentPath()).toBe('/login');
    expect(store.auth.phase).toBe('guest');
    expect(bodyOf('POST', '/api/auth/change-password')).toEqual({
      currentPassword: 'oud-wachtwoord',
      newPassword: 'nieuw-wachtwoord-1',
    });
  });

  it('shows a wrong current password at its field', async () => {
    const { user, store } = await open('/my-account?tab=password');
    server.script('POST', '/api/auth/change-password', {
      status: 400,
      body: {
        error: AUTH_TEXTS.currentPasswordWrong,
        fields: { currentPassword: AUTH_TEXTS.currentPasswordWrong },
      },
    });
    await fill(user, 'verkeerd-ww', 'nieuw-wachtwoord-1');
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText(texts.currentPassword, { selector: 'input' }))).toBe(
        AUTH_TEXTS.currentPasswordWrong,
      ),
    );
    expect(store.auth.phase).toBe('authenticated');
  });
});

describe('newsletter', () => {
  it.each([
    [false, true, texts.newsletterSubscribed],
    [true, false, texts.newsletterUnsubscribed],
  ])('opted in %s → %s', async (before, after, toast) => {
    const { user, store } = await open(
      '/my-account?tab=newsletter',
      userDto({ newsletterOptIn: before }),
    );
    server.script('PUT', '/api/auth/me', {
      body: { name: null, email: 'anna@example.nl', user: userDto({ newsletterOptIn: after }) },
    });
    await user.click(screen.getByLabelText(texts.newsletterOptIn));
    await waitFor(() => expect(store.auth.user?.newsletterOptIn).toBe(after));
    expect(bodyOf('PUT', '/api/auth/me')).toEqual({ newsletterOptIn: after });
    expect(store.toasts.toasts.map((t) => t.message)).toContain(toast);
  });

  it('a failure is an error toast and the choice stays', async () => {
    const { user, store } = await open('/my-account?tab=newsletter');
    server.script('PUT', '/api/auth/me', {
      status: 500,
      body: { error: API_TEXTS.internalError },
    });
    await user.click(screen.getByLabelText(texts.newsletterOptIn));
    await waitFor(() =>
      expect(store.toasts.toasts.map((t) => [t.type, t.message])).toContainEqual([
        'error',
        API_TEXTS.internalError,
      ]),
    );
    expect(store.auth.user?.newsletterOptIn).toBe(false);
  });
});

describe('delete account', () => {
  it('needs the password before it asks', async () => {
    const { user } = await open('/my-account?tab=deleteAccount');
    await user.click(screen.getByRole('button', { name: texts.deleteButton }));
    expect(errorOf(screen.getByLabelText(texts.deletePassword, { selector: 'input' }))).toBe(
      VALIDATION_TEXTS.passwordRequired,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks, then deletes, logs out and goes home', async () => {
    const { user, navigator, store } = await open('/my-account?tab=deleteAccount');
    await user.type(
      screen.getByLabelText(texts.deletePassword, { selector: 'input' }),
      'mijn-wachtwoord',
    );
    await user.click(screen.getByRole('button', { name: texts.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: texts.deleteConfirmTitle });
    server.script('DELETE', '/api/auth/account', {
      body: { message: AUTH_TEXTS.accountDeleted },
    });
    server.script('POST', '/api/auth/logout', { body: { message: AUTH_TEXTS.loggedOut } });
    await user.click(within(dialog).getByRole('button', { name: texts.deleteConfirm }));
    await waitFor(() => expect(navigator.currentPath()).toBe('/'));
    expect(store.auth.phase).toBe('guest');
    expect(bodyOf('DELETE', '/api/auth/account')).toEqual({ password: 'mijn-wachtwoord' });
  });

  it('a wrong password closes the question and shows at the field', async () => {
    const { user } = await open('/my-account?tab=deleteAccount');
    await user.type(screen.getByLabelText(texts.deletePassword, { selector: 'input' }), 'fout');
    await user.click(screen.getByRole('button', { name: texts.deleteButton }));
    const dialog = await screen.findByRole('dialog');
    server.script('DELETE', '/api/auth/account', {
      status: 400,
      body: { error: AUTH_TEXTS.passwordWrong, fields: { password: AUTH_TEXTS.passwordWrong } },
    });
    await user.click(within(dialog).getByRole('button', { name: texts.deleteConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(errorOf(screen.getByLabelText(texts.deletePassword, { selector: 'input' }))).toBe(
      AUTH_TEXTS.passwordWrong,
    );
  });
});

describe('integrations (Telegram)', () => {
  it("a FREE user sees core's plan message and no Telegram call", async () => {
    server.script('GET', '/api/user-capabilities', { body: capabilities('FREE') });
    await open('/my-account?tab=integrations', userDto({ plan: 'FREE' }));
    const telegram = await screen.findByRole('region', { name: texts.telegramTitle });
    expect(await within(telegram).findByText('Beschikbaar vanaf Geregistreerd plan')).toBeTruthy();
    expect(server.requestsTo('GET', '/api/telegram/status')).toHaveLength(0);
  });

  it('not connected: the deep link, the steps, and a code that links', async () => {
    server.script('GET', '/api/user-capabilities', { body: capabilities('REGISTERED') });
    server.script('GET', '/api/telegram/status', {
      body: {
        connected: false,
        username: null,
        linkCode: 'ABC123',
        deepLink: 'https://t.me/prijsalarm_bot?start=ABC123',
      },
    });
    scriptNoWebhooks();
    const { user, store } = await open('/my-account?tab=integrations');
    const link = await screen.findByRole('link', { name: texts.telegramConnect });
    expect(link.getAttribute('href')).toBe('https://t.me/prijsalarm_bot?start=ABC123');

    await user.click(screen.getByRole('button', { name: texts.telegramVerify }));
    expect(errorOf(screen.getByLabelText(texts.telegramCode))).toBe(
      VALIDATION_TEXTS.telegramCodeRequired,
    );

    server.script('POST', '/api/telegram/verify', {
      status: 400,
      body: { error: TELEGRAM_TEXTS.codeInvalid, fields: { code: TELEGRAM_TEXTS.codeInvalid } },
    });
    await user.type(screen.getByLabelText(texts.telegramCode), 'FOUT');
    await user.click(screen.getByRole('button', { name: texts.telegramVerify }));
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText(texts.telegramCode))).toBe(TELEGRAM_TEXTS.codeInvalid),
    );

    server.script('POST', '/api/telegram/verify', {
      body: { connected: true, username: 'anna_nl' },
    });
    server.script('GET', '/api/user-capabilities', {
      body: capabilities('REGISTERED', { telegramConnected: true, telegramUsername: 'anna_nl' }),
    });
    server.script('GET', '/api/auth/me', {
      body: { user: userDto({ telegram: { connected: true, username: 'anna_nl' } }) },
    });
    await user.clear(screen.getByLabelText(texts.telegramCode));
    await user.type(screen.getByLabelText(texts.telegramCode), 'GOED42');
    await user.click(screen.getByRole('button', { name: texts.telegramVerify }));
    expect(await screen.findByText('Gekoppeld als @anna_nl')).toBeTruthy();
    expect(bodyOf('POST', '/api/telegram/verify')).toEqual({ code: 'FOUT' });
    expect(store.toasts.toasts.map((t) => t.message)).toContain(texts.telegramLinked);
    await waitFor(() => expect(server.requestsTo('GET', '/api/auth/me')).toHaveLength(1));
  });

  it('connected: a test message and disconnecting', async () => {
    server.script('GET', '/api/user-capabilities', {
      body: capabilities('REGISTERED', { telegramConnected: true, telegramUsername: 'anna_nl' }),
    });
    server.script('GET', '/api/telegram/status', {
      body: { connected: true, username: 'anna_nl', linkCode: null, deepLink: null },
    });
    scriptNoWebhooks();
    const { user, store } = await open('/my-account?tab=integrations');
    server.script('POST', '/api/telegram/test', { body: { message: TELEGRAM_TEXTS.testSent } });
    await user.click(await screen.findByRole('button', { name: texts.telegramTest }));
    await waitFor(() =>
      expect(store.toasts.toasts.map((t) => t.message)).toContain(TELEGRAM_TEXTS.testSent),
    );

    server.script('POST', '/api/telegram/disconnect', { body: { connected: false } });
    server.script(
      'GET',
      '/api/user-capabilities',
      { body: capabilities('REGISTERED') },
      { body: capabilities('REGISTERED') },
    );
    server.script('GET', '/api/auth/me', { body: { user: userDto() } });
    server.script('GET', '/api/telegram/status', {
      body: {
        connected: false,
        username: null,
        linkCode: 'NEW1',
        deepLink: 'https://t.me/prijsalarm_bot?start=NEW1',
      },
    });
    await user.click(screen.getByRole('button', { name: texts.telegramDisconnect }));
    expect(await screen.findByRole('link', { name: texts.telegramConnect })).toBeTruthy();
    expect(store.toasts.toasts.map((t) => t.message)).toContain(texts.telegramUnlinked);
    await waitFor(() => expect(server.requestsTo('GET', '/api/auth/me')).toHaveLength(1));
  });
});

describe('sessions', () => {
  const sessions = [
    {
      id: 's-other',
      createdAt: '2026-02-01T10:00:00.000Z',
      lastUsedAt: '2026-02-02T10:00:00.000Z',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
      current: false,
    },
    {
      id: 's-here',
      createdAt: '2026-03-01T10:00:00.000Z',
      lastUsedAt: null,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/125.0',
      current: true,
    },
  ];

  it('lists them with this device first and marked; ends another one', async () => {
    server.script('GET', '/api/auth/sessions', { body: { sessions } });
    const { user, store } = await open('/my-account?tab=sessions');
    const items = await within(screen.getByRole('tabpanel')).findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Firefox op Linux');
    expect(items[0]?.textContent).toContain(texts.sessionCurrent);
    expect(items[1]?.textContent).toContain('Safari op iOS');
    server.script('DELETE', '/api/auth/sessions/s-other', {
      body: { message: AUTH_TEXTS.sessionEnded },
    });
    await user.click(screen.getByRole('button', { name: texts.endSessionFor('Safari op iOS') }));
    await waitFor(() =>
      expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(store.toasts.toasts.map((t) => t.message)).toContain(AUTH_TEXTS.sessionEnded);
  });

  it("'Overal uitloggen' asks, then force-logs out and leaves", async () => {
    server.script('GET', '/api/auth/sessions', { body: { sessions } });
    const { user, store, navigator } = await open('/my-account?tab=sessions');
    await user.click(await screen.findByRole('button', { name: texts.logoutEverywhere }));
    const dialog = await screen.findByRole('dialog', { name: texts.logoutEverywhereTitle });
    server.script('POST', '/api/auth/force-logout', {
      body: { message: AUTH_TEXTS.loggedOutEverywhere },
    });
    await user.click(within(dialog).getByRole('button', { name: texts.logoutEverywhere }));
    await screen.findByRole('heading', { level: 1, name: 'Inloggen' });
    expect(navigator.currentPath()).toBe('/login');
    expect(store.auth.phase).toBe('guest');
    expect(server.requestsTo('POST', '/api/auth/force-logout')).toHaveLength(1);
    expect(server.requestsTo('POST', '/api/auth/logout')).toHaveLength(0);
  });
});

describe('integrations (webhooks)', () => {
  const hookTexts = WEBHOOK_TEXTS.screen;
  const secret = `whsec_${'a'.repeat(43)}`;
  const webhook = {
    id: 'w1',
    url: 'https://hooks.example.nl/prijsalarm',
    alertIds: null,
    enabled: true,
    disabledReason: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    lastCall: null,
  };

  it('a FREE user sees the plan message and no webhook call', async () => {
    server.script('GET', '/api/user-capabilities', { body: capabilities('FREE') });
    await open('/my-account?tab=integrations', userDto({ plan: 'FREE' }));
    const panel = await screen.findByRole('region', { name: hookTexts.heading });
    await waitFor(() =>
      expect(within(panel).getByText('Beschikbaar vanaf Geregistreerd plan')).toBeTruthy(),
    );
    expect(server.requestsTo('GET', '/api/webhooks')).toHaveLength(0);
  });

  it('without webhooks it says so, and its next step takes the user to the URL field', async () => {
    server.script('GET', '/api/user-capabilities', { body: capabilities('REGISTERED') });
    server.script('GET', '/api/telegram/status', {
      body: { connected: true, username: 'anna_nl', linkCode: null, deepLink: null },
    });
    scriptNoWebhooks();
    const { user } = await open('/my-account?tab=integrations');
    const panel = await screen.findByRole('region', { name: hookTexts.heading });
    expect(await within(panel).findByText(hookTexts.empty)).toBeTruthy();
    await user.click(
      within(panel).getByRole('button', { name: EMPTY_STATE_TEXTS.webhooks.action }),
    );
    expect(document.activeElement).toBe(within(panel).getByLabelText(hookTexts.urlLabel));
  });

  it('adds one: a refused URL at its field, then the secret once; a test shows its status', async () => {
    server.script('GET', '/api/user-capabilities', { body: capabilities('REGISTERED') });
    server.script('GET', '/api/telegram/status', {
      body: { connected: true, username: 'anna_nl', linkCode: null, deepLink: null },
    });
    scriptNoWebhooks();
    const { user } = await open('/my-account?tab=integrations');
    const panel = await screen.findByRole('region', { name: hookTexts.heading });
    const field = await within(panel).findByLabelText(hookTexts.urlLabel);

    await user.type(field, 'http://hooks.example.nl/x');
    await user.click(within(panel).getByRole('button', { name: hookTexts.add }));
    expect(errorOf(field)).toBe(WEBHOOK_TEXTS.errors.httpsOnly);
    expect(server.requestsTo('POST', '/api/webhooks')).toHaveLength(0);

    server.script('POST', '/api/webhooks', {
      status: 400,
      body: {
        error: WEBHOOK_TEXTS.errors.notPublic,
        fields: { url: WEBHOOK_TEXTS.errors.notPublic },
      },
    });
    await user.clear(field);
    await user.type(field, 'https://127.0.0.1/x');
    await user.click(within(panel).getByRole('button', { name: hookTexts.add }));
    await waitFor(() => expect(errorOf(field)).toBe(WEBHOOK_TEXTS.errors.notPublic));

    server.script('POST', '/api/webhooks', { status: 201, body: { webhook, secret } });
    await user.clear(field);
    await user.type(field, webhook.url);
    await user.click(within(panel).getByRole('button', { name: hookTexts.add }));
    const box = await within(panel).findByRole('region', { name: hookTexts.secretHeading });
    expect((within(box).getByRole('textbox') as HTMLInputElement).value).toBe(secret);
    expect(bodyOf('POST', '/api/webhooks')).toEqual({ url: 'https://127.0.0.1/x' });
    await user.click(within(box).getByRole('button', { name: hookTexts.secretDone }));
    expect(within(panel).queryByRole('region', { name: hookTexts.secretHeading })).toBeNull();
    expect(within(panel).queryByText(secret)).toBeNull();

    server.script('POST', '/api/webhooks/w1/test', {
      body: {
        message: WEBHOOK_TEXTS.testFailed,
        call: {
          id: 'c1',
          kind: 'test',
          ok: false,
          statusCode: 500,
          error: WEBHOOK_TEXTS.failures.status(500),
          excerpt: '<script>alert(1)</script>',
          durationMs: 12,
          at: '2026-11-24T10:05:00.000Z',
        },
      },
    });
    await user.click(within(panel).getByRole('button', { name: hookTexts.testLabel(webhook.url) }));
    const table = await within(panel).findByRole('table');
    expect(within(table).getByText('500')).toBeTruthy();
    expect(within(table).getByText(WEBHOOK_TEXTS.failures.status(500))).toBeTruthy();
    // The receiver's answer is text, never markup.
    expect(within(table).getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });
});
