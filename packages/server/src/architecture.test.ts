/**
 * The server's layers only point down (ARCHITECTURE.md). Each top-level folder (or file) of src/
 * has a layer; an import from a higher layer to a lower one is fine, anything else fails here with
 * the file and the import, so a new upward import is caught the day it is written. Tests are
 * exempt: they may reach into any layer.
 *
 * Within a layer, and in core and the web app, files must not import each other's values in a
 * circle: a module in a runtime cycle can be read before it is evaluated (an undefined import at
 * start-up), and a circle means two files that cannot be understood apart.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.dirname(fileURLToPath(import.meta.url));
const PACKAGES = path.resolve(SRC, '../..');

/** Top to bottom. A unit may import units of lower layers and itself, nothing else. */
export const LAYERS: readonly (readonly string[])[] = [
  ['main.ts'], // process entry: config, logger, signals
  ['boot.ts'], // start-up: database, migrations, the roles in SERVICES
  ['services'], // process roles (web, worker, scheduler) and the Express app they serve
  ['routes', 'sockets', 'bots'], // the ways in: HTTP (contract-bound), WebSockets, Telegram updates
  ['commands'], // what a user or an admin can do, across models
  ['delivery'], // sending what the engine recorded: one module per channel (delivery/channels/)
  ['engine'], // marketplace client, scheduler, matcher, recorder
  ['mail'], // the mailer and its Dutch templates
  ['presenters'], // what goes out (may show what a policy decides, e.g. a session's status)
  ['policies'], // who may do what
  ['queues', 'payments', 'push'], // job queues (in-process, BullMQ); the gateways to Mollie and the push services
  ['http'], // plumbing: auth middleware, errors, validation, rate limits, contract binding
  ['models', 'db'], // Sequelize models and migrations
  ['security'], // tokens, passwords, secret links
  ['reporting', 'metrics'], // error reports to Sentry/GlitchTip (SENTRY_DSN), scrubbed; Prometheus metrics
  ['config', 'logger.ts'], // the parsed environment and the logger
  ['lib'], // small pure helpers (text, time, files, SQL fragments)
];

/** Imported by everything for its type only: the object every part is built from. */
const CONTEXT = 'context.ts';

const layerOf = new Map<string, number>(
  LAYERS.flatMap((units, rank) => units.map((unit) => [unit, rank] as const)),
);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
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
  dynamic: boolean;
}

const IMPORT_PATTERN =
  /^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** `{ type A, type B }`: every name imported for its type only, so nothing is loaded at run time. */
function namesAreTypesOnly(clause: string | undefined): boolean {
  const names = clause?.match(/^\s*\{([^}]*)\}\s*from\s*$/)?.[1];
  if (names === undefined) return false;
  const parts = names
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => part.startsWith('type '));
}

function importsOf(source: string): Import[] {
  return [...source.matchAll(IMPORT_PATTERN)].map((match) => ({
    specifier: (match[4] ?? match[5])!,
    typeOnly: Boolean(match[2]) || namesAreTypesOnly(match[3]),
    dynamic: match[5] !== undefined,
  }));
}

/** The file a relative specifier names: 'x' → x.ts, x.tsx or x/index.ts(x); other files as named. */
function resolveImport(fromFile: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.js$/, ''));
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? null;
}

/**
 * Every circle of static value imports among `files` (Tarjan's strongly connected components), as
 * the files of each circle relative to `root`. Type-only and dynamic imports load nothing at start,
 * so they cannot close a circle.
 */
export function runtimeImportCycles(files: readonly string[], root: string): string[][] {
  const graph = new Map<string, string[]>();
  const known = new Set(files);
  for (const file of files) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .filter((entry) => !entry.typeOnly && !entry.dynamic && entry.specifier.startsWith('.'))
      .map((entry) => resolveImport(file, entry.specifier))
      .filter((target): target is string => target !== null && known.has(target));
    graph.set(file, targets);
  }
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    lowLink.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || graph.get(file)!.includes(file)) {
      cycles.push(component.map((member) => path.relative(root, member)).sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
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
      { specifier: '../commands/settings', typeOnly: false, dynamic: false },
      { specifier: '../context', typeOnly: true, dynamic: false },
      { specifier: './y', typeOnly: false, dynamic: false },
      { specifier: '../routes/alerts', typeOnly: false, dynamic: true },
    ]);
    expect(layerOf.get('engine')).toBeGreaterThan(layerOf.get('commands')!);
    expect(layerOf.get('policies')).toBeGreaterThan(layerOf.get('presenters')!);
  });
});

describe('runtime import cycles', () => {
  it.each(['server', 'core', 'web', 'chat-ui', 'desktop'])(
    'none among the files of packages/%s',
    (name) => {
      const root = path.join(PACKAGES, name, 'src');
      expect(runtimeImportCycles(sourceFiles(root), root)).toEqual([]);
    },
  );

  it('the check finds a circle of value imports and ignores type-only and lazy ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
    const write = (name: string, source: string) => {
      writeFileSync(path.join(dir, name), source);
      return path.join(dir, name);
    };
    try {
      const files = [
        write('a.ts', "import { b } from './b';\nexport const a = b;"),
        write('b.ts', "import { c } from './c';\nexport const b = c;"),
        write('c.ts', "import { a } from './a';\nexport const c = 1;"),
        write('d.ts', "import type { E } from './e';\nimport { type F } from './f';"),
        write('e.ts', "import { d } from './d';\nexport type E = 1;"),
        write('f.ts', "export type F = 1;\nconst later = () => import('./d');"),
      ];
      expect(runtimeImportCycles(files, dir)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
