/**
 * Who may use the admin calls (stats, every user and alert, plans, settings): an admin, nobody
 * else. The admin routes ask `requireAdmin` first (401 for a guest); the commands ask again here,
 * so no other caller of a command can skip the rule.
 */
import { API_TEXTS } from '@prijsalarm/core';
import { HttpError } from '../http/errors';
import type { User } from '../models';

export const adminPolicy = {
  canAdminister(user: Pick<User, 'role'> | null): boolean {
    return user !== null && user.role === 'ADMIN';
  },
};

/** Throws the 403 an admin route answers a signed-in non-admin. */
export function authorizeAdmin(user: Pick<User, 'role'> | null): void {
  if (!adminPolicy.canAdminister(user)) throw HttpError.forbidden(API_TEXTS.adminOnly);
}
