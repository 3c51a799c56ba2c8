/**
 * The marketplaces' wire format and the one normalised
 * `Listing` the rest of the engine works with. Marktplaats and 2dehands share one backend, so one
 * set of raw types covers both hosts. Enums stay open (`string & {}`): new values appear without
 * notice and must never break a check.
 */
import type { DeliveryMethod } from '../../lib/marketplace-search';
import type { PlatformId } from '@prijsalarm/core';

export const KNOWN_PRICE_TYPES = [
  'FIXED',
  'MIN_BID',
  'FAST_BID',
  'FREE',
  'RESERVED',
  'SEE_DESCRIPTION',
  'NOTK',
  'ON_REQUEST',
  'EXCHANGE',
  'NOT_APPLICABLE',
] as const;
export type KnownPriceType = (typeof KNOWN_PRICE_TYPES)[number];
export type PriceType = KnownPriceType | (string & {});

export const KNOWN_PRIORITY_PRODUCTS = ['NONE', 'DAGTOPPER', 'TOPADVERTENTIE'] as const;
export type KnownPriorityProduct = (typeof KNOWN_PRIORITY_PRODUCTS)[number];
export type PriorityProduct = KnownPriorityProduct | (string & {});

export interface RawAttribute {
  key: string;
  value: string;
  values?: string[];
  unit?: string;
}

export interface RawPicture {
  id?: number;
  mediaId?: string;
  url?: string;
  extraSmallUrl?: string;
  mediumUrl?: string;
  largeUrl?: string;
  extraExtraLargeUrl?: string;
  aspectRatio?: { width: number; height: number };
  sizes?: Record<string, string>;
}

export interface RawLocation {
  cityName?: string;
  countryName?: string;
  countryAbbreviation?: string;
  /** -1000 when no postcode was given or the distance is unknown. */
  distanceMeters?: number | null;
  isBuyerLocation?: boolean;
  onCountryLevel?: boolean;
  abroad?: boolean;
  latitude?: number;
  longitude?: number;
}

export interface RawSellerInformation {
  sellerId: number;
  sellerName: string;
  showSoiUrl?: boolean;
  showWebsiteUrl?: boolean;
  sellerWebsiteUrl?: string;
  sellerLogoUrl?: string | null;
  isVerified?: boolean;
}

/** One entry of `listings[]` or `topBlock[]` in a search response. */
export interface RawListing {
  /** 'm…' organic ad, 'a…' Admarkt (paid business) ad. */
  itemId: string;
  title: string;
  description: string;
  categorySpecificDescription?: string | null;
  thinContent?: boolean;
  priceInfo: { priceCents: number; priceType: PriceType };
  location: RawLocation;
  /** Dutch day label only ('Vandaag', 'Gisteren', 'Eergisteren', '10 mrt 24'): no time of day. */
  date: string;
  imageUrls?: string[];
  pictures?: RawPicture[];
  sellerInformation: RawSellerInformation;
  /** The leaf (L2) category. */
  categoryId: number;
  priorityProduct: PriorityProduct;
  videoOnVip?: boolean;
  urgencyFeatureActive?: boolean;
  napAvailable?: boolean;
  reserved?: boolean;
  attributes?: RawAttribute[];
  extendedAttributes?: RawAttribute[];
  traits?: string[];
  verticals?: string[];
  searchType?: string;
  /** Relative to the site host. */
  vipUrl: string;
  /** 'L0_SEARCH' (inline Admarkt) or 'L0_SEARCH_TOP' (topBlock); Admarkt items only. */
  pageLocation?: string;
  trackingData?: string;
}

export interface RawSearchCategoryOption {
  id: number;
  key: string;
  name: string;
  fullName: string;
  parentId?: number;
  parentKey?: string;
}

export interface RawSearchResponse {
  listings?: RawListing[];
  /** Sponsored strip above the results (Admarkt TOPADVERTENTIE). */
  topBlock?: RawListing[];
  facets?: unknown[];
  totalResultCount?: number;
  maxAllowedPageNumber?: number;
  correlationId?: string;
  originalQuery?: string;
  sortOptions?: { sortBy: string; sortOrder: string }[];
  searchRequest?: unknown;
  searchCategory?: number;
  searchCategoryOptions?: RawSearchCategoryOption[];
  hasErrors?: boolean;
  isSearchSaved?: boolean;
  metaTags?: unknown;
  [key: string]: unknown;
}

/** The part of an ad page's `window.__CONFIG__.listing` that the engine reads. */
export interface RawDetailListing {
  itemId?: string;
  title?: string;
  description?: string;
  traits?: string[];
  adType?: string;
  priceInfo?: { priceCents?: number; priceType?: PriceType };
  seller?: {
    id?: number;
    name?: string;
    pageUrl?: string;
    /** 'CONSUMER' | 'PRIVATE' | 'TRADER' */
    sellerType?: string;
    location?: { cityName?: string; countryAbbreviation?: string };
  };
  gallery?: { imageUrls?: string[]; media?: { imageSizes?: Record<string, string> } };
  shippingInformation?: {
    augmentedLabels?: {
      carrierId?: string;
      labels?: { label?: string; price?: string; carrierName?: string; deliveryMethod?: string }[];
    }[];
    deliveryType?: {
      attributeLabel?: string;
      attributeValueLabel?: string;
      attributeValueKey?: string;
    };
  };
  stats?: { favoritedCount?: number; viewCount?: number; since?: string };
  category?: {
    id?: number;
    name?: string;
    fullName?: string;
    parentId?: number;
    parentName?: string;
  };
  flags?: { shippable?: boolean };
  isReserved?: boolean;
  buyItNowEnabled?: boolean;
}

export type { DeliveryMethod };
export type SellerType = 'private' | 'business';

/** One ad, the same shape for both platforms. All text is untrusted and kept as given. */
export interface Listing {
  /** The marketplace itemId, e.g. 'm2123456789' (organic) or 'a1379273521' (Admarkt). */
  id: string;
  platform: PlatformId;
  title: string;
  description: string;
  /** null when the ad has no amount (bidding, "zie omschrijving", …); 0 for FREE. */
  priceCents: number | null;
  priceType: PriceType;
  location: {
    cityName: string | null;
    countryCode: string | null;
    distanceMeters: number | null;
    /**
     * Where the site places the ad (the feed decides distance alerts with it); null when it gives
     * none (0/0: country-level ads). Absent in listings stored before it was kept.
     */
    coordinates?: { latitude: number; longitude: number } | null;
  };
  /** The search result's `date` label as given ('Vandaag', '10 mrt 24'). */
  dayLabel: string;
  /** ISO time of posting; only known after reading the ad page. */
  postedAt: string | null;
  /** https URLs, largest sensible size first-picture-first. */
  imageUrls: string[];
  /** `type` is null when the search result does not tell (private sellers look like anyone). */
  seller: { id: string; name: string; type: SellerType | null };
  /** l2 is the leaf category of the ad; l1 is known from the search or the ad page. */
  category: { l1: number | null; l2: number | null };
  paid: {
    /** Any paid placement: a priority product, an Admarkt ad or the sponsored top block. */
    isPaid: boolean;
    priorityProduct: PriorityProduct;
    /** 'a…' ids: Admarkt ads, also injected inline with priorityProduct NONE. */
    isAdmarkt: boolean;
    pageLocation: string | null;
    /** Came from the response's sponsored `topBlock[]`. */
    topBlock: boolean;
  };
  delivery: DeliveryMethod | null;
  /** The Dutch condition label as given ('Gebruikt', 'Zo goed als nieuw'). */
  condition: string | null;
  /**
   * The listing's attributes by key as given (Dutch labels, e.g. car `mileage` '123.456',
   * `constructionYear` '2018', `fuel` 'Benzine'); extendedAttributes fill in what attributes lack.
   */
  attributes?: Record<string, string>;
  reserved: boolean;
  /** Absolute ad page URL on the host the listing was read from. */
  url: string;
}

/** What an ad page adds to a listing. */
export interface ListingDetail {
  id: string;
  platform: PlatformId;
  postedAt: string | null;
  seller: { id: string | null; name: string | null; type: SellerType | null };
  delivery: DeliveryMethod | null;
  /** The page's `flags.shippable`: a carrier can ship it even if the seller prefers pickup. */
  shippable: boolean | null;
  shippingOptions: { carrierName: string; label: string; price: string; deliveryMethod: string }[];
  imageUrls: string[];
  description: string | null;
  category: { l1: number | null; l2: number | null };
  reserved: boolean | null;
  adType: string | null;
}

/** pino-compatible. */
export interface MarketplaceLogger {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

/** The host is being left alone after a block; nothing was sent. */
export interface CoolingDown {
  status: 'cooling-down';
  platform: PlatformId;
  host: string;
  /** Epoch ms (of the client's clock) when requests may resume. */
  until: number;
  retryInMs: number;
}

/** The request failed for good (retries exhausted, a 4xx, unreadable JSON, a network error). */
export interface MarketplaceError {
  status: 'error';
  platform: PlatformId;
  /** null for network errors. */
  httpStatus: number | null;
  message: string;
  attempts: number;
}

export type MarketplaceFailure = CoolingDown | MarketplaceError;
