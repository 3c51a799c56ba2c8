/**
 * The feed against the marketplace double over HTTP, with the real database and recorder: what a
 * user would notice is which ads reach them, once, and when.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Plan } from '@prijsalarm/core';
import { startEngineKit, type EngineKit } from '../../../test/engine-kit';
import type { Alert } from '../../models';
import { BATCH_SEND_MARGIN_MS, nextSlotAfter } from '../slots';
import { AlertIndex } from './alert-index';
import { createFeedReader, type FeedReader } from './feed-reader';
import { createIndexSync } from './index-sync';
import { feedModels } from './store';

const FIETSEN = 445;
const DAMESFIETSEN = 447;

let kit: EngineKit;
let index: AlertIndex;
let reader: FeedReader;
let sync: ReturnType<typeof createIndexSync>;

beforeAll(async () => {
  kit = await startEngineKit({ env: { ENGINE_FEED: 'off' } });
});
afterAll(() => kit.stop());

beforeEach(async () => {
  await kit.models.Alert.destroy({ where: {} });
  const { FeedCategory, FeedListing } = feedModels(kit.ctx.sequelize);
  await FeedCategory.destroy({ where: {} });
  // The double's ad ids start again after reset: so do the stored listings.
  await FeedListing.destroy({ where: {} });
  kit.double.reset();
  kit.double.clearFaults();
  kit.enqueued.length = 0;
  index = new AlertIndex();
  sync = createIndexSync(kit.ctx, index);
  reader = createFeedReader(kit.ctx, {
    platform: 'marktplaats',
    categories: [FIETSEN],
    client: kit.client,
    index,
    minGapMs: 0,
  });
});

async function userAlert(plan: Plan, overrides: Partial<Alert> = {}): Promise<Alert> {
  const user = await kit.models.User.create({ email: `${randomUUID()}@example.nl`, plan });
  return kit.alert({
    userId: user.id,
    email: null,
    searchTerm: 'racefiets',
    checkIntervalMinutes: plan === 'PRO' ? 1 : 15,
    confirmedAt: new Date(Date.now() - 60_000),
    ...overrides,
  });
}

/** The alert index is current and the category has its baseline. */
async function ready(): Promise<void> {
  await sync.refresh();
  expect((await reader.visit(FIETSEN)).status).toBe('baseline');
}

const notificationsOf = (alert: Alert) =>
  kit.models.Notification.findAll({ where: { alertId: alert.id } });

describe('the new-ads feed', () => {
  it('delivers an ad only the feed saw, once, marked as found by the feed', async () => {
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Oude racefiets' }); // before: baseline
    const alert = await userAlert('PRO');
    await ready();
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Gazelle racefiets 58 cm' });
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Omafiets zwart' });

    const outcome = await reader.visit(FIETSEN);
    expect(outcome).toMatchObject({ status: 'read', newListings: 2, matches: 1 });
    const again = await reader.visit(FIETSEN);
    expect(again).toMatchObject({ status: 'read', newListings: 0 });

    const found = await notificationsOf(alert);
    expect(found.map((n) => [n.listingId, n.foundBy])).toEqual([[ad.itemId, 'feed']]);
    // Pro: at once. Live goes out at once too, as an event to the web processes: no row, no job.
    const deliver = kit.enqueued.filter((job) => job.name === 'deliver');
    expect(deliver.length).toBeGreaterThan(0);
    expect(deliver.every((job) => !job.options?.delayMs)).toBe(true);
    expect(await kit.models.Delivery.count({ where: { channel: 'live' } })).toBe(0);
  });

  it('holds a FREE alert’s ad for its check interval, a PRO alert’s not', async () => {
    const free = await userAlert('FREE', { checkIntervalMinutes: 15 });
    const pro = await userAlert('PRO');
    await ready();
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Trek' });
    const before = Date.now();
    await reader.visit(FIETSEN);
    const after = Date.now();

    const [freeNote] = await notificationsOf(free);
    const [proNote] = await notificationsOf(pro);
    const freeDeliveries = await kit.models.Delivery.findAll({
      where: { notificationId: freeNote!.id },
    });
    const proDeliveries = await kit.models.Delivery.findAll({
      where: { notificationId: proNote!.id },
    });
    for (const delivery of freeDeliveries) {
      expect(delivery.status).toBe('pending');
      expect(delivery.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
      expect(delivery.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    }
    // Due a send margin before the alert's slot after the previous read (the queue's wait behind
    // PRO sends must still fit the interval), or at the slot when the margin has already begun.
    const row = await feedModels(kit.ctx.sequelize).FeedListing.findOne({
      where: { listingId: ad.itemId },
    });
    const slot = nextSlotAfter(free.id, 15 * 60_000, row!.alertsBefore.getTime());
    const aimed = slot - BATCH_SEND_MARGIN_MS;
    // Matched between `before` and `after`: an aimed moment in between may have gone either way.
    const expected = aimed > after ? [aimed] : aimed <= before ? [slot] : [aimed, slot];
    for (const delivery of freeDeliveries) {
      expect(expected).toContain(delivery.nextAttemptAt!.getTime());
    }
    for (const delivery of proDeliveries) expect(delivery.nextAttemptAt).toBeNull();
    const deliverJobs = kit.enqueued.filter((job) => job.name === 'deliver');
    const delayed = deliverJobs.filter((job) => (job.options?.delayMs ?? 0) > 0);
    expect(freeDeliveries.length).toBeGreaterThan(0);
    expect(delayed.map((job) => job.data.deliveryId).sort()).toEqual(
      freeDeliveries.map((d) => d.id).sort(),
    );
  });

  it('spreads the batches of many FREE alerts on one search over the interval, not one moment', async () => {
    // Thousands of guest alerts share a popular search: due at one moment, the last of their
    // mails went out past the interval.
    const alerts = [];
    for (let i = 0; i < 12; i += 1) alerts.push(await userAlert('FREE'));
    await kit.scheduler.reconcile(new Date());
    const keys = await Promise.all(alerts.map(async (alert) => (await alert.reload()).searchKey));
    expect(keys[0]).not.toBeNull();
    expect(new Set(keys).size).toBe(1);
    await ready();
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Gazelle' });
    await reader.visit(FIETSEN);

    const moments = new Set<number>();
    for (const alert of alerts) {
      const [note] = await notificationsOf(alert);
      const mail = await kit.models.Delivery.findOne({
        where: { notificationId: note!.id, channel: 'email' },
      });
      expect(mail!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
      moments.add(mail!.nextAttemptAt!.getTime());
    }
    expect(moments.size).toBeGreaterThan(6);
  });

  it('sends a FREE alert’s ad at once when the feed saw it after its batch moment had passed', async () => {
    const free = await userAlert('FREE', {
      checkIntervalMinutes: 15,
      confirmedAt: new Date(Date.now() - 60 * 60_000),
    });
    await ready();
    // The previous read was 20 minutes ago (a slow feed): the ad may be that old, and the alert's
    // check slot after it — when per-search polling would have sent it — has passed.
    const { FeedCategory } = feedModels(kit.ctx.sequelize);
    await FeedCategory.update(
      { lastVisitedAt: new Date(Date.now() - 20 * 60_000) },
      { where: { platform: 'marktplaats', l1CategoryId: FIETSEN } },
    );
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Batavus' });
    await reader.visit(FIETSEN);
    const [note] = await notificationsOf(free);
    const deliveries = await kit.models.Delivery.findAll({ where: { notificationId: note!.id } });
    expect(deliveries.length).toBeGreaterThan(0);
    for (const delivery of deliveries) expect(delivery.nextAttemptAt).toBeNull();
  });

  it('pages a burst of more than 100 ads between two visits: nothing missed', async () => {
    const alert = await userAlert('PRO', { searchTerm: 'fiets' });
    await ready();
    const burst = Array.from({ length: 250 }, (_, i) =>
      kit.double.publish({ categoryId: DAMESFIETSEN, title: `Damesfiets nummer ${i}` }),
    );
    const outcome = await reader.visit(FIETSEN);
    expect(outcome).toMatchObject({ status: 'read', newListings: 250, pages: 3 });
    const found = await notificationsOf(alert);
    expect(new Set(found.map((n) => n.listingId))).toEqual(new Set(burst.map((ad) => ad.itemId)));
  });

  it('leaves a word beyond the cut description to per-search polling, which delivers it once', async () => {
    const alert = await userAlert('PRO', { searchTerm: 'racefiets campagnolo' });
    const key = await kit.searchKeyOf(alert);
    await kit.checker.check(key); // the search's first look
    await ready();
    const ad = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Racefiets',
      description: `${'Zeer nette fiets, altijd binnen gestaan. '.repeat(6)}Groep: Campagnolo Record.`,
    });
    const outcome = await reader.visit(FIETSEN);
    expect(outcome).toMatchObject({ status: 'read', newListings: 1, matches: 0 });
    expect(await notificationsOf(alert)).toEqual([]);

    await kit.checker.check(key);
    await kit.checker.check(key);
    const found = await notificationsOf(alert);
    expect(found.map((n) => [n.listingId, n.foundBy])).toEqual([[ad.itemId, 'reconciliation']]);
  });

  it('an ad found by the feed and then by per-search polling is one notification', async () => {
    const alert = await userAlert('PRO');
    const key = await kit.searchKeyOf(alert);
    await kit.checker.check(key);
    await ready();
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Giant' });
    await reader.visit(FIETSEN);
    await kit.checker.check(key);
    const found = await notificationsOf(alert);
    expect(found).toHaveLength(1);
    expect(found[0]!.foundBy).toBe('feed');
  });

  it('a 429/403 storm slows the feed but loses no ad', async () => {
    const alert = await userAlert('PRO');
    await ready();
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Cube' });
    kit.double.inject({ status: 429, times: 20, target: 'search' });
    const first = await reader.visit(FIETSEN);
    expect(first.status).not.toBe('read');
    kit.double.clearFaults();
    kit.double.inject({ status: 403, times: 1, target: 'search' });
    const second = await reader.visit(FIETSEN);
    expect(second.status).toBe('cooling-down');
    expect(await notificationsOf(alert)).toEqual([]);
    const later = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Canyon' });
    // The host cooled down (the kit's client: 400 ms): the next visit reads everything since.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { FeedCategory } = feedModels(kit.ctx.sequelize);
    await FeedCategory.update({ cooldownUntil: null }, { where: {} });
    expect(await reader.visit(FIETSEN)).toMatchObject({ status: 'read', matches: 2 });
    const found = await notificationsOf(alert);
    expect(found.map((n) => n.listingId).sort()).toEqual([ad.itemId, later.itemId].sort());
  });

  it('an ad the site lists late, behind ads it showed before, is found by the next deep read', async () => {
    let laterMs = 0;
    const late = createFeedReader(kit.ctx, {
      platform: 'marktplaats',
      categories: [FIETSEN],
      client: kit.client,
      index,
      minGapMs: 0,
      overlapMs: 300_000,
      now: () => new Date(Date.now() + laterMs),
    });
    const alert = await userAlert('PRO');
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Omafiets' });
    await sync.refresh();
    expect((await late.visit(FIETSEN)).status).toBe('baseline');
    // Posted a minute ago but listed only now, last of its day (after midnight: under 'Gisteren'):
    // the feed reads by posting time (offeredSince), not by position or label.
    const ad = kit.double.publish({
      categoryId: DAMESFIETSEN,
      title: 'Racefiets Koga',
      postedAt: Date.now() - 60_000,
      daySortKey: 2 ** 32,
    });
    // A shallow visit reads back only the clocks' skew: the late ad is not in its window…
    await late.visit(FIETSEN);
    expect(await notificationsOf(alert)).toEqual([]);
    // …the deep visit, half the overlap later, reads back the whole overlap and finds it, once.
    laterMs = 151_000;
    await late.visit(FIETSEN);
    await late.visit(FIETSEN);
    expect((await notificationsOf(alert)).map((n) => n.listingId)).toEqual([ad.itemId]);
  });

  it('shares its request budget by the square-root rule: a busy category far more often, within the budget', async () => {
    const BUSY = 445;
    const QUIET = 1744;
    const budgeted = createFeedReader(kit.ctx, {
      platform: 'marktplaats',
      categories: [BUSY, QUIET],
      client: kit.client,
      index,
      minGapMs: 0,
      maxGapMs: 3_600_000,
      requestsPerSecond: 1,
    });
    await userAlert('PRO');
    await sync.refresh();
    expect((await budgeted.visit(BUSY)).status).toBe('baseline');
    expect((await budgeted.visit(QUIET)).status).toBe('baseline');
    // A visit learns each category's rate from what it read: 100 new ads against 1.
    for (let i = 0; i < 100; i += 1)
      kit.double.publish({ categoryId: DAMESFIETSEN, title: `Fiets ${i}` });
    await budgeted.visit(BUSY);
    await budgeted.visit(QUIET);
    const { FeedCategory } = feedModels(kit.ctx.sequelize);
    const rows = await FeedCategory.findAll({ where: { platform: 'marktplaats' } });
    const gapOf = (l1: number) => {
      const row = rows.find((r) => r.l1CategoryId === l1)!;
      return row.nextVisitAt!.getTime() - row.lastVisitedAt!.getTime();
    };
    expect(gapOf(BUSY)).toBeLessThan(gapOf(QUIET) / 5);
    // Together about 80 % of the one request a second (each gap was planned with the rates known
    // at its own visit), not a visit every few milliseconds as the busy rate alone would ask.
    expect(1000 / gapOf(BUSY) + 1000 / gapOf(QUIET)).toBeLessThanOrEqual(0.81);
  });

  it('delivers Pro matches at once: no ad page is read only for the exact posting time', async () => {
    const alert = await userAlert('PRO');
    await ready();
    const pagesBefore = kit.double.requests.filter((r) => r.path.startsWith('/v/')).length;
    for (let i = 0; i < 8; i += 1) {
      kit.double.publish({ categoryId: DAMESFIETSEN, title: `Racefiets tijdstip ${i}` });
    }
    expect(await reader.visit(FIETSEN)).toMatchObject({ status: 'read', matches: 8 });
    // Every ad notified with its day label; a page would have made each delivery wait its turn.
    const found = await notificationsOf(alert);
    expect(found).toHaveLength(8);
    expect(kit.double.requests.filter((r) => r.path.startsWith('/v/')).length).toBe(pagesBefore);
  });

  it('picks up alert changes without reloading them all: pause and edit', async () => {
    const alert = await userAlert('PRO');
    await ready();
    await alert.update({ isActive: false });
    await sync.refresh();
    kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Racefiets Bianchi' });
    await reader.visit(FIETSEN);
    expect(await notificationsOf(alert)).toEqual([]);
    await alert.update({ isActive: true, searchTerm: 'bakfiets' });
    await sync.refresh();
    expect(index.has(alert.id)).toBe(true);
    const ad = kit.double.publish({ categoryId: DAMESFIETSEN, title: 'Bakfiets Babboe' });
    await reader.visit(FIETSEN);
    expect((await notificationsOf(alert)).map((n) => n.listingId)).toEqual([ad.itemId]);
  });
});
