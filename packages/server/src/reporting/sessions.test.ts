/**
 * Release health samples 10 % of sessions, and its sessions are the web app's page loads
 * (packages/web/src/platform/sentryReporter.ts). The server SDK would report every request as a
 * session aggregate, unsampled: the real process entry (`npm start`), serving with SENTRY_DSN at
 * the envelope double, sends none. A process of its own, as the SDK is global to a process.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSentryDouble, type SentryDouble } from '../../../../tests/doubles/sentry';
import { getFreePort } from '../../test/ports';
import { createTemplateTestDatabase, type TestDatabase } from '../../test/support';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

let double: SentryDouble;
let database: TestDatabase;
beforeAll(async () => {
  double = await startSentryDouble();
  database = await createTemplateTestDatabase();
});
afterAll(async () => {
  await double?.stop();
  await database?.destroy();
});

it('a server with SENTRY_DSN serves requests and sends no sessions, even at shutdown', async () => {
  const port = await getFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.url,
      SERVICES: 'web',
      SENTRY_DSN: double.dsn('7'),
    },
    stdio: 'ignore',
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = await fetch(`${base}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`${base}/api/error-reporting/config`)).status).toBe(200);
    }
    // Shutdown flushes what the SDK holds (main.ts), session aggregates included.
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const types = double.items.map((item) => item.type);
    expect(types).not.toContain('session');
    expect(types).not.toContain('sessions');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 60_000);
