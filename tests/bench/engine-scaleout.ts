/**
 * bench:engine's scale-out topology (BENCH_TOPOLOGY=scaleout): MariaDB on its own datadir and
 * Redis (tests/bench/chaos/infra.ts), BENCH_WORKERS processes of packages/server/src/main.ts with
 * SERVICES=worker and one with SERVICES=scheduler, in a temp dir, each stopped by its pid.
 *
 * The figures the embedded bench reads from in-process hooks come from outside here: the deliver
 * backlog from BullMQ's counts in Redis, CPU and peak RSS per process from /proc (MariaDB and
 * Redis included), database growth from the database's InnoDB files in the datadir, the sends of
 * each worker from its own /metrics (prijsalarm_sends_total: one per message accepted, however
 * many delivery rows it covered; a delivery row does not say which process sent it), and the
 * checks and warnings from each process's log.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { createLogger } from '../../packages/server/src/logger';
import { BullMqJobQueue } from '../../packages/server/src/queues/bullmq-queue';
import type { AlertEngineJobs } from '../../packages/server/src/queues';
import { getFreePort } from '../../packages/server/test/ports';
import { mariaDb, redis, ServerProcess, type Restartable } from './chaos/infra';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATABASE = 'bench';
/** A process's start until its ready line: the scheduler over 100 000 alerts takes minutes here. */
const READY_TIMEOUT_MS = 15 * 60_000;
const PREFIX = 'bench';
/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

export interface ProcessFigures {
  name: string;
  cpuSeconds: number;
  rssPeakMb: number;
}

/** A process's CPU seconds so far and its peak RSS (VmHWM), or null once it is gone. */
function usageOf(pid: number | undefined): { cpuSeconds: number; rssPeakMb: number } | null {
  if (pid === undefined) return null;
  try {
    // The command name (field 2) may hold spaces: the fields after it are counted from its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const hwmKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { cpuSeconds: ticks / CLOCK_TICKS, rssPeakMb: hwmKb / 1024 };
  } catch {
    return null;
  }
}

export interface ScaleOut {
  /** The database the bench seeds and reads (mysql://…/bench). */
  databaseUrl: string;
  /** Starts the scheduler and the workers on the server settings the embedded bench uses. */
  start(serverEnv: Record<string, string | undefined>): Promise<void>;
  /** Ready `deliver` jobs not yet running, from BullMQ's counts. */
  deliverWaiting(): Promise<number>;
  /** Bytes of the bench database's files (its tables and indexes, InnoDB file per table). */
  databaseBytes(): number;
  /** The largest tables with their indexes. */
  databaseObjects(): Array<{ name: string; bytes: number }>;
  /** CPU seconds so far and peak RSS of every process (workers, scheduler, MariaDB, Redis). */
  processes(): ProcessFigures[];
  /** E-mails each worker's /metrics counts as sent so far, by worker name. */
  emailsSent(): Promise<Record<string, number>>;
  /** Every log line of the server processes, with the process's name. */
  logLines(): Array<{ process: string; line: string }>;
  stop(): Promise<void>;
}

export async function startScaleOut(baseDir: string, workerCount: number): Promise<ScaleOut> {
  const db: Restartable = await mariaDb(baseDir);
  const queueRedis: Restartable = await redis(baseDir);
  await db.start();
  await queueRedis.start();
  const connection = await mysql.createConnection(db.url);
  await connection.query(
    `CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
  );
  await connection.end();
  const databaseDir = path.join(baseDir, 'mariadb', DATABASE);
  const metricsToken = randomBytes(16).toString('hex');
  const metricsPorts = new Map<string, number>();
  const servers: ServerProcess[] = [];
  // Only for reading the counts: this queue never processes a job.
  const counts = new BullMqJobQueue<AlertEngineJobs>({
    redisUrl: queueRedis.url,
    prefix: PREFIX,
    logger: createLogger({ level: 'error' }),
  });
  const files = () =>
    readdirSync(databaseDir)
      .filter((name) => name.endsWith('.ibd'))
      .map((name) => [name.slice(0, -4), statSync(path.join(databaseDir, name)).size] as const);

  return {
    databaseUrl: `${db.url}/${DATABASE}`,
    async start(serverEnv) {
      const common: Record<string, string> = {};
      for (const [key, value] of Object.entries({
        ...process.env,
        ...serverEnv,
        DATABASE_URL: `${db.url}/${DATABASE}`,
        REDIS_URL: queueRedis.url,
        REDIS_PREFIX: PREFIX,
        METRICS_TOKEN: metricsToken,
        SENTRY_DSN: '',
      })) {
        if (value !== undefined) common[key] = value;
      }
      const proc = async (name: string, services: string, readyLine: string) => {
        const port = await getFreePort();
        metricsPorts.set(name, port);
        const server = new ServerProcess(
          name,
          ROOT,
          { ...common, SERVICES: services, METRICS_PORT: String(port) },
          baseDir,
          readyLine,
          READY_TIMEOUT_MS,
        );
        servers.push(server);
        return server;
      };
      const scheduler = await proc('scheduler', 'scheduler', 'scheduler running');
      const workers: ServerProcess[] = [];
      for (let i = 1; i <= workerCount; i++) {
        workers.push(await proc(`worker-${i}`, 'worker', 'worker started'));
      }
      // One at a time: each runs the migrations at start (already done, but they take the lock).
      for (const server of [scheduler, ...workers]) await server.start();
    },
    async deliverWaiting() {
      return (await counts.counts(['deliver'])).deliver?.waiting ?? 0;
    },
    databaseBytes: () => files().reduce((sum, [, bytes]) => sum + bytes, 0),
    databaseObjects: () =>
      files()
        .sort((a, b) => b[1] - a[1])
        .slice(0, 14)
        .map(([name, bytes]) => ({ name, bytes })),
    processes() {
      const all = [
        ...servers.map((server) => ({ name: server.name, pid: server.pid })),
        { name: 'mariadb', pid: db.pid },
        { name: 'redis', pid: queueRedis.pid },
      ];
      return all.flatMap(({ name, pid }) => {
        const usage = usageOf(pid);
        return usage ? [{ name, ...usage }] : [];
      });
    },
    async emailsSent() {
      const sent: Record<string, number> = {};
      for (const [name, port] of metricsPorts) {
        if (!name.startsWith('worker')) continue;
        const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
          headers: { authorization: `Bearer ${metricsToken}` },
        });
        const line = (await response.text())
          .split('\n')
          .find(
            (l) =>
              l.startsWith('prijsalarm_sends_total{') &&
              l.includes('channel="email"') &&
              l.includes('outcome="sent"'),
          );
        sent[name] = Number(line?.split(' ').at(-1) ?? NaN);
      }
      return sent;
    },
    logLines() {
      return servers.flatMap((server) =>
        readFileSync(path.join(baseDir, `${server.name}.log`), 'utf8')
          .split('\n')
          .map((line) => ({ process: server.name, line })),
      );
    },
    async stop() {
      await counts.close();
      // Workers first, so nothing is left half-sent; then what they depend on.
      await Promise.all(servers.map((server) => server.stop()));
      await queueRedis.stop();
      await db.stop();
    },
  };
}
