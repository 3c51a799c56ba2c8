/**
 * Routes declared from core's API contract (packages/core/src/api/contract.ts). A route takes its
 * method, path, success status and response type from the contract entry, so server and client
 * cannot drift apart: `route(API_CONTRACT.alerts.confirm, { before: [tokenLimit] }, handler)`.
 *
 * The handler returns the answer body (typed by the contract) and `mountRoutes` sends it with the
 * endpoint's success status. A handler that writes its own answer (a streamed file) returns
 * `ANSWERED`.
 */
import type { RequestHandler, Response, Router } from 'express';
import type { AnyEndpoint, EndpointResponse } from '@prijsalarm/core';
import { validate, type RequestSchemas, type ValidatedRequest } from './validate';

/** Returned by a handler that has written the answer itself. */
export const ANSWERED: unique symbol = Symbol('answered');
export type Answered = typeof ANSWERED;

export type RouteHandler<E extends AnyEndpoint, S extends RequestSchemas> = (
  req: ValidatedRequest<S>,
  res: Response,
) => Promise<EndpointResponse<E> | Answered> | EndpointResponse<E> | Answered;

export interface RouteOptions<S extends RequestSchemas> {
  /** Core's zod schemas for the parts the endpoint reads; the parsed values land on `req.input`. */
  schemas?: S;
  /** Middleware that runs first, in order: who may call (requireUser), rate limits, loaders. */
  before?: RequestHandler[];
}

/** One contract endpoint and the Express handlers that serve it. */
export interface BoundRoute {
  readonly endpoint: AnyEndpoint;
  readonly handlers: readonly RequestHandler[];
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type NoSchemas = {};

export function route<E extends AnyEndpoint>(
  endpoint: E,
  handler: RouteHandler<E, NoSchemas>,
): BoundRoute;
export function route<E extends AnyEndpoint, S extends RequestSchemas = NoSchemas>(
  endpoint: E,
  options: RouteOptions<S>,
  handler: RouteHandler<E, S>,
): BoundRoute;
export function route(
  endpoint: AnyEndpoint,
  optionsOrHandler: RouteOptions<RequestSchemas> | RouteHandler<AnyEndpoint, RequestSchemas>,
  maybeHandler?: RouteHandler<AnyEndpoint, RequestSchemas>,
): BoundRoute {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  if (!handler) throw new Error(`route ${endpoint.method} ${endpoint.path} has no handler`);
  const answer: RequestHandler = async (req, res) => {
    const body = await handler(req as ValidatedRequest<RequestSchemas>, res);
    if (body === ANSWERED || res.headersSent) return;
    res.status(endpoint.successStatus).json(body);
  };
  const handlers: RequestHandler[] = [...(options.before ?? [])];
  if (options.schemas) handlers.push(validate(options.schemas));
  handlers.push(answer);
  return { endpoint, handlers };
}

/**
 * Literal segments sort before `:params` at the first place two paths differ, so
 * `/notifications/stats/overview` is tried before `/notifications/:id` whatever the table order.
 */
export function compareRoutePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const leftParam = left[index]!.startsWith(':');
    const rightParam = right[index]!.startsWith(':');
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
}

/** Registers every route on the router (paths as in the contract, relative to /api). */
export function mountRoutes(router: Router, routes: readonly BoundRoute[]): Router {
  const ordered = [...routes].sort((a, b) => compareRoutePaths(a.endpoint.path, b.endpoint.path));
  for (const { endpoint, handlers } of ordered) {
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](endpoint.path, ...handlers);
  }
  return router;
}

/** `METHOD /path`, the key by which the route table and the contract are compared. */
export function endpointKey(endpoint: Pick<AnyEndpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}
