/**
 * Admin calls of spec §6/§7 (stats, users and their plans, alerts). Every route needs an admin:
 * a guest gets 401, a signed-in non-admin 403. PUT /admin/settings lives with the settings routes.
 */
import { Router } from 'express';
import { Op, col, fn } from 'sequelize';
import { z } from 'zod';
import {
  PLANS,
  STRINGS,
  adminAlertQuerySchema,
  adminPlanChangeSchema,
  adminUserQuerySchema,
  idSchema,
  type AdminAlertsResponse,
  type AdminStatsResponse,
  type AdminUsersResponse,
  type MessageResponse,
  type Plan,
  type UserResponse,
} from '@prijsalarm/core';
import { loadCategoryIndex } from '../../commands/alert-categories';
import { rescheduleAlertsOfUser } from '../../commands/alert-schedule';
import { loadSettings } from '../../models/current-settings';
import type { AppContext } from '../../context';
import { currentAuth, requireAdmin } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { validated } from '../../http/validate';
import { pageWindow, paginationOf } from '../../lib/pagination';
import { presentAlert } from '../../presenters/alert';
import { presentUser } from '../../presenters/user';
import { adminAlertWhere, adminUserWhere, alertStatusWhere } from './query';

const DAY_MS = 24 * 60 * 60 * 1000;

const idParams = z.object({ id: z.string() });

/** `count` per `key` from a GROUP BY query, as numbers (MySQL returns them as strings). */
function countsBy<K extends string>(rows: unknown, key: K): Map<string, number> {
  return new Map(
    (rows as Array<Record<K | 'count', unknown>>).map((row) => [
      String(row[key]),
      Number(row.count),
    ]),
  );
}

export default function adminRouter(ctx: AppContext): Router {
  const { models, sequelize } = ctx;
  const { User, Alert, Notification, AuditEvent } = models;
  const router = Router();
  router.use(requireAdmin);

  /** A malformed id is as unknown as a missing one. */
  const isId = (id: string) => idSchema.safeParse(id).success;

  router.get('/stats', async (_req, res) => {
    const now = new Date();
    const [usersTotal, usersByPlan, alertsTotal, alertsActive, notificationsTotal, last24h] =
      await Promise.all([
        User.count(),
        User.findAll({
          attributes: ['plan', [fn('count', col('id')), 'count']],
          group: ['plan'],
          raw: true,
        }),
        Alert.count(),
        Alert.count({ where: alertStatusWhere('active', now) }),
        Notification.count(),
        Notification.count({
          where: { createdAt: { [Op.gt]: new Date(now.getTime() - DAY_MS) } },
        }),
      ]);
    const planCounts = countsBy(usersByPlan, 'plan');
    const body: AdminStatsResponse = {
      users: {
        total: usersTotal,
        byPlan: Object.fromEntries(
          PLANS.map((plan) => [plan, planCounts.get(plan) ?? 0]),
        ) as Record<Plan, number>,
      },
      alerts: { total: alertsTotal, active: alertsActive },
      notifications: { total: notificationsTotal, last24h },
    };
    res.json(body);
  });

  /** Alert and notification counts for these users, two grouped queries for the whole page. */
  async function userCounts(userIds: string[]) {
    if (userIds.length === 0) return { alerts: new Map(), notifications: new Map() };
    const byUser = { userId: { [Op.in]: userIds } };
    const [alerts, notifications] = await Promise.all([
      Alert.findAll({
        attributes: ['userId', [fn('count', col('id')), 'count']],
        where: byUser,
        group: ['userId'],
        raw: true,
      }),
      Notification.findAll({
        attributes: ['userId', [fn('count', col('id')), 'count']],
        where: byUser,
        group: ['userId'],
        raw: true,
      }),
    ]);
    return { alerts: countsBy(alerts, 'userId'), notifications: countsBy(notifications, 'userId') };
  }

  router.get(
    '/users',
    ...validated({ query: adminUserQuerySchema }, async (req, res) => {
      const query = req.input.query;
      const { rows, count } = await User.findAndCountAll({
        where: adminUserWhere(query),
        order: [
          ['createdAt', 'DESC'],
          ['id', 'ASC'],
        ],
        ...pageWindow(query.page, query.limit),
      });
      const counts = await userCounts(rows.map((user) => user.id));
      const body: AdminUsersResponse = {
        users: rows.map((user) =>
          presentUser(user, {
            alerts: counts.alerts.get(user.id) ?? 0,
            notifications: counts.notifications.get(user.id) ?? 0,
          }),
        ),
        pagination: paginationOf(query.page, query.limit, count),
      };
      res.json(body);
    }),
  );

  router.put(
    '/users/:id/plan',
    ...validated({ params: idParams, body: adminPlanChangeSchema }, async (req, res) => {
      const admin = currentAuth(req).user;
      const { id } = req.input.params;
      const { plan } = req.input.body;
      if (!isId(id)) throw HttpError.notFound(STRINGS.admin.userNotFound);
      const settings = await loadSettings(ctx);
      const user = await sequelize.transaction(async (transaction) => {
        const target = await User.findByPk(id, { transaction });
        if (!target) throw HttpError.notFound(STRINGS.admin.userNotFound);
        const previousPlan = target.plan;
        await target.update({ plan }, { transaction });
        await rescheduleAlertsOfUser(ctx, settings, target, transaction);
        await AuditEvent.create(
          {
            actorUserId: admin.id,
            action: 'user.plan_changed',
            targetType: 'user',
            targetId: target.id,
            data: { from: previousPlan, to: plan },
          },
          { transaction },
        );
        return target;
      });
      ctx.logger.info({ adminId: admin.id, userId: user.id, plan }, 'admin changed a user plan');
      const counts = await userCounts([user.id]);
      const body: UserResponse = {
        user: presentUser(user, {
          alerts: counts.alerts.get(user.id) ?? 0,
          notifications: counts.notifications.get(user.id) ?? 0,
        }),
      };
      res.json(body);
    }),
  );

  router.get(
    '/alerts',
    ...validated({ query: adminAlertQuerySchema }, async (req, res) => {
      const query = req.input.query;
      const now = new Date();
      const { rows, count } = await Alert.findAndCountAll({
        where: adminAlertWhere(query, now),
        include: [{ association: 'user', attributes: ['id', 'email'], required: false }],
        order: [
          ['createdAt', 'DESC'],
          ['id', 'ASC'],
        ],
        ...pageWindow(query.page, query.limit),
      });
      const alertIds = rows.map((alert) => alert.id);
      const [notificationCounts, categories] = await Promise.all([
        alertIds.length
          ? Notification.findAll({
              attributes: ['alertId', [fn('count', col('id')), 'count']],
              where: { alertId: { [Op.in]: alertIds } },
              group: ['alertId'],
              raw: true,
            })
          : [],
        loadCategoryIndex(ctx),
      ]);
      const countsByAlert = countsBy(notificationCounts, 'alertId');
      const presenterContext = { config: ctx.config, tokens: ctx.tokens, categories, now };
      const body: AdminAlertsResponse = {
        alerts: rows.map((alert) => ({
          ...presentAlert(alert, countsByAlert.get(alert.id) ?? 0, presenterContext),
          // The owner's address: the account's, or the guest's for a guest alert.
          userEmail: alert.user?.email ?? alert.email ?? null,
        })),
        pagination: paginationOf(query.page, query.limit, count),
      };
      res.json(body);
    }),
  );

  router.delete(
    '/alerts/:id',
    ...validated({ params: idParams }, async (req, res) => {
      const admin = currentAuth(req).user;
      const { id } = req.input.params;
      if (!isId(id)) throw HttpError.notFound(STRINGS.admin.alertNotFound);
      await sequelize.transaction(async (transaction) => {
        const alert = await Alert.findByPk(id, { transaction });
        if (!alert) throw HttpError.notFound(STRINGS.admin.alertNotFound);
        // Its notifications, deliveries and link tokens go with it (ON DELETE CASCADE).
        await alert.destroy({ transaction });
        await AuditEvent.create(
          {
            actorUserId: admin.id,
            action: 'alert.deleted',
            targetType: 'alert',
            targetId: alert.id,
            data: { searchTerm: alert.searchTerm, userId: alert.userId, email: alert.email },
          },
          { transaction },
        );
      });
      ctx.logger.info({ adminId: admin.id, alertId: id }, 'admin deleted an alert');
      const body: MessageResponse = { message: STRINGS.admin.alertDeleted };
      res.json(body);
    }),
  );

  return router;
}
