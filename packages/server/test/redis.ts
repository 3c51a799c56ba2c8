/**
 * A throwaway Redis from Debian's packages: loopback only, no persistence, its own temp dir,
 * stopped by PID. Used by test/redis-global-setup.ts (and usable on its own in a test file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { getFreePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `redis://127.0.0.1:<port>` of the throwaway Redis; '' when SKIP_REDIS=1. */
    redisUrl: string;
  }
}

export const REDIS_INSTALL_HINT =
  'Redis is needed for the BullMQ queue tests: run `apt-get install -y redis-server` ' +
  '(or set SKIP_REDIS=1 to skip them).';

export interface RedisServer {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

function findRedisServer(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/bin', '/usr/sbin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'redis-server');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

export async function startRedis(): Promise<RedisServer> {
  const executable = findRedisServer();
  if (!executable) throw new Error(REDIS_INSTALL_HINT);

  const dir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-redis-'));
  const port = await getFreePort();
  const child = spawn(
    executable,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      // The only policy under which BullMQ's queues behave correctly.
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitForPong(child, url, () => output);
  } catch (error) {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPong(child: ChildProcess, url: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`redis-server exited with code ${child.exitCode}:\n${log()}`);
    }
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`redis-server did not answer PING within 20 s: ${error}\n${log()}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      client.disconnect();
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
