/**
 * E-mail end to end: alerts made through the API (a confirmed guest alert, two Pro alerts with and
 * without paid ads), the scheduler and worker of the running server checking the marketplace
 * double, and the mails as a real SMTP server receives them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import {
  adIdsIn,
  alertMailsTo,
  createConfirmedGuestAlert,
  createUserAlert,
  mailsWithAd,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
  type GuestAlert,
} from './kit';

let kit: EngineE2E;
let guest: GuestAlert;
const proWithPaid = { email: uniqueEmail('pro-betaald'), alertId: '' };
const proWithoutPaid = { email: uniqueEmail('pro-zonder'), alertId: '' };
/** On the marketplace before any alert existed. */
let before: { itemId: string };

beforeAll(async () => {
  kit = await startEngineE2E();
  before = kit.double.publish({ title: 'Gazelle racefiets van opa', priceCents: 12_000 });

  guest = await createConfirmedGuestAlert(kit.server, { searchTerm: 'racefiets', maxPrice: 250 });
  for (const [pro, includePaidAds] of [
    [proWithPaid, true],
    [proWithoutPaid, false],
  ] as const) {
    const browser = kit.server.client();
    await loginAs(kit.server, browser, { email: pro.email, plan: 'PRO' });
    pro.alertId = await createUserAlert(browser, {
      searchTerm: 'racefiets',
      maxPrice: 250,
      includePaidAds,
    });
  }
  // One shared search (same term and price range): its first fetch covers all three alerts.
  await waitForFirstCheck(kit.server, guest.alertId);
  await waitForFirstCheck(kit.server, proWithPaid.alertId);
  await waitForFirstCheck(kit.server, proWithoutPaid.alertId);
});
afterAll(() => kit?.stop());

const recipients = () => [guest.email, proWithPaid.email, proWithoutPaid.email];

describe('a confirmed guest alert and two Pro alerts on one search', () => {
  it('the first check sends nothing: ads that existed before it never mail', async () => {
    await waitForNextCheck(kit.server, guest.alertId);
    await waitForDeliveriesSettled(kit.server);
    for (const email of recipients()) expect(alertMailsTo(kit.server.mailbox, email)).toEqual([]);
    expect(await kit.server.models.Notification.count()).toBe(0);
  });

  it('one matching ad: exactly one mail each; non-matching and paid ads only where included', async () => {
    const match = kit.double.publish({ title: 'Gazelle racefiets 28 inch', priceCents: 15_000 });
    const otherWord = kit.double.publish({ title: 'Batavus stadsfiets', priceCents: 15_000 });
    const tooDear = kit.double.publish({ title: 'Koga racefiets carbon', priceCents: 90_000 });
    const dagtopper = kit.double.publish({
      title: 'Trek racefiets (Dagtopper)',
      priceCents: 20_000,
      priorityProduct: 'DAGTOPPER',
    });
    const admarkt = kit.double.publish({
      title: 'Specialized racefiets (Admarkt)',
      priceCents: 20_000,
      admarkt: true,
    });

    const guestMail = await waitForAdMail(kit.server.mailbox, guest.email, match.itemId);
    const paidMail = await waitForAdMail(kit.server.mailbox, proWithPaid.email, match.itemId);
    const unpaidMail = await waitForAdMail(kit.server.mailbox, proWithoutPaid.email, match.itemId);
    expect(guestMail.subject).toBe('1 nieuwe advertentie voor "racefiets"');
    expect(adIdsIn(guestMail.text)).toEqual([match.itemId]);
    expect(adIdsIn(unpaidMail.text)).toEqual([match.itemId]);
    // The Pro alert with includePaidAds gets the paid ad too, in the same mail of that check.
    expect(new Set(adIdsIn(paidMail.text))).toEqual(
      new Set([match.itemId, dagtopper.itemId, admarkt.itemId]),
    );
    expect(paidMail.subject).toBe('3 nieuwe advertenties voor "racefiets"');
    expect(guestMail.text).toContain('Gazelle racefiets 28 inch');
    expect(guestMail.text).toContain('€ 150');

    // Later checks see the same ads again (already seen): nothing more is sent.
    await waitForNextCheck(kit.server, guest.alertId);
    await waitForNextCheck(kit.server, guest.alertId);
    await waitForDeliveriesSettled(kit.server);
    for (const email of recipients()) {
      expect(alertMailsTo(kit.server.mailbox, email)).toHaveLength(1);
      for (const never of [otherWord, tooDear, before]) {
        expect(mailsWithAd(kit.server.mailbox, email, never.itemId)).toBe(0);
      }
    }
    for (const paid of [dagtopper, admarkt]) {
      expect(mailsWithAd(kit.server.mailbox, guest.email, paid.itemId)).toBe(0);
      expect(mailsWithAd(kit.server.mailbox, proWithoutPaid.email, paid.itemId)).toBe(0);
    }
  });

  it('the next matching ad comes in a mail of its own, again exactly once', async () => {
    const second = kit.double.publish({ title: 'Cube racefiets 56 cm', priceCents: 24_000 });
    for (const email of recipients()) {
      const mail = await waitForAdMail(kit.server.mailbox, email, second.itemId);
      expect(adIdsIn(mail.text)).toEqual([second.itemId]);
    }
    await waitForNextCheck(kit.server, guest.alertId);
    await waitForDeliveriesSettled(kit.server);
    for (const email of recipients()) {
      expect(alertMailsTo(kit.server.mailbox, email)).toHaveLength(2);
      expect(mailsWithAd(kit.server.mailbox, email, second.itemId)).toBe(1);
    }
  });
});
