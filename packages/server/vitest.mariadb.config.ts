import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { databaseTestFiles } from './test/database-test-files';

// The server suite's database tests again on a throwaway MariaDB (test/mariadb-global-setup.ts);
// each test file gets its own database. Files that start no database run once, on SQLite.
// SKIP_MARIADB=1 replaces the suite by one visibly skipped placeholder (never in CI).
const skip = process.env.SKIP_MARIADB === '1';
if (skip) console.warn('\n⚠  SKIP_MARIADB=1: the server-mariadb project is skipped.\n');

export default defineProject({
  test: {
    name: 'server-mariadb',
    include: skip
      ? ['test/mariadb-skipped.placeholder.ts']
      : databaseTestFiles(fileURLToPath(new URL('.', import.meta.url))),
    // SQLite's own online backup: nothing of it runs on MariaDB (whose way is mariadb-dump).
    exclude: ['src/db/backup.test.ts'],
    globalSetup: skip ? [] : ['test/mariadb-global-setup.ts', 'test/redis-global-setup.ts'],
    provide: { testDatabase: 'mariadb' },
    // One module graph per worker, not per file: each file starts its own server and database
    // through the harness, so nothing it needs is left over from the last; importing the server
    // once per worker instead of once per file halves the suite's time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
