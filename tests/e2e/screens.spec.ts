/**
 * The main screens as people see them, with real content (a PRO user with alerts and found ads,
 * an admin): a screenshot of each at 1280 and 360 px (test-results/screens, artefacts only), no
 * sideways scrolling at 360 px (spec: responsive from 360 px), and axe finding no accessibility
 * violation of any impact on every one of them (at 1280 px, on the page the picture was taken of).
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ALERT_FORM_TEXTS, PAYMENT_TEXTS, SCREEN_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import type { NotificationListResponse } from '@prijsalarm/core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  apiCall,
  createAlertViaApi,
  expect,
  fullPageScreenshot,
  horizontalOverflow,
  logIn,
  publishAd,
  registerUser,
  screenshotPath,
  setPlan,
  test,
  waitForFirstCheck,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';
import { e2eEnv } from './support/env';

type Who = 'guest' | 'user' | 'admin';

interface Screen {
  name: string;
  who: Who;
  path: () => string;
  /** Visible once the screen shows its content (lazy chunks and API answers are in). */
  ready: (page: Page) => Locator;
}

let manageUrl = '';
const word = `e2escherm${Date.now().toString(36)}`;

const SCREENS: Screen[] = [
  {
    name: 'home',
    who: 'guest',
    path: () => '/',
    ready: (page) => page.getByRole('form', { name: ALERT_FORM_TEXTS.guest.formLabel }),
  },
  {
    name: 'login',
    who: 'guest',
    path: () => '/login',
    ready: (page) => page.getByRole('form', { name: WEB_TEXTS.login.loginTitle }),
  },
  {
    name: 'wizard',
    who: 'user',
    path: () => '/prijsalarm-maken',
    ready: (page) =>
      page.getByRole('heading', { level: 2, name: ALERT_FORM_TEXTS.wizard.steps.platform }),
  },
  {
    name: 'manage',
    who: 'user',
    path: () => new URL(manageUrl).pathname,
    ready: (page) => page.getByRole('heading', { level: 2, name: word }),
  },
  {
    name: 'dashboard',
    who: 'user',
    path: () => '/dashboard',
    ready: (page) => page.getByRole('list', { name: SCREEN_TEXTS.dashboard.alertsLabel }),
  },
  {
    name: 'my-account',
    who: 'user',
    path: () => '/my-account',
    ready: (page) => page.getByRole('tablist', { name: WEB_TEXTS.myAccount.tabsLabel }),
  },
  {
    name: 'my-account-integrations',
    who: 'user',
    path: () => '/my-account?tab=integrations',
    ready: (page) => page.getByRole('link', { name: SCREEN_TEXTS.myAccount.telegramConnect }),
  },
  {
    name: 'my-account-sessions',
    who: 'user',
    path: () => '/my-account?tab=sessions',
    ready: (page) => page.getByText(SCREEN_TEXTS.myAccount.sessionCurrent).first(),
  },
  // Payments.
  {
    name: 'pricing',
    who: 'guest',
    path: () => '/pricing',
    ready: (page) => page.getByRole('list', { name: WEB_TEXTS.pricing.plansLabel }),
  },
  {
    name: 'my-account-subscription',
    who: 'user',
    path: () => '/my-account?tab=subscription',
    ready: (page) => page.getByRole('heading', { name: PAYMENT_TEXTS.subscription.extraAlerts }),
  },
  {
    name: 'notifications',
    who: 'user',
    path: () => '/notifications',
    ready: (page) =>
      page
        .getByRole('list', { name: SCREEN_TEXTS.notifications.listLabel })
        .getByRole('article')
        .first(),
  },
  {
    name: 'admin',
    who: 'admin',
    path: () => '/admin',
    ready: (page) => page.getByRole('tablist', { name: SCREEN_TEXTS.admin.tabsLabel }),
  },
  {
    name: 'admin-settings',
    who: 'admin',
    path: () => '/admin?tab=settings',
    ready: (page) =>
      page.getByRole('form', { name: SCREEN_TEXTS.admin.settings.pricing, exact: true }),
  },
  {
    name: 'admin-users',
    who: 'admin',
    path: () => '/admin?tab=users',
    ready: (page) => page.getByRole('table', { name: SCREEN_TEXTS.admin.tabs.users }),
  },
  {
    name: 'admin-payments',
    who: 'admin',
    path: () => '/admin?tab=payments',
    // The list, or the empty state of a database without payments yet.
    ready: (page) =>
      page
        .getByRole('table', { name: SCREEN_TEXTS.admin.tabs.payments })
        .or(page.getByText(PAYMENT_TEXTS.admin.empty)),
  },
];

const NARROW_WIDTH = 360;

/** Where this worker keeps a session (each worker prepares accounts of its own). */
const storageFile = (who: Exclude<Who, 'guest'>) =>
  path.join(test.info().project.outputDir, '.auth', `${who}-${test.info().workerIndex}.json`);

/** A PRO user with two alerts and found ads, and the admin: their sessions saved once. */
async function prepareAccounts(browser: Browser) {
  const baseURL = e2eEnv().baseUrl;
  mkdirSync(path.dirname(storageFile('user')), { recursive: true });

  const userContext = await browser.newContext({ baseURL });
  const page = await userContext.newPage();
  const user = await registerUser(page, 'scherm');
  await setPlan(user.email, 'PRO');
  const alert = await createAlertViaApi(page, { searchTerm: word, maxPrice: 500 });
  manageUrl = alert.manageUrl;
  await createAlertViaApi(page, {
    searchTerm: 'racefiets carbon',
    postalCode: '3511 AB',
    distance: 25,
  });
  await waitForFirstCheck(page, alert.id);
  await publishAd({ title: `Gazelle ${word} damesfiets, 7 versnellingen`, priceCents: 17_500 });
  await publishAd({ title: `Batavus ${word} met lage instap`, priceCents: 9_950 });
  await expect
    .poll(
      async () =>
        (await apiCall<NotificationListResponse>(page.request, 'GET', '/api/notifications'))
          .pagination.total,
      { timeout: 30_000, message: 'the found ads to be recorded' },
    )
    .toBe(2);
  await userContext.storageState({ path: storageFile('user') });
  await userContext.close();

  const adminContext = await browser.newContext({ baseURL });
  await logIn(await adminContext.newPage(), { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await adminContext.storageState({ path: storageFile('admin') });
  await adminContext.close();
}

async function openScreen(browser: Browser, screen: Screen, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eEnv().baseUrl,
    viewport: { width, height: width < 600 ? 780 : 900 },
    ...(screen.who === 'guest' ? {} : { storageState: storageFile(screen.who) }),
  });
  const page = await context.newPage();
  await page.goto(screen.path());
  await expect(screen.ready(page)).toBeVisible();
  // Scroll through the page as a reader would: what loads only when scrolled near (home's
  // carousel, prices and FAQ) is drawn before the picture is taken.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  // Let lazy images, fonts and the chat widget (loaded a while after the load event) settle
  // before the picture is taken.
  await page.waitForLoadState('networkidle');
  return page;
}

test.describe('main screens', () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000);
    await prepareAccounts(browser);
  });

  for (const width of [1280, NARROW_WIDTH]) {
    const withAxe = width === 1280;
    test(`every main screen at ${width} px${withAxe ? ', and axe finds no violations' : ''}`, async ({
      browser,
    }, testInfo) => {
      // Each screen opens in a browser context of its own, is scrolled through and waits for the
      // network to settle: a budget per screen, so a loaded machine or another screen does not
      // end the run halfway.
      test.setTimeout(SCREENS.length * 20_000);
      for (const screen of SCREENS) {
        const page = await openScreen(browser, screen, width);
        await fullPageScreenshot(page, screenshotPath(testInfo, `${screen.name}-${width}`));
        if (width === NARROW_WIDTH) {
          const { scrollWidth } = await horizontalOverflow(page);
          expect
            .soft(scrollWidth, `${screen.name} scrolls sideways at ${width} px`)
            .toBeLessThanOrEqual(width);
        }
        // Once, on the page as drawn for the picture (every section shown): the markup is the
        // same at both widths.
        if (withAxe) {
          const violations = await axeViolations(page);
          expect
            .soft(violations, `axe on ${screen.name}:\n${describeViolations(violations)}`)
            .toEqual([]);
        }
        await page.context().close();
      }
    });
  }
});
