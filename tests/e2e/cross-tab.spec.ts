/**
 * Cross-tab: two tabs of one browser share the session. Logging in in one makes the
 * other leave /login for /dashboard; logging out in one resets the other and sends it from
 * /dashboard to /.
 */
import { STRINGS } from '@prijsalarm/core';
import { createAccount, expect, test } from './fixtures';

test('logging in and out in one tab does the same in the other', async ({ page, context }) => {
  const user = await createAccount('tabs');
  const first = page;
  const second = await context.newPage();
  await first.goto('/login');
  await second.goto('/login');
  await expect(
    second.getByRole('heading', { level: 1, name: STRINGS.web.login.loginTitle }),
  ).toBeVisible();

  await first.getByLabel(STRINGS.web.login.email).fill(user.email);
  await first.getByLabel(STRINGS.web.login.password, { exact: true }).fill(user.password);
  await first.getByRole('button', { name: STRINGS.web.login.submitLogin, exact: true }).click();
  await expect(first).toHaveURL(/\/dashboard$/);

  // The other tab adopts the user without a reload and leaves the login page.
  await expect(second).toHaveURL(/\/dashboard$/);
  await expect(
    second.getByRole('heading', { level: 1, name: STRINGS.web.dashboard.title }),
  ).toBeVisible();

  await first.getByRole('button', { name: STRINGS.web.shell.profileMenu }).click();
  await first.getByRole('button', { name: STRINGS.navigation.logout }).click();
  await expect(first).toHaveURL(/\/$/);

  // The other tab resets: it leaves /dashboard for / and shows the guest menu.
  await expect(second).toHaveURL(/\/$/);
  const menu = second.getByRole('navigation', { name: STRINGS.web.shell.mainNavigation });
  await expect(menu.getByRole('link', { name: STRINGS.navigation.login })).toBeVisible();
  await expect(menu.getByRole('link', { name: STRINGS.navigation.dashboard })).toHaveCount(0);
});
