/**
 * Who may change the settings every visitor sees (limits, intervals, prices, switches): an admin.
 * Reading them is public, and a user's own UI preferences are simply theirs (requireUser).
 */
import { API_TEXTS } from '@prijsalarm/core';
import { HttpError } from '../http/errors';
import type { User } from '../models';
import { adminPolicy } from './admin';

export const settingsPolicy = {
  canChange(user: Pick<User, 'role'> | null): boolean {
    return adminPolicy.canAdminister(user);
  },
};

export function authorizeSettingChange(user: Pick<User, 'role'> | null): void {
  if (!settingsPolicy.canChange(user)) throw HttpError.forbidden(API_TEXTS.adminOnly);
}
