/**
 * The server's layers only point down (ARCHITECTURE.md). Each top-level folder (or file) of src/
 * has a layer; an import from a higher layer to a lower one is fine, anything else fails here with
 * the file and the import, so a new upward import is caught the day it is written. Tests are
 * exempt: they may reach into any layer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Top to bottom. A unit may import units of lower layers and itself, nothing else. */
export const LAYERS: readonly (readonly string[])[] = [
  ['main.ts'], // process entry: config, logger, signals
  ['boot.ts'], // start-up: database, migrations, the roles in SERVICES
  ['services'], // process roles (web, worker, scheduler) and the Express app they serve
  ['routes', 'sockets', 'bots'], // the ways in: HTTP (contract-bound), WebSockets, Telegram updates
  ['commands'], // what a user or an admin can do, across models
  ['delivery'], // sending what the engine recorded: e-mail, Telegram, live push
  ['engine'], // marketplace client, scheduler, matcher, recorder
  ['mail'], // the mailer and its Dutch templates
  ['presenters'], // what goes out (may show what a policy decides, e.g. a session's status)
  ['policies'], // who may do what
  ['queues', 'payments'], // job queues (in-process, BullMQ); the gateway to Mollie
  ['http'], // plumbing: auth middleware, errors, validation, rate limits, contract binding
  ['models', 'db'], // Sequelize models and migrations
  ['security'], // tokens, passwords, secret links
  ['reporting'], // error reports to Sentry/GlitchTip (SENTRY_DSN), scrubbed
  ['config', 'logger.ts'], // the parsed environment and the logger
  ['lib'], // small pure helpers (text, time, files, SQL fragments)
];

/** Imported by everything for its type only: the object every part is built from. */
const CONTEXT = 'context.ts';

const layerOf = new Map<string, number>(
  LAYERS.flatMap((units, rank) => units.map((unit) => [unit, rank] as const)),
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-fixtures' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** 'engine/marketplace/client.ts' → 'engine'; 'boot.ts' → 'boot.ts'. */
function unitOf(file: string): string {
  return path.relative(SRC, file).split(path.sep)[0]!;
}

/** An import names a folder ('../models'), a file in one, or a top-level file without '.ts'. */
function unitOfImport(target: string): string {
  const unit = unitOf(target);
  if (unit.endsWith('.ts') || existsSync(path.join(SRC, unit))) return unit;
  return `${unit}.ts`;
}

interface Import {
  specifier: string;
  typeOnly: boolean;
}

const IMPORT_PATTERN =
  /^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function importsOf(source: string): Import[] {
  return [...source.matchAll(IMPORT_PATTERN)].map((match) => ({
    specifier: (match[3] ?? match[4])!,
    typeOnly: Boolean(match[2]),
  }));
}

export function upwardImports(): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = unitOf(file);
    const fromRank = layerOf.get(from);
    if (from !== CONTEXT && fromRank === undefined) {
      problems.push(`${path.relative(SRC, file)}: '${from}' has no layer in LAYERS`);
      continue;
    }
    for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(SRC + path.sep)) continue;
      const to = unitOfImport(target);
      if (to === from) continue;
      const where = `${path.relative(SRC, file)} imports '${specifier}'`;
      if (to === CONTEXT || from === CONTEXT) {
        if (!typeOnly) problems.push(`${where}: context.ts is shared as a type only`);
        continue;
      }
      const toRank = layerOf.get(to);
      if (toRank === undefined) problems.push(`${where}: '${to}' has no layer in LAYERS`);
      else if (toRank <= fromRank!) problems.push(`${where}: ${from} may not import ${to}`);
    }
  }
  return problems;
}

describe('server layers', () => {
  it('every import points down the layers', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('the check sees an upward import, a same-layer import and a non-type context import', () => {
    const source = [
      "import { loadSettings } from '../commands/settings';",
      "import type { AppContext } from '../context';",
      "export { x } from './y';",
      "const lazy = await import('../routes/alerts');",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { specifier: '../commands/settings', typeOnly: false },
      { specifier: '../context', typeOnly: true },
      { specifier: './y', typeOnly: false },
      { specifier: '../routes/alerts', typeOnly: false },
    ]);
    expect(layerOf.get('engine')).toBeGreaterThan(layerOf.get('commands')!);
    expect(layerOf.get('policies')).toBeGreaterThan(layerOf.get('presenters')!);
  });
});
