import { SCREEN_TEXTS } from '@prijsalarm/core';

/** A failed load with its (Dutch) reason and a retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {SCREEN_TEXTS.common.retry}
      </button>
    </div>
  );
}

/** A polite "loading" line for screen readers and eyes. */
export function Loading() {
  return (
    <p className="loading" role="status">
      {SCREEN_TEXTS.common.loading}
    </p>
  );
}
