/**
 * The zod schema of ./priceDrop, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import { dutch } from '../validation/messages';
import { PRICE_DROP_PERCENT_MAX, PRICE_DROP_PERCENT_MIN } from './priceDrop';
import { PRICE_DROP_TEXTS } from './strings';

const percentSchema = z
  .number(dutch({ invalid: PRICE_DROP_TEXTS.form.percentInvalid }))
  .int(PRICE_DROP_TEXTS.form.percentInvalid)
  .min(PRICE_DROP_PERCENT_MIN, PRICE_DROP_TEXTS.form.percentInvalid)
  .max(PRICE_DROP_PERCENT_MAX, PRICE_DROP_TEXTS.form.percentInvalid);

/** `priceDrop: {enabled, percent?}` in create, update and manage payloads. */
export const priceDropSchema = z.strictObject(
  {
    enabled: z.boolean(dutch()),
    percent: percentSchema.nullable().optional(),
  },
  dutch(),
);
