/**
 * An admin changes a user's plan: the admin moves a user from REGISTERED to PRO in /admin; once
 * the user's pages refetch, the dashboard and the wizard follow the new plan.
 */
import { ACCESS_TEXTS, DEFAULT_PLAN_CONSTANTS, PLAN_LABELS, SCREEN_TEXTS } from '@prijsalarm/core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createAccount, expect, logIn, test } from './fixtures';

const adminTexts = SCREEN_TEXTS.admin;
const limits = DEFAULT_PLAN_CONSTANTS.alertLimits;
const usage = (limit: number | null) => SCREEN_TEXTS.dashboard.alertsUsed(0, limit);

test('an admin changes a user plan and the user gets the new plan limits', async ({
  page,
  browser,
}) => {
  const user = await createAccount('plan');
  await logIn(page, user);
  await expect(page.getByText(usage(limits.REGISTERED))).toBeVisible();
  await expect(page.getByText(PLAN_LABELS.REGISTERED, { exact: true })).toBeVisible();
  await page.goto('/dashboard/create');
  await expect(page.getByText(ACCESS_TEXTS.noPlatformAccess('2dehands'))).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: adminTexts.tabs.users }).click();
  await admin.getByLabel(adminTexts.searchUsers).fill(user.email);
  await admin.getByLabel(adminTexts.searchUsers).press('Enter');
  const planSelect = admin.getByLabel(adminTexts.planOf(user.email));
  await expect(planSelect).toHaveValue('REGISTERED');
  await planSelect.selectOption('PRO');
  await expect(admin.getByText(adminTexts.planChanged(user.email, PLAN_LABELS.PRO))).toBeVisible();
  await adminContext.close();

  // The user's next look: the dashboard shows Pro and its limit, the wizard offers 2dehands.
  await page.goto('/dashboard');
  await expect(page.getByText(usage(limits.PRO))).toBeVisible();
  await expect(page.getByText(PLAN_LABELS.PRO, { exact: true })).toBeVisible();
  await page.goto('/dashboard/create');
  await expect(page.getByRole('radio', { name: /2dehands/ })).toBeVisible();
  await expect(page.getByText(ACCESS_TEXTS.noPlatformAccess('2dehands'))).toHaveCount(0);
});
