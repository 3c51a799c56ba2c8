import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    environmentOptions: {
      happyDOM: {
        url: 'http://localhost:3000/',
        // The API double listens on another port of 127.0.0.1; the app itself is same-origin.
        settings: { fetch: { disableSameOriginPolicy: true } },
      },
    },
    setupFiles: ['src/test/setup.ts'],
    // Above the 5 s a `findBy…` may wait for a lazily loaded scene (src/test/setup.ts).
    testTimeout: 15_000,
  },
});
