import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo: each entry is a vitest project with its own config. The
// server suite runs twice, once on SQLite and once on a throwaway MariaDB; e2e-engine drives the
// whole running server (engine and delivery) end to end.
export default defineConfig({
  test: {
    projects: [
      'packages/core',
      'packages/chat-ui',
      'packages/web',
      'packages/desktop',
      'packages/server/vitest.sqlite.config.ts',
      'packages/server/vitest.mariadb.config.ts',
      'tests/e2e-engine/vitest.config.ts',
      'tests/production/vitest.config.ts',
    ],
    // Twice as many workers as cores: most files wait on databases, Redis, sockets and timers
    // (with a worker per core the cores were idle 45 % of the time); four workers on two cores
    // run the suite in 510 s instead of 710 s. A number, because vitest caps a percentage at the
    // number of cores.
    maxWorkers: 2 * availableParallelism(),
    // In CI (.ci/run) a JSON report too, for the summary line; `npm test` then runs Playwright.
    ...(process.env.CI
      ? { reporters: ['default', 'json'], outputFile: { json: '.tmp/vitest-report.json' } }
      : {}),
  },
});
