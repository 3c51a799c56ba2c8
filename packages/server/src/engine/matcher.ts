/**
 * Does a new listing match one alert? Pure: the alert's filters are resolved once per check
 * (`alertFilters`, with the owner's current plan and the settings), then every new listing of the
 * search is put through `matchListing`. The search API has already applied the server-side part
 * (query, categories, price range, postcode + distance, delivery, conditions); those are checked
 * again here where the listing tells, so a search shared with looser alerts still fits each one.
 *
 * Decisions:
 * - A listing without an amount (bidding, "zie omschrijving", …) passes a maximum price and fails a
 *   minimum above 0, as the marketplace's own price filter treats them (they carry 0 cents).
 *   FREE counts as 0.
 * - Values the listing does not tell (delivery, condition, car mileage/year/fuel) pass: the search
 *   API has filtered on them where it can, and dropping an ad for missing data loses real matches.
 * - Seller type: search results only reveal businesses (Admarkt ids, business traits). A 'business'
 *   filter needs that mark. A 'private' filter fails on it, and otherwise needs the ad page
 *   (reason 'seller-type-unknown') unless `detailRead`; a seller the page did not classify either
 *   counts as private (no business mark anywhere).
 */
import {
  ALERT_FIELD_TEXTS,
  CONDITIONS,
  FUEL_TYPES,
  type Condition,
  type FuelType,
  type Plan,
} from '@prijsalarm/core';
import type { Alert, DeliveryMethod, SellerType } from '../models';
import { alertConditions } from './alert-search';
import { foldText } from './feed/query-rules';
import type { Listing } from './marketplace';

export interface AlertFilters {
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** The seller filter in force: the car category's adverteerder replaces sellerType. */
  sellerType: SellerType;
  /** Resolved from the owner's plan, the alert's toggle and the filterPaidAds setting. */
  includePaidAds: boolean;
  onlyWithImages: boolean;
  deliveryMethod: DeliveryMethod;
  conditions: Condition[];
  mileageMinKm: number | null;
  mileageMaxKm: number | null;
  yearMin: number | null;
  yearMax: number | null;
  fuel: FuelType[];
  excludeWords: string[];
  hideReserved: boolean;
  /** A Pro alert shows the exact posting time, read from the ad page (timestamp scraping). */
  wantsPostingTime: boolean;
}

export type MatchFailureReason =
  | 'price-below-min'
  | 'price-above-max'
  | 'paid'
  | 'no-images'
  | 'delivery'
  | 'condition'
  | 'reserved'
  | 'excluded-word'
  | 'mileage'
  | 'year'
  | 'fuel'
  | 'seller-type'
  | 'seller-type-unknown';

export type MatchResult = { match: true } | { match: false; reason: MatchFailureReason };

export interface FilterContext {
  /** The alert owner's plan now (null: a guest alert). */
  ownerPlan: Plan | null;
  /** Setting features.filterPaidAds: whether non-Pro alerts leave paid ads out. */
  filterPaidAds: boolean;
}

export type FilterableAlert = Pick<
  Alert,
  | 'minPriceCents'
  | 'maxPriceCents'
  | 'sellerType'
  | 'includePaidAds'
  | 'onlyWithImages'
  | 'deliveryMethod'
  | 'customFilters'
>;

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function knownList<T extends string>(value: unknown, known: readonly T[]): T[] {
  return Array.isArray(value)
    ? value.filter((item): item is T => (known as readonly unknown[]).includes(item))
    : [];
}

export function alertFilters(alert: FilterableAlert, context: FilterContext): AlertFilters {
  const custom = alert.customFilters ?? {};
  const isPro = context.ownerPlan === 'PRO';
  const advertiser = custom.adverteerder;
  // Only the car category accepts it (the alert routes check), where it replaces sellerType.
  const advertiserApplies =
    advertiser === 'all' || advertiser === 'private' || advertiser === 'business';
  return {
    minPriceCents: alert.minPriceCents ?? null,
    maxPriceCents: alert.maxPriceCents ?? null,
    sellerType: advertiserApplies ? (advertiser as SellerType) : alert.sellerType,
    includePaidAds: isPro ? alert.includePaidAds : !context.filterPaidAds,
    onlyWithImages: alert.onlyWithImages,
    deliveryMethod: alert.deliveryMethod,
    conditions: alertConditions(alert),
    mileageMinKm: numberOrNull(custom.mileageMin),
    mileageMaxKm: numberOrNull(custom.mileageMax),
    yearMin: numberOrNull(custom.yearMin),
    yearMax: numberOrNull(custom.yearMax),
    fuel: knownList(custom.fuel, FUEL_TYPES),
    excludeWords: Array.isArray(custom.excludeWords)
      ? custom.excludeWords.filter((word): word is string => typeof word === 'string')
      : [],
    hideReserved: custom.hideReserved === true,
    wantsPostingTime: isPro,
  };
}

export { foldText };

/** '123.456 km' / '123456' → 123456; null when no number is given. */
export function parseMileageKm(value: string | undefined): number | null {
  if (value === undefined) return null;
  const digits = value.replace(/[^\d]/g, '');
  return digits === '' ? null : Number(digits);
}

/** '2018' / 'bouwjaar 2018' → 2018. */
export function parseYear(value: string | undefined): number | null {
  const match = value === undefined ? null : /\b(1[89]\d\d|2\d\d\d)\b/.exec(value);
  return match ? Number(match[1]) : null;
}

const CONDITION_BY_LABEL = new Map(
  CONDITIONS.map((condition) => [
    foldText(ALERT_FIELD_TEXTS.conditionLabels[condition]),
    condition,
  ]),
);
const FUEL_BY_LABEL = new Map(
  FUEL_TYPES.map((fuel) => [foldText(ALERT_FIELD_TEXTS.fuelLabels[fuel]), fuel]),
);

/** The fuel type of a listing's Dutch label; an unknown label counts as 'other'. */
export function fuelOfLabel(label: string): FuelType {
  return FUEL_BY_LABEL.get(foldText(label)) ?? 'other';
}

function failed(reason: MatchFailureReason): MatchResult {
  return { match: false, reason };
}

const MATCH: MatchResult = { match: true };

export interface MatchOptions {
  /** The ad page has been read (or tried): an unclassified seller counts as private. */
  detailRead?: boolean;
}

export function matchListing(
  listing: Listing,
  filters: AlertFilters,
  options: MatchOptions = {},
): MatchResult {
  const price = listing.priceCents;
  if (filters.minPriceCents !== null && filters.minPriceCents > 0) {
    if (price === null || price < filters.minPriceCents) return failed('price-below-min');
  }
  if (filters.maxPriceCents !== null && price !== null && price > filters.maxPriceCents) {
    return failed('price-above-max');
  }
  if (!filters.includePaidAds && listing.paid.isPaid) return failed('paid');
  if (filters.onlyWithImages && listing.imageUrls.length === 0) return failed('no-images');
  if (filters.deliveryMethod !== 'both' && listing.delivery !== null) {
    if (listing.delivery !== 'both' && listing.delivery !== filters.deliveryMethod) {
      return failed('delivery');
    }
  }
  if (filters.conditions.length > 0 && listing.condition !== null) {
    const condition = CONDITION_BY_LABEL.get(foldText(listing.condition));
    if (condition !== undefined && !filters.conditions.includes(condition)) {
      return failed('condition');
    }
  }
  if (filters.hideReserved && listing.reserved) return failed('reserved');
  if (filters.excludeWords.length > 0) {
    const text = foldText(`${listing.title}\n${listing.description}`);
    if (filters.excludeWords.some((word) => foldText(word) !== '' && text.includes(foldText(word))))
      return failed('excluded-word');
  }

  const attributes = listing.attributes ?? {};
  const mileage = parseMileageKm(attributes.mileage);
  if (mileage !== null) {
    if (filters.mileageMinKm !== null && mileage < filters.mileageMinKm) return failed('mileage');
    if (filters.mileageMaxKm !== null && mileage > filters.mileageMaxKm) return failed('mileage');
  }
  const year = parseYear(attributes.constructionYear);
  if (year !== null) {
    if (filters.yearMin !== null && year < filters.yearMin) return failed('year');
    if (filters.yearMax !== null && year > filters.yearMax) return failed('year');
  }
  if (filters.fuel.length > 0 && attributes.fuel !== undefined) {
    if (!filters.fuel.includes(fuelOfLabel(attributes.fuel))) return failed('fuel');
  }

  // Last: the only filter that may need the ad page, read only for otherwise matching ads.
  if (filters.sellerType === 'business' && listing.seller.type !== 'business') {
    return failed('seller-type');
  }
  if (filters.sellerType === 'private') {
    if (listing.seller.type === 'business') return failed('seller-type');
    if (listing.seller.type === null && !options.detailRead) return failed('seller-type-unknown');
  }
  return MATCH;
}

/** Whether reading the ad page could change or complete this alert's answer for the listing. */
export function wantsDetail(listing: Listing, filters: AlertFilters, result: MatchResult): boolean {
  if (!result.match) return result.reason === 'seller-type-unknown';
  return filters.wantsPostingTime && listing.postedAt === null;
}
