/**
 * Throw an HttpError from any handler (sync or async; Express 5 forwards rejected promises) and
 * the error handler answers `{ error, ...extra }` with its status. Anything else becomes a 500.
 */
import { API_TEXTS, type ApiErrorBody } from '@prijsalarm/core';

export type ErrorExtra = Omit<ApiErrorBody, 'error'>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** Dutch, shown to the user. */
    message: string,
    readonly extra: ErrorExtra = {},
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get body(): ApiErrorBody {
    return { error: this.message, ...this.extra };
  }

  static badRequest(message: string = API_TEXTS.validationFailed, extra?: ErrorExtra) {
    return new HttpError(400, message, extra);
  }

  static unauthenticated(message: string = API_TEXTS.unauthenticated) {
    return new HttpError(401, message);
  }

  static forbidden(message: string = API_TEXTS.forbidden, extra?: ErrorExtra) {
    return new HttpError(403, message, extra);
  }

  static notFound(message: string = API_TEXTS.notFound) {
    return new HttpError(404, message);
  }

  static tooManyRequests(retryAfterSeconds: number, message: string = API_TEXTS.tooManyRequests) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new HttpError(429, message, { retryAfter: seconds }, { 'Retry-After': String(seconds) });
  }
}
