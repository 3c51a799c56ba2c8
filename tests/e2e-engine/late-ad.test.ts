/**
 * Around midnight: an ad posted just before midnight but indexed minutes after it shows up with
 * yesterday's label ('Gisteren'), anywhere in yesterday's block of the date sort — here last,
 * after 230 of yesterday's ads, on the third page. It must still be delivered, once.
 *
 * The marketplace double runs on a clock of its own (its day labels and its Date header), set to
 * just before and then just after midnight in Amsterdam; the server keeps its real clock.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createVirtualClock, LAST_IN_DAY, type VirtualClock } from '../doubles/marketplace';
import {
  alertMailsTo,
  createConfirmedGuestAlert,
  mailsWithAd,
  startEngineE2E,
  waitForAdMail,
  waitForDeliveriesSettled,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
  type GuestAlert,
} from './kit';

const MINUTE = 60_000;
/** 10 March 2026, 23:40 in Amsterdam (UTC+1). */
const BEFORE_MIDNIGHT = Date.UTC(2026, 2, 10, 22, 40);
const MIDNIGHT = Date.UTC(2026, 2, 10, 23, 0);

let clock: VirtualClock;
let kit: EngineE2E;
let guest: GuestAlert;

beforeAll(async () => {
  clock = createVirtualClock(BEFORE_MIDNIGHT);
  kit = await startEngineE2E({ double: { now: () => clock.now() } });
  // A busy day: 230 ads, all seen by the alert's first look that evening.
  for (let n = 0; n < 230; n++) {
    kit.double.publish({
      title: `Stadsfiets ${n}`,
      priceCents: 10_000 + n,
      postedAt: MIDNIGHT - 12 * 60 * MINUTE + n * 3 * MINUTE,
    });
  }
  guest = await createConfirmedGuestAlert(kit.server, { searchTerm: 'stadsfiets' });
  await waitForFirstCheck(kit.server, guest.alertId);
});
afterAll(() => kit?.stop());

it('an ad of yesterday indexed after midnight, last among 230 of yesterday’s ads: delivered once', async () => {
  // Past midnight: a check finds today's first ad, so the engine has seen today.
  clock.set(MIDNIGHT + 10 * MINUTE);
  const today = kit.double.publish({
    title: 'Stadsfiets van vannacht',
    priceCents: 15_000,
    postedAt: MIDNIGHT + 5 * MINUTE,
  });
  await waitForAdMail(kit.server.mailbox, guest.email, today.itemId);

  // Posted at 23:57, indexed only now: 'Gisteren', after every other ad of yesterday (page 3).
  const late = kit.double.publish({
    title: 'Stadsfiets laat geïndexeerd',
    priceCents: 16_000,
    postedAt: MIDNIGHT - 3 * MINUTE,
    daySortKey: LAST_IN_DAY,
  });
  const mail = await waitForAdMail(kit.server.mailbox, guest.email, late.itemId);
  expect(mail.text).toContain('Stadsfiets laat geïndexeerd');

  await waitForNextCheck(kit.server, guest.alertId);
  await waitForNextCheck(kit.server, guest.alertId);
  await waitForDeliveriesSettled(kit.server);
  expect(mailsWithAd(kit.server.mailbox, guest.email, late.itemId)).toBe(1);
  expect(mailsWithAd(kit.server.mailbox, guest.email, today.itemId)).toBe(1);
  expect(alertMailsTo(kit.server.mailbox, guest.email)).toHaveLength(2);
});
