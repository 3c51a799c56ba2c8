/**
 * The files the server reads at run time, found the same way whether it runs from its TypeScript
 * sources (tsx, vitest) or from the build (`npm run build`: one bundle in packages/server/dist,
 * which may also run from a production install elsewhere): through the installed package
 * `@prijsalarm/server` (a workspace link to packages/server), not through this module's own
 * location, which differs between a source file and the bundle it was compiled into.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const resolveFromHere = createRequire(import.meta.url).resolve;

/** packages/server. */
export const SERVER_DIR = path.dirname(resolveFromHere('@prijsalarm/server/package.json'));

/** The server package's manifest: its version names the release in error reports. */
export const SERVER_PACKAGE_JSON = path.join(SERVER_DIR, 'package.json');

/** packages/web/dist: the built web app, served when it has been built. */
export const WEB_DIST_DIR = path.join(SERVER_DIR, '..', 'web', 'dist');

/** Where `npm run build` writes the compiled server: main.js, its chunks, migrations and seeders. */
export const SERVER_BUILD_DIR = path.join(SERVER_DIR, 'dist');

/** True in the compiled server; false under tsx or vitest, which load the .ts sources. */
export const RUNS_COMPILED = !/\.[cm]?tsx?$/.test(new URL(import.meta.url).pathname);

/**
 * Migrations and seeders (`migrations/`, `seeders/`): the TypeScript sources in <repo>/db, or
 * their compiled copies beside the build, since the production install has no TypeScript loader.
 */
export const DB_DIR = RUNS_COMPILED ? SERVER_BUILD_DIR : path.join(SERVER_DIR, '..', '..', 'db');
