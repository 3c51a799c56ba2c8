/** The real process entry (`npm start`), started as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createTemplateTestDatabase, createTestDatabase, type TestDatabase } from '../test/support';
import { getFreePort } from '../test/ports';
import { createSequelize } from './db/sequelize';
import { loadConfig } from './config/env';
import { initModels } from './models';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  child: ChildProcess;
  exit: Promise<number | null>;
  output: () => string;
}

function startMain(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, output: () => output };
}

async function waitForHealthy(baseUrl: string, started: Started): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not healthy within 30 s:\n${started.output()}`);
}

const logMessages = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg);

let database: TestDatabase | undefined;
let running: Started | undefined;
afterEach(async () => {
  if (running?.child.exitCode === null) running.child.kill('SIGKILL');
  running = undefined;
  await database?.destroy();
  database = undefined;
});

describe('main', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'starts every role, serves, and on %s shuts down gracefully with exit code 0',
    async (signal) => {
      database = await createTestDatabase();
      const port = await getFreePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const env = {
        PORT: String(port),
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.url,
        ADMIN_EMAIL: 'Admin@Example.nl',
        ADMIN_PASSWORD: 'admin-password-1',
        LOG_LEVEL: 'info',
      };
      running = startMain(env);
      await waitForHealthy(baseUrl, running);

      expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
      const notFound = await fetch(`${baseUrl}/api/unknown`);
      expect(notFound.status).toBe(404);

      running.child.kill(signal);
      expect(await running.exit).toBe(0);
      const messages = logMessages(running.output());
      expect(messages).toEqual(
        expect.arrayContaining([
          'worker started',
          'scheduler running',
          'web server listening',
          'admin account created',
          'shutting down',
          'web server stopped',
          'worker stopped',
          'scheduler stopped',
          'stopped',
        ]),
      );
      await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();

      const sequelize = createSequelize(loadConfig(env).database);
      const { User } = initModels(sequelize);
      expect((await User.findByEmail('admin@example.nl'))?.role).toBe('ADMIN');
      await sequelize.close();
    },
    // A whole process started through tsx with every role: up to 30 s to be healthy on a busy
    // machine, then its shutdown.
    60_000,
  );

  it('exits 0 on SIGTERM in time while a client holds an upgrade request to an unknown path', async () => {
    // Not a first start (the tests above are): the migrated template, no migrations to wait for.
    database = await createTemplateTestDatabase();
    const port = await getFreePort();
    running = startMain({
      PORT: String(port),
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      SERVICES: 'web',
      LOG_LEVEL: 'info',
    });
    await waitForHealthy(`http://127.0.0.1:${port}`, running);
    // Held open by the client: it never closes it.
    const held = connect(port, '127.0.0.1');
    held.on('error', () => undefined);
    held.resume();
    await new Promise((resolve) => held.once('connect', resolve));
    held.write(
      'GET /api/x HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    );
    const socketClosed = new Promise((resolve) => held.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const start = Date.now();
    running.child.kill('SIGTERM');
    expect(await running.exit).toBe(0);
    expect(Date.now() - start).toBeLessThan(5000);
    expect(logMessages(running.output())).not.toContain('shutdown took too long: exiting');
    await socketClosed;
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ ADMIN_EMAIL: 'admin@example.nl' }, 'ADMIN_PASSWORD'],
    [{ DATABASE_URL: 'postgres://db/x' }, 'DATABASE_URL'],
  ])('refuses to start with %j and names %s', async (badEnv, variable) => {
    database = await createTestDatabase();
    running = startMain({ DATA_DIR: database.dataDir, DATABASE_URL: database.url, ...badEnv });
    expect(await running.exit).toBe(1);
    expect(running.output()).toContain(`${variable}:`);
    expect(running.output()).toContain('Invalid configuration');
  });
});
