/**
 * An alert's private RSS feed: finding the alert by its feed token, its latest
 * matches, and a new link that revokes the old one. The token is derived like the manage link
 * (security/tokens.ts): a nonce on the row and the sha256 of the token for lookup.
 */
import { ALERT_FEED_ITEM_LIMIT } from '@prijsalarm/core';
import { Op } from 'sequelize';
import type { AppContext } from '../context';
import { withSnapshot, type Alert } from '../models';
import { alertPolicy } from '../policies/alert';
import type { FeedNotification } from '../presenters/alert-feed';
import { hashToken, TOKEN_PURPOSES } from '../security/tokens';

/** A derived token is 43 characters; anything much longer is not one of ours. */
const MAX_FEED_TOKEN_LENGTH = 128;

/** Rows completed per round at start, so a large table is never read at once. */
const COMPLETE_BATCH = 500;

/** The alert this feed token opens, or null (unknown, revoked, malformed). */
export async function findAlertByFeedToken(ctx: AppContext, token: string): Promise<Alert | null> {
  if (token.length === 0 || token.length > MAX_FEED_TOKEN_LENGTH) return null;
  const hash = hashToken(token);
  const alert = await ctx.models.Alert.findOne({ where: { feedTokenHash: hash } });
  return alert && alertPolicy.canReadFeedWithToken(alert, hash) ? alert : null;
}

/** The alert's latest matches, newest first: only the columns a feed item shows. */
export async function latestFeedNotifications(
  ctx: AppContext,
  alert: Pick<Alert, 'id'>,
): Promise<FeedNotification[]> {
  return ctx.models.Notification.findAll({
    where: { alertId: alert.id },
    attributes: ['id', 'priceCents', 'priceType', 'distanceMeters', 'createdAt'],
    include: [{ ...withSnapshot(), attributes: ['id', 'title', 'url', 'location', 'description'] }],
    order: [
      ['createdAt', 'DESC'],
      ['id', 'ASC'],
    ],
    limit: ALERT_FEED_ITEM_LIMIT,
  });
}

/** A new feed link for the alert; from now on the old one opens nothing. */
export async function renewAlertFeed(ctx: AppContext, alert: Alert): Promise<Alert> {
  const feed = ctx.tokens.issueToken(TOKEN_PURPOSES.alertFeed);
  await alert.update({ feedTokenNonce: feed.nonce, feedTokenHash: feed.hash });
  return alert;
}

/**
 * At start: gives every alert without a working feed token one. Migration 0040 gave existing rows
 * their nonce but cannot derive the hash (that needs SESSION_SECRET); a row that an older server
 * wrote during a rolling deploy has no nonce at all and gets a new one. Idempotent: the hash is
 * derived from the nonce, so two processes starting together write the same value.
 */
export async function completeFeedTokens(
  ctx: Pick<AppContext, 'models' | 'tokens' | 'logger'>,
): Promise<number> {
  const { Alert } = ctx.models;
  let completed = 0;
  for (;;) {
    const rows = await Alert.findAll({
      where: { feedTokenHash: { [Op.is]: null } },
      attributes: ['id', 'feedTokenNonce'],
      limit: COMPLETE_BATCH,
    });
    if (rows.length === 0) break;
    for (const row of rows) {
      const nonce = row.feedTokenNonce ?? ctx.tokens.issueToken(TOKEN_PURPOSES.alertFeed).nonce;
      const columns = {
        feedTokenNonce: nonce,
        feedTokenHash: hashToken(ctx.tokens.tokenFor(TOKEN_PURPOSES.alertFeed, nonce)),
      };
      const [changed] = await Alert.update(columns, {
        where: { id: row.id, feedTokenHash: { [Op.is]: null } },
        silent: true,
      });
      completed += changed;
    }
  }
  if (completed > 0) ctx.logger.info({ completed }, 'alert feed links completed');
  return completed;
}
