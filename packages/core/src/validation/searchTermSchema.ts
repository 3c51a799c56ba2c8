/**
 * The zod schema of ./searchTerm, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import { ALERT_FIELD_TEXTS } from './strings';
import { dutch } from './messages';
import { searchTermError } from './searchTerm';

/** A search term as sent: trimmed and valid. */
export const searchTermSchema = z
  .string(dutch({ required: ALERT_FIELD_TEXTS.searchTermRequired }))
  .trim()
  .superRefine((term, ctx) => {
    const message = searchTermError(term);
    if (message !== null) ctx.addIssue({ code: 'custom', message, input: term });
  });
