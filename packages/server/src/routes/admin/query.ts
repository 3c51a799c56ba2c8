/** The admin lists' filters as Sequelize `where`, the same on SQLite and MySQL/MariaDB. */
import { Op, col, fn, where, type WhereOptions } from 'sequelize';
import type { AlertStatus, ParsedAdminAlertQuery, ParsedAdminUserQuery } from '@prijsalarm/core';
import { containsText } from '../../lib/sql';
import type { Alert, User } from '../../models';

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
