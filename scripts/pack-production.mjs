#!/usr/bin/env node
/**
 * `node scripts/pack-production.mjs <dir>`: a production install of the built app in <dir>, after
 * `npm ci` and `npm run build`. The Dockerfile runs it to fill its image, and
 * tests/production/production-install.test.ts starts the result, so what CI proves is what ships:
 *
 *   package.json, package-lock.json and every workspace's package.json (npm reads them),
 *   packages/server/dist (the compiled server, its migrations and backup.js),
 *   packages/web/dist (the built web app), scripts/healthcheck.mjs (the HEALTHCHECK) and
 *   scripts/ensure-built.mjs (`npm start`, `npm run backup` and `npm run db:migrate` work there
 *   too: with no sources beside them the builds count as current),
 *   node_modules with the runtime dependencies only: this checkout's node_modules linked in and
 *   pruned by `npm prune --omit=dev`, the same tree `npm ci --omit=dev` installs but with the
 *   native modules (sqlite3, argon2) as they were built here and nothing downloaded.
 *
 * Nothing in this checkout changes: the copy is made of hard links (a copy where those cannot be
 * made), and the one file npm rewrites in place, node_modules/.package-lock.json, is a file of its
 * own in <dir> before npm runs.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function fail(message) {
  console.error(`pack-production: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited ${result.status}`);
}

const target = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!target) fail('usage: node scripts/pack-production.mjs <dir>');
if (existsSync(target) && readdirSync(target).length > 0) fail(`${target} is not empty`);
for (const built of ['packages/server/dist/main.js', 'packages/web/dist/index.html']) {
  if (!existsSync(at(built))) fail(`${built} is missing: run npm run build first`);
}
const started = Date.now();
mkdirSync(target, { recursive: true });
const into = (...parts) => path.join(target, ...parts);

// The manifests: npm needs every workspace the lock file names.
copyFileSync(at('package.json'), into('package.json'));
copyFileSync(at('package-lock.json'), into('package-lock.json'));
const workspaces = readdirSync(at('packages')).filter((name) =>
  existsSync(at('packages', name, 'package.json')),
);
for (const name of workspaces) {
  mkdirSync(into('packages', name), { recursive: true });
  copyFileSync(at('packages', name, 'package.json'), into('packages', name, 'package.json'));
}
for (const built of ['packages/server/dist', 'packages/web/dist']) {
  cpSync(at(built), into(built), { recursive: true });
}
mkdirSync(into('scripts'));
for (const script of ['ensure-built.mjs', 'healthcheck.mjs']) {
  copyFileSync(at('scripts', script), into('scripts', script));
}

/** `cp -al`: hard links, fast and free; a real copy across file systems. */
function linkTree(from, to) {
  const linked = spawnSync('cp', ['-al', from, to], { stdio: 'ignore' });
  if (linked.status !== 0) {
    rmSync(to, { recursive: true, force: true });
    run('cp', ['-a', from, to]);
  }
}
const hiddenLock = at('node_modules', '.package-lock.json');
const hiddenLockBefore = existsSync(hiddenLock) ? statSync(hiddenLock).mtimeMs : null;
linkTree(at('node_modules'), into('node_modules'));
for (const name of workspaces) {
  if (existsSync(at('packages', name, 'node_modules'))) {
    linkTree(at('packages', name, 'node_modules'), into('packages', name, 'node_modules'));
  }
}
// npm rewrites its record of the tree in place: a link would rewrite this checkout's.
if (existsSync(into('node_modules', '.package-lock.json'))) {
  unlinkSync(into('node_modules', '.package-lock.json'));
  copyFileSync(hiddenLock, into('node_modules', '.package-lock.json'));
}
// Build tools' caches are not packages.
for (const cache of ['.vite', '.cache']) {
  rmSync(into('node_modules', cache), { recursive: true, force: true });
}

// npm's own variables of a surrounding `npm run` (workspace, prefix) must not steer this one.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
);
run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
  cwd: target,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
if (hiddenLockBefore !== null && statSync(hiddenLock).mtimeMs !== hiddenLockBefore) {
  fail(`${hiddenLock} changed: npm wrote through a link into this checkout`);
}
console.log(
  `production install in ${target} (${Math.round((Date.now() - started) / 1000)} s): start it with node --enable-source-maps packages/server/dist/main.js`,
);
