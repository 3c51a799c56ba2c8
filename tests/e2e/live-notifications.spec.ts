/**
 * The notification centre live (/ws/events): a user with an active alert has /notifications open;
 * a seller places a matching ad on the marketplace; the engine's next check records it and the
 * card appears on the open page without a reload.
 */
import { SCREEN_TEXTS } from '@prijsalarm/core';
import {
  createAlertViaApi,
  expect,
  publishAd,
  registerUser,
  test,
  waitForFirstCheck,
} from './fixtures';

const texts = SCREEN_TEXTS.notifications;

test('a new matching ad appears live in the notification centre', async ({ page }) => {
  // A word no other test's ads contain, so only this alert matches.
  const word = `e2elive${Date.now().toString(36)}`;
  await registerUser(page, 'live');
  const alert = await createAlertViaApi(page, { searchTerm: word });
  // The first check only learns which ads exist; nothing is new yet.
  await waitForFirstCheck(page, alert.id);

  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/ws/events'));
  await page.goto('/notifications');
  await socket;
  await expect(page.getByText(texts.emptyNoFilters)).toBeVisible();
  // Proof that nothing reloads the page: this mark would be gone after a reload.
  await page.evaluate(() => Object.assign(window, { e2eMark: 'still here' }));

  const title = `Gazelle ${word} 28 inch`;
  await publishAd({ title, priceCents: 15_000 });

  const list = page.getByRole('list', { name: texts.listLabel });
  const card = list.getByRole('article', { name: new RegExp(title) });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('€ 150,00')).toBeVisible();
  await expect(card.getByText(texts.alert(word))).toBeVisible();
  await expect(page.getByText(texts.liveArrived(title))).toBeAttached();
  expect(await page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark)).toBe(
    'still here',
  );
});
