/**
 * The route table. Every /api endpoint is an entry of core's API_CONTRACT, bound by its resource
 * folder (`route(API_CONTRACT.x.y, …)`); `apiRoutes` lists them all. What the server answers
 * outside the contract is named in SERVER_ONLY_ROUTES. routes.test.ts holds both lists against the
 * contract and the running app.
 */
import {
  CHAT_SOCKET_PATH,
  LIVE_EVENTS_PATH,
  UNSUBSCRIBE_PATH,
  type HttpMethod,
} from '@prijsalarm/core';
import type { AppContext } from '../context';
import type { BoundRoute } from '../http/contract-route';
import { ALERT_UNSUBSCRIBE_PATH } from '../security/alert-unsubscribe';
import { PUSH_OPENED_PATH } from '../security/push-opened';
import { METRICS_PATH } from '../metrics';
import adminRoutes from './admin';
import adminChatRoutes from './admin-chat';
import alertFeedRoutes from './alert-feed';
import alertImportRoutes from './alert-import';
import alertRoutes from './alerts';
import authRoutes from './auth';
import categoryRoutes from './categories';
import chatRoutes from './chat';
import contactRoutes from './contact';
import errorReportingRoutes from './error-reporting';
import newsletterRoutes from './newsletter';
import notificationRoutes from './notifications';
import paymentRoutes from './payments';
import pushRoutes from './push';
import settingsRoutes from './settings';
import statsRoutes from './stats';
import telegramRoutes from './telegram';
import webhookRoutes from './webhooks';

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
    ...webhookRoutes(ctx),
    ...adminRoutes(ctx),
    ...newsletterRoutes(ctx),
    ...contactRoutes(ctx),
    ...paymentRoutes(ctx),
    ...chatRoutes(ctx),
    ...adminChatRoutes(ctx),
    ...errorReportingRoutes(ctx),
    ...statsRoutes(ctx),
    ...pushRoutes(ctx),
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
    method: 'GET',
    path: METRICS_PATH,
    kind: 'http',
    why: 'Prometheus scrapes, with the METRICS_TOKEN bearer token (404 without one configured)',
  },
  {
    method: 'POST',
    path: ALERT_UNSUBSCRIBE_PATH,
    kind: 'http',
    why: 'RFC 8058 one-click from an alert mail: mail clients post it without cookies or CSRF',
  },
  {
    method: 'POST',
    path: PUSH_OPENED_PATH,
    kind: 'http',
    why: 'a tapped push notification marks its ads read: the service worker has no CSRF token',
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
    why: 'live updates WebSocket (sockets/events.ts), opened by pages and the desktop app',
  },
  {
    method: 'GET',
    path: CHAT_SOCKET_PATH,
    kind: 'socket',
    why: 'support chat WebSocket (sockets/chat.ts): visitors, users and agents',
  },
];
