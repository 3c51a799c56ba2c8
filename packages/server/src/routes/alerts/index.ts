/**
 * /api/alerts (spec §7 Alerts). Guests create their one free alert with the guest schema and
 * confirm it by e-mail; signed-in users create under their plan. A manage link (token in the path)
 * opens exactly its own alert; tokens are looked up by hash and never logged by these handlers.
 */
import {
  Router,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import {
  guestCreateAlertSchema,
  manageAlertQuerySchema,
  STRINGS,
  updateAlertSchema,
  userCreateAlertSchema,
  type AlertResponse,
  type AlertWithMessageResponse,
  type CreateAlertResponse,
  type ManageAlertResponse,
  type MessageResponse,
  type MyAlertsResponse,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { loadCategoryIndex } from '../../commands/alert-categories';
import {
  confirmGuestAlert,
  createGuestAlert,
  createUserAlert,
  deleteAlert,
  findAlertByManageToken,
  notificationCountsOf,
  refreshAlert,
  toggleAlert,
  updateAlert,
} from '../../commands/alerts';
import { capabilitiesFor } from '../../commands/capabilities';
import { currentAuth, requireUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { validated } from '../../http/validate';
import { paginationOf, pageWindow } from '../../lib/pagination';
import type { Alert } from '../../models';
import { presentAlert } from '../../presenters/alert';
import { refreshUrlOf } from '../../security/alert-links';
import { presentNotification } from '../../presenters/notification';

/** Rules per limiter name (RATE_LIMITS overrides them by name). */
export const ALERT_RATE_LIMITS = {
  /** Guest creations mail a stranger's address: keep them scarce per IP. */
  'alert-create-ip': { points: 20, duration: 3600 },
  'alert-create-account': { points: 30, duration: 3600 },
  /** Guessing manage/confirm tokens is hopeless at 256 bits; this keeps it noisy and slow. */
  'alert-token-ip': { points: 300, duration: 900 },
} as const;

const byIp = (req: Request) => req.ip ?? null;

/** The alert a manage token opens, put on res.locals by `loadAlert`. */
function alertOf(res: Response): Alert {
  return res.locals.alert as Alert;
}

function tokenParam(req: Request, name: string): string {
  const value: unknown = req.params[name];
  return typeof value === 'string' ? value : '';
}

export default function alertsRouter(ctx: AppContext): Router {
  const router = Router();
  const tokenLimit = rateLimit('alert-token-ip', {
    ...ALERT_RATE_LIMITS['alert-token-ip'],
    key: byIp,
  });

  const loadAlert: RequestHandler = async (req, res, next) => {
    const alert = await findAlertByManageToken(ctx, tokenParam(req, 'token'));
    if (!alert) throw HttpError.notFound(STRINGS.alerts.notFound);
    res.locals.alert = alert;
    next();
  };

  /** One alert as its page shows it, with its notification count. */
  const present = async (alert: Alert) => {
    const [categories, counts] = await Promise.all([
      loadCategoryIndex(ctx),
      notificationCountsOf(ctx, [alert.id]),
    ]);
    return presentAlert(alert, counts.get(alert.id) ?? 0, { ...ctx, categories });
  };

  /* ----- Create: guests first; a signed-in caller falls through to the user route. ----- */
  const onlyGuests = (req: Request, _res: Response, next: NextFunction) =>
    next(req.auth ? 'route' : undefined);

  router.post(
    '/',
    rateLimit('alert-create-ip', { ...ALERT_RATE_LIMITS['alert-create-ip'], key: byIp }),
    rateLimit('alert-create-account', {
      ...ALERT_RATE_LIMITS['alert-create-account'],
      key: (req) => req.auth?.user.id,
    }),
    onlyGuests,
    ...validated({ body: guestCreateAlertSchema }, async (req, res) => {
      const { alert, manageUrl } = await createGuestAlert(ctx, req.input.body);
      const body: CreateAlertResponse = { alert: { id: alert.id, manageUrl } };
      res.status(201).json(body);
    }),
  );

  router.post(
    '/',
    ...validated({ body: userCreateAlertSchema }, async (req, res) => {
      const { user } = currentAuth(req);
      const { alert, manageUrl } = await createUserAlert(ctx, user, req.input.body);
      const body: CreateAlertResponse = { alert: { id: alert.id, manageUrl } };
      res.status(201).json(body);
    }),
  );

  router.get('/my-alerts', requireUser, async (req, res) => {
    const { user } = currentAuth(req);
    const alerts = await ctx.models.Alert.findAll({
      where: { userId: user.id },
      order: [
        ['createdAt', 'DESC'],
        ['id', 'ASC'],
      ],
    });
    const [categories, counts, capabilities] = await Promise.all([
      loadCategoryIndex(ctx),
      notificationCountsOf(
        ctx,
        alerts.map((alert) => alert.id),
      ),
      capabilitiesFor(ctx, user),
    ]);
    const now = new Date();
    const body: MyAlertsResponse = {
      alerts: alerts.map((alert) =>
        presentAlert(alert, counts.get(alert.id) ?? 0, { ...ctx, categories, now }),
      ),
      capabilities,
    };
    res.json(body);
  });

  router.get('/confirm/:token', tokenLimit, async (req, res) => {
    const alert = await confirmGuestAlert(ctx, tokenParam(req, 'token'));
    const body: AlertWithMessageResponse = {
      alert: await present(alert),
      message: STRINGS.alerts.confirmed,
    };
    res.json(body);
  });

  /* ----- Manage link ----- */

  router.get(
    '/manage/:token',
    tokenLimit,
    loadAlert,
    ...validated({ query: manageAlertQuerySchema }, async (req, res) => {
      const alert = alertOf(res);
      const { notificationsPage: page, notificationsLimit: limit } = req.input.query;
      const { Notification, Delivery } = ctx.models;
      const { rows, count } = await Notification.findAndCountAll({
        where: { alertId: alert.id },
        order: [
          ['createdAt', 'DESC'],
          ['id', 'ASC'],
        ],
        ...pageWindow(page, limit),
      });
      const deliveries = rows.length
        ? await Delivery.findAll({ where: { notificationId: rows.map((row) => row.id) } })
        : [];
      const categories = await loadCategoryIndex(ctx);
      const body: ManageAlertResponse = {
        alert: {
          ...presentAlert(alert, count, { ...ctx, categories }),
          refreshUrl: refreshUrlOf(ctx, alert),
        },
        notifications: {
          items: rows.map((notification) =>
            presentNotification(
              notification,
              alert.searchTerm,
              deliveries.filter((delivery) => delivery.notificationId === notification.id),
            ),
          ),
          pagination: paginationOf(page, limit, count),
        },
      };
      res.json(body);
    }),
  );

  router.put(
    '/manage/:token',
    tokenLimit,
    loadAlert,
    ...validated({ body: updateAlertSchema }, async (req, res) => {
      const alert = await updateAlert(ctx, alertOf(res), req.input.body);
      const body: AlertResponse = { alert: await present(alert) };
      res.json(body);
    }),
  );

  router.delete('/manage/:token', tokenLimit, loadAlert, async (_req, res) => {
    await deleteAlert(ctx, alertOf(res));
    const body: MessageResponse = { message: STRINGS.alerts.deleted };
    res.json(body);
  });

  router.patch('/manage/:token/toggle', tokenLimit, loadAlert, async (_req, res) => {
    const alert = await toggleAlert(ctx, alertOf(res));
    const body: AlertResponse = { alert: await present(alert) };
    res.json(body);
  });

  router.get('/manage/:token/refresh/:refreshToken', tokenLimit, loadAlert, async (req, res) => {
    const { alert, days } = await refreshAlert(ctx, alertOf(res), tokenParam(req, 'refreshToken'));
    const body: AlertWithMessageResponse = {
      alert: await present(alert),
      message: STRINGS.alerts.refreshed(days),
    };
    res.json(body);
  });

  return router;
}
