import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests of the web app in Debian's Chromium against the real server (tests/e2e): the
 * global setup starts the server, a real SMTP mailbox and the doubles. Two workers share that
 * server: most of a test is waiting (for a check, a mail, a live event), so two files at a time
 * nearly halve the run on two cores; every test makes its own users and ads, so they do not meet.
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
