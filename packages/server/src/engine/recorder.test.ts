import { randomUUID } from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../test/engine-kit';
import { alertAttributes } from '../../test/factories';
import { withSnapshot } from '../models';
import type { Listing } from './marketplace';
import {
  channelsFor,
  messageKeyOf,
  recordAndDispatch,
  recordMatches,
  type RecordableAlert,
} from './recorder';

describe('channelsFor', () => {
  const guest: RecordableAlert = {
    id: 'a',
    userId: null,
    email: 'gast@example.nl',
    notifyEmail: true,
    notifyTelegram: false,
    notifyPush: false,
    user: null,
  };
  const member: RecordableAlert = {
    ...guest,
    userId: 'u',
    email: null,
    user: { telegramChatId: '7' },
  };

  it.each<[string, RecordableAlert, string[]]>([
    ['guest alert: e-mail only', guest, ['email']],
    ['guest alert without e-mail notifications: nothing', { ...guest, notifyEmail: false }, []],
    // Live is not recorded with the match: its web process writes the row once a page took it.
    ['user alert: e-mail', member, ['email']],
    [
      'user alert with Telegram and a linked chat',
      { ...member, notifyTelegram: true },
      ['email', 'telegram'],
    ],
    [
      'Telegram asked but no chat linked',
      { ...member, notifyTelegram: true, user: { telegramChatId: null } },
      ['email'],
    ],
    ['user alert without e-mail: nothing to record', { ...member, notifyEmail: false }, []],
  ])('%s', (_name, alert, expected) => {
    expect(channelsFor(alert)).toEqual(expected);
  });
});

describe('recording', () => {
  let kit: EngineKit;
  beforeAll(async () => {
    kit = await startEngineKit();
  });
  afterAll(() => kit.stop());
  beforeEach(() => {
    kit.enqueued.length = 0;
    kit.events.length = 0;
  });

  function listing(): Listing {
    const id = `m${Math.floor(Math.random() * 1e9)}`;
    return {
      id,
      platform: 'marktplaats',
      title: 'Gazelle racefiets',
      description: 'Mooi',
      priceCents: 12_500,
      priceType: 'FIXED',
      location: { cityName: 'Utrecht', countryCode: 'NL', distanceMeters: 1500 },
      dayLabel: 'Vandaag',
      postedAt: '2026-03-01T10:15:00.000Z',
      imageUrls: ['https://images.marktplaats.com/x.jpg'],
      seller: { id: '1', name: 'Jan', type: 'private' },
      category: { l1: 445, l2: 447 },
      paid: {
        isPaid: false,
        priorityProduct: 'NONE',
        isAdmarkt: false,
        pageLocation: null,
        topBlock: false,
      },
      delivery: 'pickup',
      condition: 'Gebruikt',
      attributes: {},
      reserved: false,
      url: `https://www.marktplaats.nl/v/x/${id}`,
    };
  }

  async function userAlert() {
    const user = await kit.models.User.create({
      email: `${randomUUID()}@example.nl`,
      telegramChatId: String(Math.floor(Math.random() * 1e9)),
    });
    const alert = await kit.alert({ userId: user.id, email: null, notifyTelegram: true });
    return Object.assign(alert, { user });
  }

  it('stores a listing once for all the alerts it matches; each keeps its own price and distance', async () => {
    const [first, second, third] = [await userAlert(), await userAlert(), await userAlert()];
    const ad = listing();
    await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [
        { alert: first, listing: ad },
        { alert: second, listing: { ...ad, location: { ...ad.location, distanceMeters: 9000 } } },
      ],
    });
    // Later, edited and cheaper: a price drop for one alert, a first sighting for another.
    const later = { ...ad, title: 'Gazelle racefiets (bewerkt)', priceCents: 9_900 };
    await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [
        { alert: first, listing: later, drop: { previousPriceCents: 12_500 } },
        { alert: third, listing: later },
      ],
    });

    expect(await kit.models.ListingSnapshot.count({ where: { listingId: ad.id } })).toBe(1);
    const rows = await kit.models.Notification.findAll({
      where: { listingId: ad.id },
      include: [withSnapshot()],
    });
    const seen = rows
      .map((row) => [row.alertId, row.kind, row.priceCents, row.distanceMeters, row.title])
      .sort(
        (a, b) =>
          String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])),
      );
    const expected = [
      [first.id, 'new', 12_500, 1500, 'Gazelle racefiets'],
      [first.id, 'price_drop', 9_900, 1500, 'Gazelle racefiets'],
      [second.id, 'new', 12_500, 9000, 'Gazelle racefiets'],
      [third.id, 'new', 9_900, 1500, 'Gazelle racefiets'],
    ].sort(
      (a, b) =>
        String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])),
    );
    expect(seen).toEqual(expected);
  });

  it('an ad matching thousands of alerts is recorded whole, in several inserts', async () => {
    // More rows than one INSERT carries (MariaDB drops a statement over its packet size).
    const alerts = await kit.models.Alert.bulkCreate(
      Array.from({ length: 2_300 }, () => alertAttributes({ searchTerm: 'racefiets' })),
    );
    const ad = listing();
    const recorded = await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: alerts.map((alert) => ({ alert, listing: ad })),
    });
    expect(recorded.created).toHaveLength(2_300);
    expect(await kit.models.Notification.count({ where: { listingId: ad.id } })).toBe(2_300);
    expect(
      await kit.models.Delivery.count({
        where: { notificationId: recorded.created.map((row) => row.notificationId) },
      }),
    ).toBe(2_300);
    expect(new Set(recorded.pendingDeliveryIds).size).toBe(2_300);
  });

  it('completes a listing stored without its ad page when a later match read it, once', async () => {
    const [plain, decided, later] = [await userAlert(), await userAlert(), await userAlert()];
    const ad = { ...listing(), postedAt: null, seller: { id: '1', name: 'Jan', type: null } };
    await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [{ alert: plain, listing: ad }],
    });
    // A private-seller filter decided by the ad page, in a job of its own.
    const page = {
      ...ad,
      postedAt: '2026-03-01T10:15:00.000Z',
      seller: { ...ad.seller, type: 'private' as const },
    };
    await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [{ alert: decided, listing: page }],
    });
    // Completed once: a later page read (the title edited meanwhile) changes nothing.
    await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [
        {
          alert: later,
          listing: { ...page, title: 'Bewerkt', postedAt: '2026-03-02T08:00:00.000Z' },
        },
      ],
    });

    const rows = await kit.models.Notification.findAll({
      where: { listingId: ad.id },
      include: [withSnapshot()],
    });
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect([row.title, row.sellerType, row.postedAt?.toISOString()]).toEqual([
        'Gazelle racefiets',
        'private',
        '2026-03-01T10:15:00.000Z',
      ]);
    }
  });

  it('writes the notification snapshot and one pending delivery per channel recorded with it (not live)', async () => {
    const alert = await userAlert();
    const ad = listing();
    const checkId = randomUUID();

    const recorded = await recordAndDispatch(kit.ctx, {
      checkId,
      matches: [{ alert, listing: ad }],
    });

    const notification = await kit.models.Notification.findOne({
      where: { alertId: alert.id },
      include: ['deliveries', withSnapshot()],
    });
    expect(notification).toMatchObject({
      userId: alert.userId,
      listingId: ad.id,
      title: 'Gazelle racefiets',
      priceCents: 12_500,
      location: 'Utrecht',
      distanceMeters: 1500,
      sellerType: 'private',
      isPaid: false,
    });
    expect(notification?.postedAt?.toISOString()).toBe('2026-03-01T10:15:00.000Z');
    expect(notification?.listing).toMatchObject({ id: ad.id, url: ad.url });
    // The stored listing is everyone's: the distance is the alert's own, on the notification.
    expect(notification?.listing).toMatchObject({ location: { distanceMeters: null } });
    expect(notification?.deliveries?.map((d) => [d.channel, d.status, d.checkId]).sort()).toEqual([
      ['email', 'pending', checkId],
      ['telegram', 'pending', checkId],
    ]);
    expect(recorded.created).toEqual([
      { notificationId: notification!.id, userId: alert.userId, alertId: alert.id },
    ]);
    expect(kit.enqueued.map((job) => [job.name, job.options?.jobId]).sort()).toEqual(
      notification!.deliveries!.map((d) => ['deliver', `deliver:${d.id}`]).sort(),
    );
    expect(kit.events).toEqual(recorded.created);
  });

  it('a delivery held for its plan slot is queued at low priority, one that goes out at once is not', async () => {
    const batched = await userAlert();
    const atOnce = await userAlert();
    const slot = new Date(Date.now() + 60_000);

    await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [
        { alert: batched, listing: listing(), deliverAt: slot },
        { alert: atOnce, listing: listing() },
      ],
    });

    const deliveries = await kit.models.Delivery.findAll({ include: ['notification'] });
    const rowOf = new Map(deliveries.map((d) => [d.id, d]));
    const queued = kit.enqueued.map((job) => {
      const row = rowOf.get(job.data.deliveryId as number)!;
      return {
        alertId: row.notification!.alertId,
        channel: row.channel,
        priority: job.options?.priority ?? 'normal',
        delayed: (job.options?.delayMs ?? 0) > 0,
      };
    });
    expect(queued).toHaveLength(4);
    expect(queued.filter((job) => job.alertId === batched.id)).toEqual(
      ['email', 'telegram'].map((channel) => ({
        alertId: batched.id,
        channel,
        priority: 'low',
        delayed: true,
      })),
    );
    // E-mail and Telegram at once.
    expect(queued.filter((job) => job.alertId === atOnce.id)).toEqual(
      ['email', 'telegram'].map((channel) => ({
        alertId: atOnce.id,
        channel,
        priority: 'normal',
        delayed: false,
      })),
    );
  });

  it('an ad recorded again (its page’s job) queues its held rows at their batch moment, behind the sends at once', async () => {
    const alerts = [await userAlert(), await userAlert(), await userAlert()];
    const slot = new Date(Date.now() + 600_000);
    const ad = listing();
    const matches = alerts.map((alert) => ({ alert, listing: ad, deliverAt: slot }));
    await recordAndDispatch(kit.ctx, { checkId: randomUUID(), matches });
    kit.enqueued.length = 0;

    // The page's job records the alerts decided without the page once more.
    await recordAndDispatch(kit.ctx, { checkId: randomUUID(), matches });

    const rows = await kit.models.Delivery.findAll({
      where: { id: kit.enqueued.map((job) => job.data.deliveryId as number) },
    });
    const channelOf = new Map(rows.map((row) => [row.id, row.channel]));
    const queued = kit.enqueued.map((job) => ({
      channel: channelOf.get(job.data.deliveryId as number),
      priority: job.options?.priority ?? 'normal',
      // Not before the slot (a few ms of the test's own run aside).
      atSlot: Math.abs((job.options?.delayMs ?? 0) - (slot.getTime() - Date.now())) < 5_000,
    }));
    const held = { priority: 'low', atSlot: true };
    const byChannel = (a: { channel?: string }, b: { channel?: string }) =>
      (a.channel ?? '').localeCompare(b.channel ?? '');
    expect(queued.sort(byChannel)).toEqual(
      [
        ...alerts.map(() => ({ channel: 'email', ...held })),
        ...alerts.map(() => ({ channel: 'telegram', ...held })),
      ].sort((a, b) => a.channel.localeCompare(b.channel)),
    );
  });

  it('one deliver job per message: a recipient’s e-mail rows of one check share one, a held alert’s row keeps its own', async () => {
    const user = await kit.models.User.create({ email: `${randomUUID()}@example.nl` });
    // As the engine reads them: from the database, with their schedule (null: instant).
    const instant = async () => (await kit.alert({ userId: user.id, email: null })).reload();
    const [first, second] = [await instant(), await instant()];
    const digest = await kit.alert({
      userId: user.id,
      email: null,
      deliverySchedule: { mode: 'hourly', quietHours: null },
    });
    const other = await userAlert();
    const recorded = await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [first, second, digest, other].map((alert) => ({ alert, listing: listing() })),
    });

    const rows = await kit.models.Delivery.findAll({
      where: { id: recorded.pendingDeliveryIds },
      include: ['notification'],
    });
    const jobs = new Set(kit.enqueued.map((job) => job.data.deliveryId));
    const queuedFor = (alertId: string, channel: string) =>
      rows.filter(
        (row) =>
          row.notification!.alertId === alertId && row.channel === channel && jobs.has(row.id),
      ).length;
    // The two instant alerts' e-mail rows: one job between them; its run gathers both.
    expect(queuedFor(first.id, 'email') + queuedFor(second.id, 'email')).toBe(1);
    expect(queuedFor(digest.id, 'email')).toBe(1);
    expect(queuedFor(other.id, 'email')).toBe(1);
    // E-mail for each alert, Telegram for the other user's: 5 rows, 4 jobs.
    expect(rows).toHaveLength(5);
    expect(kit.enqueued.length).toBe(4);
  });

  it('recording again creates nothing and queues only what is still pending', async () => {
    const alert = await userAlert();
    const matches = [{ alert, listing: listing() }];
    await recordAndDispatch(kit.ctx, { checkId: randomUUID(), matches });
    const first = await kit.models.Delivery.findAll();
    const email = await kit.models.Delivery.findOne({
      where: {
        channel: 'email',
        notificationId: (await kit.models.Notification.findOne({ where: { alertId: alert.id } }))!
          .id,
      },
    });
    await email!.update({ status: 'sent', sentAt: new Date() });
    kit.enqueued.length = 0;
    kit.events.length = 0;

    const again = await recordAndDispatch(kit.ctx, {
      checkId: randomUUID(),
      matches: [...matches, ...matches],
    });

    expect(await kit.models.Notification.count({ where: { alertId: alert.id } })).toBe(1);
    expect(await kit.models.Delivery.count()).toBe(first.length);
    expect(again.created).toEqual([]);
    expect(kit.events).toEqual([]);
    const queued = kit.enqueued.map((job) => job.data.deliveryId);
    expect(queued).not.toContain(email!.id);
    // Telegram's, still pending.
    expect(queued).toHaveLength(1);
  });

  it('a rolled-back transaction leaves nothing and dispatches nothing', async () => {
    const alert = await userAlert();
    await expect(
      kit.ctx.sequelize.transaction(async (transaction) => {
        await recordMatches(
          kit.ctx,
          { checkId: randomUUID(), matches: [{ alert, listing: listing() }] },
          transaction,
        );
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await kit.models.Notification.count({ where: { alertId: alert.id } })).toBe(0);
    expect(kit.enqueued).toEqual([]);
  });

  it('an unreachable queue does not undo the recording (the relay re-queues)', async () => {
    const alert = await userAlert();
    const broken = {
      ...kit.ctx,
      queue: {
        ...kit.ctx.queue,
        enqueue: () => Promise.reject(new Error('Redis is not reachable')),
      },
    };
    const recorded = await recordAndDispatch(broken, {
      checkId: randomUUID(),
      matches: [{ alert, listing: listing() }],
    });
    expect(recorded.pendingDeliveryIds).toHaveLength(2);
    expect(await kit.models.Delivery.count({ where: { id: recorded.pendingDeliveryIds } })).toBe(2);
  });

  describe('one message per user, channel and ad', () => {
    async function secondAlertOf(first: Awaited<ReturnType<typeof userAlert>>) {
      const alert = await kit.alert({
        userId: first.userId,
        email: null,
        notifyTelegram: true,
        searchTerm: 'gazelle fiets',
      });
      return Object.assign(alert, { user: first.user });
    }
    /** One check per match, in order (each its own check run). */
    async function recordApart(...matches: Array<{ alert: RecordableAlert; listing: Listing }>) {
      for (const match of matches) {
        await recordAndDispatch(kit.ctx, { checkId: randomUUID(), matches: [match] });
      }
    }
    const deliveriesOf = async (alertId: string) => {
      const notification = await kit.models.Notification.findOne({
        where: { alertId },
        include: ['deliveries'],
      });
      const byChannel = new Map(notification!.deliveries!.map((d) => [d.channel, d]));
      return { notification: notification!, byChannel };
    };

    it('the first delivery of an ad leads its message; another alert’s, in a later check, follows it', async () => {
      const first = await userAlert();
      const second = await secondAlertOf(first);
      const ad = listing();
      await recordApart({ alert: first, listing: ad }, { alert: second, listing: ad });

      const lead = await deliveriesOf(first.id);
      const follower = await deliveriesOf(second.id);
      for (const channel of ['email', 'telegram'] as const) {
        expect(lead.byChannel.get(channel)).toMatchObject({
          messageKey: messageKeyOf(`user:${first.userId}`, channel, ad),
          leadId: null,
        });
        expect(follower.byChannel.get(channel)).toMatchObject({
          messageKey: null,
          leadId: lead.byChannel.get(channel)!.id,
          status: 'pending',
        });
      }
      // The second alert still has its notification (the notification centre lists it).
      expect(follower.notification.listingId).toBe(ad.id);
    });

    it('two alerts in one check: one leads, the other follows', async () => {
      const first = await userAlert();
      const second = await secondAlertOf(first);
      const ad = listing();
      await recordAndDispatch(kit.ctx, {
        checkId: randomUUID(),
        matches: [
          { alert: first, listing: ad },
          { alert: second, listing: ad },
        ],
      });
      const lead = (await deliveriesOf(first.id)).byChannel.get('email')!;
      const follower = (await deliveriesOf(second.id)).byChannel.get('email')!;
      expect(lead.messageKey).not.toBeNull();
      expect(follower).toMatchObject({ leadId: lead.id, checkId: lead.checkId });
    });

    it('an ad whose message was already sent: the follower is recorded as sent and not queued', async () => {
      const first = await userAlert();
      const second = await secondAlertOf(first);
      const ad = listing();
      await recordApart({ alert: first, listing: ad });
      const sentAt = new Date('2026-03-01T10:20:00.000Z');
      const lead = (await deliveriesOf(first.id)).byChannel;
      await lead.get('email')!.update({ status: 'sent', sentAt });
      await lead
        .get('telegram')!
        .update({ status: 'failed', lastError: 'Telegram is niet gekoppeld' });
      kit.enqueued.length = 0;

      const recorded = await recordAndDispatch(kit.ctx, {
        checkId: randomUUID(),
        matches: [{ alert: second, listing: ad }],
      });

      const follower = (await deliveriesOf(second.id)).byChannel;
      expect(follower.get('email')).toMatchObject({
        status: 'sent',
        sentAt,
        leadId: lead.get('email')!.id,
      });
      expect(follower.get('telegram')).toMatchObject({
        status: 'failed',
        lastError: 'Telegram is niet gekoppeld',
      });
      // Both settled by their leads: nothing to send.
      expect(recorded.pendingDeliveryIds).toEqual([]);
      expect(kit.enqueued).toEqual([]);
      expect(recorded.created).toHaveLength(1);
    });

    it('two checks recording the same ad for one user at once: the database lets one lead', async () => {
      const first = await userAlert();
      const second = await secondAlertOf(first);
      const ad = listing();
      // Both transactions looked before either wrote: the unique message key stops the second.
      const results = await Promise.allSettled(
        [first, second].map((alert) =>
          kit.ctx.sequelize.transaction((transaction) =>
            recordMatches(
              kit.ctx,
              { checkId: randomUUID(), matches: [{ alert, listing: ad }] },
              transaction,
            ),
          ),
        ),
      );
      const messageKey = messageKeyOf(`user:${first.userId}`, 'email', ad);
      expect(await kit.models.Delivery.count({ where: { messageKey } })).toBe(1);
      // What holds it, whatever the timing: a second lead for the same message is refused.
      const lead = await kit.models.Delivery.findOne({ where: { messageKey } });
      await expect(
        kit.models.Delivery.create({
          notificationId: lead!.notificationId,
          channel: 'telegram',
          messageKey,
        }),
      ).rejects.toBeInstanceOf(UniqueConstraintError);
      const failed = results.filter((result) => result.status === 'rejected');
      // SQLite runs one write transaction at a time, so the second usually sees the first's lead.
      expect(failed.length).toBeLessThanOrEqual(1);
      if (failed.length === 0) {
        const follower = (await deliveriesOf(second.id)).byChannel.get('email')!;
        expect(follower.leadId).not.toBeNull();
      }
    });
  });
});
