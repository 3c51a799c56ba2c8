import { defineProject } from 'vitest/config';

// The alert engine end to end (tests/e2e-engine): the running server against the marketplace and
// Telegram doubles, a real SMTP mailbox, and for scale-out a throwaway Redis and MariaDB with the
// worker in a process of its own. Files run side by side with the rest of the suite: each drives
// a server of its own, whose timers mostly wait, so they leave the cores to others meanwhile.
const skipMariaDb = process.env.SKIP_MARIADB === '1';

export default defineProject({
  test: {
    name: 'e2e-engine',
    include: ['*.test.ts'],
    globalSetup: [
      '../../packages/server/test/redis-global-setup.ts',
      ...(skipMariaDb ? [] : ['../../packages/server/test/mariadb-global-setup.ts']),
    ],
    provide: { testDatabase: 'sqlite' },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
