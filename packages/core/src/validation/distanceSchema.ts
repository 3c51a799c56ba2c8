/**
 * The zod schema of ./distance, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import { DISTANCE_OPTIONS_KM } from '../constants';
import { ALERT_FIELD_TEXTS } from './strings';

/**
 * An optional distance in a request: an offered option (a select may send it as a string), or
 * `null`/empty for the whole country.
 */
export const distanceSchema = z
  .union([z.number(), z.string(), z.null()], { error: ALERT_FIELD_TEXTS.distanceInvalid })
  .transform((value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? null : Number(value);
  })
  .pipe(z.literal(DISTANCE_OPTIONS_KM, { error: ALERT_FIELD_TEXTS.distanceInvalid }).nullable())
  .optional();
