/**
 * Payments end to end: a REGISTERED user pays for Pro on the Mollie double's iDEAL checkout page,
 * comes back to /payment/callback, and is Pro everywhere: in this tab's menu, in a second open tab
 * (the plan change is broadcast to the other tabs), and in the capabilities (2dehands). A failed
 * payment leaves the plan as it was and offers a retry. Then two extra alerts, cancel, and the
 * receipts; the admin sees the payments in /admin.
 */
import {
  ACCESS_TEXTS,
  PAYMENT_TEXTS,
  PLAN_LABELS,
  SCREEN_TEXTS,
  WEB_TEXTS,
} from '@prijsalarm/core';
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createAccount,
  expect,
  logIn,
  test,
  waitForMail,
} from './fixtures';

const texts = PAYMENT_TEXTS;

async function planInMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: WEB_TEXTS.shell.profileMenu }).click();
}

test('a REGISTERED user upgrades to Pro with iDEAL, and a second tab follows', async ({
  page,
  context,
  browser,
}) => {
  const user = await createAccount('pro');
  await logIn(page, user);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(
    second.getByRole('heading', { level: 1, name: WEB_TEXTS.dashboard.title }),
  ).toBeVisible();

  await page.goto('/pricing');
  await page.getByRole('button', { name: texts.pricing.buyPro }).click();

  // The double's hosted checkout: the tester picks the outcome.
  await expect(page.getByRole('heading', { name: texts.products.pro })).toBeVisible();
  await expect(page.getByText(/€ 7,95/)).toBeVisible();
  await page.getByRole('button', { name: /Betaald/ }).click();

  await expect(page).toHaveURL(/\/payment\/callback\?payment=/);
  await expect(page.getByText(texts.callback.successPro)).toBeVisible();
  await planInMenu(page);
  await expect(page.getByText(WEB_TEXTS.shell.plan(PLAN_LABELS.PRO))).toBeVisible();

  // The other tab learned it without a reload.
  await planInMenu(second);
  await expect(second.getByText(WEB_TEXTS.shell.plan(PLAN_LABELS.PRO))).toBeVisible();

  // Capabilities allow 2dehands now.
  await page.goto('/dashboard/create');
  await expect(page.getByRole('radio', { name: /2dehands/ })).toBeVisible();
  await expect(page.getByText(ACCESS_TEXTS.noPlatformAccess('2dehands'))).toHaveCount(0);

  // The receipt: by mail and in the subscription tab.
  const mail = await waitForMail(user.email, 'betalingsbewijs');
  expect(mail.text).toMatch(/Totaal: €\s7,95/);
  await page.goto('/my-account?tab=subscription');
  await expect(page.getByText(texts.subscription.nextCharge)).toBeVisible();
  await expect(page.getByText(/PA-\d{6}/).first()).toBeVisible();

  // Two extra alerts, then cancel: Pro stays to the end of the paid period.
  await page.getByLabel(texts.subscription.quantityLabel).fill('2');
  await page.getByRole('button', { name: texts.subscription.buyExtraAlerts(2, '€ 2,00') }).click();
  await page.getByRole('button', { name: /Betaald/ }).click();
  await expect(page.getByText(texts.callback.successExtraAlerts(2))).toBeVisible();
  await page.getByRole('link', { name: texts.callback.toSubscription }).click();
  await expect(page.getByText(texts.subscription.extraAlertsOwned(2))).toBeVisible();
  await page.getByRole('button', { name: texts.subscription.cancel }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: texts.subscription.cancelYes })
    .click();
  await expect(page.getByText(/Je abonnement is opgezegd\. Je houdt Pro tot/)).toBeVisible();

  // The admin sees the month's figures in the stats and the payments in the Betalingen tab.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  await admin.goto('/admin');
  await expect(admin.getByText(texts.admin.revenueThisMonth)).toBeVisible();
  await expect(admin.getByText(texts.admin.activePro)).toBeVisible();
  await admin.getByRole('tab', { name: SCREEN_TEXTS.admin.tabs.payments }).click();
  const rows = admin
    .getByRole('table', { name: SCREEN_TEXTS.admin.tabs.payments })
    .getByRole('row')
    .filter({ hasText: user.email });
  await expect(rows.filter({ hasText: texts.products.pro })).toContainText(texts.status.paid);
  await expect(rows).toHaveCount(2);
  await adminContext.close();
});

for (const [outcome, button, message] of [
  ['failed', /Mislukt/, texts.callback.failed],
  ['canceled', /Geannuleerd/, texts.callback.canceled],
] as const) {
  test(`a ${outcome} payment leaves the plan as it was and offers a retry`, async ({ page }) => {
    const user = await createAccount(outcome);
    await logIn(page, user);
    await page.goto('/my-account?tab=subscription');
    await page.getByRole('button', { name: texts.pricing.buyPro }).click();
    await page.getByRole('button', { name: button }).click();

    await expect(page.getByText(message)).toBeVisible();
    await planInMenu(page);
    await expect(page.getByText(WEB_TEXTS.shell.plan(PLAN_LABELS.REGISTERED))).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: texts.callback.retry }).click();
    await expect(page.getByRole('heading', { name: texts.products.pro })).toBeVisible();
  });
}
