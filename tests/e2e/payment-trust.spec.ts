/**
 * What a buyer sees around paying, at 1280 and 390 px: the pricing page says "incl. btw" and shows
 * iDEAL; a guest who picks Pro can make an account and lands back at the checkout; after paying,
 * the return page says what was bought, for how much (with the btw part), which month, when the
 * next charge comes (or "eenmalig" for extra alerts) and the receipt with the seller's name,
 * address, KvK and btw-nummer, which opens as a printable page; the footer and the terms name the
 * company the same way. Every screen axe clean, none scrolling sideways.
 */
import { COMPANY, COMPANY_ADDRESS, PAYMENT_TEXTS } from '@prijsalarm/core';
import type { Page } from '@playwright/test';
import {
  createAccount,
  expect,
  horizontalOverflow,
  linkIn,
  logIn,
  test,
  uniqueEmail,
  USER_PASSWORD,
  waitForMail,
} from './fixtures';
import { axeViolations, describeViolations } from './support/axe';

const texts = PAYMENT_TEXTS;
/** Money as the pages write it ('€ 7,95', with a no-break space). */
const money = (amount: string) => new RegExp(`€\\s${amount}`);

async function expectCleanScreen(page: Page, width: number, name: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${name}: ${describeViolations(violations)}`).toEqual([]);
  const { scrollWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);
}

/** The seller as a receipt, the footer and the terms must name it. */
async function expectCompanyDetails(page: Page, scope = page.locator('body')): Promise<void> {
  await expect(scope).toContainText(COMPANY.legalName);
  await expect(scope).toContainText(COMPANY.streetAddress);
  await expect(scope).toContainText(`${COMPANY.postalCode} ${COMPANY.city}`);
  await expect(scope).toContainText(COMPANY.chamberOfCommerceNumber);
  await expect(scope).toContainText(`Btw-nummer ${COMPANY.vatNumber}`);
}

/** '29 november 2026', as the pages write dates (Amsterdam's calendar). */
const dutchDate = (date: Date) =>
  new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'Europe/Amsterdam' }).format(
    date,
  );
const dayOf = (date: Date) =>
  new Intl.DateTimeFormat('nl-NL', { day: 'numeric', timeZone: 'Europe/Amsterdam' }).format(date);

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('buying Pro, then extra alerts: the return page says what, how much, which month, the next charge or eenmalig, and the receipt', async ({
      page,
    }) => {
      const user = await createAccount(`bon${width}`);
      await logIn(page, user);

      await page.goto('/pricing');
      await page.getByRole('button', { name: texts.pricing.buyPro }).click();
      await expect(page.getByRole('heading', { name: texts.products.pro })).toBeVisible();
      const paidOn = new Date();
      await page.getByRole('button', { name: /Betaald/ }).click();

      await expect(page).toHaveURL(/\/payment\/callback\?payment=/);
      await expect(page.getByText(texts.callback.successPro)).toBeVisible();
      const monthLater = new Date(paidOn);
      monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
      const purchase = page.getByRole('region', { name: 'Je aankoop' });
      await expect(purchase).toContainText(texts.products.pro);
      await expect(purchase).toContainText(/€\s7,95 incl\. btw \(waarvan €\s1,38 btw\)/);
      await expect(purchase).toContainText(texts.callback.period);
      await expect(purchase).toContainText(
        new RegExp(`${dayOf(paidOn)} [a-z]+( \\d{4})? – ${dutchDate(monthLater)}`),
      );
      await expect(purchase).toContainText(texts.callback.nextCharge);
      await expect(purchase).toContainText(`${dutchDate(monthLater)}, `);
      const receipt = page.getByRole('region', { name: /^Bon PA-\d{6}$/ });
      await expectCompanyDetails(page, receipt);
      await expectCleanScreen(page, width, 'the return page after Pro');

      await receipt.getByRole('link', { name: texts.callback.viewReceipt }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: /^Betalingsbewijs PA-\d{6}$/ }),
      ).toBeVisible();
      await expectCompanyDetails(page);
      await expect(page.locator('main')).toContainText(money('6,57'));
      await expect(page.locator('main')).toContainText(money('1,38'));
      await expect(page.getByRole('button', { name: texts.receipt.print })).toBeVisible();
      await expectCleanScreen(page, width, 'the receipt');

      // Extra alerts are bought once: no period, no next charge.
      await page.goto('/my-account?tab=subscription');
      await page.getByLabel(texts.subscription.quantityLabel).fill('2');
      await page
        .getByRole('button', { name: texts.subscription.buyExtraAlerts(2, '€ 2,00') })
        .click();
      await page.getByRole('button', { name: /Betaald/ }).click();
      await expect(page.getByText(texts.callback.successExtraAlerts(2))).toBeVisible();
      const extra = page.getByRole('region', { name: 'Je aankoop' });
      await expect(extra).toContainText(texts.products.extraAlerts(2));
      await expect(extra).toContainText(/€\s2,00 incl\. btw \(waarvan €\s0,35 btw\)/);
      await expect(extra).toContainText(texts.callback.oneOff);
      await expect(extra).not.toContainText(texts.callback.nextCharge);
      await expectCompanyDetails(page, page.getByRole('region', { name: /^Bon PA-\d{6}$/ }));
      await expectCleanScreen(page, width, 'the return page after extra alerts');
    });

    test('a guest who picks Pro makes an account and comes back to the checkout', async ({
      page,
    }) => {
      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Alle prijzen zijn in euro en inclusief 21% btw.')).toBeVisible();
      await expect(page.getByRole('img', { name: 'iDEAL' }).first()).toBeVisible();
      const proCard = page.locator('.plan--featured');
      await expect(proCard).toContainText(/€\s7,95 per maand incl\. btw/);
      await expect(proCard.getByRole('link', { name: 'Inloggen' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: texts.pricing.extraAlertsTitle }),
      ).toContainText('Geregistreerd of Pro');
      await expectCompanyDetails(page, page.getByRole('contentinfo'));
      await expectCleanScreen(page, width, 'the pricing page');

      await proCard.getByRole('link', { name: 'Account aanmaken' }).click();
      await expect(page).toHaveURL(/\/register\?redirect=/);
      const email = uniqueEmail(`kassa${width}`);
      await page.getByLabel('E-mailadres').fill(email);
      await page.getByLabel('Wachtwoord', { exact: true }).fill(USER_PASSWORD);
      await page.getByRole('button', { name: 'Account aanmaken' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Controleer je e-mail' }),
      ).toBeVisible();

      const mail = await waitForMail(email, 'Bevestig je e-mailadres');
      await page.goto(linkIn(mail, '/verify/'));
      await expect(page).toHaveURL(/\/pricing\?checkout=pro$/);
      const checkout = page.getByRole('region', { name: texts.checkout.title });
      await expect(checkout).toContainText(/€\s7,95 incl\. btw \(waarvan €\s1,38 btw\)/);
      await expect(checkout.getByRole('img', { name: 'iDEAL' })).toBeVisible();
      await expectCleanScreen(page, width, 'the checkout');
      await checkout.getByRole('button', { name: texts.pricing.buyPro }).click();
      await expect(page.getByRole('heading', { name: texts.products.pro })).toBeVisible();
    });

    test('the footer and the terms name the address, KvK and btw-nummer', async ({ page }) => {
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main')).toContainText(COMPANY_ADDRESS);
      await expect(page.locator('main')).toContainText(COMPANY.chamberOfCommerceNumber);
      await expect(page.locator('main')).toContainText(COMPANY.vatNumber);
      await expectCompanyDetails(page, page.getByRole('contentinfo'));
      await expectCleanScreen(page, width, 'the terms');
    });
  });
}
