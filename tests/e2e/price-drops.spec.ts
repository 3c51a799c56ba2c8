/**
 * Price drops and price history in the browser: a REGISTERED user sees the option
 * on the manage page, locked with the plan message; once PRO they switch it on, a seller
 * lowers an ad's price on the marketplace double, and the notification centre shows the drop —
 * filtered by its kind, the old price struck through, the price history behind a disclosure.
 * Every screen axe clean.
 */
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  MANAGE_ALERT_TEXTS,
  PRICE_DROP_TEXTS,
  SCREEN_TEXTS,
} from '@prijsalarm/core';
import type { MyAlertsResponse } from '@prijsalarm/core';
import {
  apiCall,
  createAlertViaApi,
  expect,
  publishAd,
  registerUser,
  repriceAd,
  setPlan,
  test,
  waitForFirstCheck,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';

const form = PRICE_DROP_TEXTS.form;
const manage = MANAGE_ALERT_TEXTS;
const centre = SCREEN_TEXTS.notifications;

test('price drops: locked below PRO, switched on as PRO, a drop shown with its history', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A word no other test's ads contain, so only this alert matches.
  const word = `e2edaling${Date.now().toString(36)}`;
  const user = await registerUser(page, 'daling');
  const created = await createAlertViaApi(page, { searchTerm: word, maxPrice: 200 });
  const managePath = new URL(created.manageUrl).pathname;

  // REGISTERED: the option is there, locked, with the plan message.
  await page.goto(managePath);
  await page.getByRole('button', { name: manage.actions.edit }).click();
  const toggle = page.getByRole('checkbox', { name: form.enabled });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription(ACCESS_TEXTS.proOnly);
  let violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  // PRO: switched on with a minimum percent, saved, and kept.
  await setPlan(user.email, 'PRO');
  await page.goto(managePath);
  await page.getByRole('button', { name: manage.actions.edit }).click();
  await toggle.check();
  await page.getByRole('textbox', { name: form.percent }).fill('5');
  violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.getByRole('button', { name: manage.edit.save }).click();
  await expect(page.getByText(manage.saved)).toBeVisible();
  const savedAt = Date.now();
  const { alerts } = await apiCall<MyAlertsResponse>(page.request, 'GET', '/api/alerts/my-alerts');
  expect(alerts.find((alert) => alert.id === created.id)?.priceDrop).toEqual({
    enabled: true,
    percent: 5,
  });

  // The engine: an ad at € 150 comes in as new; the seller lowers it to € 120. With price drops
  // on, the alert searches without its max price: the first check of that search comes first.
  await expect
    .poll(
      async () => {
        const checked = (await waitForFirstCheck(page, created.id)).lastCheckedAt;
        return checked !== null && Date.parse(checked) > savedAt + 1000;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const title = `Gazelle ${word}`;
  const ad = await publishAd({ title, priceCents: 15_000 });
  const count = async (path: string) =>
    (await apiCall<{ notifications: unknown[] }>(page.request, 'GET', path)).notifications.length;
  await expect.poll(() => count('/api/notifications'), { timeout: 30_000 }).toBe(1);
  await repriceAd(ad.itemId, 12_000);
  await expect.poll(() => count('/api/notifications?kind=price_drop'), { timeout: 30_000 }).toBe(1);

  // The notification centre, filtered on drops.
  await page.goto('/notifications?kind=price_drop');
  const list = page.getByRole('list', { name: centre.listLabel });
  const card = list.getByRole('article', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(card.getByText(PRICE_DROP_TEXTS.kinds.price_drop)).toBeVisible();
  await expect(card.locator('s')).toHaveText('€ 150,00');
  await expect(card.getByText('€ 120,00')).toBeVisible();
  await expect(page.getByLabel(PRICE_DROP_TEXTS.kindFilter)).toHaveValue('price_drop');

  // The price history, opened with the keyboard: a table of dates and prices beside the drawing.
  await card.locator('summary', { hasText: PRICE_DROP_TEXTS.history.heading }).focus();
  await page.keyboard.press('Enter');
  const table = card.getByRole('table', { name: PRICE_DROP_TEXTS.history.chartLabel(title) });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: '€ 150,00' })).toBeVisible();
  await expect(table.getByRole('cell', { name: '€ 120,00' })).toBeVisible();
  await expect(card.locator('svg.price-history__chart path')).toHaveAttribute('d', /^M.+H.+V/);
  violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
});

test('the wizard offers price drops on its last step: locked for REGISTERED, chosen as PRO', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const wizard = ALERT_FORM_TEXTS.wizard;
  const user = await registerUser(page, 'daling-wizard');
  const toSummary = async (searchTerm: string) => {
    await page.goto('/prijsalarm-maken');
    const radio = page.getByRole('radio', { name: /Marktplaats/ });
    await page.locator('label').filter({ has: radio }).click();
    await page.getByRole('button', { name: wizard.next, exact: true }).click();
    await page.getByRole('button', { name: wizard.skip }).click();
    await page.getByLabel(ALERT_FORM_TEXTS.fields.searchTerm).fill(searchTerm);
    await page.getByRole('button', { name: wizard.next, exact: true }).click();
    await page.getByLabel(ALERT_FORM_TEXTS.fields.maxPrice).fill('250');
    // Through the advanced step when the plan has one.
    while (
      !(await page.getByRole('heading', { level: 2, name: wizard.steps.summary }).isVisible())
    ) {
      await page.getByRole('button', { name: wizard.next, exact: true }).click();
    }
  };

  await toSummary('bakfiets');
  const toggle = page.getByRole('checkbox', { name: form.enabled });
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription(ACCESS_TEXTS.proOnly);
  let violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  await setPlan(user.email, 'PRO');
  await toSummary('cargobike');
  await toggle.check();
  await page.getByRole('textbox', { name: form.percent }).fill('10');
  violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();
  await expect(page).toHaveURL(/\/manage\/[A-Za-z0-9_-]+$/, { timeout: 10_000 });
  await expect(page.getByText(form.summary(10))).toBeVisible();
});
