/**
 * My Account → Integraties (/my-account?tab=integrations): a registered user
 * links Telegram by opening the bot's deep link and pressing Start, gets a test message in the
 * chat, and unlinks again. The bot is the Telegram Bot API double.
 */
import { SCREEN_TEXTS, TELEGRAM_TEXTS, WEB_TEXTS } from '@prijsalarm/core';
import { botMessagesTo, expect, registerUser, test, writeToBot } from './fixtures';
import { TELEGRAM_BOT_USERNAME } from './support/env';

const texts = SCREEN_TEXTS.myAccount;
const page_ = WEB_TEXTS.myAccount;

test('a user links Telegram, receives a test message and unlinks', async ({ page }) => {
  const chatId = 700_000 + Math.floor(Math.random() * 100_000);
  const username = `e2echat${chatId}`;
  await registerUser(page, 'telegram');
  await page.goto('/my-account?tab=integrations');
  await expect(page.getByRole('tab', { name: page_.tabs.integrations })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(page_.telegramNotConnected)).toBeVisible();

  // "Koppel Telegram" opens the bot with a start code; pressing Start there sends /start CODE.
  const connect = page.getByRole('link', { name: texts.telegramConnect });
  const deepLink = new URL((await connect.getAttribute('href')) ?? '');
  expect(deepLink.pathname).toBe(`/${TELEGRAM_BOT_USERNAME}`);
  const code = deepLink.searchParams.get('start');
  expect(code).toBeTruthy();
  await writeToBot({ chatId, username, text: `/start ${code}` });
  await expect.poll(() => botMessagesTo(chatId)).toContain(TELEGRAM_TEXTS.linked);

  await page.getByRole('button', { name: texts.telegramCheck }).click();
  await expect(page.getByText(page_.telegramConnected(username))).toBeVisible();

  await page.getByRole('button', { name: texts.telegramTest }).click();
  await expect(page.getByText(TELEGRAM_TEXTS.testSent)).toBeVisible();
  await expect.poll(() => botMessagesTo(chatId)).toContain(TELEGRAM_TEXTS.testMessage);

  await page.getByRole('button', { name: texts.telegramDisconnect }).click();
  await expect(page.getByText(texts.telegramUnlinked)).toBeVisible();
  await expect(page.getByText(page_.telegramNotConnected)).toBeVisible();
});
