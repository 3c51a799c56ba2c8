/**
 * The admin calls: stats, the users and alerts lists with their filters (as Sequelize `where`, the
 * same on SQLite and MySQL/MariaDB), plan changes and alert deletion, each change recorded as an
 * audit event in the same transaction. Every call asks the admin policy.
 */
import { Op, col, fn, where, type WhereOptions } from 'sequelize';
import {
  ADMIN_TEXTS,
  ADMIN_TRENDS_DAYS,
  PLANS,
  SET_ASIDE_LIST_LIMIT,
  idSchema,
  type AdminStatsResponse,
  type AdminTrendsResponse,
  type AlertStatus,
  type Pagination,
  type ParsedAdminAlertQuery,
  type ParsedAdminUserQuery,
  type Plan,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { addDays, localDate } from '../lib/calendar';
import { pageWindow, paginationOf } from '../lib/pagination';
import { perLocalDay } from '../lib/per-local-day';
import { containsText } from '../lib/sql';
import type { Alert, SetAsideListing, User } from '../models';
import { authorizeAdmin } from '../policies/admin';
import type { CategoryIndex } from '../presenters/category';
import type { UserCounts } from '../presenters/user';
import { loadCategoryIndex } from './alert-categories';
import { deleteAlerts } from './alert-deletion';
import { announceAccountChange } from './account-events';
import { rescheduleAlertsOfUser } from './alert-schedule';
import { paymentStats } from './payments';
import { storageFigures } from './retention';
import { loadSettings } from '../models/current-settings';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A malformed id is as unknown as a missing one. */
const isId = (id: string) => idSchema.safeParse(id).success;

/** `count` per `key` from a GROUP BY query, as numbers (MySQL returns them as strings). */
function countsBy<K extends string>(rows: unknown, key: K): Map<string, number> {
  return new Map(
    (rows as Array<Record<K | 'count', unknown>>).map((row) => [
      String(row[key]),
      Number(row.count),
    ]),
  );
}

export async function adminStats(ctx: AppContext, admin: User): Promise<AdminStatsResponse> {
  authorizeAdmin(admin);
  const { User, Alert, Notification } = ctx.models;
  const now = new Date();
  const [
    usersTotal,
    usersByPlan,
    alertsTotal,
    alertsActive,
    notificationsTotal,
    last24h,
    payments,
    storage,
  ] = await Promise.all([
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
    paymentStats(ctx),
    storageFigures(ctx),
  ]);
  const planCounts = countsBy(usersByPlan, 'plan');
  return {
    users: {
      total: usersTotal,
      byPlan: Object.fromEntries(PLANS.map((plan) => [plan, planCounts.get(plan) ?? 0])) as Record<
        Plan,
        number
      >,
    },
    alerts: { total: alertsTotal, active: alertsActive },
    notifications: { total: notificationsTotal, last24h },
    payments,
    storage,
  };
}

/**
 * The last ADMIN_TRENDS_DAYS local days (Europe/Amsterdam), today included: accounts registered,
 * alerts made, notifications that went out (each sent mail, Telegram message, push and webhook
 * call) and revenue as the month's figure counts it (paid that day, less charged back that day).
 */
export async function adminTrends(
  ctx: AppContext,
  admin: User,
  now: Date = new Date(),
): Promise<AdminTrendsResponse> {
  authorizeAdmin(admin);
  const { User, Alert, Delivery, Payment } = ctx.models;
  const to = localDate(now);
  const days = { from: addDays(to, -(ADMIN_TRENDS_DAYS - 1)), to };
  const [newUsers, alerts, sent, paid, chargedBack] = await Promise.all([
    perLocalDay(User, { column: 'createdAt', ...days }),
    perLocalDay(Alert, { column: 'createdAt', ...days }),
    perLocalDay(Delivery, { column: 'sentAt', where: { status: 'sent' }, ...days }),
    perLocalDay(Payment, {
      column: 'paidAt',
      where: { status: 'paid' },
      sum: 'amountCents',
      ...days,
    }),
    perLocalDay(Payment, {
      column: 'chargedBackAt',
      where: { status: 'paid' },
      sum: 'amountCents',
      ...days,
    }),
  ]);
  return {
    days: [...newUsers.keys()].map((date) => ({
      date,
      newUsers: newUsers.get(date) ?? 0,
      alerts: alerts.get(date) ?? 0,
      notificationsSent: sent.get(date) ?? 0,
      revenueCents: (paid.get(date) ?? 0) - (chargedBack.get(date) ?? 0),
    })),
  };
}

/** Alert and notification counts per user id, two grouped queries for the whole page. */
async function userCounts(ctx: AppContext, userIds: string[]): Promise<(user: User) => UserCounts> {
  const { Alert, Notification } = ctx.models;
  if (userIds.length === 0) return () => ({ alerts: 0, notifications: 0 });
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
  const alertCounts = countsBy(alerts, 'userId');
  const notificationCounts = countsBy(notifications, 'userId');
  return (user) => ({
    alerts: alertCounts.get(user.id) ?? 0,
    notifications: notificationCounts.get(user.id) ?? 0,
  });
}

export interface AdminUserPage {
  users: User[];
  countsOf: (user: User) => UserCounts;
  pagination: Pagination;
}

export async function listUsers(
  ctx: AppContext,
  admin: User,
  query: ParsedAdminUserQuery,
): Promise<AdminUserPage> {
  authorizeAdmin(admin);
  const { rows, count } = await ctx.models.User.findAndCountAll({
    where: adminUserWhere(query),
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    ...pageWindow(query.page, query.limit),
  });
  return {
    users: rows,
    countsOf: await userCounts(
      ctx,
      rows.map((user) => user.id),
    ),
    pagination: paginationOf(query.page, query.limit, count),
  };
}

/** Moves a user to `plan`; their alerts take the plan's check interval at once. */
export async function changeUserPlan(
  ctx: AppContext,
  admin: User,
  userId: string,
  plan: Plan,
): Promise<{ user: User; counts: UserCounts }> {
  authorizeAdmin(admin);
  const { User, AuditEvent } = ctx.models;
  if (!isId(userId)) throw HttpError.notFound(ADMIN_TEXTS.userNotFound);
  const settings = await loadSettings(ctx);
  const user = await ctx.sequelize.transaction(async (transaction) => {
    const target = await User.findByPk(userId, { transaction });
    if (!target) throw HttpError.notFound(ADMIN_TEXTS.userNotFound);
    const previousPlan = target.plan;
    await target.update({ plan }, { transaction });
    await rescheduleAlertsOfUser(ctx, settings, target, transaction);
    announceAccountChange(ctx, target.id, transaction);
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
  const countsOf = await userCounts(ctx, [user.id]);
  return { user, counts: countsOf(user) };
}

export interface AdminAlertPage {
  alerts: Alert[];
  notificationCountOf: (alert: Alert) => number;
  categories: CategoryIndex;
  /** The moment the statuses were filtered at (and are to be shown at). */
  now: Date;
  pagination: Pagination;
}

export async function listAlerts(
  ctx: AppContext,
  admin: User,
  query: ParsedAdminAlertQuery,
): Promise<AdminAlertPage> {
  authorizeAdmin(admin);
  const { Alert, Notification } = ctx.models;
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
  return {
    alerts: rows,
    notificationCountOf: (alert) => countsByAlert.get(alert.id) ?? 0,
    categories,
    now,
    pagination: paginationOf(query.page, query.limit, count),
  };
}

export async function deleteAnyAlert(ctx: AppContext, admin: User, alertId: string) {
  authorizeAdmin(admin);
  const { Alert, AuditEvent } = ctx.models;
  if (!isId(alertId)) throw HttpError.notFound(ADMIN_TEXTS.alertNotFound);
  await ctx.sequelize.transaction(async (transaction) => {
    const alert = await Alert.findByPk(alertId, { transaction });
    if (!alert) throw HttpError.notFound(ADMIN_TEXTS.alertNotFound);
    // Its notifications, deliveries and link tokens go with it (ON DELETE CASCADE).
    await deleteAlerts(ctx, { id: alert.id }, transaction);
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
  ctx.logger.info({ adminId: admin.id, alertId }, 'admin deleted an alert');
}

/* ---------- The lists' filters ---------- */

export function adminUserWhere(query: ParsedAdminUserQuery): WhereOptions<User> {
  const conditions: WhereOptions<User>[] = [];
  if (query.plan) conditions.push({ plan: query.plan });
  if (query.search) {
    conditions.push({
      [Op.or]: ['email', 'name', 'firstName', 'lastName'].map((column) =>
        containsText(column, query.search!),
      ),
    });
  }
  return { [Op.and]: conditions };
}

/** Alert.statusAt(now) as a condition: pending, then expired, then the owner's pause toggle. */
export function alertStatusWhere(status: AlertStatus, now: Date): WhereOptions<Alert> {
  const notExpired = { [Op.or]: [{ expiresAt: null }, { expiresAt: { [Op.gt]: now } }] };
  const confirmed = { confirmedAt: { [Op.ne]: null } };
  switch (status) {
    case 'pending_confirmation':
      return { confirmedAt: null };
    case 'expired':
      return { [Op.and]: [confirmed, { expiresAt: { [Op.lte]: now } }] };
    case 'active':
      return { [Op.and]: [confirmed, notExpired, { isActive: true }] };
    case 'paused':
      return { [Op.and]: [confirmed, notExpired, { isActive: false }] };
  }
}

/**
 * Filters for GET /admin/alerts. The query joins the owner as `user` (for the search on their
 * e-mail address), so shared column names are qualified.
 */
export function adminAlertWhere(query: ParsedAdminAlertQuery, now: Date): WhereOptions<Alert> {
  const conditions: WhereOptions<Alert>[] = [];
  if (query.status) conditions.push(alertStatusWhere(query.status, now));
  if (query.userId) conditions.push({ userId: query.userId });
  if (query.platform) {
    // `platforms` is a JSON array of ids: its text holds the id in quotes (ids have no quotes).
    conditions.push(where(fn('instr', col('Alert.platforms'), `"${query.platform}"`), Op.gt, 0));
  }
  if (query.search) {
    conditions.push({
      [Op.or]: ['Alert.searchTerm', 'Alert.email', 'user.email'].map((column) =>
        containsText(column, query.search!),
      ),
    });
  }
  return { [Op.and]: conditions };
}

/** The newest listings the engine set aside, and how many there are. */
export async function setAsideListings(
  ctx: AppContext,
  admin: User,
): Promise<{ rows: SetAsideListing[]; total: number }> {
  authorizeAdmin(admin);
  const { SetAsideListing } = ctx.models;
  const [rows, total] = await Promise.all([
    SetAsideListing.findAll({
      order: [
        ['createdAt', 'DESC'],
        ['id', 'ASC'],
      ],
      limit: SET_ASIDE_LIST_LIMIT,
    }),
    SetAsideListing.count(),
  ]);
  return { rows, total };
}
