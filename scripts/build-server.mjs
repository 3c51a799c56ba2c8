#!/usr/bin/env node
/**
 * `npm run build -w @prijsalarm/server`: the server compiled to JavaScript for `npm start` and
 * production, in packages/server/dist: main.js (with @prijsalarm/core compiled in), backup.js
 * (`npm run backup` and `npm run restore`), migrate.js (`npm run db:migrate`), the migrations and seeders as migrations/*.js and
 * seeders/*.js, and a source map for each (`node --enable-source-maps` shows TypeScript lines in
 * stack traces).
 *
 * Bundled by esbuild rather than emitted by tsc: the sources import each other without file
 * extensions (moduleResolution "bundler"), which Node's ES module loader refuses, and core is
 * published as TypeScript; a bundle resolves both at build time without touching a source file.
 * Type checking stays with `tsc -b`. Every npm package stays outside the bundle, loaded from
 * node_modules as installed by `npm ci --omit=dev` (native ones like sqlite3 and argon2 cannot be
 * bundled, and sequelize loads its database driver by name).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** The packages production installs for the server: every import outside the bundle is one. */
function runtimePackages() {
  const manifest = (file) => JSON.parse(readFileSync(at(file), 'utf8'));
  return new Set(
    ['packages/server/package.json', 'packages/core/package.json'].flatMap((file) =>
      Object.keys(manifest(file).dependencies ?? {}),
    ),
  );
}

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/**
 * Workspace packages (`@prijsalarm/*`, TypeScript) are compiled in; any other package stays
 * external and must be a runtime dependency, or production would fail to find it.
 */
const externalPackages = (alsoAllowed) => ({
  name: 'external-packages',
  setup(esbuild) {
    const allowed = new Set([...runtimePackages(), ...alsoAllowed]);
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@prijsalarm/')) return undefined;
      const name = packageName(args.path);
      if (!allowed.has(name)) {
        return {
          errors: [
            {
              text: `${name} is imported by ${path.relative(root, args.importer)} but is not a dependency of @prijsalarm/server (production installs only those)`,
            },
          ],
        };
      }
      return { path: args.path, external: true };
    });
  },
});

/** `NNNN-what.ts` files of a db/ folder as entry points named `<folder>/NNNN-what`. */
function dbEntries(folder) {
  return Object.fromEntries(
    readdirSync(at('db', folder))
      .filter((file) => /^\d{4}-[\w-]+\.ts$/.test(file))
      .map((file) => [`${folder}/${file.replace(/\.ts$/, '')}`, at('db', folder, file)]),
  );
}

/**
 * The options every compiled build of server code shares (the engine bench reuses them, and may
 * name development packages of its own that stay external: `alsoExternal`).
 */
export function serverBuildOptions({ entryPoints, outdir, alsoExternal = [] }) {
  return {
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // The roles are imported only when started (services/index.ts): they stay separate chunks,
    // shared with the migrations where they import the same code.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    // Stack traces need the mappings only; the sources are in the repository.
    sourcesContent: false,
    plugins: [externalPackages(alsoExternal)],
    logLevel: 'warning',
  };
}

export const SERVER_DIST = at('packages/server/dist');

export async function buildServer() {
  rmSync(SERVER_DIST, { recursive: true, force: true });
  const started = Date.now();
  await build(
    serverBuildOptions({
      entryPoints: {
        main: at('packages/server/src/main.ts'),
        // `npm run backup` and `npm run restore`: they run where the server runs, tsx or not.
        backup: at('packages/server/src/db/backup-cli.ts'),
        // `npm run db:migrate`, for an operator who migrates before starting the new version.
        migrate: at('packages/server/src/db/migrate-cli.ts'),
        ...dbEntries('migrations'),
        ...dbEntries('seeders'),
      },
      outdir: SERVER_DIST,
    }),
  );
  console.log(
    `server: built into ${path.relative(root, SERVER_DIST)} in ${Date.now() - started} ms`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
