/**
 * Alert filters: delivery method, seller type, item condition, the car filters of the car
 * category and the other `customFilters`.
 */
import { CAR_CATEGORY_MARKTPLAATS_ID } from '../constants';

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
 * so a search maps the facet's Dutch label (ALERT_FIELD_TEXTS.fuelLabels) to the id it reports.
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

export type { CustomFilters } from './filtersSchema';
