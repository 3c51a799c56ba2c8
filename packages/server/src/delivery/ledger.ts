/**
 * The Delivery rows as a ledger: who may send a delivery now (a claim), and what a send did to it
 * (sent, retrying with backoff, failed with its reason). The row is the truth; jobs only say "look
 * at this row".
 *
 * The claim: one conditional UPDATE over the rows of a send that moves `nextAttemptAt` a lease into
 * the future and writes the run's own `claimToken`, allowed only while a row is pending/retrying
 * and not already leased (nextAttemptAt null or past). Exactly one run wins a row, so two jobs for
 * siblings of one e-mail, or a relayed job next to a live one, never send the same delivery at the
 * same time, and a group of siblings is never split over two sends.
 *
 * At-least-once window: a row is marked `sent` right after the provider (SMTP server, Bot API)
 * accepted it. A process that dies between that acceptance and the UPDATE leaves the row pending
 * with its lease; once the lease has passed the relay queues it again and the message goes out a
 * second time. A rare duplicate beats a missed ad. A crash before the send costs no attempt.
 */
import { randomBytes } from 'node:crypto';
import { literal, Op, type WhereOptions } from 'sequelize';
import { DELIVERY_ERROR_TEXTS } from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { Delivery, DeliveryId } from '../models';
import { retryOnDeadlock } from '../lib/sql';
import { nowOf } from './clock';

/** `lastError` is shown to the user; a provider's text is cut to stay readable. */
const MAX_DETAIL_LENGTH = 300;

export type SendOutcome =
  | { kind: 'sent' }
  /**
   * Worth another try: backoff by attempts, or at `retryAt` when the provider said when (429).
   * `countsAsAttempt: false` for flood control, which is not the message's fault.
   */
  | {
      kind: 'retry';
      reason: string;
      detail: string;
      retryAt?: Date;
      countsAsAttempt?: boolean;
      /** The channel gives up by its own rule (webhooks: a 24-hour window), not DELIVERY_ATTEMPTS. */
      ownLimit?: boolean;
    }
  /** Sending again would fail again. */
  | { kind: 'failed'; reason: string };

const OPEN_STATUSES = ['pending', 'retrying'] as const;

/**
 * A settled row keeps no lease: neither its time nor the run's token, which only told concurrent
 * claims apart (36 bytes on every row for the rest of its retention).
 */
const SETTLED = { nextAttemptAt: null, claimToken: null } as const;

export function openDeliveryWhere(): WhereOptions {
  return { status: { [Op.in]: [...OPEN_STATUSES] } };
}

/**
 * Every UPDATE of the ledger (claims, outcomes, holds): outside a transaction, and run again when
 * InnoDB chose it as a deadlock's victim (it was rolled back whole). Two runs over one recipient's
 * rows — a send marking its rows sent, another holding its own — can lock the same index entries in
 * opposite orders, and a `deliver` job has one attempt: a victim would leave its row to the relay.
 */
export function updateDeliveries(
  Delivery: DeliveryModel,
  ...update: Parameters<DeliveryModel['update']>
): Promise<[affectedCount: number]> {
  return retryOnDeadlock(() => Delivery.update(...update));
}

/**
 * Claims every row of `deliveries` that is open and not leased, in ONE statement, and returns the
 * ones this run now holds (in the given order). Concurrent runs over the same group cannot share
 * it: the database applies one UPDATE after the other, and the second finds the rows leased.
 * Claims of other groups asked while one is being written go together in the next statement
 * (`WriteGroup`).
 */
export async function claimDeliveries<T extends Pick<Delivery, 'id'>>(
  ctx: Pick<AppContext, 'models' | 'config' | 'clock'>,
  deliveries: readonly T[],
  now: Date = nowOf(ctx),
): Promise<T[]> {
  // DELIVERY_CLAIM_SECONDS: longer than one send takes (SMTP timeouts ≤ 50 s, Bot API 15 s).
  const leaseMs = ctx.config.delivery.claimLeaseMs;
  if (deliveries.length === 0) return [];
  const ids = [...new Set(deliveries.map((delivery) => delivery.id))];
  const held = await writeGroupsOf(ctx.models.Delivery).claims.add({
    ids,
    now,
    until: new Date(now.getTime() + leaseMs),
  });
  return deliveries.filter((delivery) => held.has(delivery.id));
}

interface ClaimRequest {
  ids: readonly DeliveryId[];
  now: Date;
  until: Date;
}

/** One UPDATE for every request: each takes its own rows that are open and not leased at its `now`. */
async function claimTogether(
  Delivery: DeliveryModel,
  requests: readonly ClaimRequest[],
): Promise<Array<Set<DeliveryId>>> {
  // 80 random bits tell the runs apart; short, since a claimed row grows by it and a row that
  // grows in a full page splits it.
  const tokens = requests.map(() => randomBytes(10).toString('hex'));
  const all = requests.flatMap((request) => request.ids);
  const sql = sqlOf(Delivery);
  const [changed] = await updateDeliveries(
    Delivery,
    {
      nextAttemptAt: sql.each(requests, (request) => request.until, 'nextAttemptAt'),
      claimToken: sql.each(requests, (_request, index) => tokens[index]!, 'claimToken'),
    },
    {
      where: {
        id: { [Op.in]: all },
        ...openDeliveryWhere(),
        [Op.or]: requests.map((request) => ({
          id: { [Op.in]: [...request.ids] },
          [Op.or]: [{ nextAttemptAt: null }, { nextAttemptAt: { [Op.lte]: request.now } }],
        })),
      },
    },
  );
  // Every row taken (the usual case: the first run of each group): no need to ask which.
  if (changed === all.length) return requests.map((request) => new Set(request.ids));
  if (changed === 0) return requests.map(() => new Set());
  const held = await Delivery.findAll({
    attributes: ['id', 'claimToken'],
    where: { id: { [Op.in]: all }, claimToken: { [Op.in]: tokens } },
  });
  return tokens.map(
    (token) => new Set(held.filter((row) => row.claimToken === token).map((row) => row.id)),
  );
}

interface SentRequest {
  ids: readonly DeliveryId[];
  attemptsBefore: number;
  now: Date;
}

/**
 * The sent rows of every request and their open followers (which take their lead's outcome, their
 * attempts untouched) in one UPDATE: each request's claim made its run the only writer of its rows.
 */
async function markSentTogether(
  Delivery: DeliveryModel,
  requests: readonly SentRequest[],
): Promise<void[]> {
  const all = requests.flatMap((request) => request.ids);
  const sql = sqlOf(Delivery);
  const attempts = literal(
    `CASE ${requests
      .map((r) => `WHEN id IN (${sql.list(r.ids)}) THEN ${r.attemptsBefore + 1}`)
      .join(' ')} ELSE attempts END`,
  );
  await updateDeliveries(
    Delivery,
    {
      status: 'sent',
      sentAt: sql.each(requests, (request) => request.now, 'sentAt', { followers: true }),
      attempts,
      lastError: null,
      ...SETTLED,
    },
    {
      where: {
        ...openDeliveryWhere(),
        [Op.or]: [{ id: { [Op.in]: all } }, { leadId: { [Op.in]: all } }],
      },
    },
  );
  return requests.map(() => undefined);
}

type DeliveryModel = AppContext['models']['Delivery'];

/** SQL pieces over the deliveries' columns, escaped as each column's type (dates with their ms). */
function sqlOf(Delivery: DeliveryModel) {
  const generator = Delivery.sequelize!.getQueryInterface().queryGenerator as unknown as {
    escape(value: unknown, field?: unknown): string;
  };
  const attributes = Delivery.getAttributes();
  const list = (ids: readonly DeliveryId[]) => ids.map((id) => generator.escape(id)).join(', ');
  return {
    list,
    /**
     * The value each request gives `column` on its rows (`followers`: on their open followers too),
     * as a CASE; one request's value as itself.
     */
    each<R extends { ids: readonly DeliveryId[] }, V>(
      requests: readonly R[],
      value: (request: R, index: number) => V,
      column: 'nextAttemptAt' | 'claimToken' | 'sentAt',
      options: { followers?: boolean } = {},
    ): V | ReturnType<typeof literal> {
      if (requests.length === 1) return value(requests[0]!, 0);
      const field = attributes[column];
      return literal(
        `CASE ${requests
          .map((request, index) => {
            const ids = list(request.ids);
            const rows = options.followers
              ? `id IN (${ids}) OR leadId IN (${ids})`
              : `id IN (${ids})`;
            return `WHEN ${rows} THEN ${generator.escape(value(request, index), field)}`;
          })
          .join(' ')} END`,
      );
    },
  };
}

/** Rows in one grouped statement at most (bound values: SQLite takes 32 766). */
const GROUPED_ROWS_MAX = 2000;

/**
 * Writes of one kind asked while the previous one is being written, in one statement: under a
 * burst each send's claim and outcome was a statement of its own, each waiting its turn for
 * SQLite's one writer behind the recorder's transactions (bench:engine at 100 000 alerts: ~100
 * sends a second). Nothing waits to be grouped: the first write goes at once, and whatever is
 * asked meanwhile goes in the next. Requests over a row already in the statement wait for the
 * next one, so two claims of one group still follow each other.
 */
class WriteGroup<Request extends { ids: readonly DeliveryId[] }, Result> {
  private readonly asked: Array<{
    request: Request;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }> = [];
  private writing = false;

  constructor(private readonly write: (requests: Request[]) => Promise<Result[]>) {}

  add(request: Request): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.asked.push({ request, resolve, reject });
      if (!this.writing) void this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    while (this.asked.length > 0) {
      const batch = this.next();
      try {
        const results = await this.write(batch.map((entry) => entry.request));
        batch.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.writing = false;
  }

  /** The oldest requests whose rows are apart from each other, within the size limit. */
  private next() {
    const taken: typeof this.asked = [];
    const rows = new Set<DeliveryId>();
    for (let index = 0; index < this.asked.length;) {
      const entry = this.asked[index]!;
      const { ids } = entry.request;
      const fits =
        taken.length === 0 ||
        (rows.size + ids.length <= GROUPED_ROWS_MAX && ids.every((id) => !rows.has(id)));
      if (!fits) {
        index += 1;
        continue;
      }
      for (const id of ids) rows.add(id);
      taken.push(entry);
      this.asked.splice(index, 1);
    }
    return taken;
  }
}

const writeGroups = new WeakMap<
  DeliveryModel,
  { claims: WriteGroup<ClaimRequest, Set<DeliveryId>>; sent: WriteGroup<SentRequest, void> }
>();

function writeGroupsOf(Delivery: DeliveryModel) {
  let groups = writeGroups.get(Delivery);
  if (!groups) {
    groups = {
      claims: new WriteGroup((requests) => claimTogether(Delivery, requests)),
      sent: new WriteGroup((requests) => markSentTogether(Delivery, requests)),
    };
    writeGroups.set(Delivery, groups);
  }
  return groups;
}

/**
 * The open followers (engine/recorder.ts: another alert's delivery of the same ad, recipient and
 * channel) of settled leads take their lead's outcome: the message went out (or failed) once for
 * all of them. Covers followers recorded after the lead's send had gathered its group.
 */
export async function settleFollowers(
  ctx: Pick<AppContext, 'models'>,
  leadIds: readonly DeliveryId[],
): Promise<number> {
  if (leadIds.length === 0) return 0;
  const { Delivery } = ctx.models;
  const leads = await Delivery.findAll({
    attributes: ['id', 'status', 'sentAt', 'lastError'],
    where: { id: { [Op.in]: [...leadIds] }, status: { [Op.in]: ['sent', 'failed'] } },
  });
  // One UPDATE per outcome, not per lead: the leads of one send share theirs.
  const byOutcome = new Map<string, { lead: (typeof leads)[number]; ids: DeliveryId[] }>();
  for (const lead of leads) {
    const key = JSON.stringify([lead.status, lead.sentAt?.getTime() ?? null, lead.lastError]);
    const entry = byOutcome.get(key) ?? { lead, ids: [] };
    entry.ids.push(lead.id);
    byOutcome.set(key, entry);
  }
  let settled = 0;
  for (const { lead, ids } of byOutcome.values()) {
    const [changed] = await updateDeliveries(
      Delivery,
      {
        status: lead.status,
        sentAt: lead.sentAt,
        lastError: lead.lastError,
        nextAttemptAt: null,
      },
      { where: { leadId: { [Op.in]: ids }, ...openDeliveryWhere() } },
    );
    settled += changed;
  }
  return settled;
}

/**
 * What a follower's own `deliver` job does: 'settled' when its lead was sent or failed (it takes
 * that outcome), 'waiting' while the lead is open (the lead's message carries it; the relay brings
 * the job back), 'own' when it has no lead (any more: deleted with its alert) and sends itself.
 */
export async function followLead(
  ctx: Pick<AppContext, 'models'>,
  delivery: Pick<Delivery, 'id' | 'leadId'>,
): Promise<'settled' | 'waiting' | 'own'> {
  if (!delivery.leadId) return 'own';
  const lead = await ctx.models.Delivery.findByPk(delivery.leadId, {
    attributes: ['id', 'status'],
  });
  if (!lead) return 'own';
  if (lead.status === 'sent' || lead.status === 'failed') {
    await settleFollowers(ctx, [lead.id]);
    return 'settled';
  }
  return 'waiting';
}

/** Keeps a claim alive during a long paced send. */
export async function renewClaim(
  ctx: Pick<AppContext, 'models' | 'config' | 'clock'>,
  deliveryIds: readonly DeliveryId[],
): Promise<void> {
  if (deliveryIds.length === 0) return;
  await updateDeliveries(
    ctx.models.Delivery,
    { nextAttemptAt: new Date(nowOf(ctx).getTime() + ctx.config.delivery.claimLeaseMs) },
    { where: { id: { [Op.in]: [...deliveryIds] }, ...openDeliveryWhere() } },
  );
}

function cut(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_DETAIL_LENGTH ? `${line.slice(0, MAX_DETAIL_LENGTH - 1)}…` : line;
}

/** Wait before retry number `attempt` (1 = after the first failed send): doubling from the base. */
export function retryDelayMs(baseMs: number, attempt: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}

export interface RecordedOutcome {
  status: 'sent' | 'retrying' | 'failed';
  /** When it will be tried again (retrying only). */
  retryAt: Date | null;
}

/**
 * Writes what one send did to the rows it covered (all claimed by this run) and, for a retry,
 * queues the next run. Rows are updated only while still open, so a late writer never turns a
 * `sent` row back. Counted once per send (one message, however many rows it covered).
 */
export async function recordOutcome(
  ctx: Pick<AppContext, 'models' | 'config' | 'queue' | 'logger' | 'clock' | 'metrics'>,
  deliveries: readonly Delivery[],
  outcome: SendOutcome,
  now: Date = nowOf(ctx),
): Promise<RecordedOutcome> {
  const recorded = await writeOutcome(ctx, deliveries, outcome, now);
  const channel = deliveries[0]?.channel;
  if (channel) ctx.metrics?.sends.inc({ channel, outcome: recorded.status });
  return recorded;
}

async function writeOutcome(
  ctx: Pick<AppContext, 'models' | 'config' | 'queue' | 'logger' | 'clock'>,
  deliveries: readonly Delivery[],
  outcome: SendOutcome,
  now: Date,
): Promise<RecordedOutcome> {
  const { Delivery } = ctx.models;
  const { attempts: maxAttempts, retryDelayMs: baseDelayMs } = ctx.config.delivery;
  const ids = deliveries.map((delivery) => delivery.id);
  if (ids.length === 0)
    return { status: outcome.kind === 'retry' ? 'retrying' : outcome.kind, retryAt: null };
  const open = { id: { [Op.in]: ids }, ...openDeliveryWhere() };
  // Siblings are claimed together and share their history, so the most tried one speaks for all.
  const attemptsBefore = Math.max(...deliveries.map((delivery) => delivery.attempts ?? 0));

  if (outcome.kind === 'sent') {
    await writeGroupsOf(Delivery).sent.add({ ids: [...new Set(ids)], attemptsBefore, now });
    return { status: 'sent', retryAt: null };
  }

  if (outcome.kind === 'failed') {
    await updateDeliveries(
      Delivery,
      {
        status: 'failed',
        attempts: attemptsBefore + 1,
        lastError: cut(outcome.reason),
        ...SETTLED,
      },
      { where: open },
    );
    await settleFollowers(ctx, ids);
    return { status: 'failed', retryAt: null };
  }

  const counts = outcome.countsAsAttempt !== false;
  const attempts = attemptsBefore + (counts ? 1 : 0);
  if (counts && !outcome.ownLimit && attempts >= maxAttempts) {
    await updateDeliveries(
      Delivery,
      {
        status: 'failed',
        attempts,
        lastError: cut(DELIVERY_ERROR_TEXTS.gaveUp(attempts, outcome.detail)),
        ...SETTLED,
      },
      { where: open },
    );
    await settleFollowers(ctx, ids);
    return { status: 'failed', retryAt: null };
  }
  const retryAt =
    outcome.retryAt ?? new Date(now.getTime() + retryDelayMs(baseDelayMs, Math.max(1, attempts)));
  await updateDeliveries(
    Delivery,
    { status: 'retrying', attempts, lastError: cut(outcome.reason), nextAttemptAt: retryAt },
    { where: open },
  );
  // One run re-gathers the group; its own id in the job key keeps it apart from the first job,
  // which is still running (a pending key would swallow it) and from earlier retries.
  const lead = ids[0]!;
  try {
    await ctx.queue.enqueue(
      'deliver',
      { deliveryId: lead },
      {
        jobId: `deliver:${lead}:${retryAt.getTime()}`,
        delayMs: Math.max(0, retryAt.getTime() - now.getTime()),
      },
    );
  } catch (error) {
    // The relay finds the row once retryAt has passed.
    ctx.logger.warn({ err: error, deliveryId: lead }, 'could not queue the delivery retry');
  }
  return { status: 'retrying', retryAt };
}
