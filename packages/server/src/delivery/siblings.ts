/**
 * The deliveries one send covers. The recorder (engine/README.md) gives every delivery of one check
 * its `checkId` and `recipient`; a send takes the open siblings of the job's delivery on the same
 * channel (all of them for the e-mail, those of the same ad for Telegram), with their
 * notifications and alerts.
 */
import type { PlatformId } from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { Alert, Delivery, DeliveryChannel, Notification } from '../models';
import { openDeliveryWhere } from './ledger';

/** A delivery with its notification and that notification's alert loaded. */
export type LoadedDelivery = Delivery & { notification: Notification & { alert: Alert } };

const withNotificationAndAlert = (listing?: { platform: PlatformId; listingId: string }) => [
  {
    association: 'notification',
    required: true,
    ...(listing ? { where: { platform: listing.platform, listingId: listing.listingId } } : {}),
    include: [{ association: 'alert', required: true }],
  },
];

export async function loadDelivery(
  ctx: Pick<AppContext, 'models'>,
  deliveryId: string,
): Promise<LoadedDelivery | null> {
  const delivery = await ctx.models.Delivery.findByPk(deliveryId, {
    include: withNotificationAndAlert(),
  });
  return (delivery as LoadedDelivery | null) ?? null;
}

/**
 * The open deliveries of `lead`'s recipient and check on its channel (`sameListing`: only those of
 * the same ad), oldest first; the lead alone when it was recorded without a check id.
 */
export async function openSiblings(
  ctx: Pick<AppContext, 'models'>,
  lead: LoadedDelivery,
  options: { sameListing: boolean },
): Promise<LoadedDelivery[]> {
  if (!lead.checkId || !lead.recipient) return [lead];
  const channel: DeliveryChannel = lead.channel;
  const rows = await ctx.models.Delivery.findAll({
    where: { checkId: lead.checkId, recipient: lead.recipient, channel, ...openDeliveryWhere() },
    include: withNotificationAndAlert(
      options.sameListing
        ? { platform: lead.notification.platform, listingId: lead.notification.listingId }
        : undefined,
    ),
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  return rows as LoadedDelivery[];
}

/** The ads of a group once each, with every alert that matched it, in the order first seen. */
export function byListing(deliveries: readonly LoadedDelivery[]): Array<{
  notification: Notification;
  alerts: Alert[];
}> {
  const listings = new Map<string, { notification: Notification; alerts: Alert[] }>();
  for (const { notification } of deliveries) {
    const key = `${notification.platform}:${notification.listingId}`;
    const entry = listings.get(key) ?? { notification, alerts: [] };
    if (!entry.alerts.some((alert) => alert.id === notification.alert.id)) {
      entry.alerts.push(notification.alert);
    }
    listings.set(key, entry);
  }
  // The oldest alert first, so one ad names its alerts in the same order in every message.
  const age = (alert: Alert) => alert.createdAt.getTime();
  for (const entry of listings.values()) {
    entry.alerts.sort((a, b) => age(a) - age(b) || a.id.localeCompare(b.id));
  }
  return [...listings.values()];
}
