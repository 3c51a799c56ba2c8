import { defineConfig } from '@playwright/test';

/**
 * The specs that measure the page itself (its first-load JavaScript, what moves while it takes
 * over from the prerendered HTML): they run last, on a fresh server that no other test has loaded
 * with alerts.
 */
const MEASURING = /home-(budget|prerender)\.spec\.ts/;

/**
 * End-to-end tests of the web app in Debian's Chromium against the real server (tests/e2e): each
 * worker starts its own server, SMTP mailbox and doubles (support/stack.ts). One worker: on two
 * cores a second one gained little (the tests' Chromium and server then compete for the same
 * cores) and made the slowest waits miss their marks. No retries: a flaky test is fixed, not
 * retried.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  projects: [
    { name: 'app', testIgnore: MEASURING },
    // Listed last: one worker runs the projects in this order.
    { name: 'measured', testMatch: MEASURING },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds the summary line of .ci/run.
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-report.json' }]],
  use: {
    browserName: 'chromium',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
});
