/**
 * The Express application of the web role: the plumbing of http/app.ts, the health probes, the
 * API under /api (every route of routes/index.ts, CSRF-protected), the server-only one-click
 * unsubscribes, and the built web app.
 */
import express, { Router, type Express } from 'express';
import { UNSUBSCRIBE_PATH } from '@prijsalarm/core';
import type { AppContext } from '../context';
import {
  apiRouteNotFound,
  errorHandler,
  noStore,
  serveWebApp,
  usePlumbing,
  WEB_DIST_DIR,
} from '../http/app';
import { servedSettings } from '../commands/capabilities';
import { authenticate, csrfProtection } from '../http/auth';
import { mountRoutes } from '../http/contract-route';
import { apiRoutes } from '../routes';
import { alertUnsubscribeHandler } from '../routes/alert-unsubscribe';
import { pushOpenedHandler } from '../routes/push-opened';
import healthRouter from '../routes/health';
import metricsRouter from '../routes/metrics';
import { measureRequests } from '../metrics';
import { loadSettings } from '../models/current-settings';
import { pageOneClickUnsubscribe } from '../routes/newsletter';
import { ALERT_UNSUBSCRIBE_PATH } from '../security/alert-unsubscribe';
import { PUSH_OPENED_PATH } from '../security/push-opened';

export interface AppOptions {
  /** Where the built web app lives; defaults to packages/web/dist. */
  webDistDir?: string;
  /**
   * Routers mounted under /api after the contract routes, at [path, router]: tests add endpoints
   * of their own this way. Production has none.
   */
  extraApiRouters?: ReadonlyArray<readonly [string, Router]>;
}

export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  // First: a request's time includes everything that answers it.
  app.use(measureRequests(ctx.metrics));
  usePlumbing(app, ctx);
  app.use(healthRouter(ctx));
  app.use(metricsRouter(ctx));

  app.use('/api', noStore);
  // RFC 8058 one-click for alert mails: its signed token is the credential, mail clients send no
  // cookies and no CSRF header, so it comes before the CSRF check.
  app.post(ALERT_UNSUBSCRIBE_PATH, alertUnsubscribeHandler(ctx));
  // A tapped push notification: the service worker has no CSRF token, the signed token is enough.
  app.post(PUSH_OPENED_PATH, pushOpenedHandler(ctx));
  // Who is calling (req.auth) and CSRF for every non-read method, before any route.
  app.use('/api', authenticate(ctx), csrfProtection(ctx));
  app.use('/api', mountRoutes(Router(), apiRoutes(ctx)));
  for (const [path, router] of options.extraApiRouters ?? []) app.use(`/api${path}`, router);
  app.use('/api', apiRouteNotFound);
  // RFC 8058 one-click: mail clients POST to the List-Unsubscribe URL, which is the web page.
  app.post(UNSUBSCRIBE_PATH, ...pageOneClickUnsubscribe(ctx));

  serveWebApp(app, options.webDistDir ?? WEB_DIST_DIR, async () =>
    servedSettings(ctx, await loadSettings(ctx)),
  );

  app.use(errorHandler);
  return app;
}
