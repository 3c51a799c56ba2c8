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
 * A signed-in user and their alerts. The alerts are the access rule: a user sees the notifications
 * of their own alerts only. A notification carries its alert owner's id (`userId`, kept in step
 * when a guest's alerts are adopted), so naming the user as well changes no answer, and lets the
 * database read the user's notifications from the (userId, createdAt) index, newest first, and stop
 * at a page's end instead of sorting every notification of every alert.
 */
export interface NotificationOwner {
  userId: string;
  alertIds: readonly string[];
}

/** The user and their alerts, whose notifications a query reads. */
export function ownerOf(
  user: { id: string },
  alerts: readonly { id: string }[],
): NotificationOwner {
  return { userId: user.id, alertIds: alerts.map((alert) => alert.id) };
}

/** The owner's notifications, of `alertIds` (the owner's own, or some of them) only. */
export function ownedBy({ userId, alertIds }: NotificationOwner): WhereOptions<Notification> {
  return { userId, alertId: { [Op.in]: [...alertIds] } };
}

/**
 * The owner's notifications that match the filters. Asked-for alert ids outside the owner's alerts
 * simply match nothing.
 */
export function notificationWhere(
  filters: NotificationFilters,
  owner: NotificationOwner,
): WhereOptions<Notification> {
  const alertIds = filters.alertIds
    ? owner.alertIds.filter((id) => filters.alertIds!.includes(id))
    : owner.alertIds;
  const conditions: WhereOptions<Notification>[] = [ownedBy({ userId: owner.userId, alertIds })];

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
