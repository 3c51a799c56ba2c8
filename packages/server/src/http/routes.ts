/**
 * The /api router, built from route folders. Each folder `src/routes/<resource>/index.ts` default-
 * exports `(ctx: AppContext) => Router`; add it to ROUTES with the path it is mounted at.
 * Paths inside a router are relative to that mount path ('/login' under '/auth').
 * Unknown /api paths answer 404 JSON (app.ts), so a route that is not listed here does not exist.
 */
import { Router } from 'express';
import type { AppContext } from '../context';
import authRouter from '../routes/auth';
import alertsRouter from '../routes/alerts';
import categoryRoutes from '../routes/categories';
import chatRoutes from '../routes/chat';
import adminChatRoutes from '../routes/admin-chat';
import { mountRoutes } from './contract-route';
import settingsRouter from '../routes/settings';
import adminSettingsRouter from '../routes/settings/admin';
import adminRouter from '../routes/admin';
import contactRouter from '../routes/contact';
import newsletterRouter from '../routes/newsletter';
import notificationsRouter from '../routes/notifications';
import telegramRouter from '../routes/telegram';

export type RouteFactory = (ctx: AppContext) => Router;

/** [mount path under /api, router factory]. Order matters only for overlapping paths. */
export const ROUTES: Array<[string, RouteFactory]> = [
  ['/auth', authRouter],
  ['/alerts', alertsRouter],
  ['/admin/settings', adminSettingsRouter],
  ['/admin', adminRouter],
  ['/notifications', notificationsRouter],
  ['/newsletter', newsletterRouter],
  ['/contact', contactRouter],
  ['/telegram', telegramRouter],
  ['/', settingsRouter],
  // ['/auth', auth],            e.g. import auth from '../routes/auth';
  // ['/alerts', alerts],
  // ['/', settings],            for top-level paths such as /user-capabilities
];

export function createApiRouter(ctx: AppContext): Router {
  const api = Router();
  mountRoutes(api, categoryRoutes(ctx));
  mountRoutes(api, chatRoutes(ctx));
  mountRoutes(api, adminChatRoutes(ctx));
  for (const [mountPath, create] of ROUTES) api.use(mountPath, create(ctx));
  return api;
}
