/** Building blocks shared by the request schemas: e-mail, names, pages and query-string coercion. */
import { z } from 'zod';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './limits';
import { dutch } from './messages';
import { hasControlCharacters } from './text';
import { isRecordId } from './ids';

export interface EmailMessages {
  required: string;
  invalid: string;
}

const alertFormEmailMessages: EmailMessages = {
  required: ALERT_FIELD_TEXTS.emailRequired,
  invalid: ALERT_FIELD_TEXTS.emailInvalid,
};

/** A required e-mail address: trimmed, lower-cased (addresses are compared case-insensitively). */
export function emailSchema(messages: EmailMessages = alertFormEmailMessages) {
  return z
    .string(dutch({ required: messages.required, invalid: messages.invalid }))
    .trim()
    .min(1, messages.required)
    .max(EMAIL_MAX_LENGTH, messages.invalid)
    .pipe(z.email({ error: messages.invalid }))
    .transform((email) => email.toLowerCase());
}

/** An optional name: trimmed, bounded; an empty string clears it (`null`). */
export const optionalPersonNameSchema = z
  .string(dutch())
  .trim()
  .max(PERSON_NAME_MAX_LENGTH, VALIDATION_TEXTS.tooLong(PERSON_NAME_MAX_LENGTH))
  .transform((name) => (name === '' ? null : name))
  .nullable()
  .optional();

/** A query-string value that is absent, or present but empty, counts as absent. */
export function emptyAsUndefined(value: unknown): unknown {
  if (value === '' || value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** Page number from a query string: an integer ≥ 1, default 1. */
export const pageSchema = z.preprocess(
  emptyAsUndefined,
  z.coerce.number(dutch()).int(VALIDATION_TEXTS.wholeNumber).min(1).default(1),
);

/** Page size from a query string: an integer in 1…max, with a default. */
export function pageSizeSchema(defaultSize: number, max: number) {
  return z.preprocess(
    emptyAsUndefined,
    z.coerce.number(dutch()).int(VALIDATION_TEXTS.wholeNumber).min(1).max(max).default(defaultSize),
  );
}

/** Refuses what no typed one-line value holds (a NUL, a bidi override): never passed to a query. */
const visibleOnly = (value: string) => !hasControlCharacters(value);

/** A trimmed free-text search from a query string; empty means no search. */
export function querySearchSchema(max: number) {
  return z.preprocess(
    emptyAsUndefined,
    z
      .string(dutch())
      .trim()
      .max(max, VALIDATION_TEXTS.tooLong(max))
      .refine(visibleOnly, VALIDATION_TEXTS.controlCharacters)
      .optional(),
  );
}

/** An id of an alert, user or notification: a UUID or a short id. */
export const idSchema = z.string(dutch()).refine(isRecordId);

/** The longest id a path names (UUIDs, payment and chat ids). */

/**
 * The `:id` of a path (`/webhooks/:id`): visible characters only. Its shape and length are left to
 * the command, so an unknown or overlong id still answers that resource's own 404.
 */
export const pathIdSchema = z
  .string(dutch())
  .min(1)
  .refine(visibleOnly, VALIDATION_TEXTS.controlCharacters);

/** Path parameters `{ id }`, for every route that names one record. */
export const idParamsSchema = z.object({ id: pathIdSchema }, dutch());

/** An optional e-mail address: empty or `null` means none; anything else must be valid. */
export function optionalEmailSchema(messages: EmailMessages = alertFormEmailMessages) {
  return z
    .string(dutch({ invalid: messages.invalid }))
    .trim()
    .max(EMAIL_MAX_LENGTH, messages.invalid)
    .transform((email) => (email === '' ? null : email))
    .pipe(
      z
        .email({ error: messages.invalid })
        .transform((email) => email.toLowerCase())
        .nullable(),
    )
    .nullable()
    .optional();
}
