/**
 * Price drops, called by ONE hook where the engine records a listing's new price
 * observation, with the price before it and the alerts the listing was found for; how it was
 * found (a search, a feed) does not matter here.
 *
 * A PRO alert that opted in (`priceDropEnabled`) is told — a notification of kind 'price_drop' on
 * the alert's channels — when a listing
 * - it was told about earlier gets cheaper than the price it was told (core's
 *   `isNotifiablePriceDrop`: within the max price, or by at least the chosen percent), or
 * - it skipped only because it was too dear (one of the alerts the listing was found for) drops to
 *   or below its max price and now passes all of its filters.
 * Each drop to a price is told once per alert (the notification's `dedupeKey`); a rise never.
 * The rows are written in the caller's transaction; their deliveries are queued once it commits.
 */
import { Op, type Transaction } from 'sequelize';
import { crossedMaxPrice, isNotifiablePriceDrop, planHasFeature } from '@prijsalarm/core';
import type { AppContext } from '../context';
import { priceDropOf, type Alert } from '../models/Alert';
import { storedSnapshots } from './listing-snapshots';
import { alertFilters, matchListing } from './matcher';
import type { Listing } from './marketplace';
import { dispatchRecorded, newCheckId, recordMatches, type MatchToRecord } from './recorder';

export interface PriceChange {
  /** The listing as seen now (its new `priceCents`). */
  listing: Listing;
  /** The price observed before (null: the ad showed no amount). */
  previousPriceCents: number | null;
}

export type PriceDropContext = Pick<AppContext, 'models' | 'queue' | 'events' | 'logger'>;

/** Alerts with their owner loaded (`include: user`), as the engine holds them. */
type LoadedAlert = Alert;

function mayBeTold(alert: LoadedAlert, at: Date): boolean {
  const plan = alert.user?.plan ?? null;
  return (
    alert.priceDropEnabled &&
    alert.statusAt(at) === 'active' &&
    plan !== null &&
    planHasFeature(plan, 'priceHistory')
  );
}

/**
 * The drops among `changes` that alerts are told about, recorded in `transaction`; the deliveries
 * are queued after it commits. `foundFor`: the alerts the listings were found for (the only ones
 * that can have skipped a listing as too dear).
 */
export async function recordPriceDrops(
  ctx: PriceDropContext,
  input: { changes: readonly PriceChange[]; foundFor: readonly LoadedAlert[]; at: Date },
  transaction: Transaction,
): Promise<number> {
  const drops = input.changes.filter(
    (change) =>
      change.previousPriceCents !== null &&
      change.listing.priceCents !== null &&
      change.listing.priceCents < change.previousPriceCents,
  );
  if (drops.length === 0) return 0;
  const { Notification, Alert, User } = ctx.models;

  // What each alert was last told about these listings (a new ad or an earlier drop), found
  // through their snapshots' index: a listing without a snapshot was never told.
  const snapshots = await storedSnapshots(
    ctx,
    drops.map((d) => d.listing),
    transaction,
  );
  const told = await Notification.findAll({
    attributes: ['alertId', 'platform', 'listingId', 'priceCents', 'createdAt'],
    where: { listingSnapshotId: { [Op.in]: [...snapshots.values()].map((row) => row.id) } },
    order: [
      ['createdAt', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const lastTold = new Map<string, number | null>();
  for (const row of told) {
    lastTold.set(`${row.alertId}/${row.platform}/${row.listingId}`, row.priceCents ?? null);
  }
  const toldAlertIds = [...new Set(told.map((row) => row.alertId))];
  const alerts = new Map<string, LoadedAlert>();
  for (const alert of input.foundFor) if (alert.priceDropEnabled) alerts.set(alert.id, alert);
  const missing = toldAlertIds.filter((id) => !alerts.has(id));
  if (missing.length > 0) {
    const rows = await Alert.findAll({
      where: { id: { [Op.in]: missing }, priceDropEnabled: true },
      include: [{ model: User, as: 'user' }],
      transaction,
    });
    for (const alert of rows) alerts.set(alert.id, alert);
  }
  const foundFor = new Set(input.foundFor.map((alert) => alert.id));

  const matches: MatchToRecord[] = [];
  for (const { listing, previousPriceCents } of drops) {
    const observation = { previousPriceCents, priceCents: listing.priceCents };
    for (const alert of alerts.values()) {
      if (!mayBeTold(alert, input.at)) continue;
      const key = `${alert.id}/${listing.platform}/${listing.id}`;
      const option = { maxPriceCents: alert.maxPriceCents ?? null, priceDrop: priceDropOf(alert) };
      if (lastTold.has(key)) {
        // Told before: only a price below the one it was told, once per price.
        const before = lastTold.get(key) ?? null;
        if (before !== null && listing.priceCents! >= before) continue;
        if (!isNotifiablePriceDrop(observation, option)) continue;
      } else {
        // Skipped before: only because it was too dear, and it fits every filter now.
        if (!foundFor.has(alert.id)) continue;
        if (!crossedMaxPrice(observation, option.maxPriceCents)) continue;
        const filters = alertFilters(alert, { ownerPlan: alert.user!.plan, filterPaidAds: false });
        if (!matchListing(listing, filters, { detailRead: true }).match) continue;
      }
      matches.push({ alert, listing, drop: { previousPriceCents: previousPriceCents! } });
    }
  }
  if (matches.length === 0) return 0;
  const recorded = await recordMatches(ctx, { checkId: newCheckId(), matches }, transaction);
  transaction.afterCommit(() => {
    dispatchRecorded(ctx, recorded).catch((error: unknown) =>
      ctx.logger.warn({ err: error }, 'price drops not dispatched; the relay picks them up'),
    );
  });
  ctx.logger.info({ drops: recorded.created.length }, 'price drops recorded');
  return recorded.created.length;
}
