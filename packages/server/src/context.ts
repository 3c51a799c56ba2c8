/**
 * What every part of the server is built from: routes, services and commands take this one object
 * instead of importing singletons, so tests build their own.
 */
import type { Redis } from 'ioredis';
import type { Sequelize } from 'sequelize';
import type { Config } from './config/env';
import type { TelegramService } from './delivery/telegram/service';
import type { EngineEvents } from './engine/events';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { Models } from './models';
import type { AlertEngineJobs, JobQueue } from './queues';
import type { TokenService } from './security/tokens';

export interface AppContext {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  models: Models;
  mailer: Mailer;
  tokens: TokenService;
  /** The alert engine's jobs (in-process, or BullMQ when REDIS_URL is set). */
  queue: JobQueue<AlertEngineJobs>;
  /** In-process engine events (e.g. notification.created for the live push). */
  events: EngineEvents;
  /** The process's Telegram bot (client + pacer); null when TELEGRAM_BOT_TOKEN is not set. */
  telegram: TelegramService | null;
  /**
   * REDIS_URL: the connection the HTTP rate limits and the Telegram pacing keep their counts in,
   * so every process enforces one limit. Null or absent: each process counts for itself.
   */
  sharedLimits?: SharedLimitsStore | null;
  /**
   * Delivery's clock (quiet hours, digests, claims, the relay); absent: the system clock. Tests
   * set it to move time forward (delivery/clock.ts).
   */
  clock?: Clock | null;
  /**
   * This process's Prometheus metrics (GET /metrics); absent in tests that build their own
   * context, where the hooks count nothing.
   */
  metrics?: Metrics | null;
}

export interface Clock {
  now(): Date;
}

export interface SharedLimitsStore {
  client: Redis;
  /** Key prefix (REDIS_PREFIX), so installations sharing a Redis stay apart. */
  prefix: string;
}
