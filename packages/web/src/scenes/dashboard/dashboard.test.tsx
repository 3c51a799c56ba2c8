import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALERT_FEED_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_TEXTS,
  API_TEXTS,
  SCREEN_TEXTS,
} from '@prijsalarm/core';
import type { CapabilitiesData } from '@prijsalarm/core';
import { startHttpDouble, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';
import { ALERT_ID, ALERT_ID_2, alertDto, capabilities, signedInStore } from '../../test/screens';
import { DashboardStore } from './DashboardStore';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted).toEqual([]));

const texts = SCREEN_TEXTS.dashboard;
const TOKEN = `token-${ALERT_ID.slice(0, 4)}`;

function scriptList(
  alerts = [alertDto()],
  caps: CapabilitiesData = capabilities('REGISTERED', { alerts: alerts.length }),
) {
  server.script('GET', '/api/alerts/my-alerts', { body: { alerts, capabilities: caps } });
}

async function loadedStore(alerts = [alertDto()], caps?: CapabilitiesData) {
  const { store: root } = await signedInStore(server, {
    user: userDto({ plan: caps?.userPlan ?? 'REGISTERED' }),
  });
  scriptList(alerts, caps);
  const store = new DashboardStore(root);
  await store.load();
  return { root, store };
}

describe('DashboardStore', () => {
  it('lists the alerts with the count against the plan limit', async () => {
    const { store } = await loadedStore([
      alertDto(),
      alertDto({ id: ALERT_ID_2, status: 'paused' }),
    ]);
    expect(store.status).toBe('ready');
    expect(store.alerts.map((alert) => alert.id)).toEqual([ALERT_ID, ALERT_ID_2]);
    expect(store.usage).toBe('2 van 5 alerts gebruikt');
    expect(store.planLabel).toBe('Geregistreerd');
    expect(store.isEmpty).toBe(false);
  });

  it('keeps the Dutch error of a failed load for a retry', async () => {
    const { store: root } = await signedInStore(server);
    server.script('GET', '/api/alerts/my-alerts', {
      status: 500,
      body: { error: API_TEXTS.internalError },
    });
    const store = new DashboardStore(root);
    await store.load();
    expect(store.status).toBe('error');
    expect(store.error).toBe(API_TEXTS.internalError);
  });

  it.each([
    ['active', 'paused', texts.paused('racefiets')],
    ['paused', 'active', texts.resumed('racefiets')],
  ] as const)('toggling an %s alert makes it %s', async (before, after, toast) => {
    const { store, root } = await loadedStore([alertDto({ status: before })]);
    server.script('PATCH', `/api/alerts/manage/${TOKEN}/toggle`, {
      body: { alert: alertDto({ status: after, isActive: after === 'active' }) },
    });
    await store.toggle(store.alerts[0]!);
    expect(store.alerts[0]?.status).toBe(after);
    expect(root.toasts.toasts.map((t) => t.message)).toContain(toast);
    expect(
      server.requestsTo('PATCH', `/api/alerts/manage/${TOKEN}/toggle`)[0]?.headers['x-csrf-token'],
    ).toBe('c');
  });

  it('extends an alert through the refresh link of its manage answer', async () => {
    const { store, root } = await loadedStore([alertDto({ status: 'expired' })]);
    server.script('GET', `/api/alerts/manage/${TOKEN}`, {
      body: {
        alert: { ...alertDto(), refreshUrl: `http://localhost:3000/manage/${TOKEN}/refresh/r3fr` },
        notifications: { items: [], pagination: { page: 1, limit: 1, total: 0, totalPages: 0 } },
      },
    });
    server.script('GET', `/api/alerts/manage/${TOKEN}/refresh/r3fr`, {
      body: { alert: alertDto({ status: 'active' }), message: ALERT_TEXTS.refreshed(14) },
    });
    await store.extend(store.alerts[0]!);
    expect(store.alerts[0]?.status).toBe('active');
    expect(root.toasts.toasts.map((t) => t.message)).toContain(ALERT_TEXTS.refreshed(14));
  });

  it('deletes only after a yes, then reads the list again', async () => {
    const { store, root } = await loadedStore([alertDto(), alertDto({ id: ALERT_ID_2 })]);
    store.requestDelete(store.alerts[0]!);
    store.cancelDelete();
    expect(server.requestsTo('DELETE', `/api/alerts/manage/${TOKEN}`)).toHaveLength(0);

    store.requestDelete(store.alerts[0]!);
    server.script('DELETE', `/api/alerts/manage/${TOKEN}`, {
      body: { message: ALERT_TEXTS.deleted },
    });
    server.script('GET', '/api/user-capabilities', {
      body: capabilities('REGISTERED', { alerts: 1 }),
    });
    scriptList([alertDto({ id: ALERT_ID_2 })], capabilities('REGISTERED', { alerts: 1 }));
    await store.confirmDelete();
    expect(store.alerts.map((alert) => alert.id)).toEqual([ALERT_ID_2]);
    expect(store.deleting).toBeNull();
    expect(root.toasts.toasts.map((t) => t.message)).toContain(ALERT_TEXTS.deleted);
    await waitFor(() => expect(server.requestsTo('GET', '/api/user-capabilities')).toHaveLength(1));
  });

  it('shows a failed action as an error toast and keeps the alert', async () => {
    const { store, root } = await loadedStore();
    server.script('PATCH', `/api/alerts/manage/${TOKEN}/toggle`, {
      status: 404,
      body: { error: ALERT_TEXTS.notFound },
    });
    await store.toggle(store.alerts[0]!);
    expect(store.alerts).toHaveLength(1);
    expect(root.toasts.toasts.map((t) => [t.type, t.message])).toContainEqual([
      'error',
      ALERT_TEXTS.notFound,
    ]);
  });

  it.each([
    ['room left', 'REGISTERED', 2, null],
    ['a Registered user at the limit', 'REGISTERED', 5, 'Upgrade naar Pro'],
    ['a Free user at the limit', 'FREE', 1, 'Upgrade naar Pro'],
    ['a Pro user at the limit', 'PRO', 10, 'Koop extra alerts'],
  ] as const)('max-alerts warning: %s', async (_case, plan, count, upgrade) => {
    const alerts = Array.from({ length: count }, (_, index) =>
      alertDto({ id: `${index}1111111-1111-4111-8111-111111111111` }),
    );
    const { store } = await loadedStore(alerts, capabilities(plan, { alerts: count }));
    expect(store.canCreate).toBe(upgrade === null);
    expect(store.warning?.upgradeLabel ?? null).toBe(upgrade);
    if (upgrade) expect(store.warning?.message).toBe(ALERT_FIELD_TEXTS.maxAlertsReached);
  });

  it.each([
    [true, 'anna_nl', { connected: true, username: 'anna_nl' }],
    [false, null, { connected: false, username: null }],
  ])('Telegram connected %s', async (connected, username, expected) => {
    const { store } = await loadedStore(
      [],
      capabilities('REGISTERED', { telegramConnected: connected, telegramUsername: username }),
    );
    expect(store.telegram).toEqual(expected);
  });
});

describe('dashboard page', () => {
  async function open(alerts = [alertDto()], caps?: CapabilitiesData) {
    const navigator = appNavigator('/dashboard');
    const { store } = await signedInStore(server, {
      navigator,
      user: userDto({ firstName: 'Anna', plan: caps?.userPlan ?? 'REGISTERED' }),
    });
    scriptList(alerts, caps ?? capabilities('REGISTERED', { alerts: alerts.length }));
    renderApp(store, navigator, '/dashboard');
    return { store, navigator };
  }

  it('shows each alert with its interval, next check, one primary action and a menu', async () => {
    const now = Date.now();
    await open([
      alertDto({ nextCheckAt: new Date(now + 2 * 60_000 + 5_000).toISOString() }),
      alertDto({
        id: ALERT_ID_2,
        searchTerm: 'bakfiets',
        status: 'pending_confirmation',
        nextCheckAt: null,
        expiresAt: null,
      }),
    ]);
    const card = await screen.findByRole('article', { name: 'racefiets' });
    expect(within(card).getByText('Actief')).toBeTruthy();
    expect(within(card).getByText('elke 10 minuten')).toBeTruthy();
    expect(within(card).getByText(/^over 3 minuten$/)).toBeTruthy();
    // One primary action; the rest behind one menu button.
    // Bewerken opens the wizard on the alert, filled in at every step.
    const primary = within(card).getByRole('link', { name: 'Bewerken: racefiets' });
    expect(primary.getAttribute('href')).toBe(`/dashboard/alerts/${ALERT_ID}/bewerken`);
    expect(primary.className).toContain('button--primary');
    expect(card.querySelectorAll('.button--primary')).toHaveLength(1);
    expect(within(card).queryByRole('button', { name: 'Pauzeren: racefiets' })).toBeNull();
    const user = userEvent.setup();
    const more = within(card).getByRole('button', { name: 'Meer acties: racefiets' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    await user.click(more);
    const menu = within(card).getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Pauzeren', 'Verlengen', 'Verwijderen']);
    expect(document.activeElement?.textContent).toBe('Pauzeren');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Verlengen');
    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);

    const pending = screen.getByRole('article', { name: 'bakfiets' });
    expect(within(pending).getByText('Wacht op bevestiging')).toBeTruthy();
    expect(within(pending).queryByText(texts.nextCheck)).toBeNull();
    expect(within(pending).queryByText(texts.expires)).toBeNull();
    expect(screen.getByRole('link', { name: 'Nieuwe alert' }).getAttribute('href')).toBe(
      '/dashboard/create',
    );
    expect(screen.getByRole('link', { name: 'Koppel Telegram' }).getAttribute('href')).toBe(
      '/my-account?tab=integrations',
    );
  });

  it('offers no Telegram on a server without a bot', async () => {
    await open([alertDto()], capabilities('REGISTERED', { telegramBot: false }));
    await screen.findByRole('article', { name: 'racefiets' });
    expect(screen.queryByText(/Telegram/)).toBeNull();
  });

  it('shows the empty state without alerts', async () => {
    await open([]);
    expect(await screen.findByRole('heading', { name: texts.emptyTitle })).toBeTruthy();
  });

  it('at the limit: the warning with its upgrade link, and no way to a new alert', async () => {
    await open([alertDto()], capabilities('FREE', { alerts: 1 }));
    const button = await screen.findByRole('button', { name: 'Nieuwe alert' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const warning = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(warning?.textContent).toContain(ALERT_FIELD_TEXTS.maxAlertsReached);
    expect(
      within(warning!).getByRole('link', { name: 'Upgrade naar Pro' }).getAttribute('href'),
    ).toBe('/dashboard/subscription');
    // Extra alerts are for Geregistreerd and Pro (core's rule), not for an account on Gratis.
    expect(within(warning!).queryByRole('link', { name: 'Extra alerts kopen' })).toBeNull();
  });

  it('asks before deleting; Annuleren keeps the alert', async () => {
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Meer acties: racefiets' }));
    await user.click(screen.getByRole('menuitem', { name: 'Verwijderen: racefiets' }));
    const dialog = await screen.findByRole('dialog', { name: texts.deleteTitle });
    expect(dialog.textContent).toContain(texts.deleteText('racefiets'));
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE', `/api/alerts/manage/${TOKEN}`)).toHaveLength(0);
  });
});

describe('the RSS link on an alert card', () => {
  const link = ALERT_FEED_TEXTS.link;
  const FEED_URL = `http://localhost:3000/api/alerts/feed/feed-${ALERT_ID.slice(0, 4)}`;

  async function openCard() {
    const navigator = appNavigator('/dashboard');
    const { store } = await signedInStore(server, { navigator });
    scriptList([alertDto()]);
    renderApp(store, navigator, '/dashboard');
    const card = await screen.findByRole('article', { name: 'racefiets' });
    return { store, card };
  }

  it('opens as a disclosure, and copies the link from the keyboard', async () => {
    const { store, card } = await openCard();
    const user = userEvent.setup();
    const summary = within(card).getByText(link.heading, { selector: 'summary' });
    expect(summary.closest('details')!.open).toBe(false);
    // A native <details>: browsers open it with Enter or Space on the summary; happy-dom only
    // emulates the click.
    await user.click(summary);
    expect(summary.closest('details')!.open).toBe(true);
    const field = within(card).getByRole('textbox', { name: `${link.heading} racefiets` });
    expect((field as HTMLInputElement).value).toBe(FEED_URL);
    expect((field as HTMLInputElement).readOnly).toBe(true);

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(
      within(card).getByRole('button', { name: link.copyLabel('racefiets') }),
    );
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe(FEED_URL);
    await waitFor(() =>
      expect(store.toasts.toasts.map((toast) => toast.message)).toContain(link.copied),
    );
  });

  it('makes a new link only after a yes, and shows it', async () => {
    const { card } = await openCard();
    const user = userEvent.setup();
    await user.click(within(card).getByText(link.heading, { selector: 'summary' }));
    await user.click(within(card).getByRole('button', { name: link.renewLabel('racefiets') }));
    const dialog = await screen.findByRole('dialog', { name: link.renewDialog.title });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(server.requestsTo('POST', `/api/alerts/manage/${TOKEN}/feed/renew`)).toHaveLength(0);

    const renewed = `${FEED_URL}-nieuw`;
    server.script('POST', `/api/alerts/manage/${TOKEN}/feed/renew`, {
      body: { alert: alertDto({ feedUrl: renewed }), message: link.renewed },
    });
    await user.click(within(card).getByRole('button', { name: link.renewLabel('racefiets') }));
    const again = await screen.findByRole('dialog', { name: link.renewDialog.title });
    await user.click(within(again).getByRole('button', { name: link.renewDialog.confirm }));
    await waitFor(() =>
      expect(
        (within(card).getByRole('textbox', { name: /RSS-feed/ }) as HTMLInputElement).value,
      ).toBe(renewed),
    );
    expect(server.requestsTo('POST', `/api/alerts/manage/${TOKEN}/feed/renew`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers to make a link when the alert has none yet', async () => {
    const navigator = appNavigator('/dashboard');
    const { store } = await signedInStore(server, { navigator });
    scriptList([alertDto({ feedUrl: null })]);
    renderApp(store, navigator, '/dashboard');
    const card = await screen.findByRole('article', { name: 'racefiets' });
    const user = userEvent.setup();
    await user.click(within(card).getByText(link.heading, { selector: 'summary' }));
    expect(within(card).getByText(link.none)).toBeTruthy();
    expect(within(card).queryByRole('textbox')).toBeNull();
    server.script('POST', `/api/alerts/manage/${TOKEN}/feed/renew`, {
      body: { alert: alertDto(), message: link.renewed },
    });
    await user.click(within(card).getByRole('button', { name: link.createLabel('racefiets') }));
    expect(await within(card).findByRole('textbox', { name: /RSS-feed/ })).toBeTruthy();
  });
});

describe('a plan changed elsewhere (an admin)', () => {
  it('the list names the new plan and the user is read again', async () => {
    const { store: root } = await signedInStore(server, { user: userDto({ plan: 'REGISTERED' }) });
    scriptList([alertDto()], capabilities('PRO', { alerts: 1 }));
    server.script('GET', '/api/auth/me', { body: { user: userDto({ plan: 'PRO' }) } });
    server.script('GET', '/api/user-capabilities', { body: capabilities('PRO', { alerts: 1 }) });
    const store = new DashboardStore(root);
    await store.load();
    expect(store.planLabel).toBe('Pro');
    await waitFor(() => expect(root.auth.user?.plan).toBe('PRO'));
    await waitFor(() => expect(server.requestsTo('GET', '/api/user-capabilities')).toHaveLength(1));
  });
});

describe('a plan or limit changed in another tab', () => {
  it('reads the list again when the app learns another plan or limit, so the count follows', async () => {
    const { store: root } = await signedInStore(server, { user: userDto({ plan: 'REGISTERED' }) });
    scriptList([], capabilities('REGISTERED'));
    const store = new DashboardStore(root);
    const stop = store.followPlanChanges();
    await store.load();
    expect(store.usage).toBe('0 van 5 alerts gebruikt');

    // Another tab bought Pro: the cross-tab message makes this tab read its capabilities again.
    scriptList([], capabilities('PRO'));
    server.script('GET', '/api/user-capabilities', { body: capabilities('PRO') });
    server.script('GET', '/api/auth/me', { body: { user: userDto({ plan: 'PRO' }) } });
    // The user read again with its new plan asks for the capabilities once more.
    server.script('GET', '/api/user-capabilities', { body: capabilities('PRO') });
    await root.capabilities.load({ force: true });
    await waitFor(() => expect(store.usage).toBe('0 van 10 alerts gebruikt'));
    expect(store.planLabel).toBe('Pro');
    await waitFor(() => expect(root.auth.user?.plan).toBe('PRO'));

    await waitFor(() => expect(server.requestsTo('GET', '/api/user-capabilities')).toHaveLength(2));
    // The same capabilities again ask for nothing more.
    server.script('GET', '/api/user-capabilities', { body: capabilities('PRO') });
    await root.capabilities.load({ force: true });
    expect(server.requestsTo('GET', '/api/alerts/my-alerts')).toHaveLength(2);
    stop();
  });
});
