import { defineProject } from 'vitest/config';

// The shared chat's store and socket connection, with a scripted API and socket on fake timers:
// no DOM is needed, the tests hand in the socket factory and the page address.
export default defineProject({
  test: {
    name: 'chat-ui',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
