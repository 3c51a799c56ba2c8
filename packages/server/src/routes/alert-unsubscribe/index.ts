/**
 * POST /api/alerts/unsubscribe?token=… — RFC 8058 one-click unsubscribe of an alert mail
 * (commands/alerts.ts pauses the alerts). Server-only: mail clients POST without cookies, so the app
 * mounts this before the CSRF check; no GET, so a link scanner fetching the URL pauses nothing; no
 * redirect (RFC 8058, section 3.2).
 */
import type { RequestHandler } from 'express';
import { ALERT_MAIL_TEXTS, type MessageResponse } from '@prijsalarm/core';
import { pauseAlertsByUnsubscribeToken } from '../../commands/alerts';
import type { AppContext } from '../../context';

export function alertUnsubscribeHandler(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    const alerts = await pauseAlertsByUnsubscribeToken(ctx, req.query.token);
    const body: MessageResponse = { message: ALERT_MAIL_TEXTS.unsubscribed(alerts) };
    res.json(body);
  };
}
