/**
 * Error reporting starts only once the visitor accepted the cookie banner ('all'), and only then
 * is the reporter (@sentry/react, in its own chunk) downloaded: before consent nothing is
 * loaded, asked or sent, and the home route's first load carries none of it.
 */
import { when } from 'mobx';
import type { ApiClient } from '@prijsalarm/core';
// Its type only: the module itself is imported below, lazily.
import type * as ReporterModule from './sentryReporter';

export interface ErrorReportingDeps {
  ui: { readonly errorReportingAllowed: boolean };
  api: ApiClient;
}

type Reporter = typeof ReporterModule;

export function reportErrorsAfterConsent(
  deps: ErrorReportingDeps,
  load: () => Promise<Reporter> = () => import('./sentryReporter'),
): () => void {
  return when(
    () => deps.ui.errorReportingAllowed,
    () => {
      // A failed download or config request only means no reports; it must not disturb the page.
      load()
        .then((reporter) => reporter.startErrorReporter(deps.api))
        .catch(() => undefined);
    },
  );
}
