/** What a user looks like to the outside (core's UserDto): a whitelist, never `toJSON()`. */
import type { UserDto } from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { User } from '../models';

export interface UserCounts {
  alerts: number;
  notifications: number;
}

export function presentUser(user: User, counts: UserCounts): UserDto {
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? null,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    plan: user.plan,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    newsletterOptIn: user.newsletterOptIn,
    emailVerified: user.emailVerified,
    telegram: {
      connected: user.telegramChatId !== null && user.telegramChatId !== undefined,
      username: user.telegramUsername ?? null,
    },
    _count: { alerts: counts.alerts, notifications: counts.notifications },
  };
}

/** presentUser with the user's alert and notification counts looked up. */
export async function presentUserWithCounts(ctx: AppContext, user: User): Promise<UserDto> {
  const [alerts, notifications] = await Promise.all([
    ctx.models.Alert.count({ where: { userId: user.id } }),
    ctx.models.Notification.count({ where: { userId: user.id } }),
  ]);
  return presentUser(user, { alerts, notifications });
}
