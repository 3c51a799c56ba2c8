/**
 * The test files that run against a database: those that start one through the harness
 * (support.ts, migration-kit.ts, engine-kit.ts, payments-kit.ts). The MariaDB project runs only
 * these; the rest (pure logic, Redis, doubles) would run the same code twice and could catch
 * nothing new.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const DATABASE_STARTERS =
  /\b(startTestServer|createTestDatabase|createTemplateTestDatabase|createMigratedDatabase|startMigrationKit|useMigrationKit|startEngineKit|startPaymentsServer)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Paths relative to `root` (the server package), for vitest's `include`. */
export function databaseTestFiles(root: string): string[] {
  return ['src', 'test']
    .flatMap((dir) => testFiles(path.join(root, dir)))
    .filter((file) => DATABASE_STARTERS.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file))
    .sort();
}
