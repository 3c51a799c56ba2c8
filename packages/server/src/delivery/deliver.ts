/**
 * The `deliver` job: send one Delivery row (and the siblings that go out with it) on its channel.
 *
 * Idempotent by the row: a delivery already `sent` or `failed` is left alone, and a send needs a
 * claim on the row (ledger.ts), so a job that runs again after a crash (BullMQ re-runs a killed
 * worker's job), a relayed copy or a sibling's job never sends what another run sends or sent.
 * A failure is written to the row (retrying with backoff and a queued retry, or failed with its
 * Dutch reason): the job itself succeeds, so the queue's own retries are not used. Only an
 * unexpected error (the database is down) throws; the row then stays open and the relay brings
 * it back.
 */
import type { AppContext } from '../context';
import type { Delivery } from '../models';
import type { AlertEngineJobs, JobHandler } from '../queues';
import { nowOf } from './clock';
import { applySchedule } from './digest';
import { deliverEmail, deliverEmailDigest } from './email';
import { followLead } from './ledger';
import { settlePushDelivery } from './push';
import { loadDelivery, openSiblings } from './siblings';
import { deliverTelegram, deliverTelegramDigest } from './telegram/channel';
import { deliverWebhook } from './webhook';

/** Deliveries sent at the same time by one worker process. */
export const DELIVER_CONCURRENCY = 10;

/** The row alone: enough to see that most jobs have nothing to do. */
const HEAD_ATTRIBUTES = [
  'id',
  'checkId',
  'channel',
  'status',
  'attempts',
  'nextAttemptAt',
  'heldUntil',
  'createdAt',
  'recipient',
  'leadId',
] as const;

/**
 * Open, not held, and leased into the future: another run holds its claim (the lead of its
 * message is sending it), or it waits for its plan's batch or its retry with a job queued for that
 * moment. A claim would not take it now; its sender settles it.
 */
function leasedElsewhere(delivery: Pick<Delivery, 'nextAttemptAt' | 'heldUntil'>, now: Date) {
  return (
    delivery.heldUntil === null &&
    delivery.nextAttemptAt !== null &&
    delivery.nextAttemptAt.getTime() > now.getTime()
  );
}

export async function processDelivery(ctx: AppContext, deliveryId: string): Promise<void> {
  // Most jobs find their row settled (sent with its message's lead), leased by the run sending
  // it, or a push to settle: the row alone tells, without its notification and alert.
  const head = await ctx.models.Delivery.findByPk(deliveryId, {
    attributes: [...HEAD_ATTRIBUTES],
  });
  if (!head || head.status === 'sent' || head.status === 'failed') return;
  if (head.channel === 'push') return settlePushDelivery(ctx, head);
  if (leasedElsewhere(head, nowOf(ctx))) return;
  // The usual e-mail: the row heads its message and is not held. Its mail's rows, read once,
  // include it with its notification and alert.
  if (head.channel === 'email' && head.leadId === null && head.heldUntil === null) {
    const group = await openSiblings(ctx, head, { sameListing: false });
    const delivery = group.find((row) => row.id === head.id);
    if (delivery) {
      const step = await applySchedule(ctx, delivery, nowOf(ctx));
      if (step === 'held') return;
      if (step === 'send') return deliverEmail(ctx, delivery, group);
    }
  }
  const delivery = await loadDelivery(ctx, deliveryId);
  // Gone (its alert was deleted) or settled: nothing to do.
  if (!delivery || delivery.status === 'sent' || delivery.status === 'failed') return;
  // Another alert's delivery of an ad already on its way to this recipient on this channel.
  if ((await followLead(ctx, delivery)) !== 'own') return;
  // Its alert's schedule (digest, quiet hours) may hold it, or make it part of a digest.
  const step = await applySchedule(ctx, delivery, nowOf(ctx));
  if (step === 'held') return;
  switch (delivery.channel) {
    case 'email':
      return step === 'digest' ? deliverEmailDigest(ctx, delivery) : deliverEmail(ctx, delivery);
    case 'telegram':
      return step === 'digest'
        ? deliverTelegramDigest(ctx, delivery)
        : deliverTelegram(ctx, delivery);
    case 'push':
      return;
    case 'webhook':
      return deliverWebhook(ctx, delivery);
  }
}

export function deliverHandler(ctx: AppContext): JobHandler<AlertEngineJobs['deliver']> {
  return ({ deliveryId }) => processDelivery(ctx, deliveryId);
}

/** Worker role: run `deliver` jobs in this process. */
export async function startDeliveryWorker(ctx: AppContext): Promise<void> {
  const logger = ctx.logger.child({ component: 'deliver' });
  ctx.queue.onFailed((job) => {
    if (job.name !== 'deliver') return;
    // The row stays open; the relay queues it again once it has been left long enough.
    logger.error({ err: job.error, deliveryId: job.data.deliveryId }, 'deliver job failed');
  });
  await ctx.queue.process('deliver', deliverHandler(ctx), { concurrency: DELIVER_CONCURRENCY });
}
