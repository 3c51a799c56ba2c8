#!/usr/bin/env node
/**
 * `node scripts/ensure-built.mjs web|desktop|server …`: builds each named app when its output is
 * missing or older than any of its sources, so `npm start`, the demo and the tests always use the
 * current code without rebuilding what is already current. SKIP_WEB_BUILD=1 skips the web app.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Core, the chat the apps draw, and the installed packages are sources of every app. */
const SHARED_SOURCES = [
  at('packages/core/src'),
  at('packages/core/package.json'),
  at('packages/chat-ui/src'),
  at('packages/chat-ui/package.json'),
  at('package-lock.json'),
];

// `code` is the app's own source folder; `sources` the rest of what its build reads.
const APPS = {
  web: {
    output: at('packages/web/dist/index.html'),
    code: at('packages/web/src'),
    sources: [
      at('packages/web/public'),
      at('packages/web/index.html'),
      at('packages/web/vite.config.ts'),
      at('packages/web/package.json'),
    ],
    skip: process.env.SKIP_WEB_BUILD === '1',
  },
  desktop: {
    output: at('packages/desktop/out/renderer/index.html'),
    code: at('packages/desktop/src'),
    sources: [
      at('packages/desktop/resources'),
      at('packages/desktop/package.json'),
      at('electron.vite.config.ts'),
    ],
    skip: false,
  },
  // The compiled server (scripts/build-server.mjs) that `npm start` and production run.
  server: {
    output: at('packages/server/dist/main.js'),
    code: at('packages/server/src'),
    sources: [at('packages/server/package.json'), at('db'), at('scripts/build-server.mjs')],
    skip: false,
  },
};

/** The newest modification time under `entry` (tests do not change a build, so they are skipped). */
function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function isCurrent(app) {
  if (!existsSync(app.output)) return false;
  // A production install ships the build without its code or build tools: there is nothing to
  // rebuild from, and npm rewrites its package-lock.json there, which must not count as a change.
  if (!existsSync(app.code)) return true;
  const builtAt = statSync(app.output).mtimeMs;
  return [app.code, ...app.sources, ...SHARED_SOURCES].every(
    (source) => newestMtime(source) <= builtAt,
  );
}

const names = process.argv.slice(2);
if (names.length === 0 || names.some((name) => !(name in APPS))) {
  console.error(`usage: node scripts/ensure-built.mjs ${Object.keys(APPS).join('|')} …`);
  process.exit(2);
}
for (const name of names) {
  const app = APPS[name];
  if (app.skip) continue;
  if (isCurrent(app)) {
    console.log(`${name} app: ${path.relative(root, path.dirname(app.output))} is up to date`);
    continue;
  }
  console.log(`${name} app: building …`);
  const result = spawnSync('npm', ['run', 'build', '-w', `@prijsalarm/${name}`], {
    cwd: root,
    // A build is for production whoever asks: under vitest (NODE_ENV=test) Vite would keep the
    // libraries' development code, a bigger and slower bundle that the e2e tests then reuse.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
