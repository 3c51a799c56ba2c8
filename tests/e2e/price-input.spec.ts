/**
 * A price typed the Dutch way: "1.000" is a thousand, "1.000,50", "400,-", "€ 400", "400" and
 * "12,5" are read as a Dutch reader reads them, in the guest form, the wizard, the manage page and
 * the notification centre's filter; "abc" gets core's Dutch message under its field (marked
 * invalid, tied to it for screen readers) and is never stored as "no price". A form sent with
 * several bad fields shows every message at once. At 1280 and at 390 px, axe clean.
 */
import type { Page } from '@playwright/test';
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  formatPriceRange,
  MANAGE_ALERT_TEXTS,
  SCREEN_TEXTS,
  type CreateAlertResponse,
  type ManageAlertResponse,
  type MyAlertsResponse,
} from '@prijsalarm/core';
import {
  apiCall,
  expect,
  expectFieldError,
  horizontalOverflow,
  registerUser,
  screenshotPath,
  test,
  uniqueEmail,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';

const fields = ALERT_FORM_TEXTS.fields;
const messages = ALERT_FIELD_TEXTS;
const wizardTexts = ALERT_FORM_TEXTS.wizard;
const centre = SCREEN_TEXTS.notifications;

/** What is typed, the euros meant, and how every screen says it (core's words for a price). */
const DUTCH_PRICES: readonly [typed: string, euros: number, shown: string][] = (
  [
    ['1.000', 1000],
    ['1.000,50', 1000.5],
    ['400,-', 400],
    ['€ 400', 400],
    ['400', 400],
    ['12,5', 12.5],
  ] as const
).map(([typed, euros]) => [typed, euros, formatPriceRange(null, euros)]);

const VIEWPORTS = [
  { name: '1280 px', width: 1280, height: 900 },
  { name: '390 px', width: 390, height: 844 },
] as const;

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

function guestForm(page: Page) {
  return page.getByRole('form', { name: ALERT_FORM_TEXTS.guest.formLabel });
}

/** The stored alert behind a manage URL, read through the API as its manage page reads it. */
async function storedAlert(page: Page, manageUrl: string) {
  const token = new URL(manageUrl).pathname.split('/').pop()!;
  const { alert } = await apiCall<ManageAlertResponse>(
    page.request,
    'GET',
    `/api/alerts/manage/${token}`,
  );
  return alert;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the guest form shows every bad field at once, "abc" included', async ({
      page,
    }, testInfo) => {
      const created: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/alerts')) {
          created.push(request.postData() ?? '');
        }
      });
      await page.goto('/');
      const form = guestForm(page);
      await form.getByLabel(fields.maxPrice).fill('abc');
      await form.getByLabel(fields.postalCode).fill('12');
      await form.getByLabel(fields.maxPrice).press('Enter');
      await expect(form.getByLabel(fields.searchTerm)).toHaveAttribute('aria-invalid', 'true');
      await form.screenshot({ path: screenshotPath(testInfo, `guest-abc-${viewport.width}`) });

      await expectFieldError(form.getByLabel(fields.searchTerm), messages.searchTermRequired);
      await expectFieldError(form.getByLabel(fields.maxPrice), messages.priceInvalid);
      await expectFieldError(
        form.getByLabel(fields.postalCode),
        messages.postalCodeInvalidExample('1234 AB'),
      );
      await expectFieldError(form.getByLabel(fields.email), messages.emailRequired);
      await expect(form.getByLabel(fields.searchTerm)).toBeFocused();
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);

      // With every other field right, "abc" alone still stops the alert.
      await form.getByLabel(fields.searchTerm).fill('fiets');
      await form.getByLabel(fields.postalCode).fill('');
      await form.getByLabel(fields.email).fill(uniqueEmail('abc'));
      await form.getByRole('button', { name: messages.submit }).click();
      await expectFieldError(form.getByLabel(fields.maxPrice), messages.priceInvalid);
      await expect(form.getByLabel(fields.maxPrice)).toBeFocused();
      await form.getByLabel(fields.maxPrice).fill('1,500');
      await form.getByRole('button', { name: messages.submit }).click();
      await expectFieldError(form.getByLabel(fields.maxPrice), messages.priceSeparators);
      expect(created).toEqual([]);
    });

    test('the guest form stores each Dutch price as the amount meant', async ({ page }) => {
      test.setTimeout(90_000);
      for (const [index, [typed, euros, shown]] of DUTCH_PRICES.entries()) {
        await page.goto('/');
        const form = guestForm(page);
        await form.getByLabel(fields.searchTerm).fill(`prijs ${index}`);
        await form.getByLabel(fields.maxPrice).fill(typed);
        await form.getByLabel(fields.email).fill(uniqueEmail('prijs'));
        const answer = page.waitForResponse(
          (response) =>
            response.request().method() === 'POST' && response.url().endsWith('/api/alerts'),
        );
        await form.getByRole('button', { name: messages.submit }).click();
        const response = await answer;
        expect(response.status(), `${typed}: ${await response.text()}`).toBe(201);
        const { alert } = (await response.json()) as CreateAlertResponse;
        expect((await storedAlert(page, alert.manageUrl)).maxPrice, typed).toBe(euros);
        if (index === 0) {
          // The first one all the way to its manage page, where its price reads as meant.
          await expect(page).toHaveURL(/\/manage\//, { timeout: 10_000 });
          await expect(page.getByText(shown)).toBeVisible();
        }
      }
    });

    test('the wizard, the manage page and the notification filter read Dutch prices', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await registerUser(page, 'prijswizard');
      await page.goto('/prijsalarm-maken');
      const next = page.getByRole('button', { name: wizardTexts.next, exact: true });
      const previous = page.getByRole('button', { name: wizardTexts.previous, exact: true });
      const stepHeading = (step: keyof typeof wizardTexts.steps) =>
        page.getByRole('heading', { level: 2, name: wizardTexts.steps[step] });
      const marktplaats = page.getByRole('radio', { name: /Marktplaats/ });
      await page.locator('label').filter({ has: marktplaats }).click();
      await next.click();
      await page.getByRole('button', { name: wizardTexts.skip }).click();
      await page.getByLabel(fields.searchTerm).fill('prijswizard');
      await next.click();
      await expect(stepHeading('priceLocation')).toBeVisible();

      // Every bad field of the step at once, each under its own field.
      await page.getByLabel(fields.minPrice).fill('abc');
      await page.getByLabel(fields.maxPrice).fill('1,500');
      await page.getByLabel(fields.postalCode).fill('12');
      await next.click();
      await expectFieldError(page.getByLabel(fields.minPrice), messages.priceInvalid);
      await expectFieldError(page.getByLabel(fields.maxPrice), messages.priceSeparators);
      await expectFieldError(
        page.getByLabel(fields.postalCode),
        messages.postalCodeInvalidExample('1234 AB'),
      );
      await expect(stepHeading('priceLocation')).toBeVisible();
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);

      // A minimum of "1.000" is a thousand: above a maximum of 400.
      await page.getByLabel(fields.minPrice).fill('1.000');
      await page.getByLabel(fields.maxPrice).fill('400');
      await page.getByLabel(fields.postalCode).fill('');
      await next.click();
      await expectFieldError(page.getByLabel(fields.minPrice), messages.minAboveMax);
      await page.getByLabel(fields.minPrice).fill('');

      // Each Dutch price passes the step and reads as meant in the summary.
      for (const [typed, , shown] of DUTCH_PRICES) {
        await page.getByLabel(fields.maxPrice).fill(typed);
        await next.click();
        await expect(stepHeading('advanced')).toBeVisible();
        await next.click();
        await expect(stepHeading('summary')).toBeVisible();
        await expect(page.getByText(shown), typed).toBeVisible();
        await previous.click();
        await previous.click();
        await expect(stepHeading('priceLocation')).toBeVisible();
      }

      // "1.000,50" is sent and stored as € 1.000,50.
      await page.getByLabel(fields.maxPrice).fill('1.000,50');
      await next.click();
      await next.click();
      await page.getByRole('button', { name: messages.submit }).click();
      await expect(page).toHaveURL(/\/manage\//, { timeout: 15_000 });
      const { alerts } = await apiCall<MyAlertsResponse>(
        page.request,
        'GET',
        '/api/alerts/my-alerts',
      );
      const stored = alerts.find((alert) => alert.searchTerm === 'prijswizard');
      expect(stored?.maxPrice).toBe(1000.5);

      // The manage page: "abc" is refused under its field; "€ 1.000,-" saved as a thousand.
      await expect(page.getByText(formatPriceRange(null, 1000.5))).toBeVisible();
      await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.actions.edit }).click();
      await expect(page.getByLabel(fields.maxPrice)).toHaveValue('1000,50');
      await page.getByLabel(fields.maxPrice).fill('abc');
      await page.getByLabel(fields.postalCode).fill('12');
      await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.edit.save }).click();
      await expectFieldError(page.getByLabel(fields.maxPrice), messages.priceInvalid);
      await expectFieldError(
        page.getByLabel(fields.postalCode),
        messages.postalCodeInvalidExample('1234 AB'),
      );
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await page.getByLabel(fields.maxPrice).fill('€ 1.000,-');
      await page.getByLabel(fields.postalCode).fill('');
      await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.edit.save }).click();
      await expect(page.getByText(MANAGE_ALERT_TEXTS.saved)).toBeVisible();
      await expect(page.getByText(formatPriceRange(null, 1000), { exact: true })).toBeVisible();

      // The notification centre's price filter.
      await page.goto('/notifications');
      const filters = page.getByRole('form', { name: centre.filters });
      // On a phone the filters start folded away; on a wide screen they open themselves.
      if (viewport.width < 720) await page.locator('summary', { hasText: centre.filters }).click();
      await expect(filters).toBeVisible();
      await filters.getByLabel(centre.minPrice).fill('abc');
      await filters.getByLabel(centre.maxPrice).fill('1.000');
      await filters.getByRole('button', { name: centre.apply }).click();
      await expectFieldError(filters.getByLabel(centre.minPrice), messages.priceInvalid);
      await expect(page).toHaveURL(/\/notifications$/);
      await expectAxeClean(page);
      await filters.getByLabel(centre.minPrice).fill('€ 12,5');
      await filters.getByRole('button', { name: centre.apply }).click();
      await expect(page).toHaveURL(/\/notifications\?minPrice=12\.5&maxPrice=1000$/);
      await expect(filters.getByLabel(centre.minPrice)).toHaveValue('12,50');
    });
  });
}
