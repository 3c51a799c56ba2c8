/**
 * The live channel: each recorded notification goes to every open /ws/events socket of its user
 * (web pages, desktop apps), best effort. Two halves, because the sockets live in web processes
 * and the `deliver` job runs in a worker:
 *
 * - the web process hears `notification.created` (ctx.events; through Redis in scale-out), sends
 *   the presented notification to the user's sockets here, and marks the live Delivery sent when
 *   at least one socket took it;
 * - the worker's `deliver` job for the live Delivery waits LIVE_GRACE_MS after it was recorded and
 *   then, if no web process marked it sent, deletes the row: nobody had a page open, which the
 *   owner is not shown (the notification centre has the notification either way), and most users
 *   have none open most of the time — kept, those rows were a quarter of what a notification
 *   costs on disk.
 */
import { nextSendAt, type LiveEventMessage } from '@prijsalarm/core';
import { Op } from 'sequelize';
import type { AppContext } from '../../context';
import type { EngineEventMap } from '../../engine/events';
import { LIVE_GRACE_MS } from '../../engine/recorder';
import { retryOnDeadlock } from '../../lib/sql';
import { withSnapshot, type Delivery, type Notification } from '../../models';
import { presentNotification } from '../../presenters/notification';
import { nowOf } from '../clock';
import { scheduleOfAlert } from '../digest';
import { openDeliveryWhere } from '../ledger';
import type { DeliveryHead, SettledChannel } from './channel';

export { LIVE_GRACE_MS };

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

  const now = new Date();
  const live = notification.deliveries.find((delivery) => delivery.channel === 'live');
  const dto = presentNotification(
    notification,
    notification.alert.searchTerm,
    notification.deliveries,
  );
  // The message carries itself: on the receiving page its live delivery is sent.
  dto.deliveries = dto.deliveries.map((delivery) =>
    delivery.channel === 'live'
      ? {
          ...delivery,
          status: 'sent',
          attempts: delivery.attempts + 1,
          lastError: null,
          sentAt: now.toISOString(),
        }
      : delivery,
  );
  // The desktop holds its native pop-up by the alert's schedule, as e-mail and Telegram wait.
  const sentAt = nowOf(ctx);
  const notifyAt = nextSendAt(scheduleOfAlert(notification.alert), sentAt);
  dto.notifyAt = notifyAt.getTime() > sentAt.getTime() ? notifyAt.toISOString() : null;
  const received = await hub.send(userId, { type: 'notification', notification: dto });
  if (received > 0 && live && live.status !== 'sent') {
    const [marked] = await Delivery.update(
      {
        status: 'sent',
        sentAt: now,
        attempts: live.attempts + 1,
        lastError: null,
        nextAttemptAt: null,
      },
      { where: { id: live.id, status: { [Op.ne]: 'sent' } } },
    );
    if (marked > 0) ctx.metrics?.sends.inc({ channel: 'live', outcome: 'sent' });
  }
  return received;
}

/**
 * Worker side: after the grace period, a live delivery nobody took is deleted — with every other
 * live delivery of the same check whose grace has passed, in one DELETE (their own jobs then find
 * no row).
 */
export async function settleLiveDelivery(
  ctx: Pick<AppContext, 'models' | 'queue' | 'metrics'>,
  delivery: DeliveryHead,
  now: Date = new Date(),
): Promise<void> {
  const due = delivery.createdAt.getTime() + LIVE_GRACE_MS;
  if (now.getTime() < due) {
    await ctx.queue.enqueue(
      'deliver',
      { deliveryId: delivery.id },
      { jobId: `deliver:${delivery.id}:live`, delayMs: due - now.getTime() },
    );
    return;
  }
  const graceOver = new Date(now.getTime() - LIVE_GRACE_MS);
  // Two workers settling one check's live rows at once can deadlock on MariaDB.
  const unreceived = await retryOnDeadlock(() =>
    ctx.models.Delivery.destroy({
      // The row itself is one of its check's live rows past their grace. No OR with its id:
      // SQLite then read every open row instead of the check's (their index is partial).
      where: {
        ...openDeliveryWhere(),
        ...(delivery.checkId
          ? { checkId: delivery.checkId, channel: 'live', createdAt: { [Op.lte]: graceOver } }
          : { id: delivery.id }),
      },
    }),
  );
  if (unreceived > 0) ctx.metrics?.sends.inc({ channel: 'live', outcome: 'failed' }, unreceived);
}

export const liveChannel = {
  id: 'live',
  settle: (ctx, head) => settleLiveDelivery(ctx, head),
} satisfies SettledChannel;
