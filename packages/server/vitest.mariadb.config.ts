import { defineProject } from 'vitest/config';

// The same server suite on a throwaway MariaDB (test/mariadb-global-setup.ts); each test file
// gets its own database. SKIP_MARIADB=1 replaces the suite by one visibly skipped placeholder.
const skip = process.env.SKIP_MARIADB === '1';
if (skip) console.warn('\n⚠  SKIP_MARIADB=1: the server-mariadb project is skipped.\n');

export default defineProject({
  test: {
    name: 'server-mariadb',
    include: skip
      ? ['test/mariadb-skipped.placeholder.ts']
      : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: skip ? [] : ['test/mariadb-global-setup.ts', 'test/redis-global-setup.ts'],
    provide: { testDatabase: 'mariadb' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
