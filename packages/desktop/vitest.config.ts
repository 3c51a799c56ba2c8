import { defineProject } from 'vitest/config';

// The tray app's main-process logic in Node: unit tests beside the code (src/**/*.test.ts) and,
// in test/, the connection and notifier against the real server and the marketplace double
// (Electron's Notification replaced by a recording fake at the binding layer only). Each
// integration file drives a server of its own.
export default defineProject({
  test: {
    name: 'desktop',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    provide: { testDatabase: 'sqlite' },
    // electron-store imports electron: processed by vitest, it gets the stand-in the binding
    // layer's tests mock electron with.
    server: { deps: { inline: ['electron-store'] } },
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
