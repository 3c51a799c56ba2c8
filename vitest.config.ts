import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo: each entry is a vitest project with its own config. The
// server suite runs twice, once on SQLite and once on a throwaway MariaDB; e2e-engine drives the
// whole running server (engine and delivery) end to end.
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/web',
      'packages/desktop',
      'packages/server/vitest.sqlite.config.ts',
      'packages/server/vitest.mariadb.config.ts',
      'tests/e2e-engine/vitest.config.ts',
      'tests/production/vitest.config.ts',
    ],
    // Every core, not vitest's default of all but one (one worker on a 2-core machine). The server
    // suites wait on databases, Redis and timers: two workers halve their 1 050 s. Projects with
    // fileParallelism: false (desktop, e2e-engine) still run one file at a time, after the rest.
    maxWorkers: '100%',
    // In CI (.ci/run) a JSON report too, for the summary line; `npm test` then runs Playwright.
    ...(process.env.CI
      ? { reporters: ['default', 'json'], outputFile: { json: '.tmp/vitest-report.json' } }
      : {}),
  },
});
