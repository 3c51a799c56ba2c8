/**
 * The signed-in alert wizard with each plan's feature gating, platform access and role: a new
 * account registers, verifies from the mail and makes alerts with the wizard under each plan's
 * rules, as the admin moves it from FREE to REGISTERED to PRO.
 */
import type { Page } from '@playwright/test';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  AUTH_TEXTS,
  PAYMENT_TEXTS,
  PLAN_LABELS,
  SCREEN_TEXTS,
  UPGRADE_PATH,
  WEB_TEXTS,
  alertStatusLabel,
  canBuyExtraAlerts,
} from '@prijsalarm/core';
import { USER_PASSWORD, expect, linkIn, setPlan, test, uniqueEmail, waitForMail } from './fixtures';

const wizardTexts = ALERT_FORM_TEXTS.wizard;
const fields = ALERT_FORM_TEXTS.fields;

function wizardStep(page: Page, step: keyof typeof wizardTexts.steps) {
  return expect(
    page.getByRole('heading', { level: 2, name: wizardTexts.steps[step] }),
  ).toBeVisible();
}

/** Clicks a platform card (its radio button sits under the card's face, as on a real card). */
async function choosePlatform(page: Page, name: 'Marktplaats' | '2dehands') {
  const radio = page.getByRole('radio', { name: new RegExp(name) });
  await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

async function next(page: Page) {
  await page.getByRole('button', { name: wizardTexts.next, exact: true }).click();
}

/** Submits on the summary step and follows the success card to the new alert's manage page. */
async function submitAndOpenManagePage(page: Page, searchTerm: string) {
  await wizardStep(page, 'summary');
  await page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ALERT_FORM_TEXTS.result.successTitle }),
  ).toBeVisible();
  // After 3 s the wizard goes to /manage/{last segment of manageUrl}.
  await expect(page).toHaveURL(/\/manage\/[A-Za-z0-9_-]+$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 2, name: searchTerm })).toBeVisible();
  await expect(page.getByText(alertStatusLabel('active'), { exact: true })).toBeVisible();
}

test('register, verify from the mail, and make alerts under the FREE, REGISTERED and PRO rules', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('wizard');

  // Register through the screen; the verification mail's link logs in and opens the dashboard.
  await page.goto('/register');
  await page.getByLabel(WEB_TEXTS.login.email).fill(email);
  await page.getByLabel(WEB_TEXTS.login.password, { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: WEB_TEXTS.login.submitRegister }).click();
  await expect(page.getByRole('status').filter({ hasText: AUTH_TEXTS.registered })).toBeVisible();
  const mail = await waitForMail(email, 'Bevestig je e-mailadres');
  await page.goto(linkIn(mail, '/verify/'));
  await expect(page).toHaveURL(/\/dashboard$/);
  // A new account starts on REGISTERED; the admin first puts it on FREE, the most limited plan.
  await expect(page.getByText(PLAN_LABELS.REGISTERED, { exact: true })).toBeVisible();
  await setPlan(email, 'FREE');

  // FREE: Marktplaats only (2dehands shows the plan message), no minimum price, no extra filters.
  await page.goto('/prijsalarm-maken');
  await wizardStep(page, 'platform');
  await expect(page.getByText(ACCESS_TEXTS.noPlatformAccess('2dehands'))).toBeVisible();
  await expect(page.getByRole('radio', { name: /2dehands/ })).toHaveCount(0);
  await choosePlatform(page, 'Marktplaats');
  await next(page);
  await wizardStep(page, 'category');
  await page.getByRole('button', { name: wizardTexts.skip }).click();
  await wizardStep(page, 'search');
  await page.getByLabel(fields.searchTerm).fill('racefiets');
  await next(page);
  await wizardStep(page, 'priceLocation');
  const minPrice = page.getByLabel(fields.minPrice);
  await expect(minPrice).toBeDisabled();
  await expect(
    page.getByText(ACCESS_TEXTS.availableFromPlan(PLAN_LABELS.REGISTERED)),
  ).toBeVisible();
  await page.getByLabel(fields.maxPrice).fill('300');
  await next(page);
  // No advanced step for FREE: straight to notifications and summary.
  await wizardStep(page, 'summary');
  await expect(page.getByText('tot € 300', { exact: true })).toBeVisible();
  await submitAndOpenManagePage(page, 'racefiets');

  // FREE's one alert is used: the wizard says so and offers the upgrade, and extra alerts only
  // where core's rule lets the plan buy them.
  await page.goto('/prijsalarm-maken');
  await expect(page.getByText(ALERT_FIELD_TEXTS.maxAlertsReached)).toBeVisible();
  await expect(
    page.getByRole('link', { name: SCREEN_TEXTS.dashboard.upgrade, exact: true }),
  ).toHaveAttribute('href', UPGRADE_PATH);
  const buyExtra = page.getByRole('link', { name: PAYMENT_TEXTS.maxAlerts.buy });
  if (canBuyExtraAlerts('FREE')) {
    await expect(buyExtra).toHaveAttribute('href', '/my-account?tab=subscription#extra-alerts');
  } else {
    await expect(buyExtra).toHaveCount(0);
  }

  // REGISTERED: the minimum price and the delivery and image filters unlock.
  await setPlan(email, 'REGISTERED');
  await page.goto('/prijsalarm-maken');
  await wizardStep(page, 'platform');
  await expect(page.getByText(ACCESS_TEXTS.noPlatformAccess('2dehands'))).toBeVisible();
  await choosePlatform(page, 'Marktplaats');
  await next(page);
  await page.getByRole('button', { name: wizardTexts.skip }).click();
  await page.getByLabel(fields.searchTerm).fill('bakfiets');
  await next(page);
  await wizardStep(page, 'priceLocation');
  await expect(page.getByLabel(fields.minPrice)).toBeEnabled();
  await page.getByLabel(fields.minPrice).fill('100');
  await page.getByLabel(fields.maxPrice).fill('900');
  await next(page);
  await wizardStep(page, 'advanced');
  await expect(page.getByLabel(ALERT_FORM_TEXTS.advanced.onlyWithImages)).toBeEnabled();
  // Paid ads stay PRO-only.
  await expect(page.getByLabel(ALERT_FORM_TEXTS.advanced.includePaidAds)).toBeDisabled();
  await expect(page.getByText(ACCESS_TEXTS.proOnly)).toBeVisible();
  await page.getByLabel(ALERT_FORM_TEXTS.advanced.onlyWithImages).check();
  await next(page);
  await expect(page.getByText('€ 100 – € 900')).toBeVisible();
  await submitAndOpenManagePage(page, 'bakfiets');
  await expect(page.getByText('€ 100 – € 900')).toBeVisible();

  // PRO: 2dehands can be picked, with its own postal code rule (digits only, max 4).
  await setPlan(email, 'PRO');
  await page.goto('/prijsalarm-maken');
  await wizardStep(page, 'platform');
  await expect(page.getByText(ACCESS_TEXTS.noPlatformAccess('2dehands'))).toHaveCount(0);
  await choosePlatform(page, '2dehands');
  await next(page);
  await page.getByRole('button', { name: wizardTexts.skip }).click();
  await page.getByLabel(fields.searchTerm).fill('vouwfiets');
  await next(page);
  await wizardStep(page, 'priceLocation');
  const postalCode = page.getByLabel(fields.postalCode);
  // Typed key by key: letters are dropped as they come.
  await postalCode.pressSequentially('1a000');
  await expect(postalCode).toHaveValue('1000');
  await next(page);
  await wizardStep(page, 'advanced');
  await expect(page.getByLabel(ALERT_FORM_TEXTS.advanced.includePaidAds)).toBeEnabled();
  await next(page);
  await submitAndOpenManagePage(page, 'vouwfiets');
  await expect(page.getByRole('definition').filter({ hasText: '2dehands' })).toBeVisible();
});
