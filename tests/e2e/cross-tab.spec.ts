/**
 * Cross-tab: two tabs of one browser share the session. Logging in in one makes the
 * other leave /login for /dashboard; logging out in one resets the other and sends it from
 * /dashboard to /.
 */
import { APP_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import { createAccount, expect, test } from './fixtures';

test('logging in and out in one tab does the same in the other', async ({ page, context }) => {
  const user = await createAccount('tabs');
  const first = page;
  const second = await context.newPage();
  await first.goto('/login');
  await second.goto('/login');
  await expect(
    second.getByRole('heading', { level: 1, name: WEB_TEXTS.login.loginTitle }),
  ).toBeVisible();

  await first.getByLabel(WEB_TEXTS.login.email).fill(user.email);
  await first.getByLabel(WEB_TEXTS.login.password, { exact: true }).fill(user.password);
  await first.getByRole('button', { name: WEB_TEXTS.login.submitLogin, exact: true }).click();
  await expect(first).toHaveURL(/\/dashboard$/);

  // The other tab adopts the user without a reload and leaves the login page.
  await expect(second).toHaveURL(/\/dashboard$/);
  await expect(
    second.getByRole('heading', { level: 1, name: WEB_TEXTS.dashboard.title }),
  ).toBeVisible();

  await first.getByRole('button', { name: WEB_TEXTS.shell.profileMenu }).click();
  await first.getByRole('button', { name: APP_TEXTS.navigation.logout }).click();
  await expect(first).toHaveURL(/\/$/);

  // The other tab resets: it leaves /dashboard for / and shows the guest menu.
  await expect(second).toHaveURL(/\/$/);
  const menu = second.getByRole('navigation', { name: WEB_TEXTS.shell.mainNavigation });
  await expect(menu.getByRole('link', { name: APP_TEXTS.navigation.login })).toBeVisible();
  await expect(menu.getByRole('link', { name: APP_TEXTS.navigation.dashboard })).toHaveCount(0);
});
