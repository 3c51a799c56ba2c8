/**
 * "Only one scheduler": a Redis lock (SET NX PX) held by one process and renewed while it lives;
 * a second scheduler keeps trying and takes over when the holder stops or dies (its lock expires
 * after `ttlMs`). Renew and release only touch the lock if it is still ours (compare-and-act in
 * Lua), so a process that lost its lock can never remove another's.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';

const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
else
  return 0
end`;
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
else
  return 0
end`;

export const SCHEDULER_LOCK_KEY = 'prijsalarm:scheduler:leader';

export interface LeaderLock {
  /** This holder's token (stored as the lock's value). */
  readonly token: string;
  /** Takes the lock if it is free; true when this holder has it (new or renewed). */
  acquire(): Promise<boolean>;
  /** Extends our lock; false when it is no longer ours (expired, taken over). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisLockOptions {
  redisUrl: string;
  key?: string;
  ttlMs: number;
  logger: Logger;
}

export function createRedisLock(options: RedisLockOptions): LeaderLock {
  const key = options.key ?? SCHEDULER_LOCK_KEY;
  const token = randomUUID();
  const redis = new Redis(options.redisUrl, {
    connectionName: 'prijsalarm-scheduler-lock',
    // A lock call must answer or fail, not wait in an offline queue.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
  });
  let outageLogged = false;
  redis.on('error', (error: Error) => {
    if (outageLogged) return;
    outageLogged = true;
    options.logger.warn({ err: error }, 'scheduler lock: Redis unreachable');
  });
  redis.on('ready', () => (outageLogged = false));
  let connecting: Promise<void> | null = null;

  async function connected(): Promise<boolean> {
    if (redis.status === 'ready') return true;
    if (redis.status === 'wait') connecting ??= redis.connect().catch(() => undefined);
    await connecting;
    connecting = null;
    return (redis.status as string) === 'ready';
  }

  async function renew(): Promise<boolean> {
    if (!(await connected())) return false;
    try {
      return (await redis.eval(RENEW_SCRIPT, 1, key, token, String(options.ttlMs))) === 1;
    } catch {
      return false;
    }
  }

  return {
    token,
    async acquire() {
      if (!(await connected())) return false;
      try {
        if ((await redis.set(key, token, 'PX', options.ttlMs, 'NX')) === 'OK') return true;
      } catch {
        return false;
      }
      return renew();
    },
    renew,
    async release() {
      if (redis.status !== 'ready') return;
      await redis.eval(RELEASE_SCRIPT, 1, key, token).catch(() => undefined);
    },
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
