/**
 * Raw search JSON → `Listing`. The JSON is untrusted and its enums grow without notice, so every
 * field is read defensively: an unknown value is logged (once per field and value) and kept, a
 * malformed listing is skipped with a warning, and nothing here throws. Text is cleaned here, once
 * (core's `cleanText`: no control or bidi characters, capped to what the tables hold), and stays
 * text; escaping is the job of whoever shows it.
 */
import { cleanText, isLoopbackHttpUrl, type PlatformId } from '@prijsalarm/core';
import {
  KNOWN_PRICE_TYPES,
  KNOWN_PRIORITY_PRODUCTS,
  type DeliveryMethod,
  type Listing,
  type MarketplaceLogger,
  type RawAttribute,
  type RawLocation,
  type RawListing,
  type RawPicture,
  type RawSearchResponse,
  type SellerType,
} from './types';

/** Search results carry no seller type; these traits only ever appear on business ads. */
const BUSINESS_TRAITS = new Set([
  'ADMARKT_CONSOLE',
  'CUSTOMER_SUPPORT_BUSINESS_LINE',
  'SELLER_PROFILE_URL',
  'VERIFIED_SELLER',
  'VERIFIED_DEALER',
  'UNIQUE_SELLING_POINTS',
  'SHOPPING_CART',
]);

const DELIVERY_LABELS: Record<string, DeliveryMethod> = {
  Ophalen: 'pickup',
  Verzenden: 'shipping',
  'Ophalen of Verzenden': 'both',
};

/** Ad page `seller.sellerType` values. */
const SELLER_TYPES: Record<string, SellerType> = {
  CONSUMER: 'private',
  PRIVATE: 'private',
  TRADER: 'business',
};

const KNOWN_PAGE_LOCATIONS = new Set(['L0_SEARCH', 'L0_SEARCH_TOP']);

/** Warns once per (field, value) so a new enum value does not flood the log. */
export interface UnknownValueReporter {
  report(field: string, value: unknown, context: object): void;
}

export function createUnknownValueReporter(logger: MarketplaceLogger): UnknownValueReporter {
  const reported = new Set<string>();
  return {
    report(field, value, context) {
      const key = `${field}\u0000${String(value)}`;
      if (reported.has(key)) return;
      reported.add(key);
      logger.warn({ ...context, field, value }, 'marketplace: unknown value, kept as is');
    },
  };
}

export interface NormalizeContext {
  platform: PlatformId;
  /** The host the listing was read from (with any path prefix); ad URLs are built on it. */
  siteBaseUrl: string;
  /** The listing came from the sponsored `topBlock[]`. */
  topBlock?: boolean;
  /** The search's L1 category: search results only name the leaf category. */
  l1CategoryId?: number | null;
}

/**
 * The longest text a listing keeps per field: the columns that hold it (notifications.title 500,
 * location and sellerName 255, priceType 32); a description as long as an ad page shows.
 */
export const LISTING_TEXT_CAPS = {
  title: 500,
  description: 20_000,
  place: 255,
  sellerName: 255,
  label: 255,
  priceType: 32,
} as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The marketplace's text as a listing keeps it: cleaned and capped ('' when absent). */
export function listingText(value: unknown, cap: number): string {
  return cleanText(text(value), cap);
}

/** `listingText`, null when absent or nothing is left. */
export function optionalListingText(value: unknown, cap: number): string | null {
  return optionalText(listingText(value, cap));
}

function finiteNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The ad's coordinates; null for none, 0/0 (country-level ads) or values off the globe. */
function coordinatesOf(location: RawLocation): { latitude: number; longitude: number } | null {
  const latitude = finiteNumber(location.latitude);
  const longitude = finiteNumber(location.longitude);
  if (latitude === null || longitude === null) return null;
  if (location.onCountryLevel === true || (latitude === 0 && longitude === 0)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/**
 * '//images…' and 'http://images…' → 'https://images…'; anything that is not a web URL → null.
 * A loopback http URL stays as it is: only the local marketplace double serves pictures there (no
 * https on loopback; browsers treat it as secure), and production's CSP does not load them.
 */
export function toHttpsUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const absolute = value.startsWith('//') ? `https:${value}` : value;
  let url: URL;
  try {
    url = new URL(absolute);
  } catch {
    return null;
  }
  if (isLoopbackHttpUrl(url.toString())) return url.toString();
  if (url.protocol === 'http:') url.protocol = 'https:';
  return url.protocol === 'https:' ? url.toString() : null;
}

function pictureUrl(picture: RawPicture): string | null {
  // Large (_83) is e-mail and Telegram sized; XXL (_85) is needlessly heavy.
  for (const candidate of [picture.largeUrl, picture.extraExtraLargeUrl, picture.mediumUrl]) {
    const url = toHttpsUrl(candidate);
    if (url !== null) return url;
  }
  return null;
}

export function pickImageUrls(pictures: unknown, imageUrls: unknown): string[] {
  const picked: string[] = [];
  if (Array.isArray(pictures)) {
    for (const picture of pictures) {
      if (picture !== null && typeof picture === 'object') {
        const url = pictureUrl(picture as RawPicture);
        if (url !== null) picked.push(url);
      }
    }
  }
  if (picked.length === 0 && Array.isArray(imageUrls)) {
    for (const candidate of imageUrls) {
      const url = toHttpsUrl(candidate);
      if (url !== null) picked.push(url);
    }
  }
  return [...new Set(picked)];
}

function attribute(raw: RawListing, key: string): RawAttribute | null {
  for (const list of [raw.attributes, raw.extendedAttributes]) {
    if (!Array.isArray(list)) continue;
    const found = list.find(
      (entry) => entry !== null && typeof entry === 'object' && entry.key === key,
    );
    if (found) return found;
  }
  return null;
}

/** Every attribute's value by key; `attributes[]` wins over `extendedAttributes[]`. */
function attributeMap(raw: RawListing): Record<string, string> {
  const map: Record<string, string> = {};
  for (const list of [raw.extendedAttributes, raw.attributes]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (entry === null || typeof entry !== 'object') continue;
      if (typeof entry.key === 'string' && typeof entry.value === 'string') {
        map[listingText(entry.key, LISTING_TEXT_CAPS.label)] = listingText(
          entry.value,
          LISTING_TEXT_CAPS.label,
        );
      }
    }
  }
  return map;
}

/** 'Ophalen' | 'Verzenden' | 'Ophalen of Verzenden' (or both listed as values) → method. */
export function deliveryFromLabels(
  labels: readonly string[],
  report: (value: string) => void,
): DeliveryMethod | null {
  let pickup = false;
  let shipping = false;
  for (const label of labels) {
    const method = DELIVERY_LABELS[label];
    if (method === undefined) {
      report(label);
      continue;
    }
    if (method !== 'shipping') pickup = true;
    if (method !== 'pickup') shipping = true;
  }
  if (pickup && shipping) return 'both';
  if (pickup) return 'pickup';
  if (shipping) return 'shipping';
  return null;
}

export function sellerTypeFromPage(
  value: unknown,
  report: (value: unknown) => void,
): SellerType | null {
  if (typeof value !== 'string' || value === '') return null;
  const type = SELLER_TYPES[value];
  if (type === undefined) report(value);
  return type ?? null;
}

function priceCents(priceType: string, cents: number | null): number | null {
  if (priceType === 'FREE') return 0;
  // Bidding and "zie omschrijving" ads carry 0: that is no price, not a free item.
  return cents !== null && cents > 0 ? Math.round(cents) : null;
}

function isSafeRelativePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}

export function joinSiteUrl(siteBaseUrl: string, path: string): string {
  return `${siteBaseUrl.replace(/\/+$/, '')}${path}`;
}

/** Returns null (with a warning) when the listing lacks what identifies or links it. */
export function normalizeListing(
  raw: RawListing,
  context: NormalizeContext,
  logger: MarketplaceLogger,
  reporter: UnknownValueReporter = createUnknownValueReporter(logger),
): Listing | null {
  if (raw === null || typeof raw !== 'object') {
    logger.warn({ platform: context.platform }, 'marketplace: listing is not an object, skipped');
    return null;
  }
  const id = text(raw.itemId);
  const vipUrl = text(raw.vipUrl);
  // Every table keys a listing by an id of at most 64 characters: a longer one cannot be stored.
  if (!/^[a-z]\d{1,63}$/.test(id) || !isSafeRelativePath(vipUrl)) {
    logger.warn(
      { platform: context.platform, itemId: raw.itemId, vipUrl: raw.vipUrl },
      'marketplace: listing without a valid itemId or vipUrl, skipped',
    );
    return null;
  }
  const where = { platform: context.platform, itemId: id };
  if (!id.startsWith('m') && !id.startsWith('a')) reporter.report('itemIdPrefix', id[0], where);

  const priceInfo = raw.priceInfo ?? { priceCents: 0, priceType: '' };
  const priceType = listingText(priceInfo.priceType, LISTING_TEXT_CAPS.priceType);
  if (!(KNOWN_PRICE_TYPES as readonly string[]).includes(priceType)) {
    reporter.report('priceType', priceInfo.priceType, where);
  }
  const priorityProduct = listingText(raw.priorityProduct, LISTING_TEXT_CAPS.label) || 'NONE';
  if (!(KNOWN_PRIORITY_PRODUCTS as readonly string[]).includes(priorityProduct)) {
    reporter.report('priorityProduct', raw.priorityProduct, where);
  }
  const pageLocation = optionalListingText(raw.pageLocation, LISTING_TEXT_CAPS.label);
  if (pageLocation !== null && !KNOWN_PAGE_LOCATIONS.has(pageLocation)) {
    reporter.report('pageLocation', pageLocation, where);
  }

  const isAdmarkt = id.startsWith('a');
  const topBlock = context.topBlock === true;
  const traits = Array.isArray(raw.traits) ? raw.traits.filter((t) => typeof t === 'string') : [];
  const sellerInformation = raw.sellerInformation ?? { sellerId: 0, sellerName: '' };
  const looksBusiness =
    isAdmarkt ||
    sellerInformation.showWebsiteUrl === true ||
    traits.some((trait) => BUSINESS_TRAITS.has(trait));

  const deliveryAttribute = attribute(raw, 'delivery');
  const deliveryLabels = deliveryAttribute
    ? [
        ...(Array.isArray(deliveryAttribute.values) && deliveryAttribute.values.length > 0
          ? deliveryAttribute.values
          : [deliveryAttribute.value]),
      ].filter((label): label is string => typeof label === 'string')
    : [];
  const delivery = deliveryFromLabels(deliveryLabels, (label) =>
    reporter.report('delivery', label, where),
  );

  const location = raw.location ?? {};
  const distance = finiteNumber(location.distanceMeters);
  const leafCategory = finiteNumber(raw.categoryId);

  return {
    id,
    platform: context.platform,
    title: listingText(raw.title, LISTING_TEXT_CAPS.title),
    description: listingText(raw.description, LISTING_TEXT_CAPS.description),
    priceCents: priceCents(priceType, finiteNumber(priceInfo.priceCents)),
    priceType,
    location: {
      cityName: optionalListingText(location.cityName, LISTING_TEXT_CAPS.place),
      countryCode: optionalListingText(location.countryAbbreviation, LISTING_TEXT_CAPS.place),
      // -1000 is the API's "unknown".
      distanceMeters: distance !== null && distance >= 0 ? distance : null,
      coordinates: coordinatesOf(location),
    },
    dayLabel: listingText(raw.date, LISTING_TEXT_CAPS.label),
    postedAt: null,
    imageUrls: pickImageUrls(raw.pictures, raw.imageUrls),
    seller: {
      id: String(sellerInformation.sellerId ?? ''),
      name: listingText(sellerInformation.sellerName, LISTING_TEXT_CAPS.sellerName),
      type: looksBusiness ? 'business' : null,
    },
    category: { l1: context.l1CategoryId ?? null, l2: leafCategory },
    paid: {
      isPaid: priorityProduct !== 'NONE' || isAdmarkt || topBlock,
      priorityProduct,
      isAdmarkt,
      pageLocation,
      topBlock,
    },
    delivery,
    condition: optionalListingText(attribute(raw, 'condition')?.value, LISTING_TEXT_CAPS.label),
    attributes: attributeMap(raw),
    reserved: raw.reserved === true || priceType === 'RESERVED',
    url: joinSiteUrl(context.siteBaseUrl, vipUrl),
  };
}

export interface NormalizedPage {
  /** `listings[]` in page order, inline Admarkt ads included. */
  listings: Listing[];
  /** The sponsored strip. */
  topBlock: Listing[];
  totalResultCount: number | null;
  maxAllowedPageNumber: number | null;
}

export function normalizeSearchResponse(
  raw: RawSearchResponse,
  context: NormalizeContext,
  logger: MarketplaceLogger,
  reporter: UnknownValueReporter = createUnknownValueReporter(logger),
): NormalizedPage {
  const read = (list: unknown, topBlock: boolean): Listing[] =>
    (Array.isArray(list) ? list : [])
      .map((item) =>
        normalizeListing(item as RawListing, { ...context, topBlock }, logger, reporter),
      )
      .filter((listing): listing is Listing => listing !== null);
  return {
    listings: read(raw.listings, false),
    topBlock: read(raw.topBlock, true),
    totalResultCount: finiteNumber(raw.totalResultCount),
    maxAllowedPageNumber: finiteNumber(raw.maxAllowedPageNumber),
  };
}
