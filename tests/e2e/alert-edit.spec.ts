/**
 * Changing a saved alert, as a Dutch user meets it: a PRO user makes a car alert whose
 * summary lists every filter in words with units, "Bewerken" opens the wizard filled in at every
 * step, and the new platform, filters and channels show on the dashboard and the manage page,
 * which edits every field of the alert too. A REGISTERED user cannot switch on a PRO filter while
 * editing, but keeps one a former plan allowed. A guest's manage link shows and edits every field
 * of the guest's alert. Each at 1280 and 390 px, axe clean, without sideways scrolling.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  ACCESS_TEXTS,
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  MANAGE_ALERT_TEXTS,
  PRICE_DROP_TEXTS,
  SCHEDULE_TEXTS,
  SCREEN_TEXTS,
  TELEGRAM_TEXTS,
} from '@prijsalarm/core';
import type { AlertDto, CreateAlertResponse, MyAlertsResponse } from '@prijsalarm/core';
import { axeViolations, describeViolations } from './support/axe';
import {
  apiCall,
  createAlertViaApi,
  expect,
  horizontalOverflow,
  registerUser,
  screenshotPath,
  setPlan,
  test,
  uniqueEmail,
  writeToBot,
  botMessagesTo,
} from './fixtures';

const wizardTexts = ALERT_FORM_TEXTS.wizard;
const fields = ALERT_FORM_TEXTS.fields;
const car = ALERT_FORM_TEXTS.car;
const advanced = ALERT_FORM_TEXTS.advanced;
const notify = ALERT_FORM_TEXTS.notify;
const edit = ALERT_FORM_TEXTS.edit;

const WIDTHS = [1280, 390] as const;

async function expectAxeClean(page: Page) {
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, width } = await horizontalOverflow(page);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

/** A look at the screen, kept with the test's results. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  // From the top, so the sticky header sits above the page rather than across it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath(testInfo, `edit-${name}`), fullPage: true });
}

function wizardStep(page: Page, step: keyof typeof wizardTexts.steps) {
  return expect(
    page.getByRole('heading', { level: 2, name: wizardTexts.steps[step] }),
  ).toBeVisible();
}

async function next(page: Page) {
  await page.getByRole('button', { name: wizardTexts.next, exact: true }).click();
}

/** While editing, each step in the progress bar is a button. */
async function jumpTo(page: Page, step: keyof typeof wizardTexts.steps) {
  await page
    .getByRole('button', { name: new RegExp(`^Naar stap \\d+: ${wizardTexts.steps[step]}$`) })
    .click();
  await wizardStep(page, step);
}

/** Clicks a platform card (its radio button sits under the card's face). */
async function choosePlatform(page: Page, name: 'Marktplaats' | '2dehands') {
  const radio = page.getByRole('radio', { name: new RegExp(name) });
  await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** The value of a row of an alert's description (the wizard's summary, the manage page). */
function row(scope: Page | Locator, label: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

/** Links the signed-in user's Telegram through the bot double, as My Account does. */
async function connectTelegram(page: Page) {
  const chatId = 800_000 + Math.floor(Math.random() * 100_000);
  await page.goto('/my-account?tab=integrations');
  const connect = page.getByRole('link', { name: SCREEN_TEXTS.myAccount.telegramConnect });
  const code = new URL((await connect.getAttribute('href')) ?? '').searchParams.get('start');
  await writeToBot({ chatId, username: `bewerk${chatId}`, text: `/start ${code}` });
  await expect.poll(() => botMessagesTo(chatId)).toContain(TELEGRAM_TEXTS.linked);
}

async function myAlert(page: Page, searchTerm: string): Promise<AlertDto> {
  const { alerts } = await apiCall<MyAlertsResponse>(page.request, 'GET', '/api/alerts/my-alerts');
  const alert = alerts.find((candidate) => candidate.searchTerm === searchTerm);
  if (!alert) throw new Error(`no alert "${searchTerm}"`);
  return alert;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a PRO car alert: summary in words, edited in the wizard and on its manage page', async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const user = await registerUser(page, 'bewerken');
      await setPlan(user.email, 'PRO');
      await connectTelegram(page);
      const searchTerm = `golf${Date.now().toString(36)}`;

      // Create: Marktplaats, Auto's, the car filters and the advanced filters.
      await page.goto('/dashboard/create');
      await wizardStep(page, 'platform');
      await choosePlatform(page, 'Marktplaats');
      await next(page);
      await wizardStep(page, 'category');
      await page.getByLabel(ALERT_FORM_TEXTS.category.l1).selectOption({ label: "Auto's" });
      await next(page);
      await page.getByLabel(fields.searchTerm).fill(searchTerm);
      await next(page);
      await page.getByLabel(fields.maxPrice).fill('15000');
      await next(page);
      await wizardStep(page, 'carFilters');
      await page.getByRole('radio', { name: advanced.sellerTypes.private }).check();
      await page.getByLabel(car.mileageMax).fill('150000');
      await page.getByLabel(car.yearMin).fill('2015');
      await page.getByRole('checkbox', { name: 'Benzine', exact: true }).check();
      await page.getByRole('checkbox', { name: 'Diesel', exact: true }).check();
      await next(page);
      await wizardStep(page, 'advanced');
      await page.getByRole('radio', { name: advanced.deliveryMethods.pickup }).check();
      await page.getByLabel(advanced.onlyWithImages).check();
      await next(page);

      // The summary lists everything that will be saved, in Dutch with units.
      await wizardStep(page, 'summary');
      const summary = page.locator('.summary');
      await expect(row(summary, 'Prijs')).toHaveText('tot € 15.000');
      await expect(row(summary, 'Categorie')).toHaveText("Auto's");
      await expect(row(summary, 'Type verkoper')).toHaveText('alleen particuliere verkopers');
      await expect(row(summary, 'Filters').getByRole('listitem')).toHaveText([
        'tot 150.000 km',
        'bouwjaar vanaf 2015',
        'brandstof: benzine, diesel',
        'alleen ophalen',
        'alleen met foto',
      ]);
      await expect(row(summary, 'Meldingen via')).toHaveText('e-mail');
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, `summary-${width}`);
      await page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit }).click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

      // "Bewerken" opens the wizard on the alert, filled in at every step.
      const card = page.getByRole('article', { name: searchTerm });
      await card.getByRole('link', { name: `Bewerken: ${searchTerm}` }).click();
      await expect(page).toHaveURL(/\/dashboard\/alerts\/[^/]+\/bewerken$/);
      await expect(page.getByRole('heading', { level: 1, name: edit.title })).toBeVisible();
      await wizardStep(page, 'platform');
      await expect(page.getByRole('radio', { name: /Marktplaats/ })).toBeChecked();
      await expectAxeClean(page);
      await shot(page, testInfo, `wizard-platform-${width}`);
      await next(page);
      await expect(page.getByLabel(ALERT_FORM_TEXTS.category.l1)).toHaveValue(/\d+/);
      await expect(
        page.getByLabel(ALERT_FORM_TEXTS.category.l1).locator('option:checked'),
      ).toHaveText("Auto's");
      await next(page);
      await expect(page.getByLabel(fields.searchTerm)).toHaveValue(searchTerm);
      await next(page);
      await expect(page.getByLabel(fields.maxPrice)).toHaveValue('15000');
      await next(page);
      await wizardStep(page, 'carFilters');
      await expect(page.getByRole('radio', { name: advanced.sellerTypes.private })).toBeChecked();
      await expect(page.getByLabel(car.mileageMax)).toHaveValue('150000');
      await expect(page.getByLabel(car.yearMin)).toHaveValue('2015');
      await expect(page.getByRole('checkbox', { name: 'Benzine', exact: true })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Diesel', exact: true })).toBeChecked();
      await expectAxeClean(page);
      await shot(page, testInfo, `wizard-car-${width}`);
      await next(page);
      await expect(
        page.getByRole('radio', { name: advanced.deliveryMethods.pickup }),
      ).toBeChecked();
      await expect(page.getByLabel(advanced.onlyWithImages)).toBeChecked();
      await next(page);
      await wizardStep(page, 'summary');
      await expect(page.getByLabel(notify.email)).toBeChecked();

      // Change the platform, a car filter and the channels, and save.
      await jumpTo(page, 'platform');
      await choosePlatform(page, '2dehands');
      await jumpTo(page, 'carFilters');
      await page.getByLabel(car.mileageMax).fill('90000');
      await page.getByRole('checkbox', { name: 'Elektrisch', exact: true }).check();
      await jumpTo(page, 'summary');
      await page.getByLabel(notify.telegram).check();
      await page.getByLabel(notify.email).uncheck();
      await expect(row(summary, 'Platform')).toHaveText('2dehands');
      await expect(row(summary, 'Meldingen via')).toHaveText('Telegram');
      await expect(row(summary, 'Filters').getByRole('listitem')).toContainText([
        'tot 90.000 km',
        'brandstof: benzine, diesel, elektrisch',
      ]);
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, `wizard-summary-changed-${width}`);
      await page.getByRole('button', { name: edit.save }).click();
      await expect(page.getByText(edit.saved)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('article', { name: searchTerm }).getByText('2dehands', { exact: true }),
      ).toBeVisible();

      // The manage page shows the new values, and edits every field of this user's alert.
      const alert = await myAlert(page, searchTerm);
      await page.goto(new URL(alert.manageUrl).pathname);
      const details = page.locator('.manage__alert');
      await expect(row(details, 'Platform')).toHaveText('2dehands');
      await expect(row(details, 'Meldingen via')).toHaveText('Telegram');
      await expect(row(details, 'Filters').getByRole('listitem')).toHaveText([
        'tot 90.000 km',
        'bouwjaar vanaf 2015',
        'brandstof: benzine, diesel, elektrisch',
        'alleen ophalen',
        'alleen met foto',
      ]);
      await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.actions.edit }).click();
      await expect(page.getByRole('radio', { name: /2dehands/ })).toBeChecked();
      await expect(
        page.getByLabel(ALERT_FORM_TEXTS.category.l1).locator('option:checked'),
      ).toHaveText("Auto's");
      await expect(page.getByLabel(car.mileageMax)).toHaveValue('90000');
      await expect(page.getByLabel(advanced.onlyWithImages)).toBeChecked();
      await expect(page.getByLabel(notify.telegram)).toBeChecked();
      await page.getByLabel(advanced.hideReserved).check();
      await page.getByLabel(car.yearMin).fill('2017');
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, `manage-edit-user-${width}`);
      await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.edit.save }).click();
      await expect(page.getByText(MANAGE_ALERT_TEXTS.saved)).toBeVisible();
      await expect(row(details, 'Filters').getByRole('listitem')).toContainText([
        'bouwjaar vanaf 2017',
        'geen gereserveerde advertenties',
      ]);
      await shot(page, testInfo, `manage-details-user-${width}`);
    });

    test('a REGISTERED user cannot switch on a PRO filter, but keeps one a former plan allowed', async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      const user = await registerUser(page, 'bewerkgeregistreerd');
      await createAlertViaApi(page, { searchTerm: 'bakfiets' });
      await setPlan(user.email, 'PRO');
      await createAlertViaApi(page, { searchTerm: 'tandem', includePaidAds: true });
      await setPlan(user.email, 'REGISTERED');

      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Bewerken: bakfiets' }).click();
      await jumpTo(page, 'advanced');
      const paidAds = page.getByLabel(advanced.includePaidAds);
      await expect(paidAds).toBeDisabled();
      await expect(paidAds).not.toBeChecked();
      await expect(page.getByText(ACCESS_TEXTS.proOnly)).toBeVisible();
      await jumpTo(page, 'summary');
      await expect(page.getByLabel(PRICE_DROP_TEXTS.form.enabled)).toBeDisabled();
      await expectAxeClean(page);

      // The alert made under PRO keeps its paid-ads filter, explained, while the rest changes.
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Bewerken: tandem' }).click();
      await jumpTo(page, 'advanced');
      await expect(paidAds).toBeEnabled();
      await expect(paidAds).toBeChecked();
      await expect(page.getByText(edit.keptFromPlan(ACCESS_TEXTS.proOnly))).toBeVisible();
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, `wizard-kept-${width}`);
      await jumpTo(page, 'search');
      await page.getByLabel(fields.searchTerm).fill('tandem fiets');
      await jumpTo(page, 'summary');
      await page.getByRole('button', { name: edit.save }).click();
      await expect(page.getByText(edit.saved)).toBeVisible();
      const saved = await myAlert(page, 'tandem fiets');
      expect(saved.includePaidAds).toBe(true);
    });

    test("a guest's manage link shows and edits every field of the guest's alert", async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const { alert } = await apiCall<CreateAlertResponse>(page.request, 'POST', '/api/alerts', {
        searchTerm: 'racefiets',
        maxPrice: 250,
        postalCode: '3511ab',
        distance: 10,
        email: uniqueEmail('gastbewerk'),
      });
      await page.goto(new URL(alert.manageUrl).pathname);
      const details = page.locator('.manage__alert');
      await expect(row(details, 'Platform')).toHaveText('Marktplaats');
      await expect(row(details, 'Zoekterm')).toHaveText('racefiets');
      await expect(row(details, 'Prijs')).toHaveText('tot € 250');
      await expect(row(details, 'Locatie')).toHaveText('binnen 10 km van 3511 AB');
      await expect(row(details, 'Filters')).toHaveText('geen');
      await expect(row(details, 'Meldingen via')).toHaveText('e-mail');
      await expect(row(details, SCHEDULE_TEXTS.form.modeLabel)).toHaveText(
        SCHEDULE_TEXTS.form.summary('instant', null, null),
      );

      await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.actions.edit }).click();
      await expect(page.getByLabel(fields.searchTerm)).toHaveValue('racefiets');
      await expect(page.getByLabel(fields.maxPrice)).toHaveValue('250');
      await expect(page.getByLabel(fields.postalCode)).toHaveValue('3511 AB');
      await expect(page.getByLabel(fields.distance)).toHaveValue('10');
      // A guest's alert: Marktplaats, e-mail, no filters; what an account adds is not offered.
      await expect(page.getByLabel(fields.minPrice)).toHaveCount(0);
      await expect(page.getByLabel(ALERT_FORM_TEXTS.category.l1)).toHaveCount(0);
      await expect(page.getByRole('radio', { name: /2dehands/ })).toHaveCount(0);
      await expectAxeClean(page);
      await expectNoSidewaysScroll(page);
      await shot(page, testInfo, `manage-edit-guest-${width}`);

      await page.getByLabel(fields.searchTerm).fill('racefiets carbon');
      await page.getByLabel(fields.maxPrice).fill('1000');
      await page.getByLabel(fields.postalCode).fill('1012ab');
      await page.getByLabel(fields.distance).selectOption('25');
      await page.getByRole('radio', { name: SCHEDULE_TEXTS.form.modes.hourly }).check();
      await page.getByRole('button', { name: MANAGE_ALERT_TEXTS.edit.save }).click();
      await expect(page.getByText(MANAGE_ALERT_TEXTS.saved)).toBeVisible();
      await expect(row(details, 'Zoekterm')).toHaveText('racefiets carbon');
      await expect(row(details, 'Prijs')).toHaveText('tot € 1.000');
      await expect(row(details, 'Locatie')).toHaveText('binnen 25 km van 1012 AB');
      await expect(row(details, SCHEDULE_TEXTS.form.modeLabel)).toHaveText(
        SCHEDULE_TEXTS.form.summary('hourly', null, null),
      );
      await expectAxeClean(page);
      await shot(page, testInfo, `manage-details-guest-${width}`);
    });
  });
}
