/**
 * The live channel: each new notification goes to every open /ws/events socket of its user (web
 * pages, desktop apps), best effort. The sockets live in web processes, so a web process sends it
 * when it hears `notification.created` (ctx.events; through Redis in scale-out) and, when at
 * least one socket took it, writes the live Delivery, sent. Nobody's page open: no row, no job —
 * the notification centre has the notification either way, and most users have no page open most
 * of the time (a row written for each notification regardless, then deleted, left holes in the
 * table that were a quarter of what a notification costs on disk).
 */
import { nextSendAt, type LiveEventMessage } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import type { EngineEventMap } from '../../engine/events';
import { recipientOf } from '../../engine/recipient';
import { withSnapshot, type Delivery, type Notification } from '../../models';
import { presentNotification } from '../../presenters/notification';
import { nowOf } from '../clock';
import { scheduleOfAlert } from '../digest';
import type { ReceivedChannel } from './channel';

/** The open sockets of this web process, by user (sockets/events.ts). */
export interface LiveHub {
  hasSockets(userId: string): boolean;
  /** Sends to every open socket of the user whose session still holds; resolves with how many. */
  send(userId: string, message: LiveEventMessage): Promise<number>;
}

type LiveContext = Pick<AppContext, 'models' | 'logger' | 'clock' | 'metrics'>;

/** Web side: send one recorded notification to its user's sockets in this process. */
export async function sendLive(
  ctx: LiveContext,
  hub: LiveHub,
  event: EngineEventMap['notification.created'],
): Promise<number> {
  const { userId } = event;
  if (!userId || !hub.hasSockets(userId)) return 0;
  const { Notification, Delivery } = ctx.models;
  const notification = (await Notification.findByPk(event.notificationId, {
    include: [{ association: 'alert' }, { association: 'deliveries' }, withSnapshot()],
  })) as (Notification & { deliveries: Delivery[] }) | null;
  if (!notification || notification.userId !== userId || !notification.alert) return 0;

  // The message carries itself: on the receiving page it went out live.
  const live = {
    notificationId: notification.id,
    channel: 'live' as const,
    recipient: recipientOf(notification.alert),
    status: 'sent' as const,
    attempts: 1,
    sentAt: new Date(),
  };
  const dto = presentNotification(notification, notification.alert.searchTerm, [
    ...notification.deliveries.filter((delivery) => delivery.channel !== 'live'),
    Delivery.build(live),
  ]);
  // The desktop holds its native pop-up by the alert's schedule, as e-mail and Telegram wait.
  const sentAt = nowOf(ctx);
  const notifyAt = nextSendAt(scheduleOfAlert(notification.alert), sentAt);
  dto.notifyAt = notifyAt.getTime() > sentAt.getTime() ? notifyAt.toISOString() : null;
  const received = await hub.send(userId, { type: 'notification', notification: dto });
  if (received > 0) {
    // Another web process with a page of the same user may have written it first.
    await Delivery.bulkCreate([live], { ignoreDuplicates: true });
    ctx.metrics?.sends.inc({ channel: 'live', outcome: 'sent' });
  }
  return received;
}

export const liveChannel = { id: 'live', recorded: 'received' } satisfies ReceivedChannel;
