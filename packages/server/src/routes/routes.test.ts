/**
 * The route table against core's contract and the running app: every contract endpoint is served
 * by exactly one contract-bound route, and the app
 * answers nothing else but the server-only routes it names. A route added by hand (`router.get`)
 * or a contract entry without a route fails here.
 */
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, API_TEXTS, type NamedEndpoint } from '@prijsalarm/core';
import { startTestServer, type TestServer } from '../../test/support';
import { endpointKey, type BoundRoute } from '../http/contract-route';
import { apiRoutes, SERVER_ONLY_ROUTES } from '.';

let server: TestServer;
let routes: BoundRoute[];
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' }, mailbox: false });
  routes = apiRoutes(server.ctx);
});
afterAll(() => server.stop());

describe('the route table and the contract', () => {
  it.each(API_ENDPOINTS.map((entry): [string, NamedEndpoint] => [entry.name, entry]))(
    '%s is served by exactly one route',
    (_name, { endpoint }) => {
      expect(routes.filter((bound) => bound.endpoint === endpoint).length).toBe(1);
    },
  );

  it('binds every route to a contract entry itself, not to a copy of its method and path', () => {
    const strangers = routes.filter(
      (bound) => !API_ENDPOINTS.some((entry) => entry.endpoint === bound.endpoint),
    );
    expect(strangers.map((bound) => endpointKey(bound.endpoint))).toEqual([]);
  });

  it('serves no method and path twice', () => {
    const keys = routes.map((bound) => endpointKey(bound.endpoint));
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});

/** Express 5 (router 2) layers, as far as this test reads them. */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** `METHOD /path` of every route registered anywhere in the app, mount paths included. */
function registeredRoutes(stack: readonly Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { path, methods } = layer.route;
      return Object.keys(methods)
        .filter((method) => method !== '_all')
        .map((method) => `${method.toUpperCase()} ${prefix}${String(path)}`);
    }
    if (!layer.handle.stack) return [];
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    return registeredRoutes(layer.handle.stack, prefix + mount);
  });
}

describe('the running app', () => {
  it('answers the contract routes under /api and the server-only routes, nothing else', () => {
    const app = server.app.web!.server.listeners('request')[0] as Express;
    const expected = [
      ...routes.map(({ endpoint }) => `${endpoint.method} /api${endpoint.path}`),
      ...SERVER_ONLY_ROUTES.filter((only) => only.kind === 'http').map(
        (only) => `${only.method} ${only.path}`,
      ),
    ];
    const registered = registeredRoutes((app.router as unknown as { stack: Layer[] }).stack);
    expect(registered.sort()).toEqual(expected.sort());
  });

  it('names a reason for every server-only route', () => {
    for (const only of SERVER_ONLY_ROUTES) expect(only.why.length).toBeGreaterThan(10);
  });

  it('reaches a handler for every served endpoint (never the generic 404)', async () => {
    const browser = server.client();
    const missing: string[] = [];
    for (const { endpoint } of routes) {
      const path = `/api${endpoint.path.replace(/:[A-Za-z]+/g, 'x')}`;
      const res = await browser.request(endpoint.method, path, {
        ...(endpoint.method === 'GET' ? {} : { body: {} }),
      });
      const body = res.body as { error?: unknown } | undefined;
      if (res.status === 404 && body?.error === API_TEXTS.routeNotFound) {
        missing.push(endpointKey(endpoint));
      }
    }
    expect(missing).toEqual([]);
  });
});
