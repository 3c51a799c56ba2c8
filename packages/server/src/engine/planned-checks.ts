/**
 * When the engine next checks each alert, as its pages state it ("Volgende controle: over 2
 * minuten"): the earliest planned check of the alert's searches (the scheduler moves a search's
 * `nextCheckAt` on when it queues the check). With the new-ads feed, an alert the feed decides has
 * its ads matched as they appear and sent in its own slot of its plan's interval (feed/
 * match-listings.ts), while its searches are only polled to reconcile, RECONCILE_FACTOR slower:
 * its next check is then that slot, when it comes first. Null for an alert that is not checked.
 */
import { Op } from 'sequelize';
import type { AppContext } from '../context';
import type { Alert } from '../models';
import { alertIntervalSeconds } from './alert-search';
import { nextSlotAfter } from './slots';

type PlannedContext = Pick<AppContext, 'models' | 'config'>;

/** Whether the feed decides the alert without a located postcode or a second read (price drops). */
function feedDecides(ctx: PlannedContext, alert: Alert): boolean {
  const distance = alert.postalCode && alert.distanceKm != null && alert.distanceKm > 0;
  return ctx.config.engine.feedEnabled && !distance && !alert.priceDropEnabled;
}

export async function plannedChecks(
  ctx: PlannedContext,
  alerts: readonly Alert[],
  at: Date = new Date(),
): Promise<Map<string, Date | null>> {
  const planned = new Map<string, Date | null>();
  const checked = alerts.filter((alert) => alert.statusAt(at) === 'active');
  for (const alert of alerts) planned.set(alert.id, null);
  if (checked.length === 0) return planned;

  const links = await ctx.models.AlertSearch.findAll({
    attributes: ['alertId', 'searchKey'],
    where: { alertId: { [Op.in]: checked.map((alert) => alert.id) } },
    raw: true,
  });
  const keys = [...new Set(links.map((link) => link.searchKey))];
  const searches = keys.length
    ? await ctx.models.Search.findAll({
        attributes: ['key', 'nextCheckAt'],
        where: { key: { [Op.in]: keys } },
        raw: true,
      })
    : [];
  const searchNext = new Map(searches.map((search) => [search.key, search.nextCheckAt]));

  for (const alert of checked) {
    let next: number | null = null;
    for (const link of links) {
      if (link.alertId !== alert.id) continue;
      const moment = searchNext.get(link.searchKey);
      if (moment) next = Math.min(next ?? Infinity, new Date(moment).getTime());
    }
    if (feedDecides(ctx, alert)) {
      const intervalMs = alertIntervalSeconds(alert, ctx.config) * 1000;
      next = Math.min(next ?? Infinity, nextSlotAfter(alert.id, intervalMs, at.getTime()));
    }
    // Not scheduled yet (just confirmed or resumed): the scheduler takes it up at its next tick.
    planned.set(alert.id, next === null ? (alert.nextCheckAt ?? at) : new Date(next));
  }
  return planned;
}
