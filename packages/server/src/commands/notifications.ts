/**
 * The notification centre: a signed-in user's notifications, only those of their own alerts.
 * Another user's notification is "not found", exactly like one that does not exist, so ids cannot
 * be probed.
 */
import { Op, type WhereOptions } from 'sequelize';
import {
  NOTIFICATION_TEXTS,
  PUSH_TEXTS,
  idSchema,
  type NotificationStatsOverview,
  type Pagination,
  type ParsedNotificationQuery,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { pageWindow, paginationOf } from '../lib/pagination';
import { withSnapshot, type Notification, type User } from '../models';
import { notificationPolicy } from '../policies/notification';
import { readPushOpenedToken } from '../security/push-opened';
import type { NotificationRows } from '../presenters/notification';
import { hydratedCapabilitiesFor } from './capabilities';
import { notificationOrder, notificationWhere, ownedBy, ownerOf } from './notification-query';
import { notificationStats, type OwnAlert } from './notification-stats';

/** Rows fetched per query while streaming the export. */
export const EXPORT_BATCH_SIZE = 500;

/** The caller's alerts: the only ones whose notifications they may see. */
async function ownAlerts(ctx: AppContext, user: Pick<User, 'id'>): Promise<OwnAlert[]> {
  return ctx.models.Alert.findAll({
    where: { userId: user.id },
    attributes: ['id', 'searchTerm'],
    raw: true,
  });
}

function searchTerms(alerts: readonly OwnAlert[]): ReadonlyMap<string, string> {
  return new Map(alerts.map((alert) => [alert.id, alert.searchTerm]));
}

/** The rows with their deliveries, fetched in one query. */
export async function withDeliveries(
  ctx: AppContext,
  rows: Notification[],
  terms: ReadonlyMap<string, string>,
): Promise<NotificationRows> {
  const deliveries = rows.length
    ? await ctx.models.Delivery.findAll({
        where: { notificationId: { [Op.in]: rows.map((row) => row.id) } },
      })
    : [];
  return {
    rows,
    searchTermOf: (row) => terms.get(row.alertId) ?? '',
    deliveriesOf: (row) => deliveries.filter((delivery) => delivery.notificationId === row.id),
  };
}

export async function listNotifications(
  ctx: AppContext,
  user: User,
  query: ParsedNotificationQuery,
): Promise<NotificationRows & { pagination: Pagination }> {
  const alerts = await ownAlerts(ctx, user);
  const { rows, count } = await ctx.models.Notification.findAndCountAll({
    where: notificationWhere(query, ownerOf(user, alerts)),
    include: [withSnapshot()],
    order: notificationOrder(query),
    ...pageWindow(query.page, query.limit),
  });
  return {
    ...(await withDeliveries(ctx, rows, searchTerms(alerts))),
    pagination: paginationOf(query.page, query.limit, count),
  };
}

/** The caller's notification by id, or 404 (missing, malformed id or someone else's). */
async function findVisible(ctx: AppContext, user: User, id: string): Promise<Notification> {
  if (!idSchema.safeParse(id).success) throw HttpError.notFound(NOTIFICATION_TEXTS.notFound);
  const notification = await ctx.models.Notification.findByPk(id, {
    include: [{ association: 'alert', attributes: ['id', 'userId', 'searchTerm'] }, withSnapshot()],
  });
  if (!notification || !notificationPolicy.canView(user, notification.alert)) {
    throw HttpError.notFound(NOTIFICATION_TEXTS.notFound);
  }
  return notification;
}

function oneWithDeliveries(ctx: AppContext, notification: Notification) {
  const terms = new Map([[notification.alertId, notification.alert?.searchTerm ?? '']]);
  return withDeliveries(ctx, [notification], terms);
}

/** Observations kept per listing in a notification's price history (the newest). */
export const PRICE_HISTORY_LIMIT = 100;

/**
 * The notification, its deliveries, and its listing's price observations, oldest first — the
 * history only for a plan with the `priceHistory` feature (PRO); an empty one otherwise.
 */
export async function showNotification(ctx: AppContext, user: User, id: string) {
  const notification = await findVisible(ctx, user, id);
  const caps = await hydratedCapabilitiesFor(ctx, user);
  if (!caps.canUseFeature('priceHistory')) {
    return { ...(await oneWithDeliveries(ctx, notification)), priceHistory: [] };
  }
  const newestFirst = await ctx.models.ListingPrice.findAll({
    where: { platform: notification.platform, listingId: notification.listingId },
    order: [
      ['observedAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: PRICE_HISTORY_LIMIT,
  });
  return {
    ...(await oneWithDeliveries(ctx, notification)),
    priceHistory: newestFirst.reverse(),
  };
}

/** The first view counts; marking again keeps that moment. */
export async function markNotificationViewed(ctx: AppContext, user: User, id: string) {
  const notification = await findVisible(ctx, user, id);
  if (!notification.viewedAt) {
    await notification.update({ viewedAt: new Date() });
    unreadChanged(ctx, user);
  }
  return oneWithDeliveries(ctx, notification);
}

/**
 * Marks the notifications a tapped push notification named viewed (security/push-opened.ts);
 * answers how many were still unread. Each owner's open tabs hear of it.
 */
export async function markNotificationsOpenedByToken(
  ctx: AppContext,
  token: unknown,
): Promise<number> {
  const ids = readPushOpenedToken(ctx.config.sessionSecret, token);
  if (!ids) throw HttpError.badRequest(PUSH_TEXTS.errors.openedLinkInvalid);
  const unread = await ctx.models.Notification.findAll({
    where: { id: { [Op.in]: ids }, viewedAt: null },
    attributes: ['id'],
    include: [{ association: 'alert', attributes: ['userId'], required: true }],
  });
  if (unread.length === 0) return 0;
  const [marked] = await ctx.models.Notification.update(
    { viewedAt: new Date() },
    { where: { id: { [Op.in]: unread.map((row) => row.id) }, viewedAt: null } },
  );
  const owners = new Set(unread.flatMap((row) => (row.alert?.userId ? [row.alert.userId] : [])));
  for (const userId of owners) unreadChanged(ctx, { id: userId });
  return marked;
}

/** The caller's notifications not viewed yet (the navigation's bell). */
export async function unreadCountOf(ctx: AppContext, user: Pick<User, 'id'>): Promise<number> {
  const alerts = await ownAlerts(ctx, user);
  if (alerts.length === 0) return 0;
  return ctx.models.Notification.count({ where: unreadWhere(user, alerts) });
}

/** Marks every unread notification of the caller viewed now; answers how many that were. */
export async function markAllNotificationsViewed(ctx: AppContext, user: User): Promise<number> {
  const alerts = await ownAlerts(ctx, user);
  if (alerts.length === 0) return 0;
  const [marked] = await ctx.models.Notification.update(
    { viewedAt: new Date() },
    { where: unreadWhere(user, alerts) },
  );
  if (marked > 0) unreadChanged(ctx, user);
  return marked;
}

function unreadWhere(
  user: Pick<User, 'id'>,
  alerts: readonly OwnAlert[],
): WhereOptions<Notification> {
  return { [Op.and]: [ownedBy(ownerOf(user, alerts)), { viewedAt: null }] };
}

/** The user's other tabs and apps show the new count (sockets/events.ts counts and sends it). */
function unreadChanged(ctx: AppContext, user: Pick<User, 'id'>): void {
  ctx.events.emit('notifications.read', { userId: user.id });
}

export async function notificationStatsOf(
  ctx: AppContext,
  user: User,
): Promise<NotificationStatsOverview> {
  return notificationStats(ctx.models, user, await ownAlerts(ctx, user));
}

/**
 * Every matching notification, EXPORT_BATCH_SIZE rows per query, so an export of years never sits
 * in memory at once. Rows created after `startedAt` are left out, so the batches' offsets stay put.
 * The caller's alerts are looked up before this returns; stop iterating to stop querying.
 */
export async function exportNotifications(
  ctx: AppContext,
  user: User,
  query: ParsedNotificationQuery,
  startedAt: Date,
): Promise<AsyncIterable<{ notification: Notification; searchTerm: string }>> {
  const alerts = await ownAlerts(ctx, user);
  const terms = searchTerms(alerts);
  const where = {
    [Op.and]: [
      notificationWhere(query, ownerOf(user, alerts)),
      { createdAt: { [Op.lte]: startedAt } },
    ],
  };
  const order = notificationOrder(query);
  const { Notification: Notifications } = ctx.models;
  return (async function* batches() {
    for (let offset = 0; ; offset += EXPORT_BATCH_SIZE) {
      const rows = await Notifications.findAll({
        where,
        include: [withSnapshot(['listing', 'description'])],
        order,
        limit: EXPORT_BATCH_SIZE,
        offset,
      });
      for (const notification of rows) {
        yield { notification, searchTerm: terms.get(notification.alertId) ?? '' };
      }
      if (rows.length < EXPORT_BATCH_SIZE) return;
    }
  })();
}
