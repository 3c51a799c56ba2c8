/**
 * Digests and quiet hours on the deliveries ledger, through the running server (web + worker, the
 * in-process queue, a real SMTP mailbox) with the delivery clock set by the test.
 */
import { MAIL_TEXTS, type CreateAlertResponse, type DeliverySchedule } from '@prijsalarm/core';
import { Op } from 'sequelize';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/auth-helpers';
import { userPayload } from '../../test/alert-helpers';
import { eventually, makeListing, recordMatches } from '../../test/delivery-helpers';
import { createAlert } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/support';
import { relayStuckDeliveries } from './relay';

let server: TestServer;
let clock = new Date('2026-11-26T05:30:00Z');

beforeAll(async () => {
  server = await startTestServer({ env: { SERVICES: 'web,worker' } });
  server.ctx.clock = { now: () => clock };
});
afterAll(() => server.stop());

const DAILY_AT_7: DeliverySchedule = { mode: 'daily', dailyHour: 7, quietHours: null };
const mailsTo = (address: string) => server.mailbox.messages.filter((m) => m.to.includes(address));

const heldRows = (alertId: string) =>
  server.models.Delivery.findAll({
    where: { heldUntil: { [Op.ne]: null }, status: 'pending' },
    include: [{ association: 'notification', required: true, where: { alertId } }],
  });

async function waitHeld(alertId: string, count: number) {
  // Each held row is a deliver job of its own: fifty of them take a while on a busy machine.
  return eventually(
    async () => {
      const rows = await heldRows(alertId);
      return rows.length === count ? rows : null;
    },
    20_000,
    `${count} held deliveries`,
  );
}

it('a lost digest job comes back with the relay, and two runs at once send one mail', async () => {
  clock = new Date('2026-11-26T05:30:00Z');
  const email = 'digest-herstart@example.nl';
  const alert = await createAlert(server.models, { email, deliverySchedule: DAILY_AT_7 });
  await recordMatches(server, [
    { alert, listing: makeListing({ title: 'Fiets één' }) },
    { alert, listing: makeListing({ title: 'Fiets twee' }) },
  ]);
  const rows = await waitHeld(alert.id, 2);
  expect(rows.every((row) => row.nextAttemptAt?.toISOString() === '2026-11-26T06:00:00.000Z')).toBe(
    true,
  );

  // The delayed jobs (07:00 on the real clock) are as good as lost here, as after a restart of the
  // in-process queue. Past 07:00 the start's relay pass and a normal one run at the same time.
  clock = new Date('2026-11-26T06:00:30Z');
  await Promise.all([
    relayStuckDeliveries(server.ctx, { all: true }),
    relayStuckDeliveries(server.ctx),
  ]);
  const mail = await server.mailbox.waitFor({ to: email });
  expect(mail.subject).toBe(MAIL_TEXTS.digest.subject(2));
  expect(mail.text).toContain('Fiets één');
  expect(mail.text).toContain('Fiets twee');
  await eventually(
    async () => (await heldRows(alert.id)).length === 0,
    10_000,
    'the held rows to be sent',
  );
  await relayStuckDeliveries(server.ctx, { all: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mailsTo(email)).toHaveLength(1);
});

it('a digest lists 50 ads and says how many more wait (a guest: on the manage page)', async () => {
  clock = new Date('2026-11-26T05:30:00Z');
  const email = 'digest-groot@example.nl';
  const alert = await createAlert(server.models, { email, deliverySchedule: DAILY_AT_7 });
  await recordMatches(
    server,
    Array.from({ length: 52 }, (_, index) => ({
      alert,
      listing: makeListing({ title: `Advertentie nummer ${index + 1}` }),
    })),
  );
  await waitHeld(alert.id, 52);
  // Its delayed job is not coming (real clock): the relay finds the overdue rows.
  clock = new Date('2026-11-26T06:10:00Z');
  await relayStuckDeliveries(server.ctx);
  // Fifty ad cards to lay out and send: more than the default wait on a busy machine.
  const mail = await server.mailbox.waitFor({ to: email }, 20_000);
  expect(mail.subject).toBe(MAIL_TEXTS.digest.subject(52));
  expect(mail.text).toContain(MAIL_TEXTS.digest.moreGuest(2));
  expect(mail.text.match(/Advertentie nummer \d+/g)).toHaveLength(50);
});

it('an instant alert mails at once without taking along the ad a digest alert holds', async () => {
  clock = new Date('2026-11-26T05:30:00Z');
  const user = await createUser(server, { email: 'twee-schemas@example.nl' });
  const instant = await createAlert(server.models, { userId: user.id, searchTerm: 'direct' });
  const digest = await createAlert(server.models, {
    userId: user.id,
    searchTerm: 'overzicht',
    deliverySchedule: DAILY_AT_7,
  });
  await recordMatches(server, [
    { alert: instant, listing: makeListing({ title: 'Meteen graag' }) },
    { alert: digest, listing: makeListing({ title: 'Mag wachten' }) },
  ]);
  const mail = await server.mailbox.waitFor({ to: user.email });
  expect(mail.text).toContain('Meteen graag');
  expect(mail.text).not.toContain('Mag wachten');
  await waitHeld(digest.id, 1);
});

it('switching a digest alert to instant sends what it held at once, as one digest', async () => {
  clock = new Date('2026-11-26T05:30:00Z');
  const browser = server.client();
  const user = await loginAs(server, browser, { email: 'omschakelen@example.nl' });
  const created = await browser.post<CreateAlertResponse>(
    '/api/alerts',
    userPayload({ searchTerm: 'omschakelen', schedule: { mode: 'daily', dailyHour: 7 } }),
  );
  const alert = (await server.models.Alert.findByPk(created.body.alert.id))!;
  await recordMatches(server, [
    { alert, listing: makeListing({ title: 'Eerste fiets' }) },
    { alert, listing: makeListing({ title: 'Tweede fiets' }) },
  ]);
  await waitHeld(alert.id, 2);
  expect(mailsTo(user.email)).toEqual([]);

  const token = created.body.alert.manageUrl.split('/').pop()!;
  const changed = await browser.put(`/api/alerts/manage/${token}`, {
    schedule: { mode: 'instant' },
  });
  expect(changed.status).toBe(200);
  const mail = await server.mailbox.waitFor({ to: user.email });
  expect(mail.subject).toBe(MAIL_TEXTS.digest.subject(2));
  await eventually(async () => (await heldRows(alert.id)).length === 0, 10_000, 'held rows sent');
  expect(mailsTo(user.email)).toHaveLength(1);
});
