/**
 * GET /api/alerts/feed/{feedToken}: an alert's latest matches as RSS 2.0, for feed readers and
 * automations. The token in the path is the only credential, so the answer is
 * private to whoever holds it, kept out of search engines, and 404 for an unknown or renewed token.
 * Renewing the link is a manage-link action (routes/alerts, `manage.renewFeed`).
 */
import type { Request } from 'express';
import {
  ALERT_FEED_CONTENT_TYPE,
  ALERT_FEED_MAX_AGE_SECONDS,
  ALERT_TEXTS,
  API_CONTRACT,
} from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { findAlertByFeedToken, latestFeedNotifications } from '../../commands/alert-feed';
import { ANSWERED, route, type Answered, type BoundRoute } from '../../http/contract-route';
import { HttpError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { notificationKeptDays } from '../../commands/retention';
import { renderAlertFeed } from '../../presenters/alert-feed';
import { feedUrlOf } from '../../security/alert-links';

/** Rules per limiter name (RATE_LIMITS overrides them by name). */
export const ALERT_FEED_RATE_LIMITS = {
  /**
   * As the other token links (alert-token-ip), but a budget of its own: a reader polling a few
   * feeds every five minutes must not use up what the same address needs for its manage links.
   */
  'alert-feed-ip': { points: 300, duration: 900 },
} as const;

export default function alertFeedRoutes(ctx: AppContext): BoundRoute[] {
  const feedLimit = rateLimit('alert-feed-ip', {
    ...ALERT_FEED_RATE_LIMITS['alert-feed-ip'],
    key: (req: Request) => req.ip ?? null,
  });
  return [
    route(
      API_CONTRACT.alerts.feed,
      { before: [feedLimit] },
      async (req, res): Promise<Answered> => {
        const token = typeof req.params.token === 'string' ? req.params.token : '';
        const alert = await findAlertByFeedToken(ctx, token);
        const feedUrl = alert && feedUrlOf(ctx, alert);
        if (!alert || !feedUrl) throw HttpError.notFound(ALERT_TEXTS.notFound);
        const xml = renderAlertFeed({
          searchTerm: alert.searchTerm,
          feedUrl,
          siteUrl: ctx.config.publicUrl,
          notifications: await latestFeedNotifications(ctx, alert),
          createdAt: alert.createdAt,
          keptDays: await notificationKeptDays(ctx, alert.userId),
        });
        res.status(API_CONTRACT.alerts.feed.successStatus);
        res.setHeader('Content-Type', ALERT_FEED_CONTENT_TYPE);
        // The link is a secret: a shared cache must not keep it, the reader's own may for a while.
        res.setHeader('Cache-Control', `private, max-age=${ALERT_FEED_MAX_AGE_SECONDS}`);
        res.setHeader('X-Robots-Tag', 'noindex, nofollow');
        // res.send adds an ETag, so a reader polling an unchanged feed gets a 304.
        res.send(xml);
        return ANSWERED;
      },
    ),
  ];
}
