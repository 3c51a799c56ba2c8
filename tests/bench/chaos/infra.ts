/**
 * The chaos bench's moving parts, each restartable on the same address: a MariaDB on its own
 * datadir (restarted keeps its data, like a database server restarted by its host), a Redis
 * without persistence (restarted empty: the worst case, every queued job is gone), and the
 * server's processes (`node packages/server/src/main.ts` with one role each), supervised like
 * systemd would: a process that exits on its own is started again and counted.
 * Everything is stopped by its pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { Redis } from 'ioredis';
import {
  findMariaDb,
  installMariaDb,
  mariaDbArgs,
} from '../../../packages/server/test/mariadb-server';
import { getFreePort } from '../../../packages/server/test/ports';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function findExecutable(names: string[]): string {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${names[0]} is not installed (apt-get install -y mariadb-server redis-server)`);
}

/** Resolves once the child has exited (SIGTERM, then SIGKILL after `forceAfterMs`). */
export function stopChild(child: ChildProcess, forceAfterMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function until(what: string, timeoutMs: number, probe: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} not ready within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

export interface Restartable {
  url: string;
  /** The running server's pid (for CPU and memory figures read from /proc). */
  readonly pid: number | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function mariaDb(baseDir: string): Promise<Restartable> {
  const { server, installDb } = findMariaDb();
  const dataDir = path.join(baseDir, 'mariadb');
  installMariaDb(installDb, dataDir);
  const port = await getFreePort();
  let child: ChildProcess | null = null;
  const url = `mysql://root@127.0.0.1:${port}`;
  return {
    url,
    get pid() {
      return child?.pid;
    },
    async start() {
      // Durable (unlike the tests' throwaway one): a restart must keep what was committed.
      child = spawn(server, mariaDbArgs(baseDir, dataDir, port), { stdio: 'ignore' });
      await until('MariaDB', 60_000, async () => {
        const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
        await connection.end();
        return true;
      });
    },
    async stop() {
      if (child) await stopChild(child, 30_000);
      child = null;
    },
  };
}

export async function redis(baseDir: string): Promise<Restartable> {
  const executable = findExecutable(['redis-server']);
  const port = await getFreePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const dir = path.join(baseDir, 'redis');
  mkdirSync(dir, { recursive: true });
  return {
    url,
    get pid() {
      return child?.pid;
    },
    async start() {
      child = spawn(
        executable,
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
          ...['--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
        ],
        { stdio: 'ignore' },
      );
      await until('Redis', 20_000, async () => {
        const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
        client.on('error', () => {});
        try {
          await client.connect();
          return (await client.ping()) === 'PONG';
        } finally {
          client.disconnect();
        }
      });
    },
    async stop() {
      if (child) await stopChild(child);
      child = null;
    },
  };
}

/** One server process with one role, restarted when it exits on its own. */
export class ServerProcess {
  child: ChildProcess | null = null;
  /** Exits nobody asked for (a crash on a lost database, …). */
  unexpectedExits: Array<{ at: number; code: number | null; signal: string | null }> = [];
  private log: WriteStream;
  private expectingExit = false;
  private ready: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly root: string,
    private readonly env: NodeJS.ProcessEnv,
    logDir: string,
    private readonly readyLine: string,
    /** How long a start may take until its ready line (a scheduler over 100 000 alerts: minutes). */
    private readonly readyTimeoutMs = 90_000,
  ) {
    this.log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    this.expectingExit = false;
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: this.root,
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.ready = new Promise<void>((resolve, reject) => {
      let buffered = '';
      const timer = setTimeout(
        () => reject(new Error(`${this.name} not ready in ${this.readyTimeoutMs / 1000} s`)),
        this.readyTimeoutMs,
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        this.log.write(chunk);
        buffered = (buffered + chunk.toString()).slice(-10_000);
        if (buffered.includes(this.readyLine)) {
          clearTimeout(timer);
          buffered = '';
          resolve();
        }
      });
      child.once('exit', () => clearTimeout(timer));
    });
    child.stderr!.on('data', (chunk: Buffer) => this.log.write(chunk));
    child.once('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.expectingExit) return;
      this.unexpectedExits.push({ at: Date.now(), code, signal });
      this.log.write(`\n### bench: exited on its own (${code ?? signal}); restarting in 1 s\n`);
      setTimeout(() => {
        if (!this.expectingExit && !this.child) void this.start().catch(() => undefined);
      }, 1000);
    });
    return this.ready;
  }

  /** SIGKILL, no warning: what a crash or an OOM kill does. Resolves once it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    this.expectingExit = true;
    if (this.child) await stopChild(this.child, 20_000);
    this.log.end();
  }
}
