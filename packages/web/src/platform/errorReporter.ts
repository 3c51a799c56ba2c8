/**
 * The error reporter (spec §8: console errors are forwarded), loaded lazily after consent by
 * ./errorReporting. It asks the server for the DSN (none: nothing is started) and starts
 * @sentry/react with the sample rates of spec §9. Nothing personal is sent: nothing personal collected (dataCollection), and
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
  type ApiClient,
} from '@prijsalarm/core';

export async function startErrorReporter(api: ApiClient): Promise<boolean> {
  if (isInitialized()) return true;
  const { dsn, environment } = await api.request(API_CONTRACT.errorReporting.config);
  if (!dsn) return false;
  init({
    dsn,
    environment: environment ?? undefined,
    dataCollection: ERROR_REPORTING_DATA_COLLECTION,
    sampleRate: ERROR_REPORTING_SAMPLE_RATES.sampleRate,
    tracesSampleRate: ERROR_REPORTING_SAMPLE_RATES.tracesSampleRate,
    // Classic transaction events, which GlitchTip ingests as Sentry does (not streamed spans),
    // and which beforeSendTransaction sees whole.
    traceLifecycle: 'static',
    // Replay is not loaded (it would record the page); these apply the day it is.
    replaysSessionSampleRate: ERROR_REPORTING_SAMPLE_RATES.replaysSessionSampleRate,
    replaysOnErrorSampleRate: ERROR_REPORTING_SAMPLE_RATES.replaysOnErrorSampleRate,
    integrations: [captureConsoleIntegration({ levels: ['error'] }), browserTracingIntegration()],
    beforeSend: (event) => scrubReport(event, scrubPersonalText),
    beforeSendTransaction: (event) => scrubReport(event, scrubPersonalText),
    beforeBreadcrumb: (breadcrumb) => scrubReport(breadcrumb, scrubPersonalText),
  });
  return true;
}
