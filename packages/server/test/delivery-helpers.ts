/**
 * Helpers for the delivery tests: listings as the marketplace client gives them, and recording
 * matches exactly as a check does (engine/recorder: rows in one transaction, then `deliver` jobs and
 * `notification.created` events), so the running server's worker and web roles take it from there.
 *
 *   const { created } = await recordMatches(server, [{ alert, listing: makeListing() }]);
 *   const delivery = await waitForDelivery(server, { alertId: alert.id, channel: 'email' }, 'sent');
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../src/context';
import type { Listing } from '../src/engine/marketplace';
import { recordAndDispatch, type Recorded } from '../src/engine/recorder';
import type { Alert, Delivery, DeliveryChannel, DeliveryStatus } from '../src/models';

let sequence = 0;

export function makeListing(overrides: Partial<Listing> = {}): Listing {
  sequence += 1;
  const id = overrides.id ?? `m${2_100_000_000 + sequence}`;
  return {
    id,
    platform: 'marktplaats',
    title: `Advertentie ${sequence}`,
    description: 'Mooi en goed onderhouden.',
    priceCents: 12_500,
    priceType: 'FIXED',
    location: { cityName: 'Utrecht', countryCode: 'NL', distanceMeters: 4_200 },
    dayLabel: 'Vandaag',
    postedAt: null,
    imageUrls: [`https://images.marktplaats.com/api/v1/listing-mp-p/images/${sequence}.jpg`],
    seller: { id: '42', name: 'Verkoper', type: 'private' },
    category: { l1: null, l2: null },
    paid: {
      isPaid: false,
      priorityProduct: 'NONE',
      isAdmarkt: false,
      pageLocation: null,
      topBlock: false,
    },
    delivery: null,
    condition: null,
    reserved: false,
    url: `https://www.marktplaats.nl/v/spelcomputers/${id}-advertentie`,
    ...overrides,
  };
}

type RecordContext = {
  ctx: Pick<AppContext, 'models' | 'sequelize' | 'queue' | 'events' | 'logger'>;
};

/** Records one check's matches (one checkId for all) the way the engine does. */
export async function recordMatches(
  server: RecordContext,
  matches: ReadonlyArray<{ alert: Alert; listing: Listing }>,
  checkId: string = randomUUID(),
): Promise<Recorded & { checkId: string }> {
  const { ctx } = server;
  const withUsers = await Promise.all(
    matches.map(async ({ alert, listing }) => {
      const user = alert.userId ? await ctx.models.User.findByPk(alert.userId) : null;
      return { alert: Object.assign(alert, { user }), listing };
    }),
  );
  const recorded = await recordAndDispatch(ctx, { checkId, matches: withUsers });
  return { ...recorded, checkId };
}

/** Polls until `check` returns a value (not undefined/null/false) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface DeliveryOf {
  alertId: string;
  channel: DeliveryChannel;
  listingId?: string;
}

/** The rows of (alert, channel) — of one listing when given. */
function deliveriesOf(where: DeliveryOf) {
  return {
    where: { channel: where.channel },
    include: [
      {
        association: 'notification',
        required: true,
        where: {
          alertId: where.alertId,
          ...(where.listingId ? { listingId: where.listingId } : {}),
        },
      },
    ],
  };
}

/** How many deliveries (alert, channel) has — of one listing when given. */
export function countDeliveries(server: RecordContext, where: DeliveryOf): Promise<number> {
  return server.ctx.models.Delivery.count(deliveriesOf(where));
}

/** The delivery of (alert, channel) — of one listing when given — once it has `status`. */
export function waitForDelivery(
  server: RecordContext,
  where: DeliveryOf,
  status: DeliveryStatus,
  timeoutMs = 10_000,
): Promise<Delivery> {
  return eventually(
    async () => {
      const row = await server.ctx.models.Delivery.findOne(deliveriesOf(where));
      return row?.status === status ? row : null;
    },
    timeoutMs,
    `${where.channel} delivery of alert ${where.alertId} to be ${status}`,
  );
}
