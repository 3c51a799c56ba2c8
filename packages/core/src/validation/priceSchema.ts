/**
 * The zod schema of ./price, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates (issue 14, Budget).
 */
import { z } from 'zod';
import { MAX_PRICE, MIN_PRICE } from '../constants';
import { STRINGS } from '../strings';
import { parsePrice } from './price';

/**
 * An optional price in a request: a number, a numeric string (`'12,50'`) or `null`/empty for none.
 * Unlike the form, the server rejects an unreadable string instead of dropping it.
 */
export const priceSchema = z
  .union([z.number(), z.string(), z.null()], { error: STRINGS.alertForm.priceInvalid })
  .transform((value) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return null;
    return parsePrice(value) ?? Number.NaN;
  })
  .pipe(
    z
      .number({ error: STRINGS.alertForm.priceInvalid })
      .min(MIN_PRICE, STRINGS.alertForm.priceTooLow)
      .max(MAX_PRICE, STRINGS.alertForm.priceTooHigh)
      .nullable(),
  )
  .optional();
