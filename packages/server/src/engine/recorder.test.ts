import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEngineKit, type EngineKit } from '../../test/engine-kit';
import type { Listing } from './marketplace';
import { channelsFor, recordAndDispatch, recordMatches, type RecordableAlert } from './recorder';

describe('channelsFor', () => {
  const guest: RecordableAlert = {
    id: 'a',
    userId: null,
    email: 'gast@example.nl',
    notifyEmail: true,
    notifyTelegram: false,
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
    ['user alert: e-mail and push', member, ['email', 'push']],
    [
      'user alert with Telegram and a linked chat',
      { ...member, notifyTelegram: true },
      ['email', 'telegram', 'push'],
    ],
    [
      'Telegram asked but no chat linked',
      { ...member, notifyTelegram: true, user: { telegramChatId: null } },
      ['email', 'push'],
    ],
    ['user alert without e-mail: push still', { ...member, notifyEmail: false }, ['push']],
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

  it('writes the notification snapshot and one pending delivery per channel', async () => {
    const alert = await userAlert();
    const ad = listing();
    const checkId = randomUUID();

    const recorded = await recordAndDispatch(kit.ctx, {
      checkId,
      matches: [{ alert, listing: ad }],
    });

    const notification = await kit.models.Notification.findOne({
      where: { alertId: alert.id },
      include: ['deliveries'],
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
      checkId,
    });
    expect(notification?.postedAt?.toISOString()).toBe('2026-03-01T10:15:00.000Z');
    expect(notification?.listing).toMatchObject({ id: ad.id, url: ad.url });
    expect(notification?.deliveries?.map((d) => [d.channel, d.status, d.checkId]).sort()).toEqual([
      ['email', 'pending', checkId],
      ['push', 'pending', checkId],
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
    expect(queued).toHaveLength(2);
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
    expect(recorded.pendingDeliveryIds).toHaveLength(3);
    expect(await kit.models.Delivery.count({ where: { id: recorded.pendingDeliveryIds } })).toBe(3);
  });
});
