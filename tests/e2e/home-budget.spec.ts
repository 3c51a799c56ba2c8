/**
 * The home route's JavaScript budget: every script Chromium requests on a first visit
 * to / (fresh profile, nothing cached), gzip as the server sends it, at most 120 KB — the shell,
 * the home scene, the guest form, the chat loader and the error-reporting wiring included. The
 * figures with Lighthouse: `npm run bench:web`.
 */
import { ALERT_FIELD_TEXTS } from '@prijsalarm/core';
import {
  HOME_FIRST_LOAD_JS_BUDGET_KB,
  describeScripts,
  measureScripts,
  totalGzip,
} from './support/first-load-js';
import { expect, test } from './fixtures';
import { e2eEnv } from './support/env';

test('the home page downloads at most 120 KB of JavaScript on its first load', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const { firstLoad } = await measureScripts(page, `${e2eEnv().baseUrl}/`, 0);
  // The page works: its form is there (the scripts that drew it are among those weighed).
  await expect(page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeVisible();
  expect(firstLoad.length).toBeGreaterThan(0);
  expect(
    totalGzip(firstLoad) / 1024,
    describeScripts('First-load JavaScript of /', firstLoad),
  ).toBeLessThanOrEqual(HOME_FIRST_LOAD_JS_BUDGET_KB);
  await context.close();
});
