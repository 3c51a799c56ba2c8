#!/usr/bin/env node
/**
 * The home route's JavaScript budget: the entry chunk plus every chunk it or the home scene imports
 * statically (what the first paint of / needs), gzipped, must stay within 150 kB. Lazily loaded
 * chunks (the guest form, the carousel, the pricing table, the FAQ) are listed but not counted.
 *
 *   node packages/web/scripts/home-budget.mjs            builds into a temporary folder first
 *   node packages/web/scripts/home-budget.mjs <dist>     reads a build made with --manifest
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let distDir = process.argv[2];
if (!distDir) {
  distDir = mkdtempSync(path.join(tmpdir(), 'prijsalarm-budget-'));
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'],
    { cwd: webDir, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
// Level 9, as Vite reports its gzip sizes.
const gzipKb = (file) =>
  gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1000;

function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const home = Object.keys(manifest).find((key) => key.endsWith('scenes/home/index.tsx'));
const firstPaint = staticClosure([entry, home]);
const lazy = [...staticClosure(manifest[home].dynamicImports ?? [])].filter(
  (key) => !firstPaint.has(key),
);

const line = (kb, label) => console.log(`${kb.toFixed(2).padStart(8)} kB  ${label}`);
let total = 0;
for (const key of firstPaint) {
  const kb = gzipKb(manifest[key].file);
  total += kb;
  line(kb, manifest[key].file);
}
for (const key of lazy) line(gzipKb(manifest[key].file), `(lazy) ${manifest[key].file}`);
line(total, `home route, first paint (gzip); budget ${BUDGET_KB} kB`);
if (total > BUDGET_KB) {
  console.error(`The home route needs ${total.toFixed(2)} kB of JavaScript: over budget.`);
  process.exit(1);
}
