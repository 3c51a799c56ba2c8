import { defineConfig } from '@playwright/test';

/**
 * The specs that measure the page itself (its first-load JavaScript, what moves while it takes
 * over from the prerendered HTML): they run last and alone, on a fresh server that no other test
 * has loaded with alerts (to run one of them without the rest first: `--no-deps`).
 */
const MEASURING = /home-(budget|prerender)\.spec\.ts/;

/**
 * End-to-end tests of the web app in Debian's Chromium against the real server (tests/e2e). Two
 * workers, and each starts its own server, SMTP mailbox and doubles (support/stack.ts), so neither
 * waits on the other's engine or SQLite writer. A test mostly waits (for the engine, the mailbox,
 * the page); on a busy machine a step may take longer than alone, hence 20 s for an expectation.
 * No retries: a flaky test is fixed, not retried.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  projects: [
    { name: 'app', testIgnore: MEASURING },
    { name: 'measured', testMatch: MEASURING, dependencies: ['app'], workers: 1 },
  ],
  timeout: 60_000,
  expect: { timeout: 20_000 },
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
