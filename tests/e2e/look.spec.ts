/**
 * The home page as a first-time visitor and a signed-in user see it: the cookie
 * banner covers no button, the marketplaces show real flag images, the live figure is the
 * server's count, an example alert is drawn, and a signed-in user is not told to go without an
 * account.
 */
import {
  ALERT_FIELD_TEXTS,
  ALERT_FORM_TEXTS,
  IMPORT_URL_TEXTS,
  PLAN_LABELS,
  WEB_TEXTS,
} from '@prijsalarm/core';
import { expect, registerUser, screenshotPath, test } from './fixtures';
import { e2eEnv } from './support/env';

const texts = WEB_TEXTS.home;

for (const width of [1280, 360]) {
  test(`on a first visit at ${width} px the cookie banner covers no part of 'Alert aanmaken'`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      baseURL: e2eEnv().baseUrl,
      viewport: { width, height: width < 600 ? 780 : 900 },
    });
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('region', { name: WEB_TEXTS.cookieBanner.label });
    await expect(banner).toBeVisible();
    const submit = page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit });
    await submit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(testInfo, `home-first-visit-${width}`) });
    // What the user would hit at each corner and the middle of the button is the button.
    const hits = await submit.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const points = [
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ] as const;
      return points.map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === button || button.contains(hit));
      });
    });
    expect(hits).toEqual([true, true, true, true, true]);
    await context.close();
  });
}

test('the hero shows both marketplaces with flag images, the live figure and an example alert', async ({
  page,
}) => {
  await page.goto('/');
  for (const name of ['Marktplaats', '2dehands']) {
    const flag = page.getByRole('listitem').filter({ hasText: name }).locator('img').first();
    await expect(flag).toBeVisible();
    // A real image that loaded, not an emoji.
    expect(await flag.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  }
  await expect(page.getByRole('figure', { name: texts.preview.mailLabel })).toBeVisible();
  await expect(page.getByRole('figure', { name: texts.preview.telegramLabel })).toBeVisible();
  // The figure is the server's own count (0 before the engine saw anything: then none is shown).
  const stats = (await (await page.request.get('/api/stats/listings-today')).json()) as {
    listingsChecked: number;
  };
  if (stats.listingsChecked > 0) {
    await expect(page.getByText(/advertenties vandaag gecontroleerd/)).toBeVisible();
  } else {
    await expect(page.getByText(/advertenties vandaag gecontroleerd/)).toHaveCount(0);
  }
});

test("a signed-in user's home does not say 'zonder account'", async ({ page }) => {
  // Registered and verified: this browser is signed in.
  await registerUser(page, 'thuis');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: texts.loggedInTitle })).toBeVisible();
  await expect(page.getByText(texts.ctaTextLoggedIn)).toBeVisible();
  await expect(page.getByText(/zonder account/i)).toHaveCount(0);
});

test("at 360 px the dashboard shows the plan 'Geregistreerd' whole", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: e2eEnv().baseUrl,
    viewport: { width: 360, height: 780 },
  });
  const page = await context.newPage();
  await registerUser(page, 'smal');
  const plan = page.locator('.stats__item dd').first();
  await expect(plan).toHaveText(PLAN_LABELS.REGISTERED);
  const { scrollWidth, clientWidth } = await plan.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await context.close();
});

test('the car filters keep their inputs on one line when a label wraps or a message shows', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: e2eEnv().baseUrl,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await registerUser(page, 'autofilter');
  await page.goto('/prijsalarm-maken');
  const steps = ALERT_FORM_TEXTS.wizard.steps;
  await page
    .getByLabel(IMPORT_URL_TEXTS.label)
    .fill('https://www.marktplaats.nl/l/auto-s/volkswagen/#q:golf|mileageTo:150000');
  await page.getByRole('button', { name: IMPORT_URL_TEXTS.submit }).click();
  await expect(page.getByRole('heading', { level: 2, name: steps.summary })).toBeVisible();
  while (!(await page.getByRole('heading', { level: 2, name: steps.carFilters }).isVisible())) {
    await page.getByRole('button', { name: ALERT_FORM_TEXTS.wizard.previous }).click();
  }
  const labels = [
    ALERT_FORM_TEXTS.car.mileageMin,
    ALERT_FORM_TEXTS.car.mileageMax,
    ALERT_FORM_TEXTS.car.yearMin,
    ALERT_FORM_TEXTS.car.yearMax,
  ];
  // A message under one field (minimum above maximum) must not lift its input out of line.
  await page.getByLabel(ALERT_FORM_TEXTS.car.mileageMin).fill('200000');
  await page.getByRole('button', { name: ALERT_FORM_TEXTS.wizard.next }).click();
  await expect(page.getByText(ALERT_FIELD_TEXTS.mileageMinAboveMax)).toBeVisible();
  // Narrow the row so that labels wrap, as they do on a small screen or with large text.
  for (const width of [1280, 520, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await Promise.all(
      labels.map(async (label) => (await page.getByLabel(label).boundingBox())!),
    );
    // The fields fill the row's columns in order: as many columns as distinct lefts.
    const columns = new Set(boxes.map((box) => Math.round(box.x))).size;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        if (Math.floor(i / columns) !== Math.floor(j / columns)) continue;
        expect(
          Math.abs(boxes[i]!.y - boxes[j]!.y),
          `'${labels[i]}' and '${labels[j]}' side by side at ${width} px`,
        ).toBeLessThan(1);
      }
    }
  }
  await context.close();
});

test('the sections below the fold load when scrolled near, or at once on the first Tab', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: ALERT_FIELD_TEXTS.submit })).toBeVisible();
  const faqQuestion = page.getByText('Wat is Prijsalarm?');
  // Far below the first screen: not drawn (nor downloaded) yet.
  await expect(faqQuestion).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(faqQuestion).toHaveCount(1);
});
