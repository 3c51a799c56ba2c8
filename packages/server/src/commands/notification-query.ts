/**
 * The notification centre's filters and sorting as Sequelize `where` and `order`, in SQL both
 * SQLite and MySQL/MariaDB understand (no LIKE escaping differences, no dialect date functions).
 */
import { Op, col, fn, literal, type Order, type WhereOptions } from 'sequelize';
import { eurosToCents, type ParsedNotificationQuery } from '@prijsalarm/core';
import { addDays, startOfLocalDay } from '../lib/calendar';
import { containsText } from '../lib/sql';
import type { Notification } from '../models';

export type NotificationFilters = Pick<
  ParsedNotificationQuery,
  | 'searchTerm'
  | 'alertIds'
  | 'platform'
  | 'minPrice'
  | 'maxPrice'
  | 'startDate'
  | 'endDate'
  | 'kind'
>;

export type NotificationSort = Pick<ParsedNotificationQuery, 'sortBy' | 'sortOrder'>;

/**
 * Rows among `ownAlertIds` (the caller's alerts: the only ones they may see) that match the
 * filters. Asked-for alert ids outside `ownAlertIds` simply match nothing.
 */
export function notificationWhere(
  filters: NotificationFilters,
  ownAlertIds: readonly string[],
): WhereOptions<Notification> {
  const visible = filters.alertIds
    ? ownAlertIds.filter((id) => filters.alertIds!.includes(id))
    : [...ownAlertIds];
  const conditions: WhereOptions<Notification>[] = [{ alertId: { [Op.in]: visible } }];

  if (filters.platform) conditions.push({ platform: filters.platform });
  if (filters.kind) conditions.push({ kind: filters.kind });
  const minCents = eurosToCents(filters.minPrice);
  if (minCents !== null) conditions.push({ priceCents: { [Op.gte]: minCents } });
  const maxCents = eurosToCents(filters.maxPrice);
  if (maxCents !== null) conditions.push({ priceCents: { [Op.lte]: maxCents } });
  // Whole local days, both ends included.
  if (filters.startDate) {
    conditions.push({ createdAt: { [Op.gte]: startOfLocalDay(filters.startDate) } });
  }
  if (filters.endDate) {
    conditions.push({ createdAt: { [Op.lt]: startOfLocalDay(addDays(filters.endDate, 1)) } });
  }
  // The listing's own text is its snapshot's: the query includes `withSnapshot` (models).
  if (filters.searchTerm) {
    conditions.push({
      [Op.or]: [
        containsText('snapshot.title', filters.searchTerm),
        containsText('snapshot.description', filters.searchTerm),
      ],
    });
  }
  return { [Op.and]: conditions };
}

/** The asked order, then newest first and id, so pages never overlap or skip rows. */
export function notificationOrder({ sortBy, sortOrder }: NotificationSort): Order {
  const direction = sortOrder === 'asc' ? 'ASC' : 'DESC';
  const tieBreak: Order = [
    ['createdAt', 'DESC'],
    ['id', 'ASC'],
  ];
  switch (sortBy) {
    case 'price':
      // Listings without a price (bids, "zie omschrijving") last, in both directions.
      return [
        [literal('CASE WHEN priceCents IS NULL THEN 1 ELSE 0 END'), 'ASC'],
        ['priceCents', direction],
        ...tieBreak,
      ];
    case 'title':
      return [[fn('lower', col('snapshot.title')), direction], ...tieBreak];
    case 'platform':
      return [['platform', direction], ...tieBreak];
    case 'createdAt':
    default:
      return [
        ['createdAt', direction],
        ['id', 'ASC'],
      ];
  }
}
