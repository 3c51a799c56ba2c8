/**
 * The zod schemas of ./filters, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import { CONDITIONS, DELIVERY_METHODS, FUEL_TYPES, SELLER_TYPES } from './filters';
import {
  CAR_MILEAGE_MAX_KM,
  CAR_YEAR_MAX,
  CAR_YEAR_MIN,
  EXCLUDE_WORD_MAX_LENGTH,
  EXCLUDE_WORDS_MAX_COUNT,
} from './limits';
import { dutch } from './messages';

export const deliveryMethodSchema = z.enum(DELIVERY_METHODS, dutch());
export const sellerTypeSchema = z.enum(SELLER_TYPES, dutch());

function uniqueList<T extends string>(values: readonly [T, ...T[]]) {
  return z
    .array(z.enum(values, dutch()), dutch())
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, VALIDATION_TEXTS.duplicateItems);
}

const mileage = z
  .number(dutch({ invalid: ALERT_FIELD_TEXTS.mileageInvalid }))
  .int(ALERT_FIELD_TEXTS.mileageInvalid)
  .min(0, ALERT_FIELD_TEXTS.mileageInvalid)
  .max(CAR_MILEAGE_MAX_KM, ALERT_FIELD_TEXTS.mileageInvalid);

const constructionYear = z
  .number(dutch({ invalid: ALERT_FIELD_TEXTS.yearInvalid }))
  .int(ALERT_FIELD_TEXTS.yearInvalid)
  .min(CAR_YEAR_MIN, ALERT_FIELD_TEXTS.yearInvalid)
  .max(CAR_YEAR_MAX, ALERT_FIELD_TEXTS.yearInvalid);

const excludeWord = z
  .string(dutch())
  .trim()
  .min(1, ALERT_FIELD_TEXTS.excludeWordEmpty)
  .max(EXCLUDE_WORD_MAX_LENGTH, ALERT_FIELD_TEXTS.excludeWordTooLong(EXCLUDE_WORD_MAX_LENGTH));

/**
 * The known optional filters stored in an alert's `customFilters`; unknown keys are rejected so a
 * typo cannot silently disable a filter. Whether car filters fit the alert's category is the
 * server's check (it knows the category's marktplaatsId): see `isCarCategory`, `hasCarFilters`.
 */
export const customFiltersSchema = z
  .strictObject(
    {
      adverteerder: sellerTypeSchema.optional(),
      mileageMin: mileage.optional(),
      mileageMax: mileage.optional(),
      yearMin: constructionYear.optional(),
      yearMax: constructionYear.optional(),
      fuel: uniqueList(FUEL_TYPES).optional(),
      conditions: uniqueList(CONDITIONS).optional(),
      excludeWords: z
        .array(excludeWord, dutch())
        .max(
          EXCLUDE_WORDS_MAX_COUNT,
          ALERT_FIELD_TEXTS.excludeWordsTooMany(EXCLUDE_WORDS_MAX_COUNT),
        )
        .optional(),
      hideReserved: z.boolean(dutch()).optional(),
    },
    dutch(),
  )
  .superRefine((filters, ctx) => {
    const { mileageMin, mileageMax, yearMin, yearMax } = filters;
    if (mileageMin !== undefined && mileageMax !== undefined && mileageMin > mileageMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['mileageMin'],
        message: ALERT_FIELD_TEXTS.mileageMinAboveMax,
        input: mileageMin,
      });
    }
    if (yearMin !== undefined && yearMax !== undefined && yearMin > yearMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['yearMin'],
        message: ALERT_FIELD_TEXTS.yearMinAboveMax,
        input: yearMin,
      });
    }
  });

export type CustomFilters = z.output<typeof customFiltersSchema>;
