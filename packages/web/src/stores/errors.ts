import { STRINGS, isApiError } from '@prijsalarm/core';

/** The Dutch text to show for a failed call: the server's `error`, or the client's own. */
export function errorText(error: unknown): string {
  if (isApiError(error)) return error.message;
  console.error(error);
  return STRINGS.apiClient.unexpected;
}
