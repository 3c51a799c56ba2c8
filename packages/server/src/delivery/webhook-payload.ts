/** The documented JSON body of a webhook call (core WebhookPayload; README "Webhooks"). */
import type { WebhookPayload } from '@prijsalarm/core';
import type { Alert, Notification } from '../models';

/**
 * The body for one notification. `kind` and `previousPriceCents` are the notification's own when
 * it has them (price drops); a notification without a kind is a new ad.
 */
export function webhookPayloadOf(
  notification: Notification,
  alert: Pick<Alert, 'id' | 'searchTerm'>,
): WebhookPayload {
  const values = notification.get() as unknown as Record<string, unknown>;
  const kind = values.kind === 'price_drop' ? 'price_drop' : 'new';
  const previous = values.previousPriceCents;
  return {
    id: notification.id,
    kind,
    createdAt: notification.createdAt.toISOString(),
    alert: { id: alert.id, searchTerm: alert.searchTerm },
    listing: {
      id: notification.listingId,
      platform: notification.platform,
      title: notification.title,
      location: notification.location ?? null,
      imageUrls: Array.isArray(notification.imageUrls) ? notification.imageUrls : [],
      postedAt: notification.postedAt ? notification.postedAt.toISOString() : null,
    },
    price: {
      cents: notification.priceCents ?? null,
      currency: 'EUR',
      type: notification.priceType,
      previousCents: kind === 'price_drop' && typeof previous === 'number' ? previous : null,
    },
    url: notification.url,
  };
}

/** What the test button sends: the same shape, kind 'test', an example ad. */
export function testWebhookPayload(now: Date): WebhookPayload {
  return {
    id: `test-${now.getTime()}`,
    kind: 'test',
    createdAt: now.toISOString(),
    alert: { id: 'test', searchTerm: 'Testmelding' },
    listing: {
      id: 'm0000000000',
      platform: 'marktplaats',
      title: 'Testmelding van Prijsalarm',
      location: 'Utrecht',
      imageUrls: [],
      postedAt: now.toISOString(),
    },
    price: { cents: 1234, currency: 'EUR', type: 'FIXED', previousCents: null },
    url: 'https://www.marktplaats.nl/',
  };
}
