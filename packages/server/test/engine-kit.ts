/**
 * Harness for the alert engine's tests: the real app (database, migrations, seeds, mailbox,
 * in-process queue, events) without its worker and scheduler roles, the marketplace double over
 * real HTTP, and a marketplace client with short back-offs. The test drives the engine itself
 * (`kit.checker.check(key)`, `kit.scheduler.tick()`) and sees what it queued and announced.
 *
 *   const kit = await startEngineKit();
 *   afterAll(() => kit.stop());
 *   const alert = await createAlert(kit.models, { searchTerm: 'fiets' });
 *   await kit.scheduler.reconcile(new Date());
 */
import type { CreationAttributes } from 'sequelize';
import { startMarketplaceDouble, type MarketplaceDouble } from '../../../tests/doubles/marketplace';
import type { AppContext } from '../src/context';
import { createSearchChecker, type SearchChecker } from '../src/engine/check-search';
import type { EngineEventMap } from '../src/engine/events';
import { createMarketplaceClient, type MarketplaceClient } from '../src/engine/marketplace';
import { createScheduler, type Scheduler } from '../src/engine/scheduler';
import type { Alert, Models } from '../src/models';
import type { AlertEngineJobs, EnqueueOptions, JobQueue } from '../src/queues';
import { createAlert } from './factories';
import { startTestServer, type TestServer, type TestServerOptions } from './support';

export interface EnqueuedJob {
  name: string;
  data: Record<string, unknown>;
  options: EnqueueOptions | undefined;
}

export interface EngineKit {
  server: TestServer;
  models: Models;
  double: MarketplaceDouble;
  client: MarketplaceClient;
  /** The app context with the recording queue. */
  ctx: AppContext;
  checker: SearchChecker;
  scheduler: Scheduler;
  /** Every enqueue, in order. */
  enqueued: EnqueuedJob[];
  /** Every notification.created, in order. */
  events: Array<EngineEventMap['notification.created']>;
  /** The engine's clock (real time unless a test sets `kit.clock.fixed`). */
  clock: { fixed: Date | null };
  /** A confirmed, active alert on the marketplace double's searches. */
  alert(overrides?: Partial<CreationAttributes<Alert>>): Promise<Alert>;
  /** Reconciles searches and returns the key of the alert's search on `platform`. */
  searchKeyOf(alert: Alert, platform?: string): Promise<string>;
  stop(): Promise<void>;
}

function recordingQueue(
  real: JobQueue<AlertEngineJobs>,
  enqueued: EnqueuedJob[],
): JobQueue<AlertEngineJobs> {
  return {
    driver: real.driver,
    enqueue: (name, data, options) => {
      enqueued.push({ name, data: { ...data }, options });
      return real.enqueue(name, data, options);
    },
    process: (name, handler, options) => real.process(name, handler, options),
    onFailed: (hook) => real.onFailed(hook),
    pause: () => real.pause(),
    resume: () => real.resume(),
    drain: (timeoutMs) => real.drain(timeoutMs),
    close: (options) => real.close(options),
    counts: (names) => real.counts(names),
    oldestWaitingMs: (names) => real.oldestWaitingMs(names),
    ping: () => real.ping(),
  };
}

export async function startEngineKit(
  options: { env?: TestServerOptions['env']; tickMs?: number } = {},
): Promise<EngineKit> {
  const double = await startMarketplaceDouble();
  const server = await startTestServer({
    env: {
      SERVICES: 'web',
      MARKTPLAATS_BASE_URL: double.baseUrl.marktplaats,
      TWEEDEHANDS_BASE_URL: double.baseUrl['2dehands'],
      ...options.env,
    },
  });
  const enqueued: EnqueuedJob[] = [];
  const events: EngineKit['events'] = [];
  const ctx: AppContext = { ...server.ctx, queue: recordingQueue(server.ctx.queue, enqueued) };
  ctx.events.on('notification.created', (event) => {
    events.push(event);
  });
  const clock: EngineKit['clock'] = { fixed: null };
  const now = () => clock.fixed ?? new Date();
  const client = createMarketplaceClient({
    baseUrls: double.baseUrl,
    ratePerSecond: 100,
    logger: { warn: () => {} },
    backoffBaseMs: 5,
    backoffCapMs: 20,
    cooldownInitialMs: 400,
    cooldownMaxMs: 2000,
  });
  const checker = createSearchChecker(ctx, { client, now });
  const scheduler = createScheduler(ctx, { now, tickMs: options.tickMs ?? 1000 });

  return {
    server,
    models: server.models,
    double,
    client,
    ctx,
    checker,
    scheduler,
    enqueued,
    events,
    clock,
    alert: (overrides = {}) =>
      createAlert(server.models, {
        searchTerm: 'racefiets',
        checkIntervalMinutes: 1,
        ...overrides,
      }),
    async searchKeyOf(alert, platform = 'marktplaats') {
      await scheduler.reconcile(now());
      const link = await server.models.AlertSearch.findOne({
        where: { alertId: alert.id, platform },
      });
      if (!link) throw new Error(`alert ${alert.id} has no ${platform} search`);
      return link.searchKey;
    },
    async stop() {
      await client.close();
      await server.stop();
      await double.stop();
    },
  };
}
