#!/usr/bin/env node
/**
 * `npm start` serves packages/web/dist. This builds it first when it is missing or older than any
 * of its sources (the web app, core, the Vite config, the installed packages), so
 * `npm install && npm start` always serves the current app. Set SKIP_WEB_BUILD=1 to skip.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(webDir, '../..');
const builtIndex = path.join(webDir, 'dist', 'index.html');

const SOURCES = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(rootDir, 'packages', 'core', 'src'),
  path.join(rootDir, 'packages', 'core', 'package.json'),
  // The support chat the web app shares with the desktop app.
  path.join(rootDir, 'packages', 'chat-ui', 'src'),
  path.join(rootDir, 'packages', 'chat-ui', 'package.json'),
  path.join(rootDir, 'package-lock.json'),
];

/** The newest modification time under `entry` (tests do not change the build, so they are skipped). */
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

function buildIsCurrent() {
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return SOURCES.every((source) => newestMtime(source) <= builtAt);
}

if (process.env.SKIP_WEB_BUILD === '1') process.exit(0);
if (buildIsCurrent()) {
  console.log('web app: packages/web/dist is up to date');
  process.exit(0);
}
console.log('web app: building packages/web/dist …');
const result = spawnSync('npm', ['run', 'build', '-w', '@prijsalarm/web'], {
  cwd: rootDir,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
process.exit(result.status ?? 1);
