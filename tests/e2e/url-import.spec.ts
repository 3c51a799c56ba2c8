/**
 * Starting an alert from a marketplace search link: pasted into the guest form on the home page
 * and typed into the signed-in wizard, the link fills the form, the parts it cannot carry are
 * named, and a 2dehands link the plan lacks gets core's plan message instead of a switch.
 */
import type { Locator, Page } from '@playwright/test';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  IMPORT_URL_TEXTS,
  formatPriceRange,
  type MyAlertsResponse,
} from '@prijsalarm/core';
import {
  apiCall,
  escapeRegExp,
  expect,
  horizontalOverflow,
  registerUser,
  test,
  uniqueEmail,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';

const fields = ALERT_FORM_TEXTS.fields;
const NARROW_WIDTH = 360;

/** What a browser puts on the clipboard and the field receives as a paste. */
async function paste(field: Locator, text: string) {
  await field.focus();
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

function notTakenOver(page: Page) {
  return page.getByRole('status').filter({ hasText: IMPORT_URL_TEXTS.notTakenOver });
}

async function expectNoAxeViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

test('a guest pastes a Marktplaats search link into the home page form, at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: NARROW_WIDTH, height: 800 });
  await page.goto('/');
  const form = page.getByRole('form', { name: ALERT_FORM_TEXTS.guest.formLabel });
  const link = page.getByLabel(IMPORT_URL_TEXTS.label);

  await paste(
    link,
    'https://www.marktplaats.nl/q/gazelle+racefiets/#postcode:3511AB|distanceMeters:10000|PriceCentsFrom:5000|PriceCentsTo:25000|f:14055|sortBy:SORT_INDEX|sortOrder:DECREASING',
  );

  await expect(form.getByLabel(fields.searchTerm)).toHaveValue('gazelle racefiets');
  await expect(form.getByLabel(fields.maxPrice)).toHaveValue('250');
  await expect(form.getByLabel(fields.postalCode)).toHaveValue('3511 AB');
  await expect(form.getByLabel(fields.distance)).toHaveValue('10');
  const notes = notTakenOver(page);
  await expect(notes).toContainText(IMPORT_URL_TEXTS.notInGuestForm('Minimumprijs'));
  await expect(notes).toContainText(IMPORT_URL_TEXTS.filterUnsupported('Direct Kopen (14055)'));
  await expect(notes).toContainText(IMPORT_URL_TEXTS.sortIgnored);

  const { scrollWidth } = await horizontalOverflow(page);
  expect(scrollWidth, 'the home page scrolls sideways at 360 px').toBeLessThanOrEqual(NARROW_WIDTH);
  await expectNoAxeViolations(page);

  // A 2dehands link needs an account: the plan message, and the form stays as it was.
  await link.fill('https://www.2dehands.be/q/fiets/#postcode:2000');
  await link.press('Enter');
  await expect(link).toHaveAttribute('aria-invalid', 'true');
  await expect(link).toHaveAccessibleDescription(
    new RegExp(escapeRegExp(ACCESS_TEXTS.accountRequiredForPlatform('2dehands'))),
  );
  await expect(form.getByLabel(fields.searchTerm)).toHaveValue('gazelle racefiets');
  await expectNoAxeViolations(page);

  // The filled form is sent as it is.
  await form.getByLabel(fields.email).fill(uniqueEmail('zoeklink'));
  await form.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ALERT_FORM_TEXTS.result.successTitle }),
  ).toBeVisible();
});

test('a signed-in user types a car search link into the wizard and creates the alert', async ({
  page,
}) => {
  await registerUser(page, 'zoeklink');
  await page.goto('/prijsalarm-maken');
  const steps = ALERT_FORM_TEXTS.wizard.steps;
  await expect(page.getByRole('heading', { level: 2, name: steps.platform })).toBeVisible();
  const link = page.getByLabel(IMPORT_URL_TEXTS.label);

  // REGISTERED has no 2dehands: core's plan message, and the platform is not switched (its
  // only platform, Marktplaats, stays chosen).
  await link.fill('https://www.2dehands.be/l/auto-s/#q:golf');
  await link.press('Enter');
  await expect(link).toHaveAccessibleDescription(
    new RegExp(escapeRegExp(ACCESS_TEXTS.noPlatformAccess('2dehands'))),
  );
  await expect(page.getByRole('radio', { name: /Marktplaats/ })).toBeChecked();

  await link.fill(
    'https://www.marktplaats.nl/l/auto-s/volkswagen/#q:golf+variant|postcode:1016LV|distanceMeters:20000|PriceCentsFrom:500000|PriceCentsTo:1500000|constructionYearFrom:2018|mileageTo:150000|f:31|offeredSince:Gisteren',
  );
  await page.getByRole('button', { name: IMPORT_URL_TEXTS.submit }).click();

  await expect(page.getByRole('heading', { level: 2, name: steps.summary })).toBeVisible();
  const summary = page.locator('.summary');
  await expect(summary).toContainText('golf variant');
  await expect(summary).toContainText("Auto's › Volkswagen");
  await expect(summary).toContainText(formatPriceRange(5000, 15000));
  await expect(summary).toContainText('binnen 25 km van 1016 LV');
  const notes = notTakenOver(page);
  await expect(notes).toContainText(IMPORT_URL_TEXTS.distanceRounded(20, 25));
  await expect(notes).toContainText(IMPORT_URL_TEXTS.offeredSinceIgnored);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ALERT_FORM_TEXTS.result.successTitle }),
  ).toBeVisible();
  const { alerts } = await apiCall<MyAlertsResponse>(page.request, 'GET', '/api/alerts/my-alerts');
  expect(alerts[0]).toMatchObject({
    searchTerm: 'golf variant',
    platforms: ['marktplaats'],
    minPrice: 5000,
    maxPrice: 15000,
    postalCode: '1016 LV',
    distance: 25,
    customFilters: { yearMin: 2018, mileageMax: 150000, conditions: ['as_good_as_new'] },
  });
});
