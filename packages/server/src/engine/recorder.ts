/**
 * Step 4 of "The way of an alert": what a check found becomes Notification rows (one per alert
 * and listing) and Delivery rows (one per enabled channel recorded with its match: not live, whose
 * row its web process writes on receipt), in the caller's transaction; after commit, one `deliver`
 * job per pending delivery and a `notification.created` event per new notification. The contract
 * with the delivery side is in README.md.
 *
 * Idempotent: the unique keys (alertId, platform, listingId) and (notificationId, channel) are
 * looked up before inserting, so recording the same matches again creates nothing; deliveries that
 * are no longer pending (sent, failed, retrying on their own schedule) are not queued again.
 *
 * One message per recipient, channel and ad: on a channel whose message is per ad or grouped (core's
 * channel table), the first delivery of an ad to a recipient takes the ad's unique `messageKey`
 * (the lead); every later one — another alert of the
 * same user, in this check or any later one — points at it (`leadId`) and goes out in the lead's
 * message while that is open, or is settled by it when it was already sent or failed.
 */
import { createHash } from 'node:crypto';
import {
  CHANNELS,
  channelSpec,
  normalizeSchedule,
  sendsAdOncePerRecipient,
  type AlertChannelSwitch,
} from '@prijsalarm/core';
import {
  Op,
  type CreationAttributes,
  type Model,
  type ModelStatic,
  type Transaction,
} from 'sequelize';
import type { AppContext } from '../context';
import { chunks } from '../lib/chunks';
import { newShortId } from '../lib/short-ids';
import type { Alert, Delivery, DeliveryChannel, DeliveryId } from '../models';
import { hasTarget, lookUpTargets, type FoundTargets, type TargetedAlert } from './channel-targets';
import { clip, listingKeyOf, storedSnapshots, storeSnapshots } from './listing-snapshots';
import type { Listing } from './marketplace';
import { recipientOf } from './recipient';

export type RecordableAlert = TargetedAlert &
  Pick<Alert, 'email' | AlertChannelSwitch> &
  Partial<Pick<Alert, 'deliverySchedule'>>;

export interface MatchToRecord {
  alert: RecordableAlert;
  listing: Listing;
  /** A price drop of a listing seen before (engine/price-drops.ts); absent: a new listing. */
  drop?: { previousPriceCents: number };
  /**
   * Not before then: the delivery waits (its plan's batch). The row's `nextAttemptAt`
   * holds it, so neither its job nor the relay sends it early. Default: at once.
   */
  deliverAt?: Date;
}

/** 'new', or 'drop:<cents>': a notification is unique per (alert, listing, dedupeKey). */
export function dedupeKeyOf(match: Pick<MatchToRecord, 'listing' | 'drop'>): string {
  return match.drop ? `drop:${match.listing.priceCents ?? 0}` : 'new';
}

/** A check run's id, short since every delivery the check records keeps it. */
export const newCheckId = (): string => newShortId('c');

export interface RecordInput {
  /** The check run (`newCheckId`); siblings of one check share it. */
  checkId: string;
  matches: readonly MatchToRecord[];
  /** Which path found them (notifications.foundBy). */
  foundBy?: 'feed' | 'reconciliation';
}

export interface CreatedNotification {
  notificationId: string;
  userId: string | null;
  alertId: string;
}

export interface Recorded {
  /** Notifications this call created (re-recorded ones are not repeated). */
  created: CreatedNotification[];
  /**
   * Pending deliveries of the recorded matches, new or found: each is sent by a `deliver` job, its
   * own or (`covered`) the job of another row of its message.
   */
  pendingDeliveryIds: DeliveryId[];
  /** Of those, the rows another row's job sends or settles with its own: they get no job. */
  covered?: Set<DeliveryId>;
  /** Deliveries whose job waits (their plan's batch): id → when (ms) it runs. */
  deliverAt?: Map<DeliveryId, number>;
  /** Of those, the ones held for their plan's batch: their jobs yield to the sends at once. */
  batched?: Set<DeliveryId>;
  /** RecordInput's foundBy, for the metrics once committed. */
  foundBy?: RecordInput['foundBy'];
}

type RecorderContext = Pick<
  AppContext,
  'models' | 'sequelize' | 'queue' | 'events' | 'logger' | 'metrics'
>;

/**
 * Rows per INSERT: an ad matching 100 000 alerts made one statement larger than MariaDB's
 * max_allowed_packet (16 MB), which drops the connection.
 */
const ROWS_PER_INSERT = 2000;

async function insertInParts<M extends Model>(
  model: ModelStatic<M>,
  rows: readonly CreationAttributes<M>[],
  transaction: Transaction,
): Promise<M[]> {
  const created: M[] = [];
  for (const part of chunks(rows, ROWS_PER_INSERT)) {
    created.push(...(await model.bulkCreate(part, { transaction })));
  }
  return created;
}

function reaches(
  channel: (typeof CHANNELS)[number],
  alert: RecordableAlert,
  found: FoundTargets,
): boolean {
  switch (channel.reaches) {
    case 'address':
      return alert.userId !== null || Boolean(alert.email);
    case 'user':
      return alert.userId !== null;
    case 'target':
      return alert.userId !== null && hasTarget(channel.id, alert, found);
  }
}

/**
 * The channels an alert's match is recorded on (README: "The recording contract"), from core's
 * channel table: those the alert switched on (or that need no switch) and that reach its owner —
 * a channel the owner must set up only when they did (engine/channel-targets.ts). A channel
 * recorded on receipt (live) gets its row from the process that delivered it, not here.
 */
export function channelsFor(
  alert: RecordableAlert,
  found: FoundTargets = new Map(),
): DeliveryChannel[] {
  return CHANNELS.filter(
    (channel) =>
      channel.recorded === 'matched' &&
      (channel.alertSwitch === null || alert[channel.alertSwitch] === true) &&
      reaches(channel, alert, found),
  ).map((channel) => channel.id);
}

const keyOf = (alertId: string, platform: string, listingId: string, dedupeKey: string) =>
  `${alertId}\u0000${platform}\u0000${listingId}\u0000${dedupeKey}`;

/**
 * A message key's length: 24 hex characters of a sha-256, 96 bits (two of a billion keys collide
 * with a chance of about 10⁻¹¹). It is stored on every e-mail row and in its unique index, for as
 * long as the row is kept. Hex: MariaDB compares the column without case.
 */
export const MESSAGE_KEY_LENGTH = 24;

/** The unique key of "this ad to this recipient on this channel" (fits a 64-char column). */
export function messageKeyOf(
  recipient: string,
  channel: DeliveryChannel,
  listing: Pick<Listing, 'platform' | 'id'>,
  dedupeKey = 'new',
): string {
  const parts = [recipient, channel, listing.platform, listing.id];
  // A drop is a message of its own; a new ad keeps the key it always had.
  if (dedupeKey !== 'new') parts.push(dedupeKey);
  return createHash('sha256')
    .update(parts.join('\u0000'))
    .digest('hex')
    .slice(0, MESSAGE_KEY_LENGTH);
}

/**
 * An alert whose deliveries are never held by its schedule (instant, no quiet hours): its rows go
 * out with whatever message their recipient's other rows are in. Unknown (not loaded): no.
 */
function neverHeld(alert: RecordableAlert): boolean {
  if (alert.deliverySchedule === undefined) return false;
  const schedule = normalizeSchedule(alert.deliverySchedule);
  return schedule.mode === 'instant' && schedule.quietHours === null;
}

/**
 * One `deliver` job per message instead of one per row: the job of a grouped channel's row (an
 * e-mail) gathers, claims and sends every open row of its check for the recipient on the channel
 * (delivery/deliver.ts). At 100 000 alerts a plan's batch brought thousands of jobs due at once,
 * most of them finding their row already sent by a sibling's job. Covered here: the new rows, not
 * followers, of one message — same channel, recipient and moment — whose alerts' schedules never
 * hold them (a held row needs its job to hold it). The rest keep a job of their own.
 */
function oneJobPerMessage(
  result: Recorded,
  rows: readonly Delivery[],
  wanted: readonly WantedDelivery[],
  heldNever: ReadonlySet<WantedDelivery>,
): void {
  const messages = groupedBy(rows, (row, index) =>
    channelSpec(row.channel).message === 'grouped' && heldNever.has(wanted[index]!)
      ? `${row.channel}\u0000${row.recipient}\u0000${row.nextAttemptAt?.getTime() ?? 0}`
      : null,
  );
  for (const group of messages.values()) {
    // The first row's job sends the message; the others' rows go out with it.
    for (const row of group.slice(1)) (result.covered ??= new Set()).add(row.id);
  }
}

/**
 * Rows recorded before (the same ad recorded again: its ad page's job records the alerts decided
 * without the page once more) and followers: queued at their own moment, not at once. A row held
 * for its plan's batch waits for it, behind the sends that go out at once, under the key its first
 * job has (so that one still stands).
 * Queued at once, an ad matching thousands of alerts put thousands of jobs ready at one moment
 * (bench:engine, 100 000 alerts), each finding its row leased or settled by another.
 */
function atTheirOwnMoment(
  result: Recorded,
  rows: readonly Pick<Delivery, 'id' | 'nextAttemptAt'>[],
): void {
  const now = Date.now();
  for (const row of rows) {
    const at = row.nextAttemptAt?.getTime();
    if (at === undefined || at <= now) continue;
    (result.deliverAt ??= new Map()).set(row.id, at);
    (result.batched ??= new Set()).add(row.id);
  }
}

/** `items` by their key (null: left out), each group in the items' order. */
function groupedBy<T>(
  items: readonly T[],
  keyOf: (item: T, index: number) => string | null,
): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  items.forEach((item, index) => {
    const key = keyOf(item, index);
    if (key === null) return;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  });
  return groups;
}

type WantedDelivery = {
  notificationId: string;
  channel: DeliveryChannel;
  recipient: string;
  messageKey: string | null;
  nextAttemptAt?: Date;
};

/** The row of a delivery another delivery's message already carries (or settled). */
function followerOf(
  wanted: WantedDelivery,
  lead: Pick<Delivery, 'id' | 'status' | 'sentAt' | 'lastError'>,
) {
  const { messageKey: _key, ...rest } = wanted;
  const settled =
    lead.status === 'sent'
      ? { status: 'sent' as const, sentAt: lead.sentAt }
      : lead.status === 'failed'
        ? { status: 'failed' as const, lastError: lead.lastError }
        : { status: 'pending' as const };
  return { ...rest, leadId: lead.id, ...settled };
}

/** Writes the rows in `transaction`; call `dispatchRecorded` once it has committed. */
export async function recordMatches(
  ctx: Pick<AppContext, 'models'>,
  input: RecordInput,
  transaction: Transaction,
): Promise<Recorded> {
  const { Notification, Delivery } = ctx.models;
  const result: Recorded = { created: [], pendingDeliveryIds: [], foundBy: input.foundBy };
  if (input.matches.length === 0) return result;

  // One row per (alert, listing), even if the caller listed a match twice.
  const unique = new Map<string, MatchToRecord>();
  for (const match of input.matches) {
    unique.set(
      keyOf(match.alert.id, match.listing.platform, match.listing.id, dedupeKeyOf(match)),
      match,
    );
  }
  const matches = [...unique.values()];
  const deliverAtOf = new Map<string, Date>();
  for (const match of matches) {
    if (match.deliverAt && match.deliverAt.getTime() > Date.now()) {
      deliverAtOf.set(
        keyOf(match.alert.id, match.listing.platform, match.listing.id, dedupeKeyOf(match)),
        match.deliverAt,
      );
    }
  }

  // Recorded before: by the listing's snapshot, as the unique index names it (a listing without
  // a snapshot has no notification yet).
  const stored = await storedSnapshots(
    ctx,
    matches.map((m) => m.listing),
    transaction,
  );
  const existing =
    stored.size === 0
      ? []
      : await Notification.findAll({
          attributes: ['id', 'alertId', 'platform', 'listingId', 'dedupeKey'],
          where: {
            alertId: { [Op.in]: [...new Set(matches.map((m) => m.alert.id))] },
            listingSnapshotId: { [Op.in]: [...stored.values()].map((row) => row.id) },
            dedupeKey: { [Op.in]: [...new Set(matches.map(dedupeKeyOf))] },
          },
          transaction,
        });
  const notificationIds = new Map(
    existing.map((row) => [keyOf(row.alertId, row.platform, row.listingId, row.dedupeKey), row.id]),
  );
  const idOf = (m: MatchToRecord) =>
    notificationIds.get(keyOf(m.alert.id, m.listing.platform, m.listing.id, dedupeKeyOf(m)));

  const toCreate = matches.filter((m) => idOf(m) === undefined);
  if (toCreate.length > 0) {
    const snapshots = await storeSnapshots(
      ctx,
      toCreate.map((m) => m.listing),
      transaction,
      stored,
    );
    const rows = await insertInParts(
      Notification,
      toCreate.map(({ alert, listing, drop }) => ({
        alertId: alert.id,
        userId: alert.userId,
        platform: listing.platform,
        listingId: listing.id,
        listingSnapshotId: snapshots.get(listingKeyOf(listing))!,
        priceCents: listing.priceCents,
        priceType: clip(listing.priceType, 32) ?? '',
        distanceMeters: listing.location.distanceMeters,
        kind: drop ? ('price_drop' as const) : ('new' as const),
        previousPriceCents: drop?.previousPriceCents ?? null,
        dedupeKey: dedupeKeyOf({ listing, drop }),
        foundBy: input.foundBy ?? null,
      })),
      transaction,
    );
    for (const row of rows) {
      notificationIds.set(keyOf(row.alertId, row.platform, row.listingId, row.dedupeKey), row.id);
      result.created.push({ notificationId: row.id, userId: row.userId, alertId: row.alertId });
    }
  }

  const found = await lookUpTargets(
    ctx,
    matches.map((match) => match.alert),
    transaction,
  );
  const heldNever = new Set<WantedDelivery>();
  const wanted = matches.flatMap((match): WantedDelivery[] => {
    const notificationId = idOf(match);
    if (notificationId === undefined) return [];
    const { alert, listing } = match;
    const recipient = recipientOf(alert);
    const deliverAt = deliverAtOf.get(
      keyOf(alert.id, listing.platform, listing.id, dedupeKeyOf(match)),
    );
    const rows = channelsFor(alert, found).map((channel) => ({
      notificationId,
      channel,
      recipient,
      messageKey: sendsAdOncePerRecipient(channel)
        ? messageKeyOf(recipient, channel, listing, dedupeKeyOf(match))
        : null,
      ...(deliverAt ? { nextAttemptAt: deliverAt } : {}),
    }));
    if (neverHeld(alert)) for (const row of rows) heldNever.add(row);
    return rows;
  });
  if (wanted.length === 0) return result;

  const present = await Delivery.findAll({
    attributes: ['id', 'notificationId', 'channel', 'status', 'nextAttemptAt'],
    where: { notificationId: { [Op.in]: [...new Set(wanted.map((w) => w.notificationId))] } },
    transaction,
  });
  const presentKeys = new Set(present.map((row) => `${row.notificationId}/${row.channel}`));
  const presentPending = present.filter((row) => row.status === 'pending');
  for (const row of presentPending) result.pendingDeliveryIds.push(row.id);
  atTheirOwnMoment(result, presentPending);

  const missing = wanted.filter((w) => !presentKeys.has(`${w.notificationId}/${w.channel}`));
  if (missing.length === 0) return result;

  // The ad's message on that channel, if an earlier check (or alert) already has one.
  const keys = [...new Set(missing.flatMap((w) => (w.messageKey ? [w.messageKey] : [])))];
  const leads = new Map<string, Pick<Delivery, 'id' | 'status' | 'sentAt' | 'lastError'>>();
  if (keys.length > 0) {
    const rows = await Delivery.findAll({
      attributes: ['id', 'messageKey', 'status', 'sentAt', 'lastError'],
      where: { messageKey: { [Op.in]: keys } },
      transaction,
    });
    for (const row of rows) leads.set(row.messageKey!, row);
  }
  const checkId = input.checkId;
  // Leads first (a messageKey of their own; a concurrent check taking the same key makes this
  // transaction fail on the unique index, and that check runs again), then their followers.
  const newLeads: WantedDelivery[] = [];
  const followers: WantedDelivery[] = [];
  const claimed = new Set<string>();
  for (const w of missing) {
    if (w.messageKey === null || (!leads.has(w.messageKey) && !claimed.has(w.messageKey))) {
      if (w.messageKey !== null) claimed.add(w.messageKey);
      newLeads.push(w);
    } else followers.push(w);
  }
  const created = await insertInParts(
    Delivery,
    newLeads.map((w) => ({ ...w, status: 'pending' as const, checkId })),
    transaction,
  );
  for (const row of created) {
    if (row.messageKey) leads.set(row.messageKey, row);
    result.pendingDeliveryIds.push(row.id);
    if (row.nextAttemptAt) {
      (result.deliverAt ??= new Map()).set(row.id, row.nextAttemptAt.getTime());
      (result.batched ??= new Set()).add(row.id);
    }
  }
  oneJobPerMessage(result, created, newLeads, heldNever);
  if (followers.length > 0) {
    const rows = await insertInParts(
      Delivery,
      followers.map((w) => ({ ...followerOf(w, leads.get(w.messageKey!)!), checkId })),
      transaction,
    );
    const pending = rows.filter((row) => row.status === 'pending');
    for (const row of pending) result.pendingDeliveryIds.push(row.id);
    atTheirOwnMoment(result, pending);
  }
  return result;
}

/**
 * After commit: queue the deliveries and announce the notifications. A failed enqueue is logged,
 * not thrown: the rows are committed and pending, and the delivery relay re-queues them.
 */
export async function dispatchRecorded(
  ctx: Pick<AppContext, 'queue' | 'events' | 'logger' | 'metrics'>,
  recorded: Recorded,
): Promise<void> {
  if (recorded.foundBy && recorded.created.length > 0) {
    ctx.metrics?.notificationsRecorded.inc({ found_by: recorded.foundBy }, recorded.created.length);
  }
  for (const deliveryId of recorded.pendingDeliveryIds) {
    if (recorded.covered?.has(deliveryId)) continue;
    const at = recorded.deliverAt?.get(deliveryId);
    const delayMs = at === undefined ? 0 : Math.max(0, at - Date.now());
    try {
      await ctx.queue.enqueue(
        'deliver',
        { deliveryId },
        {
          jobId: `deliver:${deliveryId}`,
          ...(delayMs > 0 ? { delayMs } : {}),
          // When sends back up, a batched delivery (its plan's slot) yields to those that go out
          // at once (PRO): the plan's promise is the slot, PRO's is now.
          ...(recorded.batched?.has(deliveryId) ? { priority: 'low' as const } : {}),
        },
      );
    } catch (error) {
      ctx.logger.warn(
        { err: error, deliveryId },
        'deliver job not queued; the relay will pick the delivery up',
      );
    }
  }
  for (const notification of recorded.created) {
    ctx.events.emit('notification.created', notification);
  }
}

/** Records in a transaction of its own, then dispatches. */
export async function recordAndDispatch(
  ctx: RecorderContext,
  input: RecordInput,
): Promise<Recorded> {
  const recorded = await ctx.sequelize.transaction((transaction) =>
    recordMatches(ctx, input, transaction),
  );
  await dispatchRecorded(ctx, recorded);
  return recorded;
}
