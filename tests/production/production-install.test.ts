/**
 * The production install as the Dockerfile builds it: `npm run build`, then
 * scripts/pack-production.mjs (the runtime dependencies only, `npm prune --omit=dev`, and the
 * built output), started with plain `node` — no tsx, no TypeScript, no dev dependency. It serves
 * the web app, the API on a database its compiled migrations and seeders made, and the
 * WebSockets, and stops cleanly on SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TestClient } from '../../packages/server/test/http-client';
import { getFreePort } from '../../packages/server/test/ports';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Nothing listens here: the engine's requests fail at once, never leave the machine. */
const NOWHERE = 'http://127.0.0.1:9';

let workDir: string;
let install: string;
let dataDir: string;
let baseUrl: string;
let server: ChildProcess;
let output = '';
let exited: Promise<number | null>;

function runOrThrow(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')}: ${result.status}\n${result.stdout}${result.stderr}`,
    );
  }
}

beforeAll(async () => {
  runOrThrow(process.execPath, ['scripts/ensure-built.mjs', 'web', 'server'], ROOT);
  workDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-production-'));
  install = path.join(workDir, 'app');
  dataDir = path.join(workDir, 'data');
  runOrThrow(process.execPath, ['scripts/pack-production.mjs', install], ROOT);

  const port = await getFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
    cwd: install,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ENGINE_FEED: 'off',
      MARKTPLAATS_BASE_URL: NOWHERE,
      TWEEDEHANDS_BASE_URL: NOWHERE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`not ready within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

afterAll(async () => {
  if (server?.exitCode === null) {
    server.kill('SIGKILL');
    await exited;
  }
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

it('holds the runtime dependencies only', () => {
  const installed = new Set(readdirSync(path.join(install, 'node_modules')));
  for (const tool of ['tsx', 'typescript', 'esbuild', 'vitest', 'eslint', 'mjml', 'electron']) {
    expect(installed.has(tool), tool).toBe(false);
  }
  for (const runtime of ['express', 'sequelize', 'sqlite3', 'argon2', 'prom-client', 'zod']) {
    expect(installed.has(runtime), runtime).toBe(true);
  }
  // No TypeScript source ships: core is compiled into the bundle.
  expect(existsSync(path.join(install, 'packages/core/src'))).toBe(false);
  expect(existsSync(path.join(install, 'db'))).toBe(false);
});

it('serves the web app', async () => {
  const response = await fetch(`${baseUrl}/`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('<html lang="nl">');
});

it('answers the API on a database made by the compiled migrations and seeders', async () => {
  const browser = new TestClient(baseUrl);
  const categories = await browser.get<Array<{ name: string }>>('/api/categories');
  expect(categories.status).toBe(200);
  expect(categories.body.map((category) => category.name)).toContain('Fietsen en Brommers');

  const created = await browser.post('/api/alerts', {
    searchTerm: 'racefiets',
    maxPrice: 250,
    email: 'productie@example.nl',
  });
  expect(created.status).toBe(201);
  // Without SMTP_URL the confirmation mail is written to DATA_DIR/outbox.
  const outbox = path.join(dataDir, 'outbox');
  await expect
    .poll(() => (existsSync(outbox) ? readdirSync(outbox).length : 0), { timeout: 15_000 })
    .toBe(1);
  const mail = readFileSync(path.join(outbox, readdirSync(outbox)[0]!), 'utf8');
  expect(mail).toContain('To: productie@example.nl');
});

it('holds a WebSocket: the support chat answers a heartbeat', async () => {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws/chat`, {
    headers: { origin: baseUrl },
  });
  const answer = await new Promise<unknown>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'heartbeat', timestamp: 1 })));
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'heartbeat_ack') resolve(message);
    });
  });
  socket.close();
  expect(answer).toEqual({ type: 'heartbeat_ack' });
});

it("passes the image's HEALTHCHECK (scripts/healthcheck.mjs), and fails it once stopped", () => {
  const env = { PATH: process.env.PATH ?? '', PORT: new URL(baseUrl).port };
  const check = (extra: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['scripts/healthcheck.mjs'], {
      cwd: install,
      env: { ...env, ...extra },
      encoding: 'utf8',
    });
  expect(check().status).toBe(0);
  // A worker's container asks METRICS_PORT; without one nothing answers there.
  const worker = check({ SERVICES: 'worker' });
  expect(worker.status).toBe(1);
  expect(worker.stderr).toContain('no web role and no METRICS_PORT');
});

it("runs the operator's npm scripts on the shipped build, without rebuilding it", () => {
  const env = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir };
  const npm = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', ...args], { cwd: install, env, encoding: 'utf8' });

  const backup = npm('backup', '--', 'nightly.sqlite');
  expect(backup.status, backup.stderr).toBe(0);
  expect(backup.stdout).toContain('Backup written');
  expect(backup.stdout).not.toContain('building');
  expect(existsSync(path.join(install, 'nightly.sqlite'))).toBe(true);

  const status = npm('db:migrate', '--', '--status');
  expect(status.status, status.stderr).toBe(0);
  const migrations = JSON.parse(status.stdout.slice(status.stdout.indexOf('{'))) as {
    executed: string[];
    pending: string[];
  };
  expect(migrations.pending).toEqual([]);
  const shipped = readdirSync(path.join(install, 'packages/server/dist/migrations'));
  expect(migrations.executed).toHaveLength(shipped.filter((file) => file.endsWith('.js')).length);
});

it('stops on SIGTERM with exit code 0', async () => {
  server.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(output).toContain('"msg":"stopped"');
  const check = spawnSync(process.execPath, ['scripts/healthcheck.mjs'], {
    cwd: install,
    env: { PATH: process.env.PATH ?? '', PORT: new URL(baseUrl).port },
  });
  expect(check.status).toBe(1);
});
