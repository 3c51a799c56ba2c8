/**
 * A server without a Telegram bot (no TELEGRAM_BOT_TOKEN) offers Telegram nowhere — not
 * on the home page, the pricing page, the FAQ, the dashboard, the wizard's notification step or
 * the integrations tab — and refuses an alert that asks for it with a Dutch 4xx. A server of this
 * test's own (the global setup's has a bot: the Bot API double).
 */
import { request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCESS_TEXTS,
  ALERT_FORM_TEXTS,
  CSRF_COOKIE,
  CSRF_HEADER,
  WEB_TEXTS,
} from '@prijsalarm/core';
import type { AdminUsersResponse } from '@prijsalarm/core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

let server: OwnServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
});
test.afterAll(async () => {
  await server?.dispose();
});

async function call(
  api: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
) {
  const cookies = (await api.storageState()).cookies;
  let token = cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  if (!token) {
    await api.get('/api/auth/csrf');
    token = (await api.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  }
  return api.fetch(url, {
    method,
    data,
    headers: method === 'GET' ? {} : { [CSRF_HEADER]: token! },
  });
}

/** What the visitor reads on the page (its main content and the navigation around it). */
async function pageText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

test('without a bot no page offers Telegram, and the server refuses it', async ({ browser }) => {
  test.setTimeout(120_000);
  // The admin, on Pro: a plan that has Telegram wherever a bot is configured.
  const api = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  expect(
    (
      await call(api, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
    ).ok(),
  ).toBe(true);
  const { users } = (await (
    await call(api, 'GET', `/api/admin/users?search=${encodeURIComponent(ADMIN_EMAIL)}`)
  ).json()) as AdminUsersResponse;
  const admin = users.find((user) => user.email === ADMIN_EMAIL)!;
  expect((await call(api, 'PUT', `/api/admin/users/${admin.id}/plan`, { plan: 'PRO' })).ok()).toBe(
    true,
  );

  // The server says what it can deliver, and refuses Telegram in Dutch.
  const caps = (await (await call(api, 'GET', '/api/user-capabilities')).json()) as {
    channels: { telegram: boolean; email: boolean; live: boolean };
  };
  expect(caps.channels).toEqual({ email: true, telegram: false, live: true });
  const refused = await call(api, 'POST', '/api/alerts', {
    searchTerm: 'racefiets',
    platforms: ['marktplaats'],
    notifyEmail: true,
    notifyTelegram: true,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ error: ACCESS_TEXTS.telegramUnavailable });
  await api.dispose();

  // A guest: home, pricing and the FAQ.
  const guestContext = await browser.newContext({ baseURL: server.baseUrl });
  const guest = await guestContext.newPage();
  for (const path of ['/', '/pricing', '/faq']) {
    await guest.goto(path);
    await expect(guest.locator('main h1')).toBeVisible();
    await guest.waitForLoadState('networkidle');
    expect(await pageText(guest), path).not.toMatch(/telegram/i);
  }
  await guestContext.close();

  // Signed in: the dashboard, the wizard's notification step and the integrations tab.
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(WEB_TEXTS.login.email).fill(ADMIN_EMAIL);
  await page.getByLabel(WEB_TEXTS.login.password, { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: WEB_TEXTS.login.submitLogin, exact: true }).click();
  await expect(page).toHaveURL(/\/(dashboard|admin)$/);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: WEB_TEXTS.dashboard.title }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await pageText(page)).not.toMatch(/telegram/i);

  const wizard = ALERT_FORM_TEXTS.wizard;
  await page.goto('/prijsalarm-maken');
  const radio = page.getByRole('radio', { name: /Marktplaats/ });
  await page.locator('label').filter({ has: radio }).click();
  await page.getByRole('button', { name: wizard.next, exact: true }).click();
  await page.getByRole('button', { name: wizard.skip }).click();
  await page.getByLabel(ALERT_FORM_TEXTS.fields.searchTerm).fill('racefiets');
  for (let step = 0; step < 3; step += 1) {
    await page.getByRole('button', { name: wizard.next, exact: true }).click();
  }
  await expect(page.getByRole('heading', { level: 2, name: wizard.steps.summary })).toBeVisible();
  await expect(page.getByLabel(ALERT_FORM_TEXTS.notify.email)).toBeVisible();
  expect(await pageText(page)).not.toMatch(/telegram/i);

  await page.goto('/my-account?tab=integrations');
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await pageText(page)).not.toMatch(/telegram/i);
  await context.close();
});
