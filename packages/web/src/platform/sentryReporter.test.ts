import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ErrorReportingConfig } from '@prijsalarm/core';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  initialized: false,
}));
vi.mock('@sentry/react', () => ({
  init: (options: unknown) => {
    sentry.init(options);
    sentry.initialized = true;
  },
  isInitialized: () => sentry.initialized,
  captureConsoleIntegration: () => ({ name: 'CaptureConsole' }),
  browserTracingIntegration: () => ({ name: 'BrowserTracing' }),
}));

const { startErrorReporter } = await import('./sentryReporter');

interface InitOptions {
  release?: string;
  sampleRate: number;
  tracesSampleRate: number;
  integrations: (defaults: Array<{ name: string }>) => Array<{ name: string }>;
}

function api(config: ErrorReportingConfig): ApiClient {
  return { request: async () => config } as unknown as ApiClient;
}

const SDK_DEFAULTS = [{ name: 'InboundFilters' }, { name: 'BrowserSession' }, { name: 'Dedupe' }];
const CONFIG = { dsn: 'https://key@sentry.example.nl/7', environment: 'production' };

async function start(random: number): Promise<InitOptions> {
  await startErrorReporter(api({ ...CONFIG, release: 'prijsalarm@1.2.3' }), () => random);
  return sentry.init.mock.calls.at(-1)![0] as InitOptions;
}

describe('startErrorReporter', () => {
  beforeEach(() => {
    sentry.init.mockClear();
    sentry.initialized = false;
  });

  it("names the server's release and samples every error and 10 % of traces", async () => {
    const options = await start(0.5);
    expect(options.release).toBe('prijsalarm@1.2.3');
    expect(options.sampleRate).toBe(1);
    expect(options.tracesSampleRate).toBe(0.1);
  });

  it('sends a session (release health) for 10 % of page loads only', async () => {
    const names = (options: InitOptions) => options.integrations(SDK_DEFAULTS).map((i) => i.name);
    expect(names(await start(0.05))).toContain('BrowserSession');
    sentry.initialized = false;
    const unsampled = names(await start(0.1));
    expect(unsampled).not.toContain('BrowserSession');
    // Everything else stays: errors from the console, traces, the SDK's own filters.
    expect(unsampled).toEqual(['InboundFilters', 'Dedupe', 'CaptureConsole', 'BrowserTracing']);
  });

  it('starts nothing without a DSN', async () => {
    expect(await startErrorReporter(api({ dsn: null, environment: null, release: null }))).toBe(
      false,
    );
    expect(sentry.init).not.toHaveBeenCalled();
  });
});
