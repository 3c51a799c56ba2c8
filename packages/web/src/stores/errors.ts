import { API_CLIENT_TEXTS, isApiError } from '@prijsalarm/core';

/** The Dutch text to show for a failed call: the server's `error`, or the client's own. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  console.error(error);
  return API_CLIENT_TEXTS.unexpected;
}
