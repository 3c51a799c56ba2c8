/**
 * The guest alert form on the home page and the token link: a visitor without an account makes an
 * alert on the home page, confirms it from the mail and lands on its manage page. Once with the
 * mouse, once with the keyboard alone.
 */
import type { Page } from '@playwright/test';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  MANAGE_ALERT_TEXTS,
  WEB_TEXTS,
  alertStatusLabel,
} from '@prijsalarm/core';
import { expect, linkIn, test, uniqueEmail, waitForMail } from './fixtures';

const fields = ALERT_FORM_TEXTS.fields;

function guestForm(page: Page) {
  return page.getByRole('form', { name: ALERT_FORM_TEXTS.guest.formLabel });
}

/** The confirmation link of the mail opens the manage page, which shows the confirmed alert. */
async function confirmFromMail(page: Page, email: string, searchTerm: string) {
  const mail = await waitForMail(email, `Bevestig je prijsalarm voor "${searchTerm}"`);
  const confirmLink = linkIn(mail, '/manage/');
  expect(confirmLink).toContain('?bevestig=');
  await page.goto(confirmLink);
  await expect(
    page.getByRole('heading', { level: 1, name: WEB_TEXTS.manageAlert.title }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: searchTerm })).toBeVisible();
  await expect(page.getByText(alertStatusLabel('active'), { exact: true })).toBeVisible();
  await expect(page.getByText(MANAGE_ALERT_TEXTS.statusHints.active)).toBeVisible();
}

test('a guest creates an alert on the home page, confirms it by mail and manages it', async ({
  page,
}) => {
  const email = uniqueEmail('gast');
  await page.goto('/');
  const form = guestForm(page);
  await form.getByLabel(fields.searchTerm).fill('racefiets');
  await form.getByLabel(fields.maxPrice).fill('250');
  const distance = form.getByLabel(fields.distance);
  await expect(distance).toBeDisabled();
  const postalCode = form.getByLabel(fields.postalCode);
  await postalCode.fill('1234ab');
  // Marktplaats postal codes are upper-cased and formatted '1234 AB'.
  await expect(postalCode).toHaveValue('1234 AB');
  await expect(distance).toBeEnabled();
  await distance.selectOption('10');
  await form.getByLabel(fields.email).fill(email);
  await form.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();

  await expect(
    page.getByRole('status').filter({ hasText: ALERT_FORM_TEXTS.result.successTitle }),
  ).toBeVisible();

  await confirmFromMail(page, email, 'racefiets');
  await expect(page.getByText('tot € 250', { exact: true })).toBeVisible();
  await expect(page.getByText('binnen 10 km van 1234 AB')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test('a guest creates an alert with the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('toetsenbord');
  await page.goto('/');
  const form = guestForm(page);
  const searchTerm = form.getByLabel(fields.searchTerm);
  await expect(searchTerm).toBeVisible();

  // Tab from the top of the page until the search term field has the focus: the skip link, the
  // menu and the hero come first, in the order they are read.
  for (let presses = 0; presses < 30; presses += 1) {
    if (await searchTerm.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(searchTerm).toBeFocused();
  await page.keyboard.type('kinderfiets');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(fields.maxPrice)).toBeFocused();
  await page.keyboard.type('75');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(fields.postalCode)).toBeFocused();
  await page.keyboard.type('3511 ab');
  await page.keyboard.press('Tab');
  const distance = form.getByLabel(fields.distance);
  await expect(distance).toBeFocused();
  // A closed select changes with the arrow keys: the first option after 'Heel het land' is 3 km.
  await page.keyboard.press('ArrowDown');
  await expect(distance).toHaveValue('3');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel(fields.email)).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  const submit = form.getByRole('button', { name: ALERT_FIELD_TEXTS.submit });
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');

  // The success card takes the focus, so a keyboard user is told and stays in place.
  const success = page
    .getByRole('status')
    .filter({ hasText: ALERT_FORM_TEXTS.result.successTitle });
  await expect(success).toBeFocused();

  await confirmFromMail(page, email, 'kinderfiets');
  await expect(page.getByText('binnen 3 km van 3511 AB')).toBeVisible();
});
