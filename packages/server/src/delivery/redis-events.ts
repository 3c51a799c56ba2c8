/**
 * ctx.events for scale-out (REDIS_URL): the same EngineEvents interface, fanned out through Redis
 * pub/sub so a web process hears what a worker process recorded. Every process, the emitter
 * included, receives an event once, from Redis. Best effort like the live push itself: while Redis
 * cannot be reached, an event reaches only this process's handlers (the recorded notification
 * stays in the notification centre either way).
 */
import { Redis } from 'ioredis';
import {
  createEngineEvents,
  type EngineEventMap,
  type EngineEventName,
  type EngineEvents,
} from '../engine/events';
import type { Logger } from '../logger';

export interface ClosableEngineEvents extends EngineEvents {
  close(): Promise<void>;
}

export interface RedisEngineEventsOptions {
  redisUrl: string;
  logger: Logger;
  /** Channel prefix, so installations (or test runs) sharing a Redis stay apart. */
  prefix?: string;
}

const EVENT_NAMES: readonly EngineEventName[] = [
  'notification.created',
  'notifications.read',
  'chat.frame',
  'account.changed',
];
const SUBSCRIBE_WAIT_MS = 5000;

export async function createRedisEngineEvents(
  options: RedisEngineEventsOptions,
): Promise<ClosableEngineEvents> {
  const logger = options.logger.child({ component: 'events', driver: 'redis' });
  const channel = `${options.prefix ?? 'prijsalarm'}:engine-events`;
  const local = createEngineEvents(logger);
  // Publishing must not wait for a lost connection: fail fast and fall back to this process.
  const publisher = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'prijsalarm-events-pub',
  });
  const subscriber = new Redis(options.redisUrl, {
    maxRetriesPerRequest: null,
    connectionName: 'prijsalarm-events-sub',
  });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: unknown) =>
      logger.warn({ err: error }, 'redis events connection error'),
    );
  }
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const { event, payload } = JSON.parse(text) as { event: EngineEventName; payload: unknown };
      if (!EVENT_NAMES.includes(event)) return;
      local.emit(event, payload as EngineEventMap[typeof event]);
    } catch (error) {
      logger.warn({ err: error }, 'unreadable engine event');
    }
  });
  // Wait a moment for the subscription, but never hang a start on Redis: ioredis subscribes again
  // by itself once it connects.
  const subscribed = subscriber.subscribe(channel).then(
    () => true,
    (error: unknown) => {
      logger.warn({ err: error }, 'redis events subscription failed');
      return false;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const ready = await Promise.race([
    subscribed,
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!ready) logger.warn('redis events not subscribed yet: live push waits for Redis');

  return {
    emit(event, payload) {
      publisher.publish(channel, JSON.stringify({ event, payload })).catch((error: unknown) => {
        logger.warn({ err: error, event }, 'engine event not published: handled here only');
        local.emit(event, payload);
      });
    },
    on: (event, handler) => local.on(event, handler),
    async close() {
      publisher.disconnect();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
