/**
 * POST /api/alerts/unsubscribe?token=… — RFC 8058 one-click unsubscribe of an alert mail: pauses
 * the alerts the mail was about (the owner turns them on again on the manage page). The signed
 * token (security/alert-unsubscribe) is the only credential: mail clients POST without cookies, so
 * app.ts mounts this before the CSRF check. Idempotent (an already paused alert stays paused), no
 * redirect (RFC 8058 §3.2), and no GET: a link scanner fetching the URL must not pause anything.
 */
import type { RequestHandler } from 'express';
import { STRINGS, type MessageResponse } from '@prijsalarm/core';
import { Op } from 'sequelize';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { readAlertUnsubscribeToken } from '../../security/alert-unsubscribe';

export function alertUnsubscribeHandler(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    const alertIds = readAlertUnsubscribeToken(ctx.config.sessionSecret, req.query.token);
    if (!alertIds) throw HttpError.badRequest(STRINGS.alertMail.unsubscribeLinkInvalid);
    const [paused] = await ctx.models.Alert.update(
      { isActive: false },
      { where: { id: { [Op.in]: alertIds }, isActive: true } },
    );
    if (paused > 0) ctx.logger.info({ alertIds, paused }, 'alerts paused by one-click unsubscribe');
    const body: MessageResponse = { message: STRINGS.alertMail.unsubscribed(alertIds.length) };
    res.json(body);
  };
}
