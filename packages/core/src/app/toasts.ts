/**
 * Toasts and which toast a failed application start shows. Shared by the web and desktop apps.
 */
import { TOAST_DEFAULT_DURATION_MS } from '../constants';
import { APP_TEXTS } from './strings';

export const TOAST_TYPES = ['info', 'success', 'error', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** How long a toast stays when the caller names no duration. */
export function toastDuration(durationMs?: number): number {
  return durationMs !== undefined && Number.isFinite(durationMs) && durationMs > 0
    ? durationMs
    : TOAST_DEFAULT_DURATION_MS;
}

export interface ToastContent {
  type: ToastType;
  message: string;
}

/**
 * A rate-limited start (429) says the app is loading, a failing secure storage (a message
 * mentioning crypto) says an alternative is used, anything else is an error.
 */
export function appInitFailureToast(error: unknown): ToastContent {
  const record =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  if (record.status === 429) return { type: 'info', message: APP_TEXTS.startup.loading };
  const message =
    typeof record.message === 'string' ? record.message : typeof error === 'string' ? error : '';
  if (/crypto/i.test(message)) {
    return { type: 'warning', message: APP_TEXTS.startup.secureStorageUnavailable };
  }
  return { type: 'error', message: APP_TEXTS.startup.loadError };
}
