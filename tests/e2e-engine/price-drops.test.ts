/**
 * Price drops end to end: a Pro alert that opted in, the running server's scheduler
 * and worker checking the marketplace double, the seller changing prices there, and the mails as
 * the SMTP mailbox receives them. A drop below the max price is told once (not again for the same
 * price), a rise never; the notification centre knows the kind and the price history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertResponse,
  NotificationDetailResponse,
  NotificationListResponse,
} from '@prijsalarm/core';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import type { TestClient } from '../../packages/server/test/http-client';
import type { ReceivedMail } from '../../packages/server/test/mailbox';
import {
  adIdsIn,
  createUserAlert,
  eventually,
  linkTelegramChat,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
} from './kit';

let kit: EngineE2E;
let browser: TestClient;
const email = uniqueEmail('pro-daling');
let alertId = '';
const CHAT_ID = 7_300_001;

/** The chat's drop messages ('Prijsdaling: …'), oldest first. */
const dropMessages = () =>
  kit.telegram!.messagesTo(CHAT_ID).filter((message) => message.text.startsWith('Prijsdaling: '));

const DROP_SUBJECT = /^Prijsdaling: /;
const dropMails = (): ReceivedMail[] =>
  kit.server.mailbox.messages.filter(
    (mail) => mail.to.includes(email.toLowerCase()) && DROP_SUBJECT.test(mail.subject),
  );
const waitForDropMail = (itemId: string) =>
  kit.server.mailbox.waitFor(
    (mail) =>
      mail.to.includes(email.toLowerCase()) &&
      DROP_SUBJECT.test(mail.subject) &&
      adIdsIn(mail.text).includes(itemId),
    30_000,
  );

beforeAll(async () => {
  kit = await startEngineE2E({ telegram: true });
  browser = kit.server.client();
  await loginAs(kit.server, browser, { email, plan: 'PRO' });
  await linkTelegramChat(kit.telegram!, browser, CHAT_ID);
  alertId = await createUserAlert(browser, {
    searchTerm: 'racefiets',
    maxPrice: 200,
    notifyTelegram: true,
    priceDrop: { enabled: true },
  });
  await waitForFirstCheck(kit.server, alertId);
});
afterAll(() => kit?.stop());

describe('a Pro alert with price drops (max € 200)', () => {
  let cheap: { itemId: string };
  let dear: { itemId: string };

  it('keeps the option it was made with', async () => {
    const res = await browser.get<{ alerts: AlertResponse['alert'][] }>('/api/alerts/my-alerts');
    expect(res.body.alerts.find((alert) => alert.id === alertId)?.priceDrop).toEqual({
      enabled: true,
    });
  });

  it('a drop of an ad it was told about is told once, with the old price struck through', async () => {
    cheap = kit.double.publish({ title: 'Gazelle racefiets', priceCents: 15_000 });
    dear = kit.double.publish({ title: 'Koga racefiets carbon', priceCents: 30_000 });
    await waitForAdMail(kit.server.mailbox, email, cheap.itemId);

    kit.double.reprice('marktplaats', cheap.itemId, 12_000);
    const mail = await waitForDropMail(cheap.itemId);
    expect(mail.subject).toBe('Prijsdaling: Gazelle racefiets van € 150,00 naar € 120,00');
    expect(mail.html).toMatch(/<s[^>]*>€ 150,00<\/s>/);
    expect(mail.text).toContain('€ 150,00');
    expect(mail.text).toContain('€ 120,00');
    // The too-dear ad never came as new.
    expect(adIdsIn(mail.text)).toEqual([cheap.itemId]);
    // The alert's other channel: one Telegram message of its own.
    const [message] = await eventually(
      () => (dropMessages().length > 0 ? dropMessages() : null),
      30_000,
      'the Telegram drop message',
    );
    expect(message!.text.split('\n').slice(0, 2)).toEqual([
      'Prijsdaling: Gazelle racefiets van € 150,00 naar € 120,00',
      'Was € 150,00 nu € 120,00',
    ]);
    expect(adIdsIn(message!.raw)).toEqual([cheap.itemId]);
  });

  it('an ad skipped only for its price is told when it drops to the max price', async () => {
    kit.double.reprice('marktplaats', dear.itemId, 18_000);
    const mail = await waitForDropMail(dear.itemId);
    expect(mail.subject).toBe('Prijsdaling: Koga racefiets carbon van € 300,00 naar € 180,00');
  });

  it('a rise tells nothing, and neither does the same lower price again', async () => {
    await waitForDeliveriesSettled(kit.server);
    expect(dropMails()).toHaveLength(2);
    kit.double.reprice('marktplaats', cheap.itemId, 14_000);
    await waitForNextCheck(kit.server, alertId);
    await waitForNextCheck(kit.server, alertId);
    kit.double.reprice('marktplaats', cheap.itemId, 12_000);
    await waitForNextCheck(kit.server, alertId);
    await waitForNextCheck(kit.server, alertId);
    await waitForDeliveriesSettled(kit.server);
    expect(dropMails()).toHaveLength(2);
    expect(dropMessages()).toHaveLength(2);
  });

  it('the notification centre filters on the kind and shows the price history', async () => {
    const drops = await browser.get<NotificationListResponse>('/api/notifications', {
      query: { kind: 'price_drop', sortBy: 'title', sortOrder: 'asc' },
    });
    expect(drops.status).toBe(200);
    expect(
      drops.body.notifications.map((n) => [n.listing.title, n.previousPriceCents, n.kind]),
    ).toEqual([
      ['Gazelle racefiets', 15_000, 'price_drop'],
      ['Koga racefiets carbon', 30_000, 'price_drop'],
    ]);
    const gazelle = drops.body.notifications[0]!;
    expect(gazelle.listing.priceCents).toBe(12_000);

    const detail = await browser.get<NotificationDetailResponse>(
      `/api/notifications/${gazelle.id}`,
    );
    expect(detail.body.notification.priceHistory.map((point) => point.priceCents)).toEqual([
      15_000, 12_000, 14_000, 12_000,
    ]);

    const news = await browser.get<NotificationListResponse>('/api/notifications', {
      query: { kind: 'new' },
    });
    expect(news.body.notifications.map((n) => n.listing.title)).toEqual(['Gazelle racefiets']);
  });
});
