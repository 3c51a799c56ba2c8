/**
 * The web app's console errors go to an error-reporting service, but only after the visitor
 * accepted the cookie banner, and without personal data. The server's SENTRY_DSN points at the
 * envelope double of the global setup; the real @sentry/react posts to it from the browser.
 */
import type { Page } from '@playwright/test';
import { ALERT_FORM_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import type { EnvelopeItem } from '../doubles/sentry';
import { expect, test, uniqueEmail } from './fixtures';
import { e2eEnv } from './support/env';

const banner = WEB_TEXTS.cookieBanner;
/** The reporter's own chunk (packages/web/src/platform/sentryReporter.ts). */
const REPORTER_CHUNK = /\/assets\/sentryReporter-[^/]*\.js$/;

/**
 * This file's browsers name themselves, so that what they send is told apart from the server's own
 * reports (same DSN, no User-Agent) and from the browsers of specs running beside this one.
 */
const BROWSER_TAG = 'prijsalarm-e2e-error-reporting';
test.use({
  userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 ${BROWSER_TAG}`,
});

/** What this file's browsers sent. */
async function reports(): Promise<EnvelopeItem[]> {
  const response = await fetch(`${e2eEnv().sentryUrl}/control/items`);
  const items = (await response.json()) as EnvelopeItem[];
  return items.filter((item) => item.userAgent?.endsWith(BROWSER_TAG));
}

async function errorEvents(): Promise<EnvelopeItem[]> {
  return (await reports()).filter((item) => item.type === 'event');
}

/** The home page with the banner up, a visitor's e-mail typed in, and the reporter's requests counted. */
async function openHome(page: Page) {
  await fetch(`${e2eEnv().sentryUrl}/control/items`, { method: 'DELETE' });
  const reporterRequests: string[] = [];
  page.on('request', (request) => {
    if (REPORTER_CHUNK.test(new URL(request.url()).pathname)) reporterRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('region', { name: banner.label })).toBeVisible();
  // What the visitor typed: it must never reach a report, even when an error message quotes it.
  const email = uniqueEmail('rapport');
  await page
    .getByRole('form', { name: ALERT_FORM_TEXTS.guest.formLabel })
    .getByLabel(ALERT_FORM_TEXTS.fields.email)
    .fill(email);
  let count = 0;
  // Each one different: the SDK drops an event identical to the one before.
  const consoleError = () =>
    page.evaluate(
      ([address, n]) => console.error(`Alert aanmaken mislukt (${n}) voor ${address}`),
      [email, String((count += 1))] as const,
    );
  return { email, reporterRequests, consoleError };
}

/** Long enough for a report to have left the browser and reached the double. */
const settle = (page: Page) => page.waitForTimeout(1500);

test('before consent a console error sends nothing and loads no reporter', async ({ page }) => {
  const home = await openHome(page);
  await home.consoleError();
  await settle(page);
  expect(await reports()).toEqual([]);
  expect(home.reporterRequests).toEqual([]);
});

test('after accepting the banner a console error is one event, without the e-mail', async ({
  page,
}) => {
  const home = await openHome(page);
  await home.consoleError(); // before consent: not reported, not even later
  await page.getByRole('button', { name: banner.accept }).click();
  await expect.poll(() => home.reporterRequests.length).toBe(1);
  // The reporter runs once it has its DSN: until then a console error is not reported.
  await expect
    .poll(async () => {
      await home.consoleError();
      return (await errorEvents()).length;
    })
    .toBeGreaterThan(0);
  await settle(page);
  await fetch(`${e2eEnv().sentryUrl}/control/items`, { method: 'DELETE' });

  // From now on, one console error is one event.
  await home.consoleError();
  await expect.poll(async () => (await errorEvents()).length).toBe(1);
  await settle(page);
  const events = await errorEvents();
  expect(events).toHaveLength(1);
  const event = events[0]!.payload as { level: string; release?: string };
  expect(event.level).toBe('error');
  // The server's release (SENTRY_RELEASE, else the package version), as the server's own reports.
  expect(event.release).toMatch(/^prijsalarm@\d+\.\d+\.\d+/);
  expect(JSON.stringify(event)).toMatch(/Alert aanmaken mislukt \(\d+\) voor \[redacted\]/);
  const everything = JSON.stringify(await reports());
  expect(everything).not.toContain(home.email);
  expect(everything).not.toContain(home.email.split('@')[0]);
});

test('declining sends nothing and loads no reporter', async ({ page }) => {
  const home = await openHome(page);
  await page.getByRole('button', { name: banner.necessaryOnly }).click();
  await expect(page.getByRole('region', { name: banner.label })).toHaveCount(0);
  await home.consoleError();
  await page.reload();
  await home.consoleError();
  await settle(page);
  expect(await reports()).toEqual([]);
  expect(home.reporterRequests).toEqual([]);
});

/** 10 % of sessions are sampled: the reporter draws once per page load; here the draw is fixed. */
async function sessionsAfterConsent(page: Page, draw: number): Promise<EnvelopeItem[]> {
  await page.addInitScript((value) => {
    Math.random = () => value;
  }, draw);
  const home = await openHome(page);
  await page.getByRole('button', { name: banner.accept }).click();
  // Reporting runs once a console error arrives as an event.
  await expect
    .poll(async () => {
      await home.consoleError();
      return (await errorEvents()).length;
    })
    .toBeGreaterThan(0);
  await settle(page);
  return (await reports()).filter((item) => item.type === 'session' || item.type === 'sessions');
}

test('a page load drawn into the 10 % sends its session, with the release', async ({ page }) => {
  await sessionsAfterConsent(page, 0.05);
  // The SDK sends the page's session once the page is idle.
  await expect
    .poll(async () => (await reports()).filter((item) => item.type === 'session').length)
    .toBeGreaterThan(0);
  const session = (await reports()).find((item) => item.type === 'session')!.payload as {
    attrs?: { release?: string };
  };
  expect(session.attrs?.release).toMatch(/^prijsalarm@/);
});

test('the other 90 % send no session', async ({ page }) => {
  expect(await sessionsAfterConsent(page, 0.5)).toEqual([]);
});
