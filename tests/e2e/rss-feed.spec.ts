/**
 * The RSS feed end to end, through the running server and the marketplace double: a seller places
 * an ad whose title carries markup; the alert's private RSS feed, fetched as a feed reader does (no
 * cookies), is well-formed RSS 2.0 with the title as escaped text. On the dashboard the user finds
 * the link, makes a new one with the keyboard alone, and the old one answers 404.
 */
import { ALERT_FEED_TEXTS, type MyAlertsResponse } from '@prijsalarm/core';
import { child, children, parseXml } from '../../packages/server/test/xml';
import { axeViolations, describeViolations } from './support/axe';
import {
  apiCall,
  createAlertViaApi,
  expect,
  publishAd,
  registerUser,
  test,
  waitForFirstCheck,
} from './fixtures';

const link = ALERT_FEED_TEXTS.link;

test('the feed escapes an ad title with markup, and the dashboard renews its link', async ({
  page,
}) => {
  const word = `e2erss${Date.now().toString(36)}`;
  await registerUser(page, 'rss');
  const created = await createAlertViaApi(page, { searchTerm: word });
  const alert = await waitForFirstCheck(page, created.id);
  const feedUrl = alert.feedUrl!;
  expect(feedUrl).toMatch(/\/api\/alerts\/feed\/[A-Za-z0-9_-]{43}$/);

  const title = `<script>alert(1)</script> & "fiets" ${word}`;
  await publishAd({ title, priceCents: 15_000 });
  let body = '';
  await expect
    .poll(
      async () => {
        const response = await fetch(feedUrl);
        body = await response.text();
        return children(child(parseXml(body), 'channel'), 'item').length;
      },
      { message: 'the ad in the feed', timeout: 30_000 },
    )
    .toBe(1);
  expect(body).not.toContain('<script>');
  const rss = parseXml(body);
  expect(rss.attributes.version).toBe('2.0');
  const channel = child(rss, 'channel');
  expect(child(channel, 'title').text).toBe(`Prijsalarm: "${word}"`);
  const [item] = children(channel, 'item');
  expect(child(item!, 'title').text).toBe(title);
  expect(child(item!, 'link').text).toMatch(/^https?:\/\//);

  // The dashboard: the disclosure, the link, and a new one with the keyboard alone.
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: word });
  const summary = card.locator('summary', { hasText: link.heading });
  await summary.focus();
  await page.keyboard.press('Enter');
  const field = card.getByRole('textbox', { name: `${link.heading} ${word}` });
  await expect(field).toHaveValue(feedUrl);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);

  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: link.copyLabel(word) })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: link.renewLabel(word) })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: link.renewDialog.title });
  await expect(dialog).toBeVisible();
  // The safe answer has the focus first; the next one makes the new link.
  await expect(dialog.getByRole('button', { name: 'Annuleren' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: link.renewDialog.confirm })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(link.renewed)).toBeVisible();
  await expect(field).not.toHaveValue(feedUrl);

  const { alerts } = await apiCall<MyAlertsResponse>(page.request, 'GET', '/api/alerts/my-alerts');
  const renewed = alerts.find((mine) => mine.id === created.id)!.feedUrl!;
  await expect(field).toHaveValue(renewed);
  expect((await fetch(feedUrl)).status).toBe(404);
  expect((await fetch(renewed)).status).toBe(200);
});
