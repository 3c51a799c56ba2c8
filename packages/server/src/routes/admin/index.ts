/**
 * Admin calls (stats and 30-day trends, users and their plans, alerts, settings, the listings the
 * engine set aside). Every route needs an admin: a guest gets 401, a signed-in non-admin 403.
 */
import type { RequestHandler } from 'express';
import {
  API_CONTRACT,
  ADMIN_TEXTS,
  SETTINGS_TEXTS,
  adminAlertQuerySchema,
  adminPlanChangeSchema,
  adminUserQuerySchema,
  isSettingKey,
  settingUpdateSchema,
  idParamsSchema,
} from '@prijsalarm/core';
import {
  adminStats,
  adminTrends,
  changeUserPlan,
  deleteAnyAlert,
  listAlerts,
  listUsers,
  setAsideListings,
} from '../../commands/admin';
import { changeSetting } from '../../commands/settings';
import type { AppContext } from '../../context';
import { route, type BoundRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { currentAuth, requireAdmin } from '../../http/auth';
import { presentAdminAlert } from '../../presenters/alert';
import { presentSetAsideListing } from '../../presenters/set-aside-listing';
import { presentUser } from '../../presenters/user';

const before = [requireAdmin];

/** An unknown setting key gets its own message rather than zod's generic "invalid choice". */
const knownKey: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'key' in body) {
    const { key } = body as { key: unknown };
    if (!isSettingKey(key)) {
      throw HttpError.badRequest(SETTINGS_TEXTS.unknownKey, {
        fields: { key: SETTINGS_TEXTS.unknownKey },
      });
    }
  }
  next();
};

export default function adminRoutes(ctx: AppContext): BoundRoute[] {
  const { admin } = API_CONTRACT;
  return [
    route(admin.stats, { before }, (req) => adminStats(ctx, currentAuth(req).user)),

    route(admin.trends, { before }, (req) => adminTrends(ctx, currentAuth(req).user)),

    route(admin.users, { before, schemas: { query: adminUserQuerySchema } }, async (req) => {
      const page = await listUsers(ctx, currentAuth(req).user, req.input.query);
      return {
        users: page.users.map((user) => presentUser(user, page.countsOf(user))),
        pagination: page.pagination,
      };
    }),

    route(
      admin.updateUserPlan,
      { before, schemas: { params: idParamsSchema, body: adminPlanChangeSchema } },
      async (req) => {
        const { user, counts } = await changeUserPlan(
          ctx,
          currentAuth(req).user,
          req.input.params.id,
          req.input.body.plan,
        );
        return { user: presentUser(user, counts) };
      },
    ),

    route(admin.alerts, { before, schemas: { query: adminAlertQuerySchema } }, async (req) => {
      const page = await listAlerts(ctx, currentAuth(req).user, req.input.query);
      const context = { config: ctx.config, tokens: ctx.tokens, ...page };
      return {
        alerts: page.alerts.map((alert) =>
          presentAdminAlert(alert, page.notificationCountOf(alert), context),
        ),
        pagination: page.pagination,
      };
    }),

    route(admin.deleteAlert, { before, schemas: { params: idParamsSchema } }, async (req) => {
      await deleteAnyAlert(ctx, currentAuth(req).user, req.input.params.id);
      return { message: ADMIN_TEXTS.alertDeleted };
    }),

    // The key picks core's schema its value must pass; the change applies at once.
    route(
      admin.updateSetting,
      { before: [...before, knownKey], schemas: { body: settingUpdateSchema } },
      async (req) => {
        const update = req.input.body;
        const settings = await changeSetting(ctx, currentAuth(req).user, update);
        return { key: update.key, value: update.value, settings };
      },
    ),

    route(admin.setAsideListings, { before }, async (req) => {
      const { rows, total } = await setAsideListings(ctx, currentAuth(req).user);
      return { listings: rows.map(presentSetAsideListing), total };
    }),
  ];
}
