import { defineProject } from 'vitest/config';

// The server suite on SQLite (the embedded default): each test file gets its own database file.
export default defineProject({
  test: {
    name: 'server-sqlite',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    provide: { testDatabase: 'sqlite' },
    // One module graph per worker, not per file: each file starts its own server and database
    // through the harness, so nothing it needs is left over from the last; importing the server
    // once per worker instead of once per file halves the suite's time.
    isolate: false,
    // A throwaway Redis for the BullMQ tests (SKIP_REDIS=1 skips them).
    globalSetup: ['test/redis-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
