/**
 * Plans and checks as a Dutch user meets them: a purchase reaches every open tab and browser (the
 * dashboard counts, not only the header); one alert states one check interval on the wizard, its
 * manage page and the dashboard, with a next check that really moves, and "Wacht op bevestiging"
 * before its confirmation; an alert card has one primary action and the rest in a keyboard menu.
 */
import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  CHECK_TEXTS,
  MANAGE_ALERT_TEXTS,
  PAYMENT_TEXTS,
  PLAN_LABELS,
  SCREEN_TEXTS,
  WEB_TEXTS,
  alertStatusLabel,
  formatCheckInterval,
} from '@prijsalarm/core';
import type { CreateAlertResponse, PublicSettings } from '@prijsalarm/core';
import {
  createAccount,
  createAlertViaApi,
  expect,
  horizontalOverflow,
  logIn,
  registerUser,
  test,
  uniqueEmail,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';
import { e2eEnv } from './support/env';

const dashboard = SCREEN_TEXTS.dashboard;
const payments = PAYMENT_TEXTS;
const wizardTexts = ALERT_FORM_TEXTS.wizard;
/** Where the before/after pictures of the dashboard go (the lead's review, not the test's result). */
const SHOTS = process.env.PLANS_SHOTS_DIR;

async function settings(): Promise<PublicSettings> {
  return (await (await fetch(`${e2eEnv().baseUrl}/api/settings/public`)).json()) as PublicSettings;
}

/** The dashboard's "Alerts" figure, e.g. "0 van 5 alerts gebruikt". */
function usage(page: Page) {
  return page.locator('.stats__item').filter({ hasText: WEB_TEXTS.dashboard.alerts });
}

/** A row of a details list (wizard summary, manage page) by its exact label. */
function detailsRow(page: Page, label: string) {
  return page
    .locator('.details__row')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) });
}

/** The value of a fact on an alert card ("Controle", "Volgende controle"). */
function factOf(card: Locator, label: string) {
  return card
    .locator('.alert-card__facts > div')
    .filter({ has: card.page().locator('dt').getByText(label, { exact: true }) })
    .locator('dd');
}

function planFigure(page: Page) {
  return page.locator('.stats__item').filter({ hasText: WEB_TEXTS.dashboard.plan });
}

test('buying Pro and extra alerts in one tab: the other tab and another browser follow at once', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const { alertLimits } = await settings();
  const user = await createAccount('volgt');
  await logIn(page, user);
  await createAlertViaApi(page, { searchTerm: 'kinderfiets' });

  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(usage(second)).toContainText(dashboard.alertsUsed(1, alertLimits.REGISTERED));
  const otherBrowser = await browser.newContext();
  const elsewhere = await otherBrowser.newPage();
  await logIn(elsewhere, user);
  await expect(usage(elsewhere)).toContainText(dashboard.alertsUsed(1, alertLimits.REGISTERED));

  await page.goto('/pricing');
  await page.getByRole('button', { name: payments.pricing.buyPro }).click();
  await page.getByRole('button', { name: /Betaald/ }).click();
  await expect(page.getByText(payments.callback.successPro)).toBeVisible();

  // Without a reload: the plan AND what depends on it, in this browser's other tab and elsewhere.
  for (const other of [second, elsewhere]) {
    await expect(planFigure(other)).toContainText(PLAN_LABELS.PRO);
    await expect(usage(other)).toContainText(dashboard.alertsUsed(1, alertLimits.PRO));
  }

  await page.goto('/my-account?tab=subscription');
  await page.getByLabel(payments.subscription.quantityLabel).fill('2');
  await page
    .getByRole('button', { name: payments.subscription.buyExtraAlerts(2, '€ 2,00') })
    .click();
  await page.getByRole('button', { name: /Betaald/ }).click();
  await expect(page.getByText(payments.callback.successExtraAlerts(2))).toBeVisible();
  for (const other of [second, elsewhere]) {
    await expect(usage(other)).toContainText(dashboard.alertsUsed(1, alertLimits.PRO! + 2));
  }
  await otherBrowser.close();
});

test('one alert, one interval: the wizard, its manage page and the dashboard agree, and the next check moves', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { checkIntervals } = await settings();
  const interval = formatCheckInterval(checkIntervals.REGISTERED);
  await registerUser(page, 'ritme');

  await page.goto('/prijsalarm-maken');
  const radio = page.getByRole('radio', { name: /Marktplaats/ });
  await page.locator('label').filter({ has: radio }).click();
  await page.getByRole('button', { name: wizardTexts.next, exact: true }).click();
  await page.getByRole('button', { name: wizardTexts.skip }).click();
  await page.getByLabel(ALERT_FORM_TEXTS.fields.searchTerm).fill('bakfiets');
  await page.getByRole('button', { name: wizardTexts.next, exact: true }).click();
  await page.getByRole('button', { name: wizardTexts.next, exact: true }).click();
  await page.getByRole('button', { name: wizardTexts.next, exact: true }).click();
  const summary = page
    .locator('.details__row')
    .filter({ hasText: ALERT_FORM_TEXTS.summary.checkInterval });
  await expect(summary).toContainText(interval);
  await page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();

  await expect(page).toHaveURL(/\/manage\/[A-Za-z0-9_-]+$/, { timeout: 10_000 });
  await expect(detailsRow(page, MANAGE_ALERT_TEXTS.details.checkInterval)).toContainText(interval);
  await expect(detailsRow(page, CHECK_TEXTS.nextCheck)).toContainText(
    /over \d+ seconden?|over \d+ minuten?|nu bezig/,
  );

  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'bakfiets' });
  await expect(factOf(card, dashboard.checkInterval)).toHaveText(interval);
  // The engine here checks every 2 s: the planned check the card shows moves on by itself.
  const next = factOf(card, dashboard.nextCheck).locator('time');
  const first = await next.getAttribute('datetime');
  expect(first).not.toBeNull();
  await expect(next).toHaveText(/^over \d+ seconden?$/);
  await expect.poll(() => next.getAttribute('datetime'), { timeout: 20_000 }).not.toBe(first);
  await expect(card).not.toContainText(/Volgende controle\s*nu$/);
});

test('a guest alert before its confirmation says "Wacht op bevestiging", with no next check', async ({
  page,
  playwright,
}) => {
  const guest = await playwright.request.newContext({ baseURL: e2eEnv().baseUrl });
  const csrf = await guest.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const created = await guest.post('/api/alerts', {
    headers: { 'x-csrf-token': csrfToken },
    data: { searchTerm: 'regenjas', email: uniqueEmail('wacht') },
  });
  expect(created.status()).toBe(201);
  const { alert } = (await created.json()) as CreateAlertResponse;
  await guest.dispose();

  await page.goto(new URL(alert.manageUrl).pathname);
  await expect(detailsRow(page, MANAGE_ALERT_TEXTS.details.expiresAt)).toHaveText(
    new RegExp(`${MANAGE_ALERT_TEXTS.details.expiresAt}\\s*${CHECK_TEXTS.awaitingConfirmation}`),
  );
  await expect(detailsRow(page, CHECK_TEXTS.nextCheck)).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`an alert card at ${width} px: one primary action, the rest in a keyboard menu`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await registerUser(page, `kaart${width}`);
    await createAlertViaApi(page, { searchTerm: 'racefiets', maxPrice: 400 });
    await createAlertViaApi(page, { searchTerm: 'iphone 13' });
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: 'racefiets' });
    await expect(card).toBeVisible();
    const actions = card.locator('.alert-card__actions');
    await expect(actions.locator('.button--primary')).toHaveCount(1);
    await expect(actions.getByRole('link', { name: `${dashboard.edit}: racefiets` })).toBeVisible();
    await expect(actions.getByRole('button')).toHaveCount(1);

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/after-dashboard-${width}.png`, fullPage: true });
    }
    expect(describeViolations(await axeViolations(page))).toBe('');
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);

    // Keyboard only: open, move, close back onto the button, then pause through the menu.
    const more = actions.getByRole('button', { name: `${dashboard.moreActions}: racefiets` });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = card.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      dashboard.pause,
      dashboard.extend,
      dashboard.delete,
    ]);
    await expect(
      menu.getByRole('menuitem', { name: `${dashboard.pause}: racefiets` }),
    ).toBeFocused();
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('ArrowUp');
    await expect(
      menu.getByRole('menuitem', { name: `${dashboard.delete}: racefiets` }),
    ).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(more).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(
      menu.getByRole('menuitem', { name: `${dashboard.pause}: racefiets` }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card.getByText(alertStatusLabel('paused'), { exact: true })).toBeVisible();
    await expect(
      actions.getByRole('button', { name: `${dashboard.resume}: racefiets` }),
    ).toHaveClass(/button--primary/);
  });
}
