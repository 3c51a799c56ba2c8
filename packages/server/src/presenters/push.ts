/** What goes out of /push/subscriptions: never the browser's keys. */
import type { PushSubscriptionDto } from '@prijsalarm/core';
import type { PushSubscription } from '../models';

export function presentPushSubscription(subscription: PushSubscription): PushSubscriptionDto {
  return {
    id: subscription.id,
    label: subscription.label,
    endpoint: subscription.endpoint,
    createdAt: subscription.createdAt.toISOString(),
    lastDeliveredAt: subscription.lastDeliveredAt?.toISOString() ?? null,
  };
}
