/**
 * The e2e tests' `test` and helpers: the browser pointed at the real server of the global setup,
 * the mailbox (what a user finds in their inbox), the marketplace double (a seller placing an ad)
 * and the shortcuts a test takes where the path itself is not what it tests (registering through
 * the API, an admin changing a plan through the API).
 *
 *   const user = await registerUser(page);       // verified and logged in (plan REGISTERED)
 *   await setPlan(user.email, 'PRO');
 *   const mail = await waitForMail(email, 'Bevestig');
 *   await page.goto(linkIn(mail, '/verify/'));
 *   await publishAd({ title: 'Gazelle racefiets' });
 */
import { test as base, expect, request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, APIResponse, Locator, Page, TestInfo } from '@playwright/test';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, WEB_TEXTS } from '@prijsalarm/core';
import type {
  AdminUsersResponse,
  AlertDto,
  CreateAlertResponse,
  MyAlertsResponse,
  Plan,
} from '@prijsalarm/core';
import type { PublishInput, PublishedListing } from '../doubles/marketplace';
import type { SentMessage, UserMessageInput } from '../doubles/telegram';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  USER_PASSWORD,
  e2eEnv,
  publishEnv,
  type E2EEnv,
} from './support/env';
import { startE2EStack } from './support/stack';

export { expect };
export { ADMIN_EMAIL, ADMIN_PASSWORD, USER_PASSWORD };

/**
 * Every test runs against its worker's server and doubles (support/stack.ts), started before the
 * worker's first test; relative `page.goto('/…')` goes there.
 */
export const test = base.extend<object, { e2eStack: E2EEnv }>({
  e2eStack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const stack = await startE2EStack(String(workerInfo.workerIndex));
      publishEnv(stack.env);
      try {
        await use(stack.env);
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ e2eStack }, use) => use(e2eStack.baseUrl),
});

let emailCounter = 0;

/** An address no other test (or earlier run against the same server) has used. */
export function uniqueEmail(prefix: string): string {
  emailCounter += 1;
  const stamp = `${Date.now().toString(36)}${emailCounter}${Math.floor(Math.random() * 1e4)}`;
  return `${prefix}-${stamp}@e2e.prijsalarm.test`;
}

// ---------------------------------------------------------------------------------------------
// Mail

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function mailsTo(email: string): Promise<Mail[]> {
  const to = encodeURIComponent(email.toLowerCase());
  const response = await fetch(`${e2eEnv().controlUrl}/mails?to=${to}`);
  const mails = (await response.json()) as Mail[];
  return mails.filter((mail) => mail.to.includes(email.toLowerCase()));
}

/** The newest mail to `email` whose subject contains `subject`, once it has arrived. */
export async function waitForMail(email: string, subject: string, timeout = 15_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email)).filter((mail) => mail.subject.includes(subject)).pop();
        return found !== undefined;
      },
      { message: `a mail "${subject}" to ${email}`, timeout },
    )
    .toBe(true);
  return found!;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first link in the mail's text to a page of the app under `pathPrefix` (e.g. '/verify/'). */
export function linkIn(mail: Mail, pathPrefix: string): string {
  const escaped = escapeRegExp(`${e2eEnv().baseUrl}${pathPrefix}`);
  const match = new RegExp(`${escaped}[^\\s<>"')]*`).exec(mail.text);
  if (!match) throw new Error(`no ${pathPrefix} link in "${mail.subject}":\n${mail.text}`);
  return match[0];
}

// ---------------------------------------------------------------------------------------------
// API shortcuts (the browser's own cookies when given page.request)

/** A JSON call with the CSRF header the server asks of every non-read request. */
export async function apiCall<T>(
  api: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (method !== 'GET') headers[CSRF_HEADER] = await csrfToken(api);
  const response: APIResponse = await api.fetch(url, { method, headers, data });
  if (!response.ok()) {
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

async function csrfToken(api: APIRequestContext): Promise<string> {
  const fromJar = async () =>
    (await api.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  const token = (await fromJar()) ?? (await api.get('/api/auth/csrf'), await fromJar());
  if (!token) throw new Error('the server set no CSRF cookie');
  return token;
}

export interface TestUser {
  email: string;
  password: string;
}

/**
 * A new account, registered through the API and verified by opening the link of the
 * verification mail in `page`, which logs that browser in and lands on /dashboard.
 */
export async function registerUser(page: Page, prefix = 'gebruiker'): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  await apiCall(page.request, 'POST', '/api/auth/register', {
    email,
    password: USER_PASSWORD,
    firstName: 'Eva',
  });
  const mail = await waitForMail(email, 'Bevestig je e-mailadres');
  await page.goto(linkIn(mail, '/verify/'));
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password: USER_PASSWORD };
}

/** A verified account that no browser is logged in to yet (verified through the API). */
export async function createAccount(prefix = 'gebruiker'): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const api = await playwrightRequest.newContext({ baseURL: e2eEnv().baseUrl });
  try {
    await apiCall(api, 'POST', '/api/auth/register', { email, password: USER_PASSWORD });
    const link = linkIn(await waitForMail(email, 'Bevestig je e-mailadres'), '/verify/');
    await apiCall(api, 'GET', `/api/auth/verify/${link.split('/').pop()}`);
  } finally {
    await api.dispose();
  }
  return { email, password: USER_PASSWORD };
}

/** An API session of the admin (ADMIN_EMAIL of the global setup), for shortcuts. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: e2eEnv().baseUrl });
  await apiCall(api, 'POST', '/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  return api;
}

/** The admin sets `email`'s plan (PUT /api/admin/users/{id}/plan), as /admin does. */
export async function setPlan(email: string, plan: Plan): Promise<void> {
  const api = await adminApi();
  try {
    const { users } = await apiCall<AdminUsersResponse>(
      api,
      'GET',
      `/api/admin/users?search=${encodeURIComponent(email)}`,
    );
    const user = users.find((candidate) => candidate.email === email);
    if (!user) throw new Error(`admin: no user ${email}`);
    await apiCall(api, 'PUT', `/api/admin/users/${user.id}/plan`, { plan });
  } finally {
    await api.dispose();
  }
}

/** The navigation bar's bell (the one shown at this width), by the unread count its name says. */
export const notificationBell = (page: Page, unread: number) =>
  page
    .getByRole('navigation', { name: WEB_TEXTS.shell.mainNavigation })
    .getByRole('link', { name: WEB_TEXTS.shell.notifications(unread), exact: true });

/** An alert of the logged-in user of `page` (POST /api/alerts), e.g. to give a screen content. */
export async function createAlertViaApi(
  page: Page,
  payload: Record<string, unknown>,
): Promise<CreateAlertResponse['alert']> {
  const { alert } = await apiCall<CreateAlertResponse>(page.request, 'POST', '/api/alerts', {
    platforms: ['marktplaats'],
    notifyEmail: true,
    ...payload,
  });
  return alert;
}

/** The user's alert once the engine has checked it (its first check only learns what exists). */
export async function waitForFirstCheck(page: Page, alertId: string): Promise<AlertDto> {
  let checked: AlertDto | undefined;
  await expect
    .poll(
      async () => {
        const { alerts } = await apiCall<MyAlertsResponse>(
          page.request,
          'GET',
          '/api/alerts/my-alerts',
        );
        checked = alerts.find((alert) => alert.id === alertId && alert.lastCheckedAt !== null);
        return checked !== undefined;
      },
      { message: `the first check of alert ${alertId}`, timeout: 30_000 },
    )
    .toBe(true);
  return checked!;
}

// ---------------------------------------------------------------------------------------------
// The marketplace double

/** A seller places an ad on the Marktplaats double (its HTTP control endpoint). */
export async function publishAd(input: PublishInput): Promise<PublishedListing> {
  const response = await fetch(`${e2eEnv().marktplaatsUrl}/__control/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`publish: ${response.status} ${await response.text()}`);
  return (await response.json()) as PublishedListing;
}

/** The seller changes an ad's asking price on the Marktplaats double. */
export async function repriceAd(itemId: string, priceCents: number): Promise<void> {
  const response = await fetch(`${e2eEnv().marktplaatsUrl}/__control/reprice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ itemId, priceCents }),
  });
  if (!response.ok) throw new Error(`reprice: ${response.status} ${await response.text()}`);
}

// ---------------------------------------------------------------------------------------------
// The Telegram Bot API double

/** A Telegram user writes to the bot, e.g. '/start CODE' (what pressing Start sends). */
export async function writeToBot(input: UserMessageInput): Promise<void> {
  const response = await fetch(`${e2eEnv().controlUrl}/telegram/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`telegram send: ${response.status} ${await response.text()}`);
}

/** What the bot sent to a chat, oldest first (as the user reads it). */
export async function botMessagesTo(chatId: number): Promise<string[]> {
  const response = await fetch(`${e2eEnv().controlUrl}/telegram/messages?chatId=${chatId}`);
  return ((await response.json()) as SentMessage[]).map((message) => message.text);
}

// ---------------------------------------------------------------------------------------------
// Pages

/** Logs in through /login as a user types it. */
export async function logIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(user.email);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Where the screenshots of the main screens go (test-results/screens, never committed). */
export function screenshotPath(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'screens', `${name}.png`);
}

/**
 * The whole page as someone who scrolled through it saw it: parts drawn only near the screen
 * (`content-visibility: auto`, the home page's sections) are drawn for the shot as well.
 */
export async function fullPageScreenshot(page: Page, file: string): Promise<void> {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  await page.screenshot({ path: file, fullPage: true });
}

/** The page is wider than the viewport: the user would have to scroll sideways. */
export async function horizontalOverflow(
  page: Page,
): Promise<{ scrollWidth: number; width: number }> {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
    width: window.innerWidth,
  }));
}

/** The field's own error text: tied to it by aria-describedby, and the field marked invalid. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}
