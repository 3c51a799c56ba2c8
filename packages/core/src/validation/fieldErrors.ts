/**
 * zod errors as `{ field: message }`: the server answers `{ error, fields }` with it and forms show
 * the message next to the field it names.
 */
import type { z } from 'zod';
import { VALIDATION_TEXTS } from './strings';
import { API_TEXTS } from '../api/strings';
import { dutchIssueMessage } from './messages';

/** The key of a problem with the whole input rather than one field (e.g. a body that is no object). */
export const FORM_ERROR_KEY = '_form';

function pathKey(path: readonly PropertyKey[]): string {
  return path.length === 0 ? FORM_ERROR_KEY : path.map(String).join('.');
}

/** The first Dutch message per dotted path (`customFilters.mileageMin`). Unknown keys each get their own entry. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  const add = (key: string, message: string) => {
    if (!(key in fields)) fields[key] = message;
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // zod puts unknown keys on the object; the form wants them on the key itself.
      const message = VALIDATION_TEXTS.unknownField;
      for (const key of issue.keys) add(pathKey([...issue.path, key]), message);
    } else {
      add(pathKey(issue.path), issue.message);
    }
  }
  return fields;
}

export type ValidationResult<T> =
  { success: true; data: T } | { success: false; error: string; fields: Record<string, string> };

/**
 * Parses and, on failure, gives the first message as `error` and all of them as `fields`:
 * exactly the `{ error, fields }` of an API error body. Any issue a schema left without a Dutch
 * text still gets one.
 */
export function validateInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input, { error: dutchIssueMessage });
  if (result.success) return { success: true, data: result.data };
  const fields = fieldErrors(result.error);
  const error = Object.values(fields)[0] ?? API_TEXTS.validationFailed;
  return { success: false, error, fields };
}

/** The top-level fields that already have a message: a rule between fields waits for them. */
export function refusedFields(issues: readonly { path?: readonly PropertyKey[] }[]): Set<string> {
  return new Set(issues.map((issue) => String(issue.path?.[0] ?? '')));
}

/**
 * The params of a check between an object's fields that runs beside the fields' own messages, so
 * a form shows every message at once: zod skips such a check after any refused field unless asked.
 */
export const BESIDE_FIELD_ERRORS = {
  when: (payload: { value: unknown }): boolean =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};
