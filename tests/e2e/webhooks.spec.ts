/**
 * Webhooks in the browser: my account → Integraties. A registered user adds a webhook for one
 * alert (the secret shown once, copyable), sends a test and sees its status code and time, gets a
 * new ad of that alert as a correctly signed body, and deletes the webhook. Axe clean, also the
 * FAQ's webhook documentation.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DELIVERY_TEXTS, SCREEN_TEXTS, WEBHOOK_DOCS, WEBHOOK_TEXTS } from '@prijsalarm/core';
import { e2eEnv } from './support/env';
import { axeViolations, describeViolations } from './support/axe';
import {
  createAlertViaApi,
  expect,
  publishAd,
  registerUser,
  test,
  waitForFirstCheck,
} from './fixtures';

const texts = WEBHOOK_TEXTS.screen;

interface ReceivedCall {
  path: string;
  headers: Record<string, string>;
  body: string;
}

async function callsTo(path: string): Promise<ReceivedCall[]> {
  const response = await fetch(
    `${e2eEnv().controlUrl}/webhook/calls?path=${encodeURIComponent(path)}`,
  );
  return (await response.json()) as ReceivedCall[];
}

function signedWith(secret: string, call: ReceivedCall): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(call.headers['x-prijsalarm-signature'] ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${call.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

test('a webhook for one alert: secret once, a test, a signed ad, deleted', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const word = `e2ehook${Date.now().toString(36)}`;
  await registerUser(page, 'webhook');
  const chosen = await createAlertViaApi(page, { searchTerm: word });
  await createAlertViaApi(page, { searchTerm: `${word}anders` });
  await waitForFirstCheck(page, chosen.id);

  await page.goto('/my-account?tab=integrations');
  const panel = page.getByRole('region', { name: texts.heading });
  await expect(panel.getByText(texts.used(0, 3))).toBeVisible();

  const path = `/e2e-${word}`;
  const url = `${e2eEnv().webhookReceiverUrl}${path}`;
  await panel.getByLabel(texts.urlLabel).fill(url);
  await panel.getByRole('radio', { name: texts.chosenAlerts }).check();
  await panel.getByRole('checkbox', { name: word, exact: true }).check();
  await panel.getByRole('button', { name: texts.add }).click();

  // The secret, once: visible, copyable, then gone for good.
  const secretBox = panel.getByRole('region', { name: texts.secretHeading });
  const secretField = secretBox.getByRole('textbox', { name: texts.secretHeading });
  await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
  const secret = await secretField.inputValue();
  await secretBox.getByRole('button', { name: texts.copy }).click();
  await expect(page.getByText(texts.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  await secretBox.getByRole('button', { name: texts.secretDone }).click();
  await expect(secretBox).toBeHidden();

  const item = panel.getByRole('listitem').filter({ hasText: url });
  await expect(item.getByText(`${texts.forAlerts(1)}: ${word}`)).toBeVisible();

  // A test: the receiver gets a signed body, the table its status code and time.
  await item.getByRole('button', { name: texts.testLabel(url) }).click();
  await expect(page.getByText(WEBHOOK_TEXTS.testSent)).toBeVisible();
  const table = item.getByRole('table', { name: new RegExp(texts.callsHeading) });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: '200' })).toBeVisible();
  await expect(table.getByRole('cell', { name: texts.kinds.test })).toBeVisible();
  const [testCall] = await callsTo(path);
  expect(signedWith(secret, testCall!)).toBe(true);
  expect(JSON.parse(testCall!.body).kind).toBe('test');

  // A new ad of the chosen alert arrives signed, with the documented fields.
  const title = `<img src=x onerror=alert(1)> ${word}`;
  await publishAd({ title, priceCents: 12_345 });
  await expect
    .poll(async () => (await callsTo(path)).length, { timeout: 30_000, message: 'the ad' })
    .toBe(2);
  const adCall = (await callsTo(path))[1]!;
  expect(signedWith(secret, adCall)).toBe(true);
  const body = JSON.parse(adCall.body);
  expect(body).toMatchObject({
    kind: 'new',
    alert: { id: chosen.id, searchTerm: word },
    listing: { title, platform: 'marktplaats' },
    price: { cents: 12_345, currency: 'EUR' },
  });
  expect(body.url).toMatch(/^https?:\/\//);

  // The notification centre shows the webhook as one of the ad's channels.
  await page.goto('/notifications');
  const deliveries = page.getByRole('list', { name: SCREEN_TEXTS.notifications.deliveries });
  await expect(
    deliveries
      .getByRole('listitem')
      .filter({ hasText: `${DELIVERY_TEXTS.channels.webhook}:` })
      .getByText(DELIVERY_TEXTS.statuses.sent),
  ).toBeVisible();
  await page.goto('/my-account?tab=integrations');

  // The list shows the delivery after a reload; the untrusted title never becomes markup.
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: url })
      .getByRole('cell', { name: texts.kinds.notification }),
  ).toBeVisible();
  const again = await axeViolations(page);
  expect(again, describeViolations(again)).toEqual([]);

  // Deleting, with the keyboard, after a question.
  await panel.getByRole('button', { name: texts.removeLabel(url) }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: texts.removeDialog.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: texts.removeDialog.confirm }).click();
  await expect(page.getByText(texts.removed)).toBeVisible();
  await expect(panel.getByText(texts.empty)).toBeVisible();
});

test('the FAQ documents the body and the signature check, axe clean', async ({ page }) => {
  await page.goto('/faq#webhooks');
  const docs = page.getByRole('region', { name: WEBHOOK_DOCS.heading });
  await expect(docs).toBeVisible();
  await expect(docs.getByText('"searchTerm": "gazelle fiets"')).toBeVisible();
  await expect(docs.getByText(/createHmac\('sha256', secret\)/)).toBeVisible();
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
});
