/**
 * Who may use Telegram: a plan that has it (core's feature rules: an admin's per-user override
 * wins, but FREE never has it). Disconnecting is open to every signed-in user, so someone whose plan
 * lost Telegram can still unlink their chat.
 */
import {
  ACCESS_TEXTS,
  featureLockedMessage,
  requiredPlansFor,
  type Capabilities,
} from '@prijsalarm/core';
import { HttpError } from '../http/errors';

export const telegramPolicy = {
  /** Status (with a link code), verifying a code and the test message. */
  canUse(caps: Pick<Capabilities, 'canUseFeature'>): boolean {
    return caps.canUseFeature('telegram');
  },

  canDisconnect(): boolean {
    return true;
  },
};

/**
 * Throws a 403 when Telegram is out of reach: without a bot on this server (no plan helps), or the
 * plan's `{ error, requiredPlans }` when the caller's plan has no Telegram.
 */
export function authorizeTelegram(
  caps: Pick<Capabilities, 'canUseFeature' | 'userPlan' | 'channels'>,
): void {
  if (!caps.channels.telegram) {
    throw HttpError.forbidden(ACCESS_TEXTS.telegramUnavailable, { requiredPlans: [] });
  }
  if (!telegramPolicy.canUse(caps)) {
    throw HttpError.forbidden(featureLockedMessage('telegram', caps.userPlan), {
      requiredPlans: requiredPlansFor('telegram'),
    });
  }
}
