/**
 * Alert filters: delivery method, seller type, item condition, the car filters of the car
 * category and the other `customFilters` (spec §3, §5).
 */
import { z } from 'zod';
import { CAR_CATEGORY_MARKTPLAATS_ID } from '../constants';
import { STRINGS } from '../strings';
import {
  CAR_MILEAGE_MAX_KM,
  CAR_YEAR_MAX,
  CAR_YEAR_MIN,
  EXCLUDE_WORD_MAX_LENGTH,
  EXCLUDE_WORDS_MAX_COUNT,
} from './limits';
import { dutch } from './messages';

export const DELIVERY_METHODS = ['both', 'pickup', 'shipping'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** The marketplaces' delivery attribute value ids (`attributesById[]`); 'both' filters nothing. */
export const DELIVERY_METHOD_ATTRIBUTE_IDS: Record<Exclude<DeliveryMethod, 'both'>, number> = {
  pickup: 33,
  shipping: 34,
};

export const SELLER_TYPES = ['all', 'private', 'business'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

export const CONDITIONS = ['new', 'as_good_as_new', 'used', 'refurbished', 'not_working'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** The condition facet's value ids, the same on both marketplaces (`attributesById[]`). */
export const CONDITION_ATTRIBUTE_IDS: Record<Condition, number> = {
  new: 30,
  as_good_as_new: 31,
  used: 32,
  refurbished: 14050,
  not_working: 13940,
};

/**
 * Fuel types of the car category's `fuel` facet. Their value ids are not stable across sources,
 * so a search maps the facet's Dutch label (STRINGS.alertForm.fuelLabels) to the id it reports.
 */
export const FUEL_TYPES = [
  'petrol',
  'diesel',
  'electric',
  'hybrid_petrol',
  'hybrid_diesel',
  'lpg',
  'cng',
  'hydrogen',
  'other',
] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** The car category (marktplaatsId 91) gets the car filters, and its advertiser filter replaces seller type. */
export function isCarCategory(category: { marktplaatsId: number } | null | undefined): boolean {
  return category?.marktplaatsId === CAR_CATEGORY_MARKTPLAATS_ID;
}

export const CAR_FILTER_KEYS = [
  'adverteerder',
  'mileageMin',
  'mileageMax',
  'yearMin',
  'yearMax',
  'fuel',
] as const;

export function hasCarFilters(filters: Record<string, unknown> | null | undefined): boolean {
  return CAR_FILTER_KEYS.some((key) => filters?.[key] !== undefined);
}

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
