import { describe, expect, it } from 'vitest';
import type { Delivery, Notification } from '../models';
import { presentNotifications } from './notification';

const notification = (id: string, fields: Partial<Notification> = {}) =>
  ({
    id,
    alertId: 'alert-1',
    listingId: `m${id}`,
    platform: 'marktplaats',
    title: `Fiets ${id}`,
    description: null,
    priceCents: 12_500,
    priceType: 'FIXED',
    url: `https://www.marktplaats.nl/${id}`,
    imageUrls: null,
    location: 'Utrecht',
    distanceMeters: null,
    sellerName: null,
    sellerType: null,
    isPaid: false,
    postedAt: null,
    viewedAt: null,
    createdAt: new Date('2026-03-01T08:00:00Z'),
    ...fields,
  }) as unknown as Notification;

const delivery = (notificationId: string, channel: string) =>
  ({
    notificationId,
    channel,
    status: 'sent',
    attempts: 1,
    lastError: null,
    sentAt: new Date('2026-03-01T08:01:00Z'),
  }) as unknown as Delivery;

describe('presentNotifications', () => {
  const deliveries = [delivery('n1', 'telegram'), delivery('n1', 'email'), delivery('n2', 'email')];
  const [first, second] = presentNotifications({
    rows: [notification('n1'), notification('n2', { viewedAt: new Date('2026-03-01T09:00:00Z') })],
    searchTermOf: () => 'racefiets',
    deliveriesOf: (row) => deliveries.filter((d) => d.notificationId === row.id),
  });

  it('gives each row its own deliveries, channels in a fixed order', () => {
    expect(first?.deliveries.map((d) => d.channel)).toEqual(['email', 'telegram']);
    expect(second?.deliveries.map((d) => d.channel)).toEqual(['email']);
  });

  it('names the alert by its search term and tells whether the row was viewed', () => {
    expect(first).toMatchObject({ alertSearchTerm: 'racefiets', viewed: false, viewedAt: null });
    expect(second).toMatchObject({ viewed: true, viewedAt: '2026-03-01T09:00:00.000Z' });
  });

  it('presents missing images as an empty list', () => {
    expect(first?.listing.imageUrls).toEqual([]);
  });
});
