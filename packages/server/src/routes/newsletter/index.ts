/**
 * Newsletter unsubscribe (commands/newsletter.ts): no login, no cookies, no CSRF token (http/auth.ts
 * exempts the POST; RFC 8058, section 3.1: the one-click POST "MUST NOT include cookies"). Both
 * methods unsubscribe, and are idempotent:
 *
 * - GET  /api/newsletter/unsubscribe?token=…  — what the /uitschrijven page calls;
 * - POST /api/newsletter/unsubscribe?token=…  — RFC 8058 one-click (body List-Unsubscribe=One-Click);
 * - POST /uitschrijven?token=…                — the same one-click POST on the List-Unsubscribe URL
 *   itself (the header names the page): server-only, mounted outside /api by the app.
 *
 * A prefetching mail scanner that GETs the List-Unsubscribe URL only loads the page's HTML; the
 * unsubscribe happens when the page's script calls the API, or on the explicit POST. Never a
 * redirect (RFC 8058, section 3.2).
 */
import type { Request, RequestHandler, Response } from 'express';
import {
  API_CONTRACT,
  NEWSLETTER_TEXTS,
  type NewsletterUnsubscribeResponse,
} from '@prijsalarm/core';
import { unsubscribeFromNewsletter } from '../../commands/newsletter';
import type { AppContext } from '../../context';
import { route, type BoundRoute } from '../../http/contract-route';

function unsubscribe(ctx: AppContext) {
  return async (req: Request, res: Response): Promise<NewsletterUnsubscribeResponse> => {
    const user = await unsubscribeFromNewsletter(ctx, req.query.token, req.method);
    // Also answered outside /api (POST /uitschrijven), which has no no-store default.
    res.setHeader('Cache-Control', 'no-store');
    return { message: NEWSLETTER_TEXTS.unsubscribed, email: user.email };
  };
}

export default function newsletterRoutes(ctx: AppContext): BoundRoute[] {
  const { newsletter } = API_CONTRACT;
  return [
    route(newsletter.unsubscribe, unsubscribe(ctx)),
    route(newsletter.unsubscribeOneClick, unsubscribe(ctx)),
  ];
}

/** POST /uitschrijven: the one-click POST on the page's own URL answers as the API's does. */
export function pageOneClickUnsubscribe(ctx: AppContext): readonly RequestHandler[] {
  return route(API_CONTRACT.newsletter.unsubscribeOneClick, unsubscribe(ctx)).handlers;
}
