/**
 * Quiet hours and digests in the browser: a signed-in user picks a daily digest with quiet hours in
 * the wizard's last step (explained in Dutch, axe clean), sees it on the alert's manage page, is
 * told in Dutch when the quiet hours start where they end, and switches back to instant.
 */
import type { Page } from '@playwright/test';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  MANAGE_ALERT_TEXTS,
  SCHEDULE_TEXTS,
} from '@prijsalarm/core';
import { axeViolations, describeViolations } from './support/axe';
import { expect, registerUser, test } from './fixtures';

const wizard = ALERT_FORM_TEXTS.wizard;
const form = SCHEDULE_TEXTS.form;

/** axe on the page, the support chat's greeting bubble included when it has popped up. */
async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

const next = (page: Page) => page.getByRole('button', { name: wizard.next, exact: true }).click();

test('a daily digest with quiet hours from the wizard, changed on the manage page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerUser(page, 'schema');
  const searchTerm = `bakfiets${Date.now().toString(36)}`;

  await page.goto('/prijsalarm-maken');
  const radio = page.getByRole('radio', { name: /Marktplaats/ });
  await page.locator('label').filter({ has: radio }).click();
  await next(page);
  await page.getByRole('button', { name: wizard.skip }).click();
  await page.getByLabel(ALERT_FORM_TEXTS.fields.searchTerm).fill(searchTerm);
  await next(page);
  await next(page);
  await next(page);
  await expect(page.getByRole('heading', { level: 2, name: wizard.steps.summary })).toBeVisible();

  // Instant is the default; the choice is explained.
  await expect(page.getByRole('radio', { name: form.modes.instant })).toBeChecked();
  await expect(page.getByText(form.modeHelp)).toBeVisible();
  await page.getByRole('radio', { name: form.modes.daily }).check();
  await page.getByLabel(form.dailyHourLabel).selectOption({ label: form.hourOption(7) });
  await page.getByLabel(form.quietToggle).check();
  await expect(page.getByText(form.quietHelp)).toBeVisible();
  await expect(page.getByLabel(form.quietStartLabel)).toHaveValue('23:00');
  await page.getByLabel(form.quietEndLabel).fill('06:30');
  const summary = form.summary('daily', 7, { start: '23:00', end: '06:30' });
  await expect(page.getByRole('definition').filter({ hasText: summary })).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();
  await expect(page).toHaveURL(/\/manage\/[A-Za-z0-9_-]+$/, { timeout: 10_000 });
  await expect(page.getByRole('definition').filter({ hasText: summary })).toBeVisible();

  await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.actions.edit }).click();
  await expect(page.getByRole('radio', { name: form.modes.daily })).toBeChecked();
  await expect(page.getByLabel(form.quietEndLabel)).toHaveValue('06:30');
  await page.getByLabel(form.quietEndLabel).fill('23:00');
  await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.edit.save }).click();
  await expect(page.getByText(SCHEDULE_TEXTS.errors.quietSameTimes)).toBeVisible();
  await expectAxeClean(page);

  await page.getByRole('radio', { name: form.modes.instant }).check();
  await page.getByLabel(form.quietToggle).uncheck();
  await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.edit.save }).click();
  await expect(page.getByText(MANAGE_ALERT_TEXTS.saved)).toBeVisible();
  await expect(
    page.getByRole('definition').filter({ hasText: form.summary('instant', null, null) }),
  ).toBeVisible();
});
