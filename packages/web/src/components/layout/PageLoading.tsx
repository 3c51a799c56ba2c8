import { WEB_TEXTS } from '@prijsalarm/core';

/** Shown while a page's code or data loads. */
export function PageLoading({ label = WEB_TEXTS.shell.pageLoading }: { label?: string }) {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
