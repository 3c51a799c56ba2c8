/**
 * Request validation with core's zod schemas. `validate({ body, query, params })` parses each part
 * and puts the typed result on `req.input`; a failure answers 400
 * `{ error: API_TEXTS.validationFailed, fields }` with core's Dutch field messages. Contract
 * routes pass the schemas as `route(endpoint, { schemas: { body: loginSchema } }, handler)`;
 * `parseWith` is the same check for a handler that picks its schema itself.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { API_TEXTS, dutchIssueMessage, fieldErrors } from '@prijsalarm/core';
import { HttpError } from './errors';

export interface RequestSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

export type ValidatedInput<S extends RequestSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

export type ValidatedRequest<S extends RequestSchemas> = Request & { input: ValidatedInput<S> };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `validate`; use `ValidatedRequest<typeof schemas>` for its type. */
      input?: unknown;
    }
  }
}

const PARTS = ['params', 'query', 'body'] as const;

function invalid(fields: Record<string, string>): HttpError {
  return HttpError.badRequest(API_TEXTS.validationFailed, { fields });
}

export function validate(schemas: RequestSchemas): RequestHandler {
  return (req, _res, next) => {
    const input: Record<string, unknown> = {};
    const fields: Record<string, string> = {};
    for (const part of PARTS) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part] ?? {}, { error: dutchIssueMessage });
      if (result.success) input[part] = result.data;
      else Object.assign(fields, { ...fieldErrors(result.error), ...fields });
    }
    if (Object.keys(fields).length > 0) throw invalid(fields);
    req.input = input;
    next();
  };
}

/** One request part parsed with `schema`, or the same Dutch 400 as `validate`. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {}, { error: dutchIssueMessage });
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

/** `validate(schemas)` followed by a handler that sees `req.input` typed by the schemas. */
export function validated<S extends RequestSchemas>(
  schemas: S,
  handler: (req: ValidatedRequest<S>, res: Response, next: NextFunction) => unknown,
): [RequestHandler, RequestHandler] {
  return [validate(schemas), handler as unknown as RequestHandler];
}
