/**
 * The deliveries one send covers. The recorder (engine/README.md) gives every delivery of one check
 * its `checkId` and `recipient`; a send takes the open siblings of the job's delivery on the same
 * channel (all of them for the e-mail, those of the same ad for Telegram) that lead their ad's
 * message, plus the open followers of those leads — other alerts' deliveries of the same ad, from
 * this check or a later one — with their notifications and alerts.
 */
import type { PlatformId } from '@prijsalarm/core';
import type { AppContext } from '../context';
import {
  withSnapshot,
  type Alert,
  type Delivery,
  type DeliveryChannel,
  type DeliveryId,
  type Notification,
} from '../models';
import { Op } from 'sequelize';
import { openDeliveryWhere } from './ledger';

/**
 * A delivery with its notification, that notification's listing snapshot and alert loaded. The
 * snapshot comes WITHOUT `listing` (its JSON) and `description`: no message carries them, and a
 * send reads every row of its group.
 */
export type LoadedDelivery = Delivery & { notification: Notification & { alert: Alert } };

const withNotificationAndAlert = (listing?: { platform: PlatformId; listingId: string }) => [
  {
    association: 'notification',
    required: true,
    ...(listing ? { where: { platform: listing.platform, listingId: listing.listingId } } : {}),
    include: [
      withSnapshot(['listing', 'description']),
      {
        association: 'alert',
        required: true,
        // Its owner's address and name, for the mail (delivery/email.ts).
        include: [
          {
            association: 'user',
            required: false,
            attributes: ['id', 'email', 'firstName', 'name'],
          },
        ],
      },
    ],
  },
];

export async function loadDelivery(
  ctx: Pick<AppContext, 'models'>,
  deliveryId: DeliveryId,
): Promise<LoadedDelivery | null> {
  const delivery = await ctx.models.Delivery.findByPk(deliveryId, {
    include: withNotificationAndAlert(),
  });
  return (delivery as LoadedDelivery | null) ?? null;
}

const oldestFirst: Array<[string, string]> = [
  ['createdAt', 'ASC'],
  ['id', 'ASC'],
];

/** What gathering a send's rows needs of its lead: its row, and its ad for `sameListing`. */
export type SiblingsOf = Pick<Delivery, 'id' | 'channel' | 'checkId' | 'recipient'> & {
  notification?: Pick<Notification, 'platform' | 'listingId'>;
};

/**
 * The open deliveries of `lead`'s recipient and check on its channel (`sameListing`: only those of
 * the same ad) that are not another delivery's followers, and the open followers of those, oldest
 * first. `lead` itself is always part of it when it comes loaded (a follower whose lead is gone
 * sends itself); a lead given as its row alone is in it when it is open and heads its message.
 */
export async function openSiblings(
  ctx: Pick<AppContext, 'models'>,
  lead: LoadedDelivery | SiblingsOf,
  options: {
    sameListing: boolean;
    /**
     * A digest (delivery/digest.ts): instead of the check's, every row of the recipient on the
     * channel its schedule held until this moment or earlier.
     */
    heldUntil?: Date;
  },
): Promise<LoadedDelivery[]> {
  const { Delivery } = ctx.models;
  const channel: DeliveryChannel = lead.channel;
  if (options.sameListing && !lead.notification) throw new Error('sameListing needs the ad');
  const listing =
    options.sameListing && lead.notification
      ? { platform: lead.notification.platform, listingId: lead.notification.listingId }
      : undefined;
  const gathered = options.heldUntil
    ? { heldUntil: { [Op.lte]: options.heldUntil } }
    : lead.checkId
      ? { checkId: lead.checkId }
      : null;
  const heads =
    gathered && lead.recipient
      ? ((await Delivery.findAll({
          where: {
            ...gathered,
            recipient: lead.recipient,
            channel,
            leadId: null,
            ...openDeliveryWhere(),
          },
          include: withNotificationAndAlert(listing),
          order: oldestFirst,
        })) as LoadedDelivery[])
      : [];
  if (!heads.some((row) => row.id === lead.id) && isLoaded(lead)) heads.unshift(lead);
  // Followers are rare (two alerts of one recipient on one ad): asked by id first, loaded only
  // when there are any.
  const followerWhere = {
    leadId: { [Op.in]: heads.map((row) => row.id) },
    ...openDeliveryWhere(),
  };
  const anyFollower =
    heads.length > 0 &&
    (await Delivery.findOne({ attributes: ['id'], where: followerWhere })) !== null;
  if (!anyFollower) return heads;
  const followers = (await Delivery.findAll({
    where: followerWhere,
    include: withNotificationAndAlert(),
    order: oldestFirst,
  })) as LoadedDelivery[];
  const ids = new Set(heads.map((row) => row.id));
  return [...heads, ...followers.filter((row) => !ids.has(row.id))];
}

function isLoaded(lead: LoadedDelivery | SiblingsOf): lead is LoadedDelivery {
  return (lead as LoadedDelivery).notification?.alert !== undefined;
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

/** Ads (from `byListing`) grouped by the exact set of alerts they matched, in the order first seen. */
export function byAlertSet(ads: ReturnType<typeof byListing>): Array<{
  alerts: Alert[];
  notifications: Notification[];
}> {
  const groups = new Map<string, { alerts: Alert[]; notifications: Notification[] }>();
  for (const { notification, alerts } of ads) {
    const key = alerts.map((alert) => alert.id).join(',');
    const entry = groups.get(key) ?? { alerts, notifications: [] };
    entry.notifications.push(notification);
    groups.set(key, entry);
  }
  return [...groups.values()];
}
