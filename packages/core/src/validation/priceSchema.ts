/**
 * The zod schema of ./price, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import { ALERT_FIELD_TEXTS } from './strings';
import { parsePrice } from './price';

/**
 * An optional price in a request: a number (euros), a price as typed (`'1.000,50'`, `'€ 400'`,
 * read by `parsePrice`), or `null`/empty for none. An unreadable or out-of-range price is refused
 * with the parser's Dutch message, never dropped.
 */
export const priceSchema = z
  .union([z.number(), z.string(), z.null()], { error: ALERT_FIELD_TEXTS.priceInvalid })
  .transform((value, ctx) => {
    const parsed = parsePrice(value);
    if (parsed.kind === 'amount') return parsed.euros;
    if (parsed.kind === 'empty') return null;
    ctx.addIssue({ code: 'custom', message: parsed.message, input: value });
    return z.NEVER;
  })
  .optional();
