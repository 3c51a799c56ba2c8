/**
 * The error reporter (console errors are forwarded too), loaded lazily after consent by
 * ./errorReporting. It asks the server for the DSN (none: nothing is started) and starts
 * @sentry/react with core's sample rates (10 % of traces and of sessions, every error) and
 * the server's release name. Nothing personal is sent: nothing personal collected (dataCollection), and
 * every event, transaction and breadcrumb has its e-mail addresses and tokens masked and its
 * cookies, headers and user dropped (core's scrubReport).
 */
import {
  browserTracingIntegration,
  captureConsoleIntegration,
  init,
  isInitialized,
} from '@sentry/react';
import {
  API_CONTRACT,
  ERROR_REPORTING_DATA_COLLECTION,
  ERROR_REPORTING_SAMPLE_RATES,
  scrubPersonalText,
  scrubReport,
  sessionSampled,
  type ApiClient,
} from '@prijsalarm/core';

/** The SDK's default integration that sends one release-health session per page load. */
const SESSION_INTEGRATION = 'BrowserSession';

export async function startErrorReporter(
  api: ApiClient,
  random: () => number = Math.random,
): Promise<boolean> {
  if (isInitialized()) return true;
  const { dsn, environment, release } = await api.request(API_CONTRACT.errorReporting.config);
  if (!dsn) return false;
  // 10 % of sessions (the SDK sends every page load's); traces are sampled by the SDK.
  const withSession = sessionSampled(random);
  init({
    dsn,
    environment: environment ?? undefined,
    release: release ?? undefined,
    dataCollection: ERROR_REPORTING_DATA_COLLECTION,
    sampleRate: ERROR_REPORTING_SAMPLE_RATES.sampleRate,
    tracesSampleRate: ERROR_REPORTING_SAMPLE_RATES.tracesSampleRate,
    // Classic transaction events, which GlitchTip ingests as Sentry does (not streamed spans),
    // and which beforeSendTransaction sees whole.
    traceLifecycle: 'static',
    // Replay is not loaded (it would record the page); these apply the day it is.
    replaysSessionSampleRate: ERROR_REPORTING_SAMPLE_RATES.replaysSessionSampleRate,
    replaysOnErrorSampleRate: ERROR_REPORTING_SAMPLE_RATES.replaysOnErrorSampleRate,
    integrations: (defaults) => [
      ...defaults.filter((item) => withSession || item.name !== SESSION_INTEGRATION),
      captureConsoleIntegration({ levels: ['error'] }),
      browserTracingIntegration(),
    ],
    beforeSend: (event) => scrubReport(event, scrubPersonalText),
    beforeSendTransaction: (event) => scrubReport(event, scrubPersonalText),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb, scrubPersonalText),
  });
  return true;
}
