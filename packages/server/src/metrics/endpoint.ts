/**
 * `GET /metrics` for Prometheus, answered only with `Authorization: Bearer $METRICS_TOKEN`:
 * 404 while METRICS_TOKEN is unset (the endpoint does not exist), 401 with a wrong or missing
 * token. The web role serves it on its own port (routes/metrics); a process without the web role
 * serves it, with the probes, on METRICS_PORT (startMonitoringListener).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_TEXTS } from '@prijsalarm/core';
import type { Logger } from '../logger';
import type { Metrics } from './registry';

export const METRICS_PATH = '/metrics';

export interface MetricsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compared as digests of equal length, in constant time: the token's length leaks nothing. */
function isToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] as string), digest(token));
}

/** A JSON answer: `{ error }`, or the given body. Never cached: it is a probe or a scrape. */
const json = (
  status: number,
  error: string,
  headers: Record<string, string> = {},
  body: Record<string, string> = { error },
): MetricsAnswer => ({
  status,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  },
  body: JSON.stringify(body),
});

export async function answerMetrics(
  metrics: Metrics | null | undefined,
  token: string | null,
  authorization: string | undefined,
): Promise<MetricsAnswer> {
  if (!metrics || token === null) return json(404, API_TEXTS.notFound);
  if (!isToken(authorization, token)) {
    return json(401, API_TEXTS.metricsTokenRequired, {
      'www-authenticate': 'Bearer realm="metrics"',
    });
  }
  return {
    status: 200,
    headers: { 'content-type': metrics.registry.contentType },
    body: await metrics.registry.metrics(),
  };
}

export interface MonitoringListener {
  /** e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
}

/** The probes' answers as the web role gives them (db/readiness.ts). */
export interface Probes {
  healthy: Record<string, string>;
  readiness(): Promise<{ status: number; body: Record<string, string>; error?: unknown }>;
}

/**
 * METRICS_PORT: a listener of its own for a process without the web role (a worker, the
 * scheduler), so an orchestrator and Prometheus can watch it too: GET /healthz and /readyz as the
 * web role answers them, GET /metrics as above, 404 to anything else.
 */
export async function startMonitoringListener(options: {
  metrics: Metrics;
  token: string | null;
  probes: Probes;
  host: string;
  port: number;
  logger: Logger;
}): Promise<MonitoringListener> {
  const { metrics, token, probes, logger } = options;
  const answerTo = async (method: string | undefined, path: string, authorization?: string) => {
    if (method !== 'GET') return json(404, API_TEXTS.notFound);
    if (path === METRICS_PATH) return answerMetrics(metrics, token, authorization);
    if (path === '/healthz') return json(200, '', {}, probes.healthy);
    if (path === '/readyz') {
      const answer = await probes.readiness();
      if (answer.error) logger.warn({ err: answer.error }, 'readiness check failed');
      return json(answer.status, '', {}, answer.body);
    }
    return json(404, API_TEXTS.notFound);
  };
  const server: Server = createServer((req, res) => {
    const answer = answerTo(
      req.method,
      (req.url ?? '').split('?')[0] ?? '',
      req.headers.authorization,
    );
    answer.then(
      ({ status, headers, body }) => res.writeHead(status, headers).end(body),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  logger.info({ url }, 'monitoring listening: /healthz, /readyz, /metrics');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
