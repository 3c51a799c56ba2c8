/** The HTTP latency histogram: every answered request of the web role, by its route's pattern. */
import type { Request, RequestHandler, Response } from 'express';
import type { Metrics } from './registry';

/**
 * The route pattern that answered (`/api/alerts/:id`), never the raw URL: the label must have few
 * values. Static files and the web app's pages are grouped, and so is every path nothing knows.
 */
export function routeLabel(req: Request, res: Response): string {
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  if (pattern !== undefined) return 'web app page';
  return res.statusCode === 404 ? 'unmatched' : 'static file';
}

export function measureRequests(metrics: Metrics | null | undefined): RequestHandler {
  if (!metrics) return (_req, _res, next) => next();
  return (req, res, next) => {
    const end = metrics.httpRequestDuration.startTimer();
    res.once('finish', () =>
      end({ method: req.method, route: routeLabel(req, res), status: String(res.statusCode) }),
    );
    next();
  };
}
