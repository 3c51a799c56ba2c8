/**
 * GET /error-reporting/config: the DSN the web app reports to, asked only after the visitor
 * accepted the cookie banner. Served at run time rather than built in, so one build of the web
 * app runs in every environment with that environment's SENTRY_DSN. A DSN's key is public by
 * design (every browser report carries it); it only lets one send events.
 */
import { API_CONTRACT } from '@prijsalarm/core';
import type { AppContext } from '../../context';
import { route, type BoundRoute } from '../../http/contract-route';

export default function errorReportingRoutes({ config }: AppContext): BoundRoute[] {
  return [
    route(API_CONTRACT.errorReporting.config, () => ({
      dsn: config.errorReporting?.dsn ?? null,
      environment: config.errorReporting?.environment ?? null,
      release: config.errorReporting?.release ?? null,
    })),
  ];
}
