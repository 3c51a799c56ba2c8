import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo: each entry is a vitest project with its own config. The
// server suite runs twice, once on SQLite and once on a throwaway MariaDB.
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/web',
      'packages/server/vitest.sqlite.config.ts',
      'packages/server/vitest.mariadb.config.ts',
    ],
  },
});
