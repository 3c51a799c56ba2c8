/**
 * What a process tells Prometheus (`GET /metrics`, deploy/OPERATIONS.md "Metrics"): one registry
 * per application, so per process in production — the web role serves it on its own port, a
 * worker or scheduler process on METRICS_PORT. Names follow Prometheus' conventions: the
 * `prijsalarm_` prefix, base units (seconds, bytes), `_total` for counters, and labels with few
 * values only (a route pattern, a channel, a host — never an id or an address).
 *
 * The counters are counted where things happen (small hooks: the HTTP middleware, the delivery
 * ledger, the marketplace client, the feed reader, the recorder); the gauges of the whole
 * installation are read when scraped (installation.ts).
 */
import { DELIVERY_CHANNELS } from '@prijsalarm/core';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client';

export interface Metrics {
  readonly registry: Registry;
  /** Per answered request: method, the route's pattern (never the raw URL) and status code. */
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Per send that was recorded, by channel (core's channel table), and what came of it. */
  readonly sends: Counter<'channel' | 'outcome'>;
  /** Per request to a marketplace host: its status class, with 403 and 429 apart. */
  readonly marketplaceRequests: Counter<'host' | 'status'>;
  /** Per new listing the feed stores: seconds from its publication to the read that found it. */
  readonly feedLag: Histogram<'platform'>;
  /** Per notification recorded: found by the feed or by a per-search check (reconciliation). */
  readonly notificationsRecorded: Counter<'found_by'>;
}

export interface MetricsOptions {
  /** The server package's version (the release). */
  version: string;
  /** The roles this process runs (SERVICES). */
  services: readonly string[];
}

/** Requests answer within tens of milliseconds; the buckets reach the slow tail of a send. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The feed reads a busy category every few seconds and a quiet one within minutes. */
const FEED_LAG_BUCKETS = [1, 5, 10, 15, 30, 60, 120, 180, 300, 600, 1800];

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  // Process CPU, memory, file descriptors, event-loop lag, heap and GC: Node's own, per process.
  collectDefaultMetrics({ register: registry });
  const info = new Gauge({
    name: 'prijsalarm_build_info',
    help: 'Always 1: the version this process runs and its roles (SERVICES)',
    labelNames: ['version', 'services'] as const,
    registers: [registry],
  });
  info.set({ version: options.version, services: options.services.join(',') }, 1);

  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'prijsalarm_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    sends: withZeroes(
      new Counter({
        name: 'prijsalarm_sends_total',
        help: 'Sends recorded by channel and outcome (sent, retrying: will be tried again, failed: given up)',
        labelNames: ['channel', 'outcome'] as const,
        registers: [registry],
      }),
      DELIVERY_CHANNELS.flatMap((channel) =>
        ['sent', 'retrying', 'failed'].map((outcome) => ({ channel, outcome })),
      ),
    ),
    marketplaceRequests: new Counter({
      name: 'prijsalarm_marketplace_requests_total',
      help: 'Requests to a marketplace host by status: 2xx, 3xx, 403 (blocked), 429 (too many), other 4xx, 5xx, or error (no answer)',
      labelNames: ['host', 'status'] as const,
      registers: [registry],
    }),
    feedLag: new Histogram({
      name: 'prijsalarm_feed_lag_seconds',
      help: "Publication to feed read, per new listing: from its posting time when the site gives one, else from its category's previous read (an upper bound)",
      labelNames: ['platform'] as const,
      buckets: FEED_LAG_BUCKETS,
      registers: [registry],
    }),
    notificationsRecorded: withZeroes(
      new Counter({
        name: 'prijsalarm_notifications_recorded_total',
        help: 'Notifications recorded, by what found them: feed, or reconciliation (a per-search check found what the feed had not)',
        labelNames: ['found_by'] as const,
        registers: [registry],
      }),
      [{ found_by: 'feed' }, { found_by: 'reconciliation' }],
    ),
  };
}

/** Series that exist before their first event, so a rate over them is 0 rather than absent. */
function withZeroes<T extends string>(counter: Counter<T>, series: LabelValues<T>[]): Counter<T> {
  for (const labels of series) counter.inc(labels, 0);
  return counter;
}

/** The status label of a marketplace answer: its class, with 403 and 429 kept apart. */
export function marketplaceStatusLabel(statusCode: number | null): string {
  if (statusCode === null) return 'error';
  if (statusCode === 403 || statusCode === 429) return String(statusCode);
  return `${Math.floor(statusCode / 100)}xx`;
}
