/**
 * The zod schemas of ./filters, apart from its plain helpers: a client that only formats or
 * checks as typed (the home page's guest form) loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import { STRINGS } from '../strings';
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
    .refine((list) => new Set(list).size === list.length, STRINGS.validation.duplicateItems);
}

const mileage = z
  .number(dutch({ invalid: STRINGS.alertForm.mileageInvalid }))
  .int(STRINGS.alertForm.mileageInvalid)
  .min(0, STRINGS.alertForm.mileageInvalid)
  .max(CAR_MILEAGE_MAX_KM, STRINGS.alertForm.mileageInvalid);

const constructionYear = z
  .number(dutch({ invalid: STRINGS.alertForm.yearInvalid }))
  .int(STRINGS.alertForm.yearInvalid)
  .min(CAR_YEAR_MIN, STRINGS.alertForm.yearInvalid)
  .max(CAR_YEAR_MAX, STRINGS.alertForm.yearInvalid);

const excludeWord = z
  .string(dutch())
  .trim()
  .min(1, STRINGS.alertForm.excludeWordEmpty)
  .max(EXCLUDE_WORD_MAX_LENGTH, STRINGS.alertForm.excludeWordTooLong(EXCLUDE_WORD_MAX_LENGTH));

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
          STRINGS.alertForm.excludeWordsTooMany(EXCLUDE_WORDS_MAX_COUNT),
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
        message: STRINGS.alertForm.mileageMinAboveMax,
        input: mileageMin,
      });
    }
    if (yearMin !== undefined && yearMax !== undefined && yearMin > yearMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['yearMin'],
        message: STRINGS.alertForm.yearMinAboveMax,
        input: yearMin,
      });
    }
  });

export type CustomFilters = z.output<typeof customFiltersSchema>;
