/**
 * Quiet hours and digests, on the deliveries ledger. A delivery the worker sends (every channel
 * but live) whose alert's schedule says "not now" (core `nextSendAt`: an hourly or daily digest, or quiet
 * hours) is HELD: its row gets `heldUntil` and leases itself until then (`nextAttemptAt`), so no
 * claim takes it early, and a delayed `deliver` job (its id only) comes back at that moment. When
 * it is due, on a channel whose row in core's channel table says `digest` (e-mail, Telegram), the
 * first job to run claims every held, due, open row of that recipient on that channel and sends
 * them as ONE message; the others find them claimed or sent. A channel without digests (webhooks)
 * sends each held row on its own once it is due.
 *
 * Durable because the rows are the buffer: a restart between holding and sending loses nothing
 * (the relay queues overdue open rows again, the in-process queue's start queues all of them at
 * their time) and doubles nothing (the claim; a row is marked sent with the send).
 *
 * The live channel (notification centre, the desktop app's list) is never held; the desktop holds
 * its native pop-ups by the same rule (the notification's `notifyAt`).
 */
import {
  DIGEST_MAIL_MAX_LISTINGS,
  nextSendAt,
  normalizeSchedule,
  type DeliverySchedule,
} from '@prijsalarm/core';
import { Op } from 'sequelize';
import type { AppContext } from '../context';
import type { Alert, DeliveryId } from '../models';
import { nowOf } from './clock';
import { openDeliveryWhere, updateDeliveries } from './ledger';
import { byListing, type LoadedDelivery } from './siblings';

export function scheduleOfAlert(alert: Pick<Alert, 'deliverySchedule'>): DeliverySchedule {
  return normalizeSchedule(alert.deliverySchedule);
}

/** When a delivery may go out: its hold, or what its alert's schedule says for `now`. */
export function sendableAt(delivery: LoadedDelivery, now: Date): Date {
  return delivery.heldUntil ?? nextSendAt(scheduleOfAlert(delivery.notification.alert), now);
}

/** The rows of an instant send that may go now: a row its schedule holds waits for its digest. */
export function dueNow(rows: readonly LoadedDelivery[], now: Date): LoadedDelivery[] {
  return rows.filter((row) => sendableAt(row, now).getTime() <= now.getTime());
}

export type ScheduleStep = 'send' | 'held' | 'digest';

/**
 * processDelivery's question for a delivery it sends: send it now as always ('send'),
 * leave it held (its job is queued for the time, 'held'), or send the recipient's due held rows
 * as a digest ('digest').
 */
export async function applySchedule(
  ctx: Pick<AppContext, 'models' | 'queue' | 'logger'>,
  delivery: LoadedDelivery,
  now: Date,
): Promise<ScheduleStep> {
  const at = sendableAt(delivery, now);
  if (at.getTime() <= now.getTime()) return delivery.heldUntil ? 'digest' : 'send';
  if (!delivery.heldUntil) {
    // Only while nobody holds a claim on it: a running send keeps what it claimed.
    const [changed] = await updateDeliveries(
      ctx.models.Delivery,
      { heldUntil: at, nextAttemptAt: at },
      {
        where: {
          id: delivery.id,
          heldUntil: null,
          ...openDeliveryWhere(),
          [Op.or]: [{ nextAttemptAt: null }, { nextAttemptAt: { [Op.lte]: now } }],
        },
      },
    );
    if (changed === 0) return 'held';
  }
  await queueAt(ctx, delivery.id, at, now);
  return 'held';
}

async function queueAt(
  ctx: Pick<AppContext, 'queue' | 'logger'>,
  deliveryId: DeliveryId,
  at: Date,
  now: Date,
): Promise<void> {
  try {
    await ctx.queue.enqueue(
      'deliver',
      { deliveryId },
      {
        jobId: `deliver:${deliveryId}:held:${at.getTime()}`,
        delayMs: at.getTime() - now.getTime(),
        // Held for a digest or quiet hours: after the sends that go out at once.
        priority: 'low',
      },
    );
  } catch (error) {
    // The row is the truth: the relay queues it once it is overdue.
    ctx.logger.warn({ err: error, deliveryId }, 'could not queue the held delivery');
  }
}

/**
 * A digest's rows newest first, cut to `limit` ads (each ad once, with every alert it matched):
 * the rows to list and how many ads are left out.
 */
export function newestFirst(
  rows: readonly LoadedDelivery[],
  limit: number = DIGEST_MAIL_MAX_LISTINGS,
): { shown: LoadedDelivery[]; total: number; more: number } {
  // Newest found first; within one check, the newest posted first.
  const found = (row: LoadedDelivery) => row.notification.createdAt.getTime();
  const posted = (row: LoadedDelivery) => row.notification.postedAt?.getTime() ?? 0;
  const sorted = [...rows].sort(
    (a, b) => found(b) - found(a) || posted(b) - posted(a) || b.id - a.id,
  );
  const ads = byListing(sorted);
  const kept = new Set(
    ads
      .slice(0, limit)
      .map(({ notification }) => `${notification.platform}:${notification.listingId}`),
  );
  const shown = sorted.filter(({ notification }) =>
    kept.has(`${notification.platform}:${notification.listingId}`),
  );
  return { shown, total: ads.length, more: Math.max(0, ads.length - limit) };
}

/**
 * The alert's schedule changed: its rows still held (not yet due) wait for the new schedule's
 * moment instead — at once for an instant alert outside its quiet hours. Resolves with how many.
 */
export async function rescheduleHeld(
  ctx: Pick<AppContext, 'models' | 'queue' | 'logger' | 'clock'>,
  alert: Pick<Alert, 'id' | 'deliverySchedule'>,
): Promise<number> {
  const now = nowOf(ctx);
  const at = nextSendAt(scheduleOfAlert(alert), now);
  const waiting = { heldUntil: { [Op.gt]: now }, ...openDeliveryWhere() };
  const rows = await ctx.models.Delivery.findAll({
    attributes: ['id'],
    where: waiting,
    include: [
      { association: 'notification', required: true, attributes: [], where: { alertId: alert.id } },
    ],
  });
  if (rows.length === 0) return 0;
  const ids = rows.map((row) => row.id);
  await updateDeliveries(
    ctx.models.Delivery,
    { heldUntil: at, nextAttemptAt: at },
    { where: { id: { [Op.in]: ids }, ...waiting } },
  );
  for (const id of ids) await queueAt(ctx, id, at, now);
  return ids.length;
}
