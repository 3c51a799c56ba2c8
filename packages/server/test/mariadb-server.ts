/**
 * A throwaway MariaDB from Debian's packages: its own temp datadir, loopback only, a root user
 * without password. Used by the server-mariadb vitest project's global setup.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { getFreePort } from './ports';

export const MARIADB_INSTALL_HINT =
  'MariaDB is needed for the server-mariadb test project: run `apt-get install -y mariadb-server` ' +
  '(or set SKIP_MARIADB=1 to skip that project).';

export interface MariaDbServer {
  /** `mysql://root@127.0.0.1:<port>`; append `/<database>`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

function findExecutable(names: string[]): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const name of names) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return null;
}

/** mariadbd and mariadb-install-db from Debian's packages; throws the install hint without them. */
export function findMariaDb(): { server: string; installDb: string } {
  const server = findExecutable(['mariadbd', 'mysqld']);
  const installDb = findExecutable(['mariadb-install-db', 'mysql_install_db']);
  if (!server || !installDb) throw new Error(MARIADB_INSTALL_HINT);
  return { server, installDb };
}

/** A fresh datadir with a root user without password. */
export function installMariaDb(installDb: string, dataDir: string): void {
  const install = spawnSync(
    installDb,
    [
      '--no-defaults',
      `--datadir=${dataDir}`,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--user=root',
    ],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) {
    throw new Error(`mariadb-install-db failed:\n${install.stderr || install.stdout}`);
  }
}

/** mariadbd's arguments: loopback only on `port`, socket and pid file in `baseDir`. */
export function mariaDbArgs(baseDir: string, dataDir: string, port: number): string[] {
  return [
    '--no-defaults',
    `--datadir=${dataDir}`,
    `--socket=${path.join(baseDir, 'mariadb.sock')}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    `--pid-file=${path.join(baseDir, 'mariadb.pid')}`,
    '--user=root',
    '--skip-log-bin',
    '--skip-name-resolve',
    '--innodb-buffer-pool-size=64M',
    '--character-set-server=utf8mb4',
    '--collation-server=utf8mb4_unicode_ci',
    '--max-connections=500',
  ];
}

export async function startMariaDb(): Promise<MariaDbServer> {
  const { server, installDb } = findMariaDb();
  const baseDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-mariadb-'));
  const dataDir = path.join(baseDir, 'data');
  try {
    installMariaDb(installDb, dataDir);
  } catch (error) {
    rmSync(baseDir, { recursive: true, force: true });
    throw error;
  }

  const port = await getFreePort();
  const child = spawn(
    server,
    [
      ...mariaDbArgs(baseDir, dataDir, port),
      // Durability does not matter for a throwaway test database; speed does.
      '--innodb-flush-log-at-trx-commit=0',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });

  const url = `mysql://root@127.0.0.1:${port}`;
  try {
    await waitUntilAccepting(child, port, () => stderr);
  } catch (error) {
    await stopChild(child);
    rmSync(baseDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    port,
    async stop() {
      await stopChild(child);
      rmSync(baseDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAccepting(child: ChildProcess, port: number, log: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`mariadbd exited with code ${child.exitCode}:\n${log()}`);
    }
    try {
      const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
      await connection.end();
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        throw new Error(`mariadbd did not accept connections within 60 s:\n${log()}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Creates an empty database on `serverUrl` and returns its URL and a function to drop it. */
export async function createMariaDbDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${Math.random().toString(36).slice(2, 12)}`;
  const connection = await mysql.createConnection(serverUrl);
  try {
    await connection.query(
      `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
  return {
    url: `${serverUrl}/${name}`,
    drop: async () => {
      const dropper = await mysql.createConnection(serverUrl);
      try {
        await dropper.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await dropper.end();
      }
    },
  };
}
