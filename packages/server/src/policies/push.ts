/**
 * Who may have push notifications on a device: a plan with the `push` feature (core: REGISTERED
 * and PRO; never a guest or FREE), on up to PUSH_RULES.maxPerUser devices, each only its owner's.
 * Removing a device stays open after a downgrade, so nobody is stuck with one they cannot remove.
 */
import {
  featureLockedMessage,
  PUSH_RULES,
  PUSH_TEXTS,
  requiredPlansFor,
  type Capabilities,
} from '@prijsalarm/core';
import { HttpError } from '../http/errors';

type Caps = Pick<Capabilities, 'canUseFeature' | 'userPlan'>;

export const pushPolicy = {
  canUse(caps: Pick<Capabilities, 'canUseFeature'>): boolean {
    return caps.canUseFeature('push');
  },
  /** Adding one more device next to `count` existing ones. */
  canAdd(caps: Pick<Capabilities, 'canUseFeature'>, count: number): boolean {
    return pushPolicy.canUse(caps) && count < PUSH_RULES.maxPerUser;
  },
  isOwner(subscription: { userId: string }, userId: string): boolean {
    return subscription.userId === userId;
  },
};

/** The plan's 403 `{ error, requiredPlans }` when the caller's plan has no push. */
export function authorizePush(caps: Caps): void {
  if (!pushPolicy.canUse(caps)) {
    throw HttpError.forbidden(featureLockedMessage('push', caps.userPlan), {
      requiredPlans: requiredPlansFor('push'),
    });
  }
}

/** 400 with the limit's text when the user already has push on the most devices allowed. */
export function authorizeNewPushDevice(caps: Caps, count: number): void {
  authorizePush(caps);
  if (!pushPolicy.canAdd(caps, count)) {
    throw HttpError.badRequest(PUSH_TEXTS.errors.limitReached, {
      fields: { endpoint: PUSH_TEXTS.errors.limitReached },
    });
  }
}
