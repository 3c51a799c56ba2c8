import { randomUUID } from 'node:crypto';
import type { Plan } from '@prijsalarm/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../test/engine-kit';
import { refuseRowsContaining } from '../../test/refuse-rows';
import { withSnapshot, type User } from '../models';

let kit: EngineKit;
beforeAll(async () => {
  kit = await startEngineKit();
});
afterAll(() => kit.stop());

let term: string;
let firstRequest = 0;
beforeEach(() => {
  // No double.reset(): listing ids must stay unique across tests (the client caches ad pages and
  // price history is per listing id), as they are on the real sites.
  firstRequest = kit.double.requests.length;
  kit.enqueued.length = 0;
  kit.events.length = 0;
  kit.clock.fixed = null;
  // A search of its own per test: the searches (and seen-sets) of other tests stay out of it.
  term = `racefiets${randomUUID().slice(0, 8)}`;
});

function publish(overrides: Parameters<EngineKit['double']['publish']>[0] = {}) {
  return kit.double.publish({ title: `Gazelle ${term}`, priceCents: 20_000, ...overrides });
}

function user(plan: Plan = 'REGISTERED', telegramChatId: string | null = null): Promise<User> {
  return kit.models.User.create({ email: `${randomUUID()}@example.nl`, plan, telegramChatId });
}

/** An alert on this test's search, its search initialised (the first check, which sends nothing). */
async function initialisedAlert(overrides: Parameters<EngineKit['alert']>[0] = {}) {
  const alert = await kit.alert({ searchTerm: term, ...overrides });
  const key = await kit.searchKeyOf(alert);
  expect(await kit.checker.check(key)).toMatchObject({ status: 'initialized' });
  return { alert, key };
}

const notificationsOf = (alertId: string) =>
  kit.models.Notification.findAll({ where: { alertId }, include: ['deliveries', withSnapshot()] });
const adPageRequests = () =>
  kit.double.requests.slice(firstRequest).filter((r) => r.path.startsWith('/v/'));
const deliverJobs = () => kit.enqueued.filter((job) => job.name === 'deliver');

describe('the first check', () => {
  it('fills the seen-set with the newest day and sends nothing', async () => {
    for (let i = 0; i < 3; i++) publish();
    const alert = await kit.alert({ searchTerm: term });
    const key = await kit.searchKeyOf(alert);

    expect(await kit.checker.check(key)).toEqual({ status: 'initialized', seen: 3 });

    expect(await kit.models.Notification.count({ where: { alertId: alert.id } })).toBe(0);
    expect(await kit.models.SearchSeenListing.count({ where: { searchKey: key } })).toBe(3);
    expect(deliverJobs()).toEqual([]);
    expect(kit.events).toEqual([]);
    const search = await kit.models.Search.findByPk(key);
    expect(search?.initializedAt).toBeInstanceOf(Date);
    expect(search?.lastCheckedAt).toBeInstanceOf(Date);
  });

  it('reads the whole newest day, so a busy day is not reported as new afterwards', async () => {
    for (let i = 0; i < 150; i++) publish();
    const { alert, key } = await initialisedAlert();
    expect(await kit.models.SearchSeenListing.count({ where: { searchKey: key } })).toBe(150);

    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 0 });
    expect(await kit.models.Notification.count({ where: { alertId: alert.id } })).toBe(0);
  });
});

describe('a first look without a real answer', () => {
  const seenCount = (key: string) =>
    kit.models.SearchSeenListing.count({ where: { searchKey: key } });

  it('answered 204: no baseline; the next real answer is one, and later ads are new', async () => {
    const old = [publish(), publish(), publish()];
    const alert = await kit.alert({ searchTerm: term });
    const key = await kit.searchKeyOf(alert);
    kit.double.inject({ status: 204, target: 'search', query: term });

    expect(await kit.checker.check(key)).toEqual({
      status: 'initialized',
      seen: 0,
      baselinePending: true,
    });
    expect(await kit.models.Search.findByPk(key)).toMatchObject({ readAt: null });
    expect(await seenCount(key)).toBe(0);

    // The marketplace answers: what it lists was there before the alert, so nothing is new.
    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 0 });
    expect(await seenCount(key)).toBe(old.length);
    expect((await kit.models.Search.findByPk(key))?.readAt).toBeInstanceOf(Date);
    const fresh = publish();
    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 1 });
    expect((await notificationsOf(alert.id)).map((n) => n.listingId)).toEqual([fresh.itemId]);
  });

  it('failed half-way: nothing is kept; the first real answer still reports what came since', async () => {
    for (let i = 0; i < 120; i++) publish({ postedAt: Date.now() - 60_000 });
    const alert = await kit.alert({ searchTerm: term });
    const key = await kit.searchKeyOf(alert);
    kit.double.inject({ status: 500, target: 'search', query: term, after: 1, times: 10 });

    expect(await kit.checker.check(key)).toMatchObject({ status: 'failed' });
    expect(await kit.models.Search.findByPk(key)).toMatchObject({
      initializedAt: null,
      readAt: null,
      consecutiveFailures: 1,
    });
    expect(await seenCount(key)).toBe(0);
    kit.double.clearFaults();

    // Posted after the alert was made, before the marketplace answered: new to the alert.
    const meanwhile = publish();
    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 1 });
    expect((await notificationsOf(alert.id)).map((n) => n.listingId)).toEqual([meanwhile.itemId]);
    expect(await seenCount(key)).toBe(121);
  });

  it('a 204 on a later check is a look, not a read: the next read starts from the last real one', async () => {
    publish();
    const { key } = await initialisedAlert();
    const readAt = (await kit.models.Search.findByPk(key))!.readAt;
    kit.double.inject({ status: 204, target: 'search', query: term });
    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 0 });
    const search = await kit.models.Search.findByPk(key);
    expect(search?.readAt).toEqual(readAt);
    expect(search?.lastCheckedAt?.getTime()).toBeGreaterThan(readAt?.getTime() ?? 0);
  });
});

describe('a new matching ad', () => {
  it('gives exactly one notification, pending deliveries, their deliver jobs and an event', async () => {
    publish();
    const owner = await user('REGISTERED', '4242');
    const { alert, key } = await initialisedAlert({
      userId: owner.id,
      email: null,
      notifyEmail: true,
      notifyTelegram: true,
    });
    const ad = publish({ title: `Batavus ${term} 28 inch` });

    const outcome = await kit.checker.check(key);

    expect(outcome).toMatchObject({ status: 'checked', newListings: 1, matches: 1 });
    const notifications = await notificationsOf(alert.id);
    expect(notifications).toHaveLength(1);
    const [notification] = notifications;
    expect(notification).toMatchObject({
      listingId: ad.itemId,
      userId: owner.id,
      platform: 'marktplaats',
      title: `Batavus ${term} 28 inch`,
      priceCents: 20_000,
      url: ad.url,
    });
    const deliveries = notification!.deliveries ?? [];
    // Live goes as an event: its row is written only once an open page took it.
    expect(deliveries.map((d) => d.channel).sort()).toEqual(['email', 'telegram']);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        status: 'pending',
        checkId: outcome.status === 'checked' ? outcome.checkId : 'missing',
        recipient: `user:${owner.id}`,
      });
    }
    expect(
      deliverJobs()
        .map((job) => job.options?.jobId)
        .sort(),
    ).toEqual(deliveries.map((d) => `deliver:${d.id}`).sort());
    expect(kit.events).toEqual([
      { notificationId: notification!.id, userId: owner.id, alertId: alert.id },
    ]);
  });

  it('a guest alert gets one e-mail delivery to its address', async () => {
    const { alert, key } = await initialisedAlert({ email: 'Gast@Example.nl' });
    publish();
    await kit.checker.check(key);
    const [notification] = await notificationsOf(alert.id);
    expect(notification?.deliveries?.map((d) => [d.channel, d.recipient])).toEqual([
      ['email', 'guest:gast@example.nl'],
    ]);
  });

  it('Telegram only when the user has linked a chat', async () => {
    const owner = await user('REGISTERED', null);
    const { alert, key } = await initialisedAlert({
      userId: owner.id,
      email: null,
      notifyEmail: false,
      notifyTelegram: true,
    });
    publish();
    await kit.checker.check(key);
    const [notification] = await notificationsOf(alert.id);
    expect(notification?.deliveries?.map((d) => d.channel)).toEqual([]);
  });

  it('two alerts of one user on the same ad: both recorded, in one check', async () => {
    const owner = await user('REGISTERED');
    const first = await kit.alert({ searchTerm: term, userId: owner.id, email: null });
    const second = await kit.alert({
      searchTerm: term.toUpperCase(),
      userId: owner.id,
      email: null,
    });
    const key = await kit.searchKeyOf(first);
    expect(await kit.searchKeyOf(second)).toBe(key);
    await kit.checker.check(key);
    publish();

    await kit.checker.check(key);

    const [a] = await notificationsOf(first.id);
    const [b] = await notificationsOf(second.id);
    expect(a?.listingId).toBe(b?.listingId);
    expect(a?.deliveries?.[0]?.checkId).toBe(b?.deliveries?.[0]?.checkId);
    const recipients = [...(a?.deliveries ?? []), ...(b?.deliveries ?? [])]
      .filter((d) => d.channel === 'email')
      .map((d) => d.recipient);
    expect(recipients).toEqual([`user:${owner.id}`, `user:${owner.id}`]);
  });
});

describe('ads that give nothing', () => {
  it.each([
    [
      'an ad the matcher refuses (exclude word)',
      { customFilters: { excludeWords: ['defect'] } },
      { description: 'Achterwiel defect.' },
    ],
    ['a paid ad (dagtopper) for a non-Pro alert', {}, { priorityProduct: 'DAGTOPPER' }],
    ['an Admarkt ad for a non-Pro alert', {}, { admarkt: true }],
    ['an ad without photo when images are required', { onlyWithImages: true }, { imageCount: 0 }],
  ] as const)('%s', async (_name, alertOverrides, ad) => {
    const { alert, key } = await initialisedAlert(alertOverrides);
    publish(ad);

    expect(await kit.checker.check(key)).toMatchObject({
      status: 'checked',
      newListings: 1,
      matches: 0,
    });
    expect(await kit.models.Notification.count({ where: { alertId: alert.id } })).toBe(0);
    expect(deliverJobs()).toEqual([]);
    expect(kit.events).toEqual([]);
  });

  it('a paid ad reaches a Pro alert that includes paid ads', async () => {
    const owner = await user('PRO');
    const { alert, key } = await initialisedAlert({
      userId: owner.id,
      email: null,
      includePaidAds: true,
    });
    publish({ priorityProduct: 'DAGTOPPER' });
    await kit.checker.check(key);
    expect(await kit.models.Notification.count({ where: { alertId: alert.id } })).toBe(1);
  });

  it('an ad already seen gives nothing the second time, and a re-run creates no duplicates', async () => {
    const { alert, key } = await initialisedAlert();
    publish();
    expect(await kit.checker.check(key)).toMatchObject({ matches: 1 });
    const jobs = deliverJobs().length;
    const events = kit.events.length;

    // The same job again (at-least-once queues run a job twice).
    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 0 });
    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 0 });

    expect(await kit.models.Notification.count({ where: { alertId: alert.id } })).toBe(1);
    expect(deliverJobs()).toHaveLength(jobs);
    expect(kit.events).toHaveLength(events);
  });
});

describe('the ad page', () => {
  it('is read for a private-seller filter, which then tells private from business', async () => {
    const { alert, key } = await initialisedAlert({ sellerType: 'private' });
    const consumer = publish({ sellerType: 'CONSUMER' });
    const trader = publish({ sellerType: 'TRADER' });

    await kit.checker.check(key);

    const notifications = await notificationsOf(alert.id);
    expect(notifications.map((n) => n.listingId)).toEqual([consumer.itemId]);
    expect(notifications[0]?.sellerType).toBe('private');
    const pages = adPageRequests();
    expect(pages.map((r) => r.path).sort()).toEqual(
      [new URL(consumer.url).pathname, new URL(trader.url).pathname].sort(),
    );
  });

  it('is not read when no filter needs it', async () => {
    await initialisedAlert();
    const key = await kit.searchKeyOf(await kit.alert({ searchTerm: term }));
    publish();
    await kit.checker.check(key);
    expect(adPageRequests()).toEqual([]);
  });

  it('gives a Pro alert the exact posting time', async () => {
    // A real first answer (not an empty 204): the ad below, posted before the alert, is new.
    publish();
    const owner = await user('PRO');
    const { alert, key } = await initialisedAlert({ userId: owner.id, email: null });
    const postedAt = Date.now() - 5 * 60_000;
    publish({ postedAt });
    await kit.checker.check(key);
    const [notification] = await notificationsOf(alert.id);
    expect(Math.abs((notification?.postedAt?.getTime() ?? 0) - postedAt)).toBeLessThan(1000);
  });
});

describe('a 403 storm', () => {
  it('cools the search down, then finds the ads published meanwhile', async () => {
    for (let i = 0; i < 5; i++) publish({ postedAt: Date.now() - 60_000 });
    const { alert, key } = await initialisedAlert();
    const before = publish();
    kit.double.inject({ status: 403, times: 3, target: 'search' });

    const first = await kit.checker.check(key);
    expect(first).toMatchObject({ status: 'cooling-down' });
    const search = await kit.models.Search.findByPk(key);
    expect(search?.cooldownUntil?.getTime()).toBeGreaterThan(Date.now());
    // The scheduler leaves the host alone meanwhile.
    const due = await kit.scheduler.enqueueDue(new Date(search!.cooldownUntil!.getTime() - 100));
    expect(due.coolingDown).toContain(key);
    const during = publish();

    const outcomes: string[] = [first.status];
    for (let attempt = 0; attempt < 10; attempt++) {
      const current = await kit.models.Search.findByPk(key);
      const wait = (current?.cooldownUntil?.getTime() ?? 0) - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 20));
      const outcome = await kit.checker.check(key);
      outcomes.push(outcome.status);
      if (outcome.status === 'checked') break;
    }

    expect(outcomes.at(-1)).toBe('checked');
    expect(outcomes.filter((status) => status === 'cooling-down').length).toBeGreaterThanOrEqual(2);
    const found = (await notificationsOf(alert.id)).map((n) => n.listingId).sort();
    expect(found).toEqual([before.itemId, during.itemId].sort());
    expect(await kit.models.Search.findByPk(key)).toMatchObject({
      cooldownUntil: null,
      consecutiveFailures: 0,
    });
  });
});

describe('price history', () => {
  it('records the first price and every change of a seen listing', async () => {
    const ad = publish({ priceCents: 30_000 });
    const { key } = await initialisedAlert();
    const history = () =>
      kit.models.ListingPrice.findAll({
        where: { platform: 'marktplaats', listingId: ad.itemId },
        order: [['id', 'ASC']],
      });
    expect((await history()).map((row) => row.priceCents)).toEqual([30_000]);

    (ad.raw.priceInfo as { priceCents: number }).priceCents = 25_000;
    await kit.checker.check(key);
    await kit.checker.check(key);

    expect((await history()).map((row) => row.priceCents)).toEqual([30_000, 25_000]);
    const seen = await kit.models.SearchSeenListing.findOne({
      where: { searchKey: key, listingId: ad.itemId },
    });
    expect(seen?.priceCents).toBe(25_000);
  });
});

describe('the seen-set', () => {
  it('keeps the most recently seen listings of a search, up to its limit', async () => {
    const { createSearchChecker } = await import('./check-search');
    const small = createSearchChecker(kit.ctx, { client: kit.client, seenSetLimit: 3 });
    for (let i = 0; i < 5; i++) publish({ postedAt: Date.now() - (10 - i) * 1000 });
    const alert = await kit.alert({ searchTerm: term });
    const key = await kit.searchKeyOf(alert);
    await small.check(key);
    expect(await kit.models.SearchSeenListing.count({ where: { searchKey: key } })).toBe(3);
  });
});

describe('an ad the database refuses', () => {
  it('is set aside; the ads beside it are recorded and the search goes on', async () => {
    const { alert, key } = await initialisedAlert();
    const good = [publish(), publish()];
    const bad = publish({ title: `Gazelle ${term} Giftig` });
    const undo = await refuseRowsContaining(
      kit.ctx.sequelize,
      'listing_snapshots',
      'title',
      'Giftig',
    );
    try {
      expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 3 });
    } finally {
      await undo();
    }
    const recorded = (await notificationsOf(alert.id)).map((n) => n.listingId).sort();
    expect(recorded).toEqual(good.map((ad) => ad.itemId).sort());
    const aside = await kit.models.SetAsideListing.findAll({ where: { listingId: bad.itemId } });
    expect(aside.map((row) => [row.platform, row.stage])).toEqual([
      ['marktplaats', 'search-check'],
    ]);
    expect(aside[0]!.snippet).toContain('Giftig');
    // Seen: the next check neither fails on it nor sets it aside again.
    expect(await kit.checker.check(key)).toMatchObject({ status: 'checked', newListings: 0 });
    expect((await kit.models.Search.findByPk(key))!.consecutiveFailures).toBe(0);
    expect(await kit.models.SetAsideListing.count({ where: { listingId: bad.itemId } })).toBe(1);
  });
});
