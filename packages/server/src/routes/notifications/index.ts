/**
 * The notification centre (spec §7 Notifications): a logged-in user's notifications, only those
 * of their own alerts. Another user's notification answers 404, exactly like one that does not
 * exist, so ids cannot be probed.
 */
import { Router, type Response } from 'express';
import { Op } from 'sequelize';
import { z } from 'zod';
import {
  STRINGS,
  idSchema,
  notificationQuerySchema,
  type NotificationListResponse,
  type NotificationResponse,
  type NotificationStatsOverview,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { currentAuth, requireUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validated } from '../../http/validate';
import { pageWindow, paginationOf } from '../../lib/pagination';
import type { Models, Notification } from '../../models';
import { notificationPolicy } from '../../policies/notificationPolicy';
import { presentNotification } from '../../presenters/notification';
import { CSV_BOM, CSV_CONTENT_TYPE, CSV_HEADER, exportFilename, notificationCsvLine } from './csv';
import { notificationOrder, notificationWhere } from './query';
import { notificationStats, type OwnAlert } from './stats';

/** Rows fetched per query while streaming the export. */
export const EXPORT_BATCH_SIZE = 500;

const idParams = z.object({ id: z.string() });

/** The caller's alerts: the only ones whose notifications they may see. */
async function ownAlerts({ Alert }: Models, userId: string): Promise<OwnAlert[]> {
  return Alert.findAll({ where: { userId }, attributes: ['id', 'searchTerm'], raw: true });
}

/** Presents rows with their deliveries, fetched in one query for the whole page. */
async function presentRows(
  { Delivery }: Models,
  rows: Notification[],
  searchTerms: ReadonlyMap<string, string>,
) {
  const deliveries = rows.length
    ? await Delivery.findAll({ where: { notificationId: { [Op.in]: rows.map((row) => row.id) } } })
    : [];
  return rows.map((row) =>
    presentNotification(
      row,
      searchTerms.get(row.alertId) ?? '',
      deliveries.filter((delivery) => delivery.notificationId === row.id),
    ),
  );
}

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

async function presentOne(
  models: Models,
  notification: Notification,
): Promise<NotificationResponse> {
  const searchTerms = new Map([[notification.alertId, notification.alert?.searchTerm ?? '']]);
  const [dto] = await presentRows(models, [notification], searchTerms);
  if (!dto) throw new Error('presentRows lost a row');
  return { notification: dto };
}

export default function notificationsRouter(ctx: AppContext): Router {
  const { models } = ctx;
  const router = Router();
  router.use(requireUser);

  /** The caller's notification by id, or 404 (missing, malformed id or someone else's). */
  async function findVisible(userId: string, id: string) {
    if (!idSchema.safeParse(id).success) throw HttpError.notFound(STRINGS.notifications.notFound);
    const notification = await models.Notification.findByPk(id, {
      include: [{ association: 'alert', attributes: ['id', 'userId', 'searchTerm'] }],
    });
    if (!notification || !notificationPolicy.canView({ id: userId }, notification.alert)) {
      throw HttpError.notFound(STRINGS.notifications.notFound);
    }
    return notification;
  }

  router.get(
    '/',
    ...validated({ query: notificationQuerySchema }, async (req, res) => {
      const { user } = currentAuth(req);
      const query = req.input.query;
      const alerts = await ownAlerts(models, user.id);
      const { rows, count } = await models.Notification.findAndCountAll({
        where: notificationWhere(
          query,
          alerts.map((alert) => alert.id),
        ),
        order: notificationOrder(query),
        ...pageWindow(query.page, query.limit),
      });
      const searchTerms = new Map(alerts.map((alert) => [alert.id, alert.searchTerm]));
      const body: NotificationListResponse = {
        notifications: await presentRows(models, rows, searchTerms),
        pagination: paginationOf(query.page, query.limit, count),
      };
      res.json(body);
    }),
  );

  router.get('/stats/overview', async (req, res) => {
    const { user } = currentAuth(req);
    const body: NotificationStatsOverview = await notificationStats(
      models,
      await ownAlerts(models, user.id),
    );
    res.json(body);
  });

  // Streamed in batches: an export of years of notifications never sits in memory at once.
  router.get(
    '/export',
    ...validated({ query: notificationQuerySchema }, async (req, res) => {
      const { user } = currentAuth(req);
      const query = req.input.query;
      const startedAt = new Date();
      const alerts = await ownAlerts(models, user.id);
      const searchTerms = new Map(alerts.map((alert) => [alert.id, alert.searchTerm]));
      // Rows created while the export runs are left out, so the batches' offsets stay put.
      const where = {
        [Op.and]: [
          notificationWhere(
            query,
            alerts.map((alert) => alert.id),
          ),
          { createdAt: { [Op.lte]: startedAt } },
        ],
      };
      const order = notificationOrder(query);

      res.status(200);
      res.setHeader('Content-Type', CSV_CONTENT_TYPE);
      res.setHeader('Content-Disposition', `attachment; filename="${exportFilename(startedAt)}"`);
      await write(res, CSV_BOM + CSV_HEADER);
      for (let offset = 0; !res.destroyed; offset += EXPORT_BATCH_SIZE) {
        const rows = await models.Notification.findAll({
          where,
          order,
          limit: EXPORT_BATCH_SIZE,
          offset,
        });
        for (const row of rows) {
          if (res.destroyed) break;
          await write(res, notificationCsvLine(row, searchTerms.get(row.alertId) ?? ''));
        }
        if (rows.length < EXPORT_BATCH_SIZE) break;
      }
      res.end();
    }),
  );

  router.get(
    '/:id',
    ...validated({ params: idParams }, async (req, res) => {
      const { user } = currentAuth(req);
      const notification = await findVisible(user.id, req.input.params.id);
      res.json(await presentOne(models, notification));
    }),
  );

  router.put(
    '/:id/viewed',
    ...validated({ params: idParams }, async (req, res) => {
      const { user } = currentAuth(req);
      const notification = await findVisible(user.id, req.input.params.id);
      // The first view counts; marking again keeps that moment.
      if (!notification.viewedAt) await notification.update({ viewedAt: new Date() });
      res.json(await presentOne(models, notification));
    }),
  );

  return router;
}
