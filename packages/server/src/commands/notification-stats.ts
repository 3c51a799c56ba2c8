/**
 * GET /notifications/stats/overview: counts over the caller's alerts, grouped in the database
 * (per local day: lib/per-local-day).
 */
import { Op, col, fn } from 'sequelize';
import {
  NOTIFICATION_STATS_DAYS,
  PLATFORM_IDS,
  type NotificationStatsOverview,
  type PlatformId,
} from '@prijsalarm/core';
import { addDays, localDate } from '../lib/calendar';
import { perLocalDay } from '../lib/per-local-day';
import type { Models, User } from '../models';
import { ownedBy, ownerOf } from './notification-query';

export interface OwnAlert {
  id: string;
  searchTerm: string;
}

const count = (value: unknown) => Number(value ?? 0);

export async function notificationStats(
  { Notification }: Pick<Models, 'Notification'>,
  user: Pick<User, 'id'>,
  ownAlerts: readonly OwnAlert[],
  now: Date = new Date(),
): Promise<NotificationStatsOverview> {
  const own = ownedBy(ownerOf(user, ownAlerts));
  const today = localDate(now);
  const firstDay = addDays(today, -(NOTIFICATION_STATS_DAYS - 1));

  const [total, unread, byAlert, byPlatform, perDayCount] = await Promise.all([
    Notification.count({ where: own }),
    Notification.count({ where: { [Op.and]: [own, { viewedAt: null }] } }),
    Notification.findAll({
      attributes: ['alertId', [fn('count', col('id')), 'count']],
      where: own,
      group: ['alertId'],
      raw: true,
    }) as unknown as Promise<Array<{ alertId: string; count: unknown }>>,
    Notification.findAll({
      attributes: ['platform', [fn('count', col('id')), 'count']],
      where: own,
      group: ['platform'],
      raw: true,
    }) as unknown as Promise<Array<{ platform: PlatformId; count: unknown }>>,
    perLocalDay(Notification, { column: 'createdAt', where: own, from: firstDay, to: today }),
  ]);

  const perAlertCount = new Map(byAlert.map((row) => [row.alertId, count(row.count)]));
  const perPlatformCount = new Map(byPlatform.map((row) => [row.platform, count(row.count)]));

  return {
    total,
    unread,
    perAlert: ownAlerts
      .map((alert) => ({
        alertId: alert.id,
        searchTerm: alert.searchTerm,
        count: perAlertCount.get(alert.id) ?? 0,
      }))
      .sort((a, b) => b.count - a.count || a.searchTerm.localeCompare(b.searchTerm, 'nl')),
    perPlatform: PLATFORM_IDS.map((platform) => ({
      platform,
      count: perPlatformCount.get(platform) ?? 0,
    })),
    perDay: [...perDayCount].map(([date, count]) => ({ date, count })),
  };
}
