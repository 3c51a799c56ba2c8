/**
 * Error reporting: the server's unexpected errors go to a Sentry-protocol service
 * (Sentry or GlitchTip) at SENTRY_DSN. Without a DSN the SDK is never started and every call here
 * does nothing. Nothing personal leaves: e-mail addresses, tokens and password hashes are masked
 * in every text, and cookies, headers, request bodies and the user are dropped (`scrubReport`).
 */
import * as Sentry from '@sentry/node';
import {
  ERROR_REPORTING_DATA_COLLECTION,
  ERROR_REPORTING_SAMPLE_RATES,
  scrubPersonalText,
  scrubReport,
} from '@prijsalarm/core';
import type { ErrorReportingSettings } from '../config/env';

/** Our own handlers report these (main.ts), then exit: Sentry's would report them twice. */
const REPORTED_BY_MAIN = new Set(['OnUncaughtException', 'OnUnhandledRejection']);

/** Core's masking of e-mail addresses, tokens and Argon2 hashes: the same rule as the logs'. */
export const scrubServerText = scrubPersonalText;

/** Starts the SDK when SENTRY_DSN is set; returns whether it did. Call once, early. */
export function startErrorReporting(settings: ErrorReportingSettings | null): boolean {
  if (!settings) return false;
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    dataCollection: ERROR_REPORTING_DATA_COLLECTION,
    sampleRate: ERROR_REPORTING_SAMPLE_RATES.sampleRate,
    tracesSampleRate: ERROR_REPORTING_SAMPLE_RATES.tracesSampleRate,
    // Classic transaction events, which GlitchTip ingests as Sentry does (not streamed spans),
    // and which beforeSendTransaction sees whole.
    traceLifecycle: 'static',
    // The app's modules are imported before the DSN is known: transforming later imports would
    // instrument an arbitrary half. Errors need no hooks; traces keep Node's own HTTP channels.
    enableRuntimeChannelInjection: false,
    // Sessions (release health, 10 % sampled) are the web app's page loads; the SDK would count
    // every request and the process itself, unsampled, so the server sends none.
    integrations: (defaults) =>
      defaults
        .filter((item) => !REPORTED_BY_MAIN.has(item.name) && item.name !== 'ProcessSession')
        .map((item) => (item.name === 'Http' ? Sentry.httpIntegration({ sessions: false }) : item)),
    beforeSend: (event) => scrubReport(event, scrubServerText),
    beforeSendTransaction: (event) => scrubReport(event, scrubServerText),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb, scrubServerText),
  });
  return true;
}

/** Where an error happened, for the report: method and path (masked like everything else). */
export interface ErrorOrigin {
  method?: string;
  url?: string;
}

/** Reports an unexpected error (a 5xx, an unhandled rejection); a no-op without a DSN. */
export function reportError(error: unknown, origin: ErrorOrigin = {}): void {
  if (!Sentry.isInitialized()) return;
  Sentry.withScope((scope) => {
    if (origin.method || origin.url) scope.setContext('origin', { ...origin });
    Sentry.captureException(error);
  });
}

/** Sends what is queued (at shutdown, before a fatal exit); resolves within `timeoutMs`. */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  if (!Sentry.isInitialized()) return;
  await Sentry.flush(timeoutMs);
}
