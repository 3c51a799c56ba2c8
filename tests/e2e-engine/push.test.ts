/**
 * Push end to end: the running server (all roles) checks the marketplace double, records new ads
 * and sends them with web-push to the push-service double over real TLS, which decrypts what
 * arrives with the keys of the "browser" the test made. A user adds a device through the API and
 * makes an alert with push on, as the account page and the wizard do.
 */
import type { CreatePushSubscriptionResponse } from '@prijsalarm/core';
import { Op } from 'sequelize';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPushDouble, type PushDouble } from '../doubles/push';
import { loginAs, uniqueEmail } from '../../packages/server/test/auth-helpers';
import type { TestClient } from '../../packages/server/test/http-client';
import {
  createUserAlert,
  eventually,
  startEngineE2E,
  waitForFirstCheck,
  waitForNextCheck,
  type EngineE2E,
} from './kit';

let push: PushDouble;
let kit: EngineE2E;

beforeAll(async () => {
  push = await startPushDouble();
  kit = await startEngineE2E({
    env: { PUSH_SERVICE_HOSTS: push.host, PUSH_CA_FILE: push.caFile },
  });
});
afterAll(async () => {
  await kit?.stop();
  await push?.stop();
});

interface Payload {
  title: string;
  body: string;
  url: string;
  tag?: string;
  openedUrl?: string;
}

/** A signed-in user with one device that takes push (or more: `devices`). */
async function userWithDevices(plan: 'REGISTERED' | 'PRO', devices = 1) {
  const browser = kit.server.client();
  await loginAs(kit.server, browser, { email: uniqueEmail('push'), plan });
  const subscriptions = [];
  for (let i = 0; i < devices; i += 1) {
    const subscription = push.subscribe({
      applicationServerKey: kit.server.config.push.vapid.publicKey,
    });
    const created = await browser.post<CreatePushSubscriptionResponse>(
      '/api/push/subscriptions',
      subscription,
    );
    expect(created.status).toBe(201);
    subscriptions.push({ ...subscription, id: created.body.id });
  }
  return { browser, subscriptions };
}

/** An alert with push only, checked once so that only ads published from now on are new. */
async function pushAlert(browser: TestClient, searchTerm: string) {
  const alertId = await createUserAlert(browser, {
    searchTerm,
    maxPrice: 500,
    notifyEmail: false,
    notifyPush: true,
  });
  await waitForFirstCheck(kit.server, alertId);
  await waitForNextCheck(kit.server, alertId);
  return alertId;
}

it('an ad for a PRO alert reaches the phone once, decrypted, naming the ad, at high urgency', async () => {
  const { browser, subscriptions } = await userWithDevices('PRO');
  const [device] = subscriptions;
  const alertId = await pushAlert(browser, 'gazelle herenfiets');

  const ad = kit.double.publish({ title: 'Gazelle herenfiets <Orange> C7', priceCents: 12_000 });
  const [payload] = (await push.waitForDelivered(1, {
    endpoint: device!.endpoint,
    timeoutMs: 30_000,
  })) as Payload[];

  expect(payload!.title).toBe('Nieuwe advertentie voor "gazelle herenfiets"');
  expect(payload!.body).toContain('Gazelle herenfiets <Orange> C7');
  expect(payload!.body).toContain('€ 120');
  expect(payload!.url).toBe(ad.url);
  const [arrived] = push.received(device!.endpoint);
  expect(arrived).toMatchObject({ status: 201, urgency: 'high' });
  expect(arrived!.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  expect(arrived!.ttl).toBeGreaterThan(0);

  const notification = await kit.server.models.Notification.findOne({
    where: { alertId, listingId: ad.itemId },
  });
  // A bench figure, not a timed assertion: from the ad being recorded to the push service.
  console.info(
    `push: recorded → arrived at the push service in ${arrived!.at - notification!.createdAt.getTime()} ms`,
  );

  await waitForNextCheck(kit.server, alertId);
  await waitForNextCheck(kit.server, alertId);
  expect(push.delivered(device!.endpoint)).toHaveLength(1);
  const delivery = await kit.server.models.Delivery.findOne({
    where: { notificationId: notification!.id, channel: 'push' },
  });
  expect(delivery?.status).toBe('sent');

  // A tap: the service worker posts the notification's openedUrl, without cookies or CSRF token
  // (a client of its own: no session, no CSRF header).
  expect(notification!.viewedAt).toBeNull();
  const opened = new URL(payload!.openedUrl!);
  expect(opened.origin).toBe(new URL(kit.server.config.publicUrl).origin);
  const stranger = kit.server.client();
  const forged = new URL(opened);
  forged.searchParams.set('token', `${opened.searchParams.get('token')!.slice(0, -2)}AA`);
  const refused = await stranger.post(`${forged.pathname}${forged.search}`, undefined, {
    csrf: false,
  });
  expect(refused.status).toBe(400);
  expect(await notification!.reload()).toMatchObject({ viewedAt: null });
  const tapped = await stranger.post(`${opened.pathname}${opened.search}`, undefined, {
    csrf: false,
  });
  expect(tapped.status).toBe(204);
  expect((await notification!.reload()).viewedAt).toBeInstanceOf(Date);
});

it('a burst of 20 new ads is one summary notification', async () => {
  const { browser, subscriptions } = await userWithDevices('PRO');
  const [device] = subscriptions;
  const alertId = await pushAlert(browser, 'batavus damesfiets');

  for (let i = 1; i <= 20; i += 1) {
    kit.double.publish({ title: `Batavus damesfiets nummer ${i}`, priceCents: 10_000 + i * 100 });
  }
  const [payload] = (await push.waitForDelivered(1, {
    endpoint: device!.endpoint,
    timeoutMs: 30_000,
  })) as Payload[];
  expect(payload!.title).toBe('20 nieuwe advertenties voor "batavus damesfiets"');
  expect(payload!.body).toContain('Batavus damesfiets nummer');

  await waitForNextCheck(kit.server, alertId);
  await waitForNextCheck(kit.server, alertId);
  expect(push.delivered(device!.endpoint)).toHaveLength(1);
});

it('a device whose push service answers 410 is removed, and gets nothing more', async () => {
  const { browser, subscriptions } = await userWithDevices('REGISTERED');
  const [device] = subscriptions;
  const alertId = await pushAlert(browser, 'cortina transport');
  push.expire(device!.endpoint);

  kit.double.publish({ title: 'Cortina transportfiets', priceCents: 30_000 });
  await eventually(
    async () => (await kit.server.models.PushSubscription.findByPk(device!.id)) === null,
    30_000,
    'the gone device to be removed',
  );
  expect(push.received(device!.endpoint).map((message) => message.status)).toEqual([410]);
  const delivery = await eventually(
    async () => {
      const row = await kit.server.models.Delivery.findOne({
        where: { channel: 'push', status: 'failed' },
        include: [{ association: 'notification', where: { alertId }, required: true }],
      });
      return row;
    },
    30_000,
    'the push delivery to fail',
  );
  expect(delivery.lastError).toMatch(/apparaat/);

  // Without a device the user is no longer reached by push: no delivery is made.
  kit.double.publish({ title: 'Cortina transportfiets groen', priceCents: 31_000 });
  await waitForNextCheck(kit.server, alertId);
  await waitForNextCheck(kit.server, alertId);
  expect(push.received(device!.endpoint)).toHaveLength(1);
  const pushRows = await kit.server.models.Delivery.count({
    where: { channel: 'push' },
    include: [{ association: 'notification', where: { alertId }, required: true }],
  });
  expect(pushRows).toBe(1);
});

it('a push service that asks to wait (429) and then fails (503) gets the ad later, once', async () => {
  const { browser, subscriptions } = await userWithDevices('PRO');
  const [device] = subscriptions;
  const alertId = await pushAlert(browser, 'koga miyata');
  push.respondWith(device!.endpoint, 429, 503);

  const ad = kit.double.publish({ title: 'Koga Miyata racefiets', priceCents: 40_000 });
  const [payload] = (await push.waitForDelivered(1, {
    endpoint: device!.endpoint,
    timeoutMs: 30_000,
  })) as Payload[];
  expect(payload!.url).toBe(ad.url);
  // Retried through the ledger, as every channel is: the same delivery, sent on its third try.
  expect(push.received(device!.endpoint).map((message) => message.status)).toEqual([429, 503, 201]);
  const deliveries = () =>
    kit.server.models.Delivery.findAll({
      where: { channel: 'push' },
      include: [{ association: 'notification', where: { alertId }, required: true }],
    });
  // The server records the outcome once the push service's 201 is back.
  await eventually(
    async () => (await deliveries()).every((delivery) => delivery.status === 'sent'),
    10_000,
    'the push delivery to be recorded as sent',
  );
  const rows = await deliveries();
  expect(rows.map(({ status, attempts }) => ({ status, attempts }))).toEqual([
    { status: 'sent', attempts: 3 },
  ]);

  await waitForNextCheck(kit.server, alertId);
  expect(push.delivered(device!.endpoint)).toHaveLength(1);
});

it('a message the push service finds too large (413) goes again trimmed, at once', async () => {
  const { browser, subscriptions } = await userWithDevices('PRO');
  const [device] = subscriptions;
  await pushAlert(browser, 'trek emonda');
  push.respondWith(device!.endpoint, 413);

  kit.double.publish({ title: 'Trek Emonda SL5 carbon racefiets', priceCents: 45_000 });
  const [payload] = (await push.waitForDelivered(1, {
    endpoint: device!.endpoint,
    timeoutMs: 30_000,
  })) as Payload[];
  expect(payload!.title).toBe('Nieuwe advertentie voor "trek emonda"');
  expect(push.received(device!.endpoint).map((message) => message.status)).toEqual([413, 201]);
});

it('a removed device gets no more pushes; the other device does', async () => {
  const { browser, subscriptions } = await userWithDevices('PRO', 2);
  const [removed, kept] = subscriptions;
  expect((await browser.delete(`/api/push/subscriptions/${removed!.id}`)).status).toBe(200);
  const alertId = await pushAlert(browser, 'sparta ion');

  kit.double.publish({ title: 'Sparta ION e-bike', priceCents: 45_000 });
  await push.waitForDelivered(1, { endpoint: kept!.endpoint, timeoutMs: 30_000 });
  await waitForNextCheck(kit.server, alertId);
  expect(push.received(removed!.endpoint)).toEqual([]);
});

it('quiet hours hold the pushes and send them as one notification when they end', async () => {
  // The delivery clock at 23:30 in Amsterdam (winter time, UTC+1), moved on instead of waited for.
  let offsetMs = new Date('2026-11-26T22:30:00Z').getTime() - Date.now();
  kit.server.ctx.clock = { now: () => new Date(Date.now() + offsetMs) };
  try {
    const { browser, subscriptions } = await userWithDevices('REGISTERED');
    const [device] = subscriptions;
    const alertId = await createUserAlert(browser, {
      searchTerm: 'fixie',
      maxPrice: 500,
      notifyEmail: false,
      notifyPush: true,
      schedule: { mode: 'instant', quietHours: { start: '23:00', end: '07:00' } },
    });
    await waitForFirstCheck(kit.server, alertId);
    kit.double.publish({ title: 'Fixie zwart', priceCents: 15_000 });
    kit.double.publish({ title: 'Fixie wit', priceCents: 16_000 });
    await eventually(
      async () =>
        (await kit.server.models.Delivery.count({
          where: { channel: 'push', heldUntil: { [Op.ne]: null }, status: 'pending' },
          include: [{ association: 'notification', where: { alertId }, required: true }],
        })) === 2,
      30_000,
      'two held push deliveries',
    );
    await waitForNextCheck(kit.server, alertId);
    expect(push.received(device!.endpoint)).toEqual([]);

    offsetMs = new Date('2026-11-27T06:00:01Z').getTime() - Date.now();
    const [payload] = (await push.waitForDelivered(1, {
      endpoint: device!.endpoint,
      timeoutMs: 30_000,
    })) as Payload[];
    expect(payload!.title).toBe('2 nieuwe advertenties voor "fixie"');
    await waitForNextCheck(kit.server, alertId);
    expect(push.delivered(device!.endpoint)).toHaveLength(1);
  } finally {
    kit.server.ctx.clock = null;
  }
});
