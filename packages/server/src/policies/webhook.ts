/**
 * Who may have webhooks: a plan that has the `webhooks` feature (core: REGISTERED and
 * PRO; never a guest or FREE), up to WEBHOOK_RULES.maxPerUser URLs, each only its owner's. Deleting
 * and reading the log stay open after a downgrade, so nobody is stuck with a URL they cannot remove.
 */
import {
  featureLockedMessage,
  requiredPlansFor,
  WEBHOOK_RULES,
  WEBHOOK_TEXTS,
  type Capabilities,
} from '@prijsalarm/core';
import { HttpError } from '../http/errors';

type Caps = Pick<Capabilities, 'canUseFeature' | 'userPlan'>;

export const webhookPolicy = {
  canUse(caps: Pick<Capabilities, 'canUseFeature'>): boolean {
    return caps.canUseFeature('webhooks');
  },
  /** Adding one more next to `count` existing ones. */
  canAdd(caps: Pick<Capabilities, 'canUseFeature'>, count: number): boolean {
    return webhookPolicy.canUse(caps) && count < WEBHOOK_RULES.maxPerUser;
  },
  isOwner(webhook: { userId: string }, userId: string): boolean {
    return webhook.userId === userId;
  },
};

/** The plan's 403 `{ error, requiredPlans }` when the caller's plan has no webhooks. */
export function authorizeWebhooks(caps: Caps): void {
  if (!webhookPolicy.canUse(caps)) {
    throw HttpError.forbidden(featureLockedMessage('webhooks', caps.userPlan), {
      requiredPlans: requiredPlansFor('webhooks'),
    });
  }
}

/** 400 with the limit's text when the user already has the most webhooks allowed. */
export function authorizeNewWebhook(caps: Caps, count: number): void {
  authorizeWebhooks(caps);
  if (!webhookPolicy.canAdd(caps, count)) {
    throw HttpError.badRequest(WEBHOOK_TEXTS.errors.limitReached, {
      fields: { url: WEBHOOK_TEXTS.errors.limitReached },
    });
  }
}
