/**
 * /api/alerts. Guests create their free alert with the guest schema and confirm it by e-mail;
 * signed-in users create under their plan. A manage link (token in the path) opens exactly its own
 * alert; tokens are looked up by hash and never logged by these handlers.
 */
import type { Request, RequestHandler, Response } from 'express';
import {
  ALERT_FEED_TEXTS,
  API_CONTRACT,
  guestCreateAlertSchema,
  manageAlertQuerySchema,
  ALERT_TEXTS,
  updateAlertSchema,
  userCreateAlertSchema,
  idParamsSchema,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { loadCategoryIndex } from '../../commands/alert-categories';
import {
  alertNotificationsPage,
  confirmGuestAlert,
  createGuestAlert,
  createUserAlert,
  deleteAlert,
  findAlertByManageToken,
  findOwnAlert,
  listUserAlerts,
  notificationCountsOf,
  ownerOf,
  refreshAlert,
  toggleAlert,
  updateAlert,
} from '../../commands/alerts';
import { renewAlertFeed } from '../../commands/alert-feed';
import { plannedChecks } from '../../engine/planned-checks';
import { capabilitiesFor } from '../../commands/capabilities';
import { currentAuth, requireUser } from '../../http/auth';
import { route, type BoundRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { parseWith } from '../../http/validate';
import { paginationOf } from '../../lib/pagination';
import type { Alert } from '../../models';
import { presentAlert, presentOwnerCapabilities } from '../../presenters/alert';
import { presentNotifications } from '../../presenters/notification';
import { refreshUrlOf } from '../../security/alert-links';

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

export default function alertRoutes(ctx: AppContext): BoundRoute[] {
  const { alerts } = API_CONTRACT;
  const tokenLimit = rateLimit('alert-token-ip', {
    ...ALERT_RATE_LIMITS['alert-token-ip'],
    key: byIp,
  });
  const loadAlert: RequestHandler = async (req, res, next) => {
    const alert = await findAlertByManageToken(ctx, tokenParam(req, 'token'));
    if (!alert) throw HttpError.notFound(ALERT_TEXTS.notFound);
    res.locals.alert = alert;
    next();
  };
  const manageLink = [tokenLimit, loadAlert];

  /** One alert as its page shows it, with its notification count and its next check. */
  const present = async (alert: Alert) => {
    const now = new Date();
    const [categories, counts, planned] = await Promise.all([
      loadCategoryIndex(ctx),
      notificationCountsOf(ctx, [alert.id]),
      plannedChecks(ctx, [alert], now),
    ]);
    return presentAlert(alert, counts.get(alert.id) ?? 0, {
      ...ctx,
      categories,
      now,
      plannedChecks: planned,
    });
  };

  return [
    // Guests send the home page's form, signed-in users the wizard's: the caller picks the schema.
    route(
      alerts.create,
      {
        before: [
          rateLimit('alert-create-ip', { ...ALERT_RATE_LIMITS['alert-create-ip'], key: byIp }),
          rateLimit('alert-create-account', {
            ...ALERT_RATE_LIMITS['alert-create-account'],
            key: (req) => req.auth?.user.id,
          }),
        ],
      },
      async (req) => {
        const { alert, manageUrl } = req.auth
          ? await createUserAlert(ctx, req.auth.user, parseWith(userCreateAlertSchema, req.body))
          : await createGuestAlert(ctx, parseWith(guestCreateAlertSchema, req.body));
        return { alert: { id: alert.id, manageUrl } };
      },
    ),

    route(alerts.myAlerts, { before: [requireUser] }, async (req) => {
      const { user } = currentAuth(req);
      const own = await listUserAlerts(ctx, user);
      const now = new Date();
      const [categories, counts, capabilities, planned] = await Promise.all([
        loadCategoryIndex(ctx),
        notificationCountsOf(
          ctx,
          own.map((alert) => alert.id),
        ),
        capabilitiesFor(ctx, user),
        plannedChecks(ctx, own, now),
      ]);
      const context = { ...ctx, categories, now, plannedChecks: planned };
      return {
        alerts: own.map((alert) => presentAlert(alert, counts.get(alert.id) ?? 0, context)),
        capabilities,
      };
    }),

    route(
      alerts.mine.get,
      { before: [requireUser], schemas: { params: idParamsSchema } },
      async (req) => ({
        alert: await present(await findOwnAlert(ctx, currentAuth(req).user, req.input.params.id)),
      }),
    ),

    // The owner's edit wizard: the same update, rules and answers as the manage link's.
    route(
      alerts.mine.update,
      { before: [requireUser], schemas: { params: idParamsSchema, body: updateAlertSchema } },
      async (req) => {
        const alert = await findOwnAlert(ctx, currentAuth(req).user, req.input.params.id);
        return { alert: await present(await updateAlert(ctx, alert, req.input.body)) };
      },
    ),

    route(alerts.confirm, { before: [tokenLimit] }, async (req) => {
      const alert = await confirmGuestAlert(ctx, tokenParam(req, 'token'));
      return { alert: await present(alert), message: ALERT_TEXTS.confirmed };
    }),

    route(
      alerts.manage.get,
      { before: manageLink, schemas: { query: manageAlertQuerySchema } },
      async (req, res) => {
        const alert = alertOf(res);
        const { notificationsPage: page, notificationsLimit: limit } = req.input.query;
        const notifications = await alertNotificationsPage(ctx, alert, page, limit);
        const now = new Date();
        const [categories, planned, capabilities] = await Promise.all([
          loadCategoryIndex(ctx),
          plannedChecks(ctx, [alert], now),
          ownerOf(ctx, alert).then((owner) => capabilitiesFor(ctx, owner)),
        ]);
        return {
          alert: {
            ...presentAlert(alert, notifications.total, {
              ...ctx,
              categories,
              now,
              plannedChecks: planned,
            }),
            refreshUrl: refreshUrlOf(ctx, alert),
          },
          notifications: {
            items: presentNotifications(notifications),
            pagination: paginationOf(page, limit, notifications.total),
          },
          capabilities: presentOwnerCapabilities(capabilities),
        };
      },
    ),

    route(
      alerts.manage.update,
      { before: manageLink, schemas: { body: updateAlertSchema } },
      async (req, res) => ({
        alert: await present(await updateAlert(ctx, alertOf(res), req.input.body)),
      }),
    ),

    route(alerts.manage.delete, { before: manageLink }, async (_req, res) => {
      await deleteAlert(ctx, alertOf(res));
      return { message: ALERT_TEXTS.deleted };
    }),

    route(alerts.manage.toggle, { before: manageLink }, async (_req, res) => ({
      alert: await present(await toggleAlert(ctx, alertOf(res))),
    })),

    route(alerts.manage.refresh, { before: manageLink }, async (req, res) => {
      const { alert, days } = await refreshAlert(
        ctx,
        alertOf(res),
        tokenParam(req, 'refreshToken'),
      );
      return { alert: await present(alert), message: ALERT_TEXTS.refreshed(days) };
    }),

    route(alerts.manage.renewFeed, { before: manageLink }, async (_req, res) => ({
      alert: await present(await renewAlertFeed(ctx, alertOf(res))),
      message: ALERT_FEED_TEXTS.link.renewed,
    })),
  ];
}
