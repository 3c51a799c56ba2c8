/**
 * Starting and stopping the whole server: database, migrations and seeds, admin bootstrap, then
 * the roles in SERVICES. main.ts runs it for `npm start`; the tests run the very same code.
 */
import { Redis } from 'ioredis';
import { describeDatabase, SERVER_VERSION, type Config, type ServiceName } from './config/env';
import type { AppContext, Clock, SharedLimitsStore } from './context';
import { completeFeedTokens } from './commands/alert-feed';
import { bootstrapAdmin } from './commands/bootstrap-admin';
import { migrate } from './db/migrate';
import { createEngineEvents } from './engine/events';
import { createRedisEngineEvents, type ClosableEngineEvents } from './delivery/redis-events';
import { createTelegramService } from './delivery/telegram/service';
import { createSequelize } from './db/sequelize';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { requireConsecutiveIds } from './db/consecutive-ids';
import { HEALTHY, readiness } from './db/readiness';
import { createMetrics, startMonitoringListener, type MonitoringListener } from './metrics';
import { initModels } from './models';
import { createJobQueue, type AlertEngineJobs, type JobQueue } from './queues';
import { createTokenService } from './security/tokens';
import { SERVICE_STARTERS, type RunningService } from './services';
import type { WebOptions, WebService } from './services/web';

export interface StartOptions extends WebOptions {
  config: Config;
  logger: Logger;
  /** Delivery's clock (quiet hours, digests); tests pass one to move time. Default: the system's. */
  clock?: Clock | null;
}

export interface Application {
  ctx: AppContext;
  services: RunningService[];
  /** The HTTP server, when SERVICES includes web. */
  web: WebService | null;
  /** METRICS_PORT's listener (the probes and /metrics), when METRICS_PORT is set. */
  monitoring: MonitoringListener | null;
  /** Stops the roles (web first, so nothing new comes in), then closes mail and database. */
  stop(): Promise<void>;
}

export async function startApplication({
  config,
  logger,
  clock = null,
  ...webOptions
}: StartOptions): Promise<Application> {
  logger.info(
    {
      database: describeDatabase(config.database),
      services: config.services,
      mail: config.smtpUrl ? 'smtp' : 'outbox',
      dataDir: config.dataDir,
    },
    'starting',
  );
  const sequelize = createSequelize(config.database, logger);
  const mailer = createMailer({ config, logger });
  const services: RunningService[] = [];
  let queue: JobQueue<AlertEngineJobs> | null = null;
  let redisEvents: ClosableEngineEvents | null = null;
  let sharedLimits: SharedLimitsStore | null = null;
  let monitoring: MonitoringListener | null = null;

  let stopped: Promise<void> | undefined;
  // Idempotent: a second stop (a test that stopped the app itself, a second signal) waits for the first.
  const stop = () => (stopped ??= stopAll());
  const stopAll = async () => {
    await monitoring?.close();
    for (const service of [...services].reverse()) {
      try {
        await service.stop();
      } catch (error) {
        logger.error({ err: error, role: service.name }, 'service did not stop cleanly');
      }
    }
    services.length = 0;
    // After the roles: the worker's running jobs drain here (SIGTERM), producers are gone already.
    try {
      await queue?.close();
    } catch (error) {
      logger.error({ err: error }, 'job queue did not close cleanly');
    }
    await redisEvents?.close().catch(() => undefined);
    sharedLimits?.client.disconnect();
    await mailer.close();
    await sequelize.close();
  };

  try {
    await sequelize.authenticate();
    await requireConsecutiveIds(sequelize);
    await migrate(sequelize, { logger });
    const models = initModels(sequelize);
    await bootstrapAdmin(models, config.admin, logger);
    queue = createJobQueue<AlertEngineJobs>({
      redisUrl: config.redisUrl,
      logger,
      prefix: config.redisPrefix,
    });
    // Scale-out: events fan out through Redis, so web processes hear what workers recorded.
    redisEvents = config.redisUrl
      ? await createRedisEngineEvents({
          redisUrl: config.redisUrl,
          logger,
          prefix: config.redisPrefix,
        })
      : null;
    sharedLimits = config.redisUrl
      ? await sharedLimitsStore(config.redisUrl, config.redisPrefix, logger)
      : null;
    const metrics = createMetrics({ version: SERVER_VERSION, services: config.services });
    const ctx: AppContext = {
      config,
      logger,
      sequelize,
      models,
      mailer,
      tokens: createTokenService(config.sessionSecret),
      queue,
      events: redisEvents ?? createEngineEvents(logger),
      telegram: createTelegramService(config, logger, sharedLimits),
      sharedLimits,
      clock,
      metrics,
    };
    // Feed links of rows older than migration 0040 need the secret, which only the server has.
    await completeFeedTokens(ctx);
    // The web role starts last, so it only takes requests once everything else runs.
    const order: ServiceName[] = ['scheduler', 'worker', 'web'];
    for (const name of order.filter((service) => config.services.includes(service))) {
      services.push(await SERVICE_STARTERS[name](ctx, webOptions));
    }
    const web =
      (services.find((service) => service.name === 'web') as WebService | undefined) ?? null;
    // A process without the web role (a worker, the scheduler) answers the probes and /metrics
    // on a port of its own.
    if (config.metrics.port !== null) {
      monitoring = await startMonitoringListener({
        metrics,
        token: config.metrics.token,
        probes: { healthy: HEALTHY, readiness: () => readiness(sequelize) },
        host: config.host,
        port: config.metrics.port,
        logger,
      });
    }
    return { ctx, services, web, monitoring, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/**
 * Scale-out: the rate limits and the Telegram pacing count in Redis, so every process enforces
 * one limit. A count must never wait for a lost connection: commands fail at once and the
 * limiters fall back to this process's own count until Redis is back.
 */
async function sharedLimitsStore(
  redisUrl: string,
  prefix: string,
  logger: Logger,
): Promise<SharedLimitsStore> {
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'prijsalarm-limits',
  });
  client.on('error', (error: unknown) =>
    logger.warn({ err: error, component: 'limits' }, 'redis limits connection error'),
  );
  // Wait a moment for the connection, but never hang a start on Redis.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    new Promise((resolve) => client.once('ready', resolve)),
    new Promise((resolve) => (timer = setTimeout(resolve, LIMITS_CONNECT_WAIT_MS))),
  ]);
  clearTimeout(timer);
  return { client, prefix };
}

const LIMITS_CONNECT_WAIT_MS = 2000;
