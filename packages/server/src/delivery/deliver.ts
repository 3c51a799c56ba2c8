/**
 * The `deliver` job: send one Delivery row (and the siblings that go out with it) on its channel.
 * The steps are the same for every channel and written once here: gather the rows one message
 * carries (core's channel table says which), claim them, let the channel's module
 * (channels/) send, record what came of it on every row.
 *
 * Idempotent by the row: a delivery already `sent` or `failed` is left alone, and a send needs a
 * claim on the row (ledger.ts), so a job that runs again after a crash (BullMQ re-runs a killed
 * worker's job), a relayed copy or a sibling's job never sends what another run sends or sent.
 * A failure is written to the row (retrying with backoff and a queued retry, or failed with its
 * Dutch reason): the job itself succeeds, so the queue's own retries are not used. Only an
 * unexpected error (the database is down) throws; the row then stays open and the relay brings
 * it back.
 */
import { channelSpec } from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { Delivery, DeliveryId } from '../models';
import type { AlertEngineJobs, JobHandler } from '../queues';
import { CHANNEL_MODULES, type DeliveryContext, type SendingChannel } from './channels';
import type { Send } from './channels/channel';
import { nowOf } from './clock';
import { applySchedule, dueNow } from './digest';
import { claimDeliveries, followLead, recordOutcome } from './ledger';
import { loadDelivery, openSiblings, type LoadedDelivery } from './siblings';

/**
 * Deliveries sent at the same time by one worker process. A send mostly waits (the SMTP server's
 * replies, the database's turn), so many run at once: at 10 a burst's sends used a third of a
 * core and half of them waited for a free SMTP connection.
 */
export const DELIVER_CONCURRENCY = 32;

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

export async function processDelivery(ctx: AppContext, deliveryId: DeliveryId): Promise<void> {
  // Most jobs find their row settled (sent with its message's lead) or leased by the run sending
  // it: the row alone tells, without its notification and alert.
  const head = await ctx.models.Delivery.findByPk(deliveryId, {
    attributes: [...HEAD_ATTRIBUTES],
  });
  if (!head) return;
  const channel = CHANNEL_MODULES[head.channel];
  // Written by the process that delivered it: nothing left to send.
  if ('recorded' in channel) return;
  if (head.status === 'sent' || head.status === 'failed') return;
  if (leasedElsewhere(head, nowOf(ctx))) return;
  // The usual grouped message (an e-mail): the row heads its message and is not held. Its
  // message's rows, read once, include it with its notification and alert.
  if (isGrouped(head) && head.leadId === null && head.heldUntil === null) {
    const group = await openSiblings(ctx, head, { sameListing: false });
    const delivery = group.find((row) => row.id === head.id);
    if (delivery) {
      const step = await applySchedule(ctx, delivery, nowOf(ctx));
      if (step === 'held') return;
      if (step === 'send') return sendNow(ctx, channel, delivery, group);
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
  if (step === 'digest' && channel.sendDigest) return sendDigest(ctx, channel.sendDigest, delivery);
  return sendNow(ctx, channel, delivery);
}

const isGrouped = (delivery: Pick<Delivery, 'channel'>) =>
  channelSpec(delivery.channel).message === 'grouped';

/**
 * The open rows one message of `lead`'s channel carries (core's table): every ad of its check for
 * the recipient ('grouped'), the rows of its ad ('perAd'), or the row alone ('perNotification').
 */
async function gather(
  ctx: Pick<AppContext, 'models'>,
  lead: LoadedDelivery,
): Promise<LoadedDelivery[]> {
  switch (channelSpec(lead.channel).message) {
    case 'grouped':
      return openSiblings(ctx, lead, { sameListing: false });
    case 'perAd':
      return openSiblings(ctx, lead, { sameListing: true });
    case 'perNotification':
      return [lead];
  }
}

/**
 * At once: the due rows of `lead`'s message (a row its schedule holds waits for its digest),
 * claimed, sent in one message, recorded. `gathered`: those rows, when the caller just read them.
 */
async function sendNow(
  ctx: DeliveryContext,
  channel: SendingChannel,
  lead: LoadedDelivery,
  gathered?: LoadedDelivery[],
): Promise<void> {
  const now = nowOf(ctx);
  const rows = dueNow(gathered ?? (await gather(ctx, lead)), now);
  await sendAndRecord(ctx, channel.send, lead, await claimDeliveries(ctx, rows, now));
}

/** The digest: every held, due row of the recipient on the channel, claimed, in one message. */
async function sendDigest(ctx: DeliveryContext, send: Send, lead: LoadedDelivery): Promise<void> {
  const now = nowOf(ctx);
  const held = await openSiblings(ctx, lead, { sameListing: false, heldUntil: now });
  await sendAndRecord(ctx, send, lead, await claimDeliveries(ctx, held, now));
}

/** Sends the claimed rows (none: another run holds them) and records what came of it on each. */
async function sendAndRecord(
  ctx: DeliveryContext,
  send: Send,
  lead: LoadedDelivery,
  group: LoadedDelivery[],
): Promise<void> {
  if (group.length === 0) return;
  const outcome = await send(ctx, lead, group);
  const recorded = await recordOutcome(ctx, group, outcome);
  ctx.logger.info(
    {
      channel: lead.channel,
      checkId: lead.checkId,
      deliveries: group.length,
      status: recorded.status,
      retryAt: recorded.retryAt,
    },
    'delivery recorded',
  );
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
