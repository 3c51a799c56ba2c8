/**
 * Newsletter unsubscribe, authenticated by the signed token of security/unsubscribe alone (no
 * login). Idempotent: an address already off the list stays off; a bad or tampered token is a 400.
 */
import { NEWSLETTER_TEXTS } from '@prijsalarm/core';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import type { User } from '../models';
import { unsubscribeTokenUserId, verifyUnsubscribeToken } from '../security/unsubscribe';

/** Takes the token's user off the newsletter; `how` (the HTTP method) only goes to the log. */
export async function unsubscribeFromNewsletter(
  ctx: AppContext,
  token: unknown,
  how: string,
): Promise<User> {
  const userId = unsubscribeTokenUserId(token);
  const user = userId ? await ctx.models.User.findByPk(userId) : null;
  if (
    !user ||
    typeof token !== 'string' ||
    !verifyUnsubscribeToken(ctx.config.sessionSecret, token, user)
  ) {
    throw HttpError.badRequest(NEWSLETTER_TEXTS.invalidLink);
  }
  if (user.newsletterOptIn) {
    await user.update({ newsletterOptIn: false });
    ctx.logger.info({ userId: user.id, method: how }, 'newsletter unsubscribed');
  }
  return user;
}
