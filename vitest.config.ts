import { defineConfig } from 'vitest/config';

// One runner for the whole monorepo: every package is a vitest project with its own config.
export default defineConfig({
  test: {
    projects: ['packages/*'],
  },
});
