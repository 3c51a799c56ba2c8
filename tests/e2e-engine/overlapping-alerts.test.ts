/**
 * One user, two alerts on different searches that both match one ad ('fiets' and 'gazelle fiets'):
 * the user gets the ad once per channel — one mail, one Telegram message — naming both alerts,
 * whichever search finds it first and however long after the other. Both notifications are kept
 * (the notification centre lists the ad under each alert).
 *
 * "Later" is made with the marketplace double: the 'gazelle fiets' search is answered 204 (busy)
 * until the test lets it through, so its check that finds the ad comes after the other's.
 */
import type { NotificationListResponse } from '@prijsalarm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import type { TestClient } from '../../packages/server/test/http-client';
import {
  adIdsIn,
  createUserAlert,
  eventually,
  linkTelegramChat,
  mailsWithAd,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
} from './kit';

const CHAT_ID = 7_200_001;
const email = uniqueEmail('twee-alerts');
let kit: EngineE2E;
let browser: TestClient;
let fiets: string;
let gazelle: string;

/** Holds the 'gazelle fiets' search: busy answers until `letThrough`. */
const holdGazelle = () =>
  kit.double.inject({ status: 204, target: 'search', query: 'gazelle fiets', times: 100_000 });
const letThrough = () => kit.double.clearFaults();

beforeAll(async () => {
  kit = await startEngineE2E({
    telegram: true,
    // A failed send is retried only after a while: long enough for the other search to find the
    // ad, so both alerts are pending on one message.
    env: { DELIVERY_RETRY_SECONDS: '12', DELIVERY_ATTEMPTS: '10' },
  });
  kit.double.publish({ title: 'Gazelle fiets van vroeger', priceCents: 5_000 });
  browser = kit.server.client();
  await loginAs(kit.server, browser, { email, plan: 'REGISTERED' });
  await linkTelegramChat(kit.telegram!, browser, CHAT_ID);
  const both = { notifyEmail: true, notifyTelegram: true };
  fiets = await createUserAlert(browser, { searchTerm: 'fiets', ...both });
  gazelle = await createUserAlert(browser, { searchTerm: 'gazelle fiets', ...both });
  await waitForFirstCheck(kit.server, fiets);
  await waitForFirstCheck(kit.server, gazelle);
});
afterAll(() => kit?.stop());

const messagesWithAd = (itemId: string) =>
  kit.telegram!.messagesTo(CHAT_ID).filter((message) => adIdsIn(message.raw).includes(itemId));

/** The user's notification centre: the alerts it lists the ad under, and those deliveries. */
async function notificationsOf(itemId: string) {
  const response = await browser.get<NotificationListResponse>('/api/notifications?limit=50');
  expect(response.status).toBe(200);
  return response.body.notifications.filter((n) => n.listing.itemId === itemId);
}

/**
 * Once everything settled: one mail and one Telegram message with the ad, and the notification
 * centre lists it under both alerts.
 */
async function expectSentOnceListedTwice(itemId: string) {
  await waitForDeliveriesSettled(kit.server);
  expect(mailsWithAd(kit.server.mailbox, email, itemId)).toBe(1);
  expect(messagesWithAd(itemId)).toHaveLength(1);
  const listed = await notificationsOf(itemId);
  expect(listed.map((n) => n.alertSearchTerm).sort()).toEqual(['fiets', 'gazelle fiets']);
  return listed;
}

describe('two alerts of one user match one ad', () => {
  it('both pending: one mail and one Telegram message naming both alerts', async () => {
    await waitForNextCheck(kit.server, fiets);
    // The first send of each channel fails: the message stays pending (retrying).
    kit.server.mailbox.refuse({ kind: 'temporary' });
    kit.telegram!.injectFailure({ errorCode: 500, description: 'Internal Server Error' });
    holdGazelle();
    const ad = kit.double.publish({ title: 'Gazelle fiets 28 inch', priceCents: 25_000 });
    await waitForNextCheck(kit.server, fiets);
    letThrough();
    await waitForNextCheck(kit.server, gazelle);
    kit.server.mailbox.refuse(null);

    const mail = await waitForAdMail(kit.server.mailbox, email, ad.itemId);
    expect(mail.subject).toBe('1 nieuwe advertentie voor "fiets" en "gazelle fiets"');
    const [message] = await eventually(
      () => (messagesWithAd(ad.itemId).length > 0 ? messagesWithAd(ad.itemId) : null),
      30_000,
      'the Telegram message',
    );
    expect(message!.text).toContain('"fiets"');
    expect(message!.text).toContain('"gazelle fiets"');

    await waitForNextCheck(kit.server, fiets);
    await waitForNextCheck(kit.server, gazelle);
    await expectSentOnceListedTwice(ad.itemId);
  });

  it('found later by the second search: nothing is sent again, both alerts list the ad', async () => {
    holdGazelle();
    const ad = kit.double.publish({ title: 'Gazelle fiets Chamonix', priceCents: 30_000 });
    const mail = await waitForAdMail(kit.server.mailbox, email, ad.itemId);
    expect(mail.subject).toBe('1 nieuwe advertentie voor "fiets"');
    await eventually(
      () => messagesWithAd(ad.itemId).length > 0,
      30_000,
      'the Telegram message of the first search',
    );

    // The 'gazelle fiets' search finds the same ad well after the message went out.
    letThrough();
    await waitForNextCheck(kit.server, gazelle);
    await eventually(
      async () => (await notificationsOf(ad.itemId)).length === 2,
      30_000,
      'the second alert to list the ad',
    );
    await waitForNextCheck(kit.server, gazelle);
    const listed = await expectSentOnceListedTwice(ad.itemId);
    // The second alert's e-mail and Telegram deliveries are covered by the first message.
    for (const notification of listed) {
      const channels = notification.deliveries.filter((d) => d.channel !== 'live');
      expect(channels.map((d) => [d.channel, d.status]).sort()).toEqual([
        ['email', 'sent'],
        ['telegram', 'sent'],
      ]);
    }
  });
});
