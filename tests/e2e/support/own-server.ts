/**
 * A server of a test's own (not the global setup's), for tests that stop and restart it: the real
 * server (compiled, support/server-process.ts), every role, SQLite in its own DATA_DIR, on a fixed
 * port so a restart comes back at the same address. Mail goes to the outbox (no SMTP).
 *
 *   const server = await startOwnServer();
 *   await server.stop();      // SIGTERM, as a deploy would
 *   await server.start();     // same port, same database and session secret
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getFreePort } from '../../../packages/server/test/ports';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env';
import { spawnServer, waitForReady } from './server-process';

export interface OwnServer {
  baseUrl: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its data. */
  dispose(): Promise<void>;
}

export async function startOwnServer(): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-e2e-own-'));
  const port = await getFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const server = spawnServer(
      {
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        SERVICES: 'web,worker,scheduler',
        MARKTPLAATS_BASE_URL: 'http://127.0.0.1:9',
        TWEEDEHANDS_BASE_URL: 'http://127.0.0.1:9',
        RATE_LIMITS: 'off',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
      },
      'ignore',
    );
    child = server;
    exited = new Promise((resolve) => server.once('exit', () => resolve()));
    await waitForReady(baseUrl, () => server.exitCode !== null);
  };

  const stop = async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    await exited;
    child = null;
  };

  await start();
  return {
    baseUrl,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
