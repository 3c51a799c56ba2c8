/**
 * The alert form's validation: bad input is refused with core's Dutch messages, beside the field it
 * concerns, and nothing is created. The guest form on home, then the wizard.
 */
import type { Page } from '@playwright/test';
import { ALERT_FIELD_TEXTS, ALERT_FORM_TEXTS, MAX_PRICE } from '@prijsalarm/core';
import { expect, expectFieldError, mailsTo, registerUser, test, uniqueEmail } from './fixtures';

const fields = ALERT_FORM_TEXTS.fields;
const messages = ALERT_FIELD_TEXTS;

function guestForm(page: Page) {
  return page.getByRole('form', { name: ALERT_FORM_TEXTS.guest.formLabel });
}

test('the guest form refuses bad input with the spec messages', async ({ page }) => {
  const email = uniqueEmail('fout');
  await page.goto('/');
  const form = guestForm(page);
  const submit = form.getByRole('button', { name: messages.submit });

  // Nothing filled in (the button says so with aria-disabled; Enter still sends the form): search
  // term and e-mail are required.
  await expect(submit).toHaveAttribute('aria-disabled', 'true');
  await form.getByLabel(fields.maxPrice).press('Enter');
  await expectFieldError(form.getByLabel(fields.searchTerm), messages.searchTermRequired);
  await expectFieldError(form.getByLabel(fields.email), messages.emailRequired);
  // The focus goes to the first field in error.
  await expect(form.getByLabel(fields.searchTerm)).toBeFocused();

  await form.getByLabel(fields.searchTerm).fill('<script>fiets');
  await form.getByLabel(fields.maxPrice).fill(String(MAX_PRICE + 1));
  await form.getByLabel(fields.email).fill(email);
  await submit.click();
  await expectFieldError(form.getByLabel(fields.searchTerm), messages.searchTermNoAngleBrackets);
  await expectFieldError(form.getByLabel(fields.maxPrice), messages.priceTooHigh);

  // A partial postal code is refused, with an example of the format.
  await form.getByLabel(fields.searchTerm).fill('fiets');
  await form.getByLabel(fields.maxPrice).fill(String(MAX_PRICE));
  await form.getByLabel(fields.postalCode).fill('12');
  await submit.click();
  await expectFieldError(
    form.getByLabel(fields.postalCode),
    messages.postalCodeInvalidExample('1234 AB'),
  );

  // The highest allowed price and a full postal code pass.
  await form.getByLabel(fields.postalCode).fill('1234AB');
  await submit.click();
  await expect(
    page.getByRole('status').filter({ hasText: ALERT_FORM_TEXTS.result.successTitle }),
  ).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
});

test('the wizard refuses an empty or unsafe search term and a too high price', async ({ page }) => {
  await registerUser(page, 'wizardfout');
  await page.goto('/prijsalarm-maken');
  const wizard = ALERT_FORM_TEXTS.wizard;
  const nextButton = page.getByRole('button', { name: wizard.next, exact: true });
  const stepHeading = (step: keyof typeof wizard.steps) =>
    page.getByRole('heading', { level: 2, name: wizard.steps[step] });

  // The platform card (the search-link field's label names Marktplaats too).
  const marktplaats = page.getByRole('radio', { name: /Marktplaats/ });
  await page.locator('label').filter({ has: marktplaats }).click();
  await nextButton.click();
  await page.getByRole('button', { name: wizard.skip }).click();
  await expect(stepHeading('search')).toBeVisible();

  // An empty search term is refused with 'Zoekterm is verplicht' on step 2.
  await nextButton.click();
  await expect(stepHeading('search')).toBeVisible();
  await expectFieldError(page.getByLabel(fields.searchTerm), messages.searchTermRequired);

  await page.getByLabel(fields.searchTerm).fill('fiets <b>');
  await nextButton.click();
  await expectFieldError(page.getByLabel(fields.searchTerm), messages.searchTermNoAngleBrackets);
  await expect(stepHeading('search')).toBeVisible();

  await page.getByLabel(fields.searchTerm).fill('fiets');
  await nextButton.click();
  await expect(stepHeading('priceLocation')).toBeVisible();
  await page.getByLabel(fields.maxPrice).fill(String(MAX_PRICE + 1));
  await nextButton.click();
  await expectFieldError(page.getByLabel(fields.maxPrice), messages.priceTooHigh);
  await expect(stepHeading('priceLocation')).toBeVisible();
  await page.getByLabel(fields.maxPrice).fill('500');
  await page.getByLabel(fields.postalCode).fill('99');
  await nextButton.click();
  await expectFieldError(
    page.getByLabel(fields.postalCode),
    messages.postalCodeInvalidExample('1234 AB'),
  );
  await expect(stepHeading('priceLocation')).toBeVisible();
  await page.getByLabel(fields.postalCode).fill('9999ZZ');
  await nextButton.click();
  await expect(stepHeading('advanced')).toBeVisible();
});
