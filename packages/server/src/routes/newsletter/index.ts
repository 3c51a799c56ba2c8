/**
 * Newsletter unsubscribe, authenticated by the signed token of security/unsubscribe alone: no
 * login, no cookies, no CSRF token (http/auth.ts exempts the POST; RFC 8058 §3.1: the one-click
 * POST "MUST NOT include cookies"). Both methods unsubscribe, and are idempotent:
 *
 * - GET  /api/newsletter/unsubscribe?token=…  — what the /uitschrijven page calls;
 * - POST /api/newsletter/unsubscribe?token=…  — RFC 8058 one-click (body List-Unsubscribe=One-Click);
 * - POST /uitschrijven?token=…                — the same one-click POST on the List-Unsubscribe URL
 *   itself (the header names the page), mounted by app.ts outside /api.
 *
 * A prefetching mail scanner that GETs the List-Unsubscribe URL only loads the page's HTML; the
 * unsubscribe happens when the page's script calls the API, or on the explicit POST. Never a
 * redirect (RFC 8058 §3.2). A bad or tampered token answers 400.
 */
import { Router, type RequestHandler } from 'express';
import { STRINGS, type NewsletterUnsubscribeResponse } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { unsubscribeTokenUserId, verifyUnsubscribeToken } from '../../security/unsubscribe';

export function unsubscribeHandler(ctx: AppContext): RequestHandler {
  const { User } = ctx.models;
  return async (req, res) => {
    const token: unknown = req.query.token;
    const userId = unsubscribeTokenUserId(token);
    const user = userId ? await User.findByPk(userId) : null;
    if (
      !user ||
      typeof token !== 'string' ||
      !verifyUnsubscribeToken(ctx.config.sessionSecret, token, user)
    ) {
      throw HttpError.badRequest(STRINGS.newsletter.invalidLink);
    }
    if (user.newsletterOptIn) {
      await user.update({ newsletterOptIn: false });
      ctx.logger.info({ userId: user.id, method: req.method }, 'newsletter unsubscribed');
    }
    // Also answered outside /api (POST /uitschrijven), which has no no-store default.
    res.setHeader('Cache-Control', 'no-store');
    const body: NewsletterUnsubscribeResponse = {
      message: STRINGS.newsletter.unsubscribed,
      email: user.email,
    };
    res.json(body);
  };
}

export default function newsletterRouter(ctx: AppContext): Router {
  const router = Router();
  const unsubscribe = unsubscribeHandler(ctx);
  router.get('/unsubscribe', unsubscribe);
  router.post('/unsubscribe', unsubscribe);
  return router;
}
