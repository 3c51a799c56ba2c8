/**
 * POST /api/push/opened?token=… — a tapped push notification marks its ads read
 * (commands/notifications.ts). The service worker posts it without a CSRF token and perhaps without
 * a session, so the app mounts this before the CSRF check; the signed token is the credential.
 */
import type { RequestHandler } from 'express';
import { markNotificationsOpenedByToken } from '../../commands/notifications';
import type { AppContext } from '../../context';

export function pushOpenedHandler(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    await markNotificationsOpenedByToken(ctx, req.query.token);
    res.status(204).end();
  };
}
