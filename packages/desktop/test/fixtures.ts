/** A notification as the server presents it, for unit tests (ids and times made up). */
import type { NotificationDto } from '@prijsalarm/core';

let seq = 0;

export function notificationFixture(overrides: Partial<NotificationDto> = {}): NotificationDto {
  seq += 1;
  const id = overrides.id ?? `n-${String(seq).padStart(4, '0')}`;
  return {
    id,
    alertId: 'alert-1',
    alertSearchTerm: 'racefiets',
    platform: 'marktplaats',
    viewed: false,
    viewedAt: null,
    createdAt: new Date(Date.UTC(2026, 10, 24, 12, 0, seq)).toISOString(),
    deliveries: [],
    kind: 'new',
    previousPriceCents: null,
    ...overrides,
    listing: {
      itemId: `m${2_100_000_000 + seq}`,
      platform: 'marktplaats',
      title: `Gazelle racefiets ${seq}`,
      description: null,
      priceCents: 15_000,
      priceType: 'FIXED',
      url: `https://www.marktplaats.nl/v/fietsen/m${2_100_000_000 + seq}-gazelle`,
      imageUrls: ['https://images.marktplaats.com/api/v1/listing-mp-p/images/ab/abc.jpg'],
      location: 'Utrecht',
      distanceMeters: null,
      sellerName: null,
      sellerType: 'private',
      isPaid: false,
      postedAt: null,
      ...overrides.listing,
    },
  };
}
