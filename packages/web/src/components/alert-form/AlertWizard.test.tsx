import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  CSRF_COOKIE,
  DEFAULT_SETTINGS,
  PAYMENT_TEXTS,
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

async function openAsUser(path: string, caps = capabilities('REGISTERED')) {
  const storage = memoryStorage();
  writeJson(storage, STORAGE_KEYS.settings, { settings: DEFAULT_SETTINGS, fetchedAt: Date.now() });
  writeJson(storage, STORAGE_KEYS.auth, {
    user: userDto({ plan: 'REGISTERED' }),
    csrfToken: 'c',
    isAuthenticated: true,
    lastAuthCheck: Date.now(),
    rememberMe: false,
  });
  const navigator = appNavigator(path);
  const { store } = testStore({
    server,
    storage,
    navigator,
    cookies: new Map([[CSRF_COOKIE, 'c']]),
  });
  await store.auth.initialize();
  server.script('GET', '/api/user-capabilities', { body: caps });
  server.script('GET', '/api/categories', { body: [] });
  renderApp(store, navigator, path);
  return { store, navigator };
}

/**
 * Submits the wizard: the server creates the alert (its manage page then answers 404), the success
 * message shows, and the page goes on to the manage link. Answers what was posted.
 */
async function submitAlert(user: ReturnType<typeof userEvent.setup>): Promise<unknown> {
  server.script('POST', '/api/alerts', {
    status: 201,
    body: { alert: { id: 'a', manageUrl: 'http://localhost:3000/manage/tok' } },
  });
  server.script('GET', '/api/user-capabilities', { body: capabilities('REGISTERED') });
  server.script('GET', '/api/alerts/manage/tok', { status: 404, body: { error: 'x' } });
  await user.click(screen.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }));
  expect(await screen.findByText('Je alert is aangemaakt!')).toBeTruthy();
  await screen.findByRole('heading', { level: 1, name: 'Alert niet gevonden' }, { timeout: 4000 });
  return JSON.parse(server.requestsTo('POST', '/api/alerts')[0]!.body);
}

// The wizard's chunk loads lazily: on a busy machine its first step takes more than a second.
const stepHeading = (name: string) =>
  screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });

describe('the wizard on /prijsalarm-maken (signed in)', () => {
  it('walks the steps by keyboard, moving the focus to each step, and creates the alert', async () => {
    const { navigator } = await openAsUser('/prijsalarm-maken');
    const user = userEvent.setup();
    const steps = ALERT_STEPS;

    await stepHeading(steps.platform);
    // 2dehands is locked for this plan, with core's message and the way to the subscription page.
    expect(screen.getByText(ACCESS_TEXTS.noPlatformAccess('2dehands'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bekijk de abonnementen' }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );

    // The only platform this plan has is chosen already.
    expect((screen.getByRole('radio', { name: /Marktplaats/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(document.activeElement).toBe(await stepHeading(steps.category));

    await user.click(screen.getByRole('button', { name: 'Overslaan' }));
    await stepHeading(steps.search);
    // The input names the one character rule in its title.
    expect(screen.getByLabelText('Zoekterm').getAttribute('title')).toBe(
      ALERT_FIELD_TEXTS.searchTermNoAngleBrackets,
    );
    await user.type(screen.getByLabelText('Zoekterm'), 'gazelle{Enter}');

    await stepHeading(steps.priceLocation);
    expect((screen.getByLabelText(/Minimumprijs/) as HTMLInputElement).disabled).toBe(false);
    await user.type(screen.getByLabelText(/Maximumprijs/), '400{Enter}');

    await stepHeading(steps.advanced);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    await stepHeading(steps.summary);
    expect(screen.getByText('tot € 400')).toBeTruthy();
    expect(screen.getByText(ACCESS_TEXTS.telegramNotConnected, { exact: false })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Telegram koppelen in Mijn account' }).getAttribute('href'),
    ).toBe('/my-account?tab=integrations');

    expect(await submitAlert(user)).toMatchObject({
      searchTerm: 'gazelle',
      platforms: ['marktplaats'],
      maxPrice: 400,
    });
    expect(navigator.currentPath()).toBe('/manage/tok');
    // The redirect alone waits 3 s, and role queries over a whole wizard are slow in jsdom.
  }, 10_000);
});

describe('push on the last step', () => {
  it('a registered user turns it on, is shown where to add a device, and the alert pushes', async () => {
    await openAsUser('/prijsalarm-maken');
    const user = userEvent.setup();
    const steps = ALERT_STEPS;
    const notify = ALERT_FORM_TEXTS.notify;

    await stepHeading(steps.platform);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await stepHeading(steps.category);
    await user.click(screen.getByRole('button', { name: 'Overslaan' }));
    await stepHeading(steps.search);
    await user.type(screen.getByLabelText('Zoekterm'), 'brompton{Enter}');
    await stepHeading(steps.priceLocation);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await stepHeading(steps.advanced);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    await stepHeading(steps.summary);
    const push = screen.getByRole('checkbox', { name: notify.push }) as HTMLInputElement;
    expect(push.checked).toBe(false);
    expect(screen.queryByRole('link', { name: notify.pushLink })).toBeNull();
    await user.click(push);
    expect(push.checked).toBe(true);
    expect(screen.getByRole('link', { name: notify.pushLink }).getAttribute('href')).toBe(
      '/my-account?tab=integrations',
    );

    expect(await submitAlert(user)).toMatchObject({
      searchTerm: 'brompton',
      notifyEmail: true,
      notifyPush: true,
    });
  }, 30_000);
});

describe('the wizard at the alert limit', () => {
  it('says so, and offers both the upgrade and extra alerts', async () => {
    await openAsUser('/prijsalarm-maken', {
      ...capabilities('REGISTERED'),
      canCreateAlerts: false,
    });
    const message = await screen.findByText(ALERT_FIELD_TEXTS.maxAlertsReached, { exact: false });
    const notice = message.closest('.notice') as HTMLElement;
    expect(
      within(notice).getByRole('link', { name: 'Upgrade naar Pro' }).getAttribute('href'),
    ).toBe('/dashboard/subscription');
    expect(notice.textContent).toContain(PAYMENT_TEXTS.maxAlerts.offer);
    expect(
      within(notice).getByRole('link', { name: PAYMENT_TEXTS.maxAlerts.buy }).getAttribute('href'),
    ).toBe('/my-account?tab=subscription#extra-alerts');
  });

  it('shows no limit notice below the limit', async () => {
    await openAsUser('/prijsalarm-maken');
    await stepHeading(ALERT_STEPS.platform);
    expect(screen.queryByText(ALERT_FIELD_TEXTS.maxAlertsReached, { exact: false })).toBeNull();
    expect(screen.queryByRole('link', { name: PAYMENT_TEXTS.maxAlerts.buy })).toBeNull();
  });
});

const ALERT_STEPS = {
  platform: 'Platform',
  category: 'Categorie',
  search: 'Zoekopdracht',
  priceLocation: 'Prijs en locatie',
  advanced: 'Extra filters',
  summary: 'Meldingen en overzicht',
};
