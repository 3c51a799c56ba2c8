/**
 * GET /admin/trends: the overview's 30 days, each a local (Amsterdam) day, oldest first — new
 * users, alerts, notifications sent and revenue — with zeros on a day without anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TRENDS_DAYS, API_TEXTS, type AdminTrendsResponse } from '@prijsalarm/core';
import { loginAs } from '../../../test/auth-helpers';
import { createAlert, createDelivery, createNotification } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { addDays, localDate, startOfLocalDay } from '../../lib/calendar';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

let server: TestServer;
let admin: TestClient;
let userClient: TestClient;
let guest: TestClient;
const today = localDate(new Date());
/** An instant `ms` after the local day `daysAgo` days before today began. */
const at = (daysAgo: number, ms: number) =>
  new Date(startOfLocalDay(addDays(today, -daysAgo)).getTime() + ms);

beforeAll(async () => {
  server = await startTestServer({ mailbox: false });
  admin = server.client();
  userClient = server.client();
  guest = server.client();
  // Two accounts today: the admin and the user.
  await loginAs(server, admin, { role: 'ADMIN' });
  const owner = await loginAs(server, userClient, {});
  const { User, Payment } = server.models;
  let n = 0;
  const user = (createdAt: Date) =>
    User.create({ email: `trend${(n += 1)}@example.nl`, passwordHash: 'x', createdAt });
  // Today's first second, and the one before it: the previous day, though the same day in UTC
  // (in winter and summer alike Amsterdam's midnight is 22:00 or 23:00 UTC the day before).
  await user(at(0, SECOND));
  await user(at(0, -SECOND));
  // Before the 30 days.
  await user(at(ADMIN_TRENDS_DAYS, HOUR));

  const alert = await createAlert(server.models, { userId: owner.id, createdAt: at(0, HOUR) });
  await createAlert(server.models, { createdAt: at(10, 5 * HOUR) });
  await createAlert(server.models, { createdAt: at(10, 20 * HOUR) });

  const notification = await createNotification(server.models, alert);
  await createDelivery(server.models, notification, { status: 'sent', sentAt: at(0, 2 * HOUR) });
  await createDelivery(server.models, notification, {
    channel: 'telegram',
    status: 'sent',
    sentAt: at(0, 3 * HOUR),
  });
  await createDelivery(server.models, notification, { channel: 'live', status: 'failed' });
  await createDelivery(server.models, notification, { channel: 'webhook', status: 'pending' });
  const earlier = await createNotification(server.models, alert);
  await createDelivery(server.models, earlier, { status: 'sent', sentAt: at(1, HOUR) });

  const payment = (amountCents: number, status: 'paid' | 'failed', times: object) =>
    Payment.create({
      userId: owner.id,
      product: 'extra_alerts',
      quantity: 1,
      amountCents,
      currency: 'EUR',
      description: 'Prijsalarm',
      status,
      sequenceType: 'oneoff',
      molliePaymentId: `tr_trend${(n += 1)}`,
      ...times,
    });
  await payment(795, 'paid', { paidAt: at(0, 4 * HOUR) });
  // Paid five days ago, charged back today.
  await payment(200, 'paid', { paidAt: at(5, HOUR), chargedBackAt: at(0, 5 * HOUR) });
  await payment(500, 'failed', {});
});
afterAll(() => server.stop());

describe('GET /admin/trends', () => {
  it('is for admins only', async () => {
    const asGuest = await guest.get('/api/admin/trends');
    expect(asGuest.status).toBe(401);
    expect(asGuest.body).toEqual({ error: API_TEXTS.unauthenticated });
    const asUser = await userClient.get('/api/admin/trends');
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual({ error: API_TEXTS.adminOnly });
  });

  it('answers the last 30 local days, oldest first, today last', async () => {
    const res = await admin.get<AdminTrendsResponse>('/api/admin/trends');
    expect(res.status).toBe(200);
    const dates = res.body.days.map((day) => day.date);
    expect(dates).toHaveLength(ADMIN_TRENDS_DAYS);
    expect(dates[0]).toBe(addDays(today, -(ADMIN_TRENDS_DAYS - 1)));
    expect(dates.at(-1)).toBe(today);
    expect(dates).toEqual([...dates].sort());
  });

  it('puts each figure on its Amsterdam day, and zeros on a day without any', async () => {
    const { body } = await admin.get<AdminTrendsResponse>('/api/admin/trends');
    const day = (daysAgo: number) => body.days.find((d) => d.date === addDays(today, -daysAgo));
    expect(day(0)).toEqual({
      date: today,
      // The admin, the user and the one made in today's first second.
      newUsers: 3,
      alerts: 1,
      // The sent mail and Telegram message; not the failed push, nor the webhook still pending.
      notificationsSent: 2,
      // 795 paid, less the 200 charged back.
      revenueCents: 595,
    });
    expect(day(1)).toEqual({
      date: addDays(today, -1),
      newUsers: 1,
      alerts: 0,
      notificationsSent: 1,
      revenueCents: 0,
    });
    expect(day(5)).toMatchObject({ revenueCents: 200 });
    expect(day(10)).toMatchObject({ alerts: 2 });
    expect(day(20)).toEqual({
      date: addDays(today, -20),
      newUsers: 0,
      alerts: 0,
      notificationsSent: 0,
      revenueCents: 0,
    });
    // The user made 30 days ago is outside the window.
    const users = body.days.reduce((sum, d) => sum + d.newUsers, 0);
    expect(users).toBe(4);
  });
});
