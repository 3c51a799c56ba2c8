/**
 * Who may do what with an alert. Plan rules are core's (evaluateAlertRequest / evaluateAlertUpdate
 * on the owner's capabilities); ownership is checked here. A manage link is its own authority: the
 * token opens the alert it was made for and no other.
 */
import {
  alertLimit,
  evaluateAlertRequest,
  evaluateAlertUpdate,
  type AlertPolicyResult,
  type AlertRequest,
  hasCapacity,
  type Capabilities,
  type PublicSettings,
} from '@prijsalarm/core';
import { HttpError } from '../http/errors';
import type { Alert, User } from '../models';
import { safeEqual } from '../security/tokens';

export const alertPolicy = {
  /** A signed-in user may create this alert under their plan (limit, platforms, features). */
  canCreate(caps: Capabilities, request: AlertRequest): AlertPolicyResult {
    return evaluateAlertRequest(caps, request);
  },

  /**
   * The alert may take these options under its owner's plan (`caps` of the owner, or the guest
   * profile for a guest alert, which keeps it guest-limited whoever holds the link). `existing` is
   * the alert as stored: what it already uses is not refused for a plan that no longer has it.
   */
  canUpdate(
    caps: Capabilities,
    request: Partial<AlertRequest>,
    existing: Partial<AlertRequest>,
  ): AlertPolicyResult {
    return evaluateAlertUpdate(caps, request, existing);
  },

  /** Whether `user` owns the alert (my-alerts lists only these). */
  isOwner(user: Pick<User, 'id'>, alert: Pick<Alert, 'userId'>): boolean {
    return alert.userId !== null && alert.userId === user.id;
  },

  /** The token's hash opens this alert: compared in constant time after the indexed lookup. */
  canManageWithToken(alert: Pick<Alert, 'manageTokenHash'>, tokenHash: string): boolean {
    return safeEqual(alert.manageTokenHash, tokenHash);
  },

  canRefreshWithToken(alert: Pick<Alert, 'refreshTokenHash'>, tokenHash: string): boolean {
    return safeEqual(alert.refreshTokenHash, tokenHash);
  },

  /** The feed link only reads the alert's matches; a row without a feed token opens nothing. */
  canReadFeedWithToken(alert: Pick<Alert, 'feedTokenHash'>, tokenHash: string): boolean {
    return alert.feedTokenHash !== null && safeEqual(alert.feedTokenHash, tokenHash);
  },

  /**
   * A guest e-mail address may hold as many alerts at once as the FREE plan allows: the admin's
   * `alertLimits.FREE`, the number the free-alert page shows (null = no limit).
   */
  guestMayCreate(settings: PublicSettings, existingGuestAlerts: number): boolean {
    return hasCapacity(existingGuestAlerts, alertLimit(settings, 'FREE'));
  },
};

/** Throws the 403 `{ error, requiredPlans }` the clients key their upgrade flow on. */
export function authorize(result: AlertPolicyResult): void {
  if (!result.ok) throw HttpError.forbidden(result.error, { requiredPlans: result.requiredPlans });
}
