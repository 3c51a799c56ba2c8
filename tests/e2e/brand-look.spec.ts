/**
 * The look, at 1280 and 390 px: the brand font comes from our own origin (no request
 * leaves it) and is the one the text is set in; the hero shows the product (a phone with an
 * alert: the ad, its price and place); an empty list shows its next step as a button; the admin
 * overview shows the last 30 days with axes, a day of 0 drawing no column; axe finds nothing.
 */
import type { Browser, Page } from '@playwright/test';
import { ALERT_FIELD_TEXTS, EMPTY_STATE_TEXTS, SCREEN_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import type { AdminTrendsResponse } from '@prijsalarm/core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  apiCall,
  expect,
  horizontalOverflow,
  logIn,
  registerUser,
  screenshotPath,
  test,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';
import { e2eEnv } from './support/env';

const preview = WEB_TEXTS.home.preview;
const trends = SCREEN_TEXTS.admin.trends;

async function pageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eEnv().baseUrl,
    viewport: { width, height: width < 600 ? 844 : 900 },
  });
  return context.newPage();
}

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}: ${describeViolations(violations)}`).toEqual([]);
}

for (const width of [1280, 390]) {
  test(`at ${width} px the home page sets its text in the brand font from its own origin and shows the product`, async ({
    browser,
  }, testInfo) => {
    const page = await pageAt(browser, width);
    const origin = new URL(e2eEnv().baseUrl).origin;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/');
    await expect(page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Every request stays on our origin; the font is one of them, a woff2 file.
    expect(
      requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin),
    ).toEqual([]);
    const fonts = requests.filter((url) => url.endsWith('.woff2'));
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(
      new RegExp(`^${origin}/assets/figtree-latin-wght-normal-[\\w-]+\\.woff2$`),
    );
    // The text is set in it: the face is loaded and is the first family of the page and its title.
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      const loaded = [...document.fonts].filter(
        (face) => face.family.replace(/"/g, '') === 'Figtree' && face.status === 'loaded',
      );
      const family = (selector: string) =>
        getComputedStyle(document.querySelector(selector)!).fontFamily.split(',')[0]!.trim();
      return { loaded: loaded.length, body: family('body'), title: family('h1') };
    });
    expect(font).toEqual({ loaded: 1, body: 'Figtree', title: 'Figtree' });

    // The hero shows the product: a phone with the alert — the ad, its price and its place.
    const telegram = page.getByRole('figure', { name: preview.telegramLabel });
    await telegram.scrollIntoViewIfNeeded();
    await expect(telegram).toBeVisible();
    await expect(telegram).toContainText(preview.listingTitle);
    await expect(telegram).toContainText(preview.listingPrice);
    await expect(telegram).toContainText(preview.listingPlace);
    await expect(page.getByRole('figure', { name: preview.mailLabel })).toBeVisible();
    const phone = (await page.locator('.phone').boundingBox())!;
    expect(phone.width).toBeGreaterThan(200);
    expect(phone.x).toBeGreaterThanOrEqual(0);
    expect(phone.x + phone.width).toBeLessThanOrEqual(width);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: screenshotPath(testInfo, `look-home-${width}`) });
    await expectNoAxeViolations(page, 'home');
    await page.context().close();
  });

  test(`at ${width} px an empty dashboard and notification centre show their next step`, async ({
    browser,
  }, testInfo) => {
    const page = await pageAt(browser, width);
    await registerUser(page, 'leeg');
    await page.goto('/dashboard');
    const first = page.getByRole('link', { name: EMPTY_STATE_TEXTS.dashboard.action });
    await expect(first).toBeVisible();
    await expect(
      page.getByRole('heading', { name: SCREEN_TEXTS.dashboard.emptyTitle }),
    ).toBeVisible();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: screenshotPath(testInfo, `look-dashboard-empty-${width}`) });
    await expectNoAxeViolations(page, 'dashboard');
    await first.click();
    await expect(page).toHaveURL(/\/dashboard\/create$/);

    await page.goto('/notifications');
    const toAlerts = page.getByRole('link', { name: EMPTY_STATE_TEXTS.notifications.action });
    await expect(toAlerts).toBeVisible();
    await expect(
      page.getByRole('heading', { name: EMPTY_STATE_TEXTS.notifications.title }),
    ).toBeVisible();
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({ path: screenshotPath(testInfo, `look-notifications-empty-${width}`) });
    await expectNoAxeViolations(page, 'notifications');
    await toAlerts.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().close();
  });

  test(`at ${width} px the admin overview shows the last 30 days with axes, a day of 0 drawing nothing`, async ({
    browser,
  }, testInfo) => {
    const page = await pageAt(browser, width);
    await logIn(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.goto('/admin');
    const { days } = await apiCall<AdminTrendsResponse>(page.request, 'GET', '/api/admin/trends');
    expect(days).toHaveLength(30);
    for (const [title, figure] of [
      [trends.newUsers, 'newUsers'],
      [trends.alerts, 'alerts'],
      [trends.notificationsSent, 'notificationsSent'],
      [trends.revenue, 'revenueCents'],
    ] as const) {
      const chart = page.getByRole('figure', { name: new RegExp(`^${title}`) });
      await expect(chart).toBeVisible();
      // A value axis from 0 and dates under the columns.
      const ticks = await chart.locator('.column-chart__tick').allTextContents();
      expect(ticks.length, title).toBeGreaterThanOrEqual(2);
      expect(ticks[0], title).toMatch(/^(€\s)?0$/);
      expect(await chart.locator('.column-chart__label').count(), title).toBeGreaterThanOrEqual(4);
      // A column for each day with a count, none for a day of 0.
      const drawn = await chart
        .locator('.column-chart__bar')
        .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('data-key')));
      expect(drawn, title).toEqual(days.filter((day) => day[figure] > 0).map((day) => day.date));
      // The numbers, for screen readers, in a table of 30 days.
      await expect(chart.getByRole('row')).toHaveCount(31);
    }
    // Today someone registered (this run's users); on most of the 30 days nobody did.
    const users = page.getByRole('figure', { name: new RegExp(`^${trends.newUsers}`) });
    const columns = await users.locator('.column-chart__bar').count();
    expect(columns).toBeGreaterThan(0);
    expect(columns).toBeLessThan(30);
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(width);
    await page.screenshot({
      path: screenshotPath(testInfo, `look-admin-${width}`),
      fullPage: true,
    });
    await expectNoAxeViolations(page, 'admin overview');

    // An admin search that finds no one offers to clear it.
    await page.goto('/admin?tab=users');
    await page.getByLabel(SCREEN_TEXTS.admin.searchUsers).fill('niemand-met-deze-naam');
    await page.getByRole('button', { name: SCREEN_TEXTS.common.search }).click();
    await expect(page.getByRole('heading', { name: SCREEN_TEXTS.admin.noUsers })).toBeVisible();
    await page.getByRole('button', { name: EMPTY_STATE_TEXTS.admin.clearFilters }).click();
    await expect(page.getByRole('rowheader', { name: ADMIN_EMAIL })).toBeVisible();
    await page.context().close();
  });
}
