/**
 * The route table. Every /api endpoint is an entry of core's API_CONTRACT, bound by its resource
 * folder (`route(API_CONTRACT.x.y, …)`); `apiRoutes` lists them all. What the server answers
 * outside the contract is named in SERVER_ONLY_ROUTES, and contract entries nothing serves yet in
 * NOT_YET_SERVED. routes.test.ts holds the three lists against the contract and the running app.
 */
import {
  API_CONTRACT,
  LIVE_EVENTS_PATH,
  UNSUBSCRIBE_PATH,
  type AnyEndpoint,
  type HttpMethod,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { BoundRoute } from '../http/contract-route';
import { ALERT_UNSUBSCRIBE_PATH } from '../security/alert-unsubscribe';
import adminRoutes from './admin';
import alertFeedRoutes from './alert-feed';
import alertImportRoutes from './alert-import';
import alertRoutes from './alerts';
import authRoutes from './auth';
import categoryRoutes from './categories';
import contactRoutes from './contact';
import newsletterRoutes from './newsletter';
import notificationRoutes from './notifications';
import paymentRoutes from './payments';
import settingsRoutes from './settings';
import telegramRoutes from './telegram';

/** Every contract endpoint the server serves, paths relative to /api. */
export function apiRoutes(ctx: AppContext): BoundRoute[] {
  return [
    ...alertRoutes(ctx),
    ...alertFeedRoutes(ctx),
    ...alertImportRoutes(ctx),
    ...categoryRoutes(ctx),
    ...notificationRoutes(ctx),
    ...authRoutes(ctx),
    ...settingsRoutes(ctx),
    ...telegramRoutes(ctx),
    ...adminRoutes(ctx),
    ...newsletterRoutes(ctx),
    ...contactRoutes(ctx),
    ...paymentRoutes(ctx),
  ];
}

export interface ServerOnlyRoute {
  method: HttpMethod;
  /** The full path, as the app mounts it. */
  path: string;
  /** `socket`: a WebSocket upgrade on the HTTP server, not an Express route. */
  kind: 'http' | 'socket';
  why: string;
}

/** What the server answers that no client calls through the contract. */
export const SERVER_ONLY_ROUTES: readonly ServerOnlyRoute[] = [
  {
    method: 'GET',
    path: '/healthz',
    kind: 'http',
    why: 'liveness probe for load balancers and orchestrators, outside /api',
  },
  {
    method: 'GET',
    path: '/readyz',
    kind: 'http',
    why: 'readiness probe (the database answers), outside /api',
  },
  {
    method: 'POST',
    path: ALERT_UNSUBSCRIBE_PATH,
    kind: 'http',
    why: 'RFC 8058 one-click from an alert mail: mail clients post it without cookies or CSRF',
  },
  {
    method: 'POST',
    path: UNSUBSCRIBE_PATH,
    kind: 'http',
    why: 'RFC 8058 one-click on the newsletter List-Unsubscribe URL, which is the web page',
  },
  {
    method: 'GET',
    path: LIVE_EVENTS_PATH,
    kind: 'socket',
    why: 'live push WebSocket (sockets/events.ts), opened by pages and the desktop app',
  },
];

/** Contract endpoints that nothing serves yet, with the issue that will. Nothing else belongs here. */
export const NOT_YET_SERVED: ReadonlyMap<AnyEndpoint, string> = new Map<AnyEndpoint, string>([
  ...Object.values(API_CONTRACT.chat).map((endpoint): [AnyEndpoint, string] => [
    endpoint,
    'issue 9: support chat',
  ]),
]);
