/**
 * The notification centre, for the signed-in user: their notifications, one by id, marking one
 * or all viewed, the stats overview and the CSV export.
 */
import type { Response } from 'express';
import {
  API_CONTRACT,
  notificationQuerySchema,
  idParamsSchema,
  type NotificationDetailResponse,
  type NotificationResponse,
} from '@prijsalarm/core';
import {
  exportNotifications,
  listNotifications,
  markAllNotificationsViewed,
  markNotificationViewed,
  notificationStatsOf,
  showNotification,
} from '../../commands/notifications';
import type { AppContext } from '../../context';
import { currentAuth, requireUser } from '../../http/auth';
import { ANSWERED, route, type Answered, type BoundRoute } from '../../http/contract-route';
import type { ListingPrice } from '../../models';
import {
  presentNotifications,
  withPriceHistory,
  type NotificationRows,
} from '../../presenters/notification';
import {
  CSV_BOM,
  CSV_CONTENT_TYPE,
  CSV_HEADER,
  exportFilename,
  notificationCsvLine,
} from '../../presenters/notification-csv';

const before = [requireUser];

/**
 * Writes one chunk, waiting while the client reads slower than the database answers (or until it
 * hangs up: then `res.destroyed` ends the export).
 */
async function write(res: Response, chunk: string): Promise<void> {
  if (res.destroyed || res.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

function presentOne(rows: NotificationRows): NotificationResponse {
  const [notification] = presentNotifications(rows);
  if (!notification) throw new Error('a notification was lost while presenting it');
  return { notification };
}

function presentWithHistory(
  rows: NotificationRows & { priceHistory: ListingPrice[] },
): NotificationDetailResponse {
  const { notification } = presentOne(rows);
  return { notification: withPriceHistory(notification, rows.priceHistory) };
}

export default function notificationRoutes(ctx: AppContext): BoundRoute[] {
  const { notifications } = API_CONTRACT;
  return [
    route(
      notifications.list,
      { before, schemas: { query: notificationQuerySchema } },
      async (req) => {
        const page = await listNotifications(ctx, currentAuth(req).user, req.input.query);
        return { notifications: presentNotifications(page), pagination: page.pagination };
      },
    ),

    route(notifications.stats, { before }, (req) =>
      notificationStatsOf(ctx, currentAuth(req).user),
    ),

    route(notifications.markAllViewed, { before }, async (req) => ({
      marked: await markAllNotificationsViewed(ctx, currentAuth(req).user),
    })),

    // Streamed: the file is written batch by batch as the database answers.
    route(
      notifications.export,
      { before, schemas: { query: notificationQuerySchema } },
      async (req, res): Promise<Answered> => {
        const startedAt = new Date();
        const rows = await exportNotifications(
          ctx,
          currentAuth(req).user,
          req.input.query,
          startedAt,
        );
        res.status(notifications.export.successStatus);
        res.setHeader('Content-Type', CSV_CONTENT_TYPE);
        res.setHeader('Content-Disposition', `attachment; filename="${exportFilename(startedAt)}"`);
        await write(res, CSV_BOM + CSV_HEADER);
        for await (const { notification, searchTerm } of rows) {
          if (res.destroyed) break;
          await write(res, notificationCsvLine(notification, searchTerm));
        }
        res.end();
        return ANSWERED;
      },
    ),

    route(notifications.get, { before, schemas: { params: idParamsSchema } }, async (req) =>
      presentWithHistory(await showNotification(ctx, currentAuth(req).user, req.input.params.id)),
    ),

    route(notifications.markViewed, { before, schemas: { params: idParamsSchema } }, async (req) =>
      presentOne(await markNotificationViewed(ctx, currentAuth(req).user, req.input.params.id)),
    ),
  ];
}
