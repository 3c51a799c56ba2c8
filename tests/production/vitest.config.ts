import { defineProject } from 'vitest/config';

// A production install of the built app (scripts/pack-production.mjs, what the Dockerfile ships)
// started with plain node: built and pruned once per run, so it runs on its own, once.
export default defineProject({
  test: {
    name: 'production',
    include: ['*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
});
