import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'core',
    include: ['src/**/*.test.ts'],
    // One module graph for all files: core is pure functions and constants, and importing it once
    // instead of once per file takes a quarter of the time.
    isolate: false,
  },
});
