/**
 * What a saved search asks of a marketplace, as the engine sends it and the `searches` row stores
 * it (models/Search.ts): plain types, so the model does not depend on the engine.
 */
import type { AdLanguage, PlatformId } from '@prijsalarm/core';

/** 'both' means no delivery filter. */
export type DeliveryMethod = 'pickup' | 'shipping' | 'both';

export type OfferedSinceLabel = 'Vandaag' | 'Gisteren' | 'Een week' | 'Altijd';

export interface SearchCriteria {
  query: string;
  l1CategoryId?: number | null;
  /** Only sent together with its parent l1CategoryId, as the API requires. */
  l2CategoryId?: number | null;
  minPriceCents?: number | null;
  maxPriceCents?: number | null;
  /** Filters only together with distanceKm (the API ignores a postcode alone). */
  postalCode?: string | null;
  distanceKm?: number | null;
  /** 'both' means no delivery filter. */
  delivery?: DeliveryMethod | null;
  /** attributesById values, e.g. CONDITION_ATTRIBUTE_IDS.used. */
  conditionIds?: readonly number[] | null;
  /** Unix ms or a site label. A fetch window, not part of the canonical key. */
  offeredSince?: number | OfferedSinceLabel | null;
  /** Only where the site filters by language (core's hasLanguageFilter); default all languages. */
  language?: AdLanguage | null;
}

export interface MarketplaceSearch extends SearchCriteria {
  platform: PlatformId;
}
