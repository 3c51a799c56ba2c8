/**
 * Request validation with core's zod schemas. `validate({ body, query, params })` parses each part
 * and puts the typed result on `req.input`; a failure answers 400
 * `{ error: STRINGS.api.validationFailed, fields }` with core's Dutch field messages.
 *
 *   router.post('/login', ...validated({ body: loginSchema }, async (req, res) => {
 *     const { email, password } = req.input.body; // typed
 *   }));
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { dutchIssueMessage, fieldErrors, STRINGS } from '@prijsalarm/core';
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
    if (Object.keys(fields).length > 0) {
      throw HttpError.badRequest(STRINGS.api.validationFailed, { fields });
    }
    req.input = input;
    next();
  };
}

/** `validate(schemas)` followed by a handler that sees `req.input` typed by the schemas. */
export function validated<S extends RequestSchemas>(
  schemas: S,
  handler: (req: ValidatedRequest<S>, res: Response, next: NextFunction) => unknown,
): [RequestHandler, RequestHandler] {
  return [validate(schemas), handler as unknown as RequestHandler];
}
