/**
 * The double's marketplace: the stored ads of both sites and the real search semantics over them
 *:
 * - query words matched in the title (and the WHOLE description unless
 *   searchInTitleAndDescription=false), every word, case and accents folded (foldText);
 * - the search result cuts the description to SEARCH_DESCRIPTION_CHARS; the ad page has it whole;
 * - no query at all with an l1CategoryId: the category's newest ads (the engine's feed);
 * - l1CategoryId / l2CategoryId; attributeRanges[]=PriceCents:from:to (cents, null = open);
 * - postcode filters only together with distanceMeters;
 * - attributesById[]: delivery 33/34, condition 30/31/32/14050/13940 (OR within a facet);
 * - attributesByKey[]: offeredSince:<ms>|Vandaag|Gisteren|Een week|Altijd, 2dehands Language;
 * - limit 1…100 (else HTTP 400), offset paging, a ~5,000 item window, 204 when nothing matches;
 * - SORT_INDEX sorts by DAY only: within a day the order is arbitrary (a hash of the id, or the
 *   place a test gave it), so a new ad can land anywhere in its day's block — and an ad indexed
 *   after midnight lands in yesterday's block with yesterday's label;
 * - every answer carries the double's clock in its Date header;
 * - DAGTOPPER ads are pinned on top whatever their day; Admarkt 'a…' ads fill the sponsored
 *   `topBlock` and are also injected inline with priorityProduct NONE, pageLocation L0_SEARCH.
 */
import {
  CONDITIONS,
  COUNTRY,
  DELIVERY_IDS,
  IMAGE_HOSTS,
  L1_CATEGORIES,
  PLACES,
  distanceMeters,
  l1Category,
  l2Category,
  placeForPostcode,
  slugify,
  type DoublePlatform,
} from './catalogue';
import type { ListingSpec } from './generator';

type Json = Record<string, unknown>;

export interface StoredListing {
  platform: DoublePlatform;
  itemId: string;
  /** The search JSON as served, except `date` and the distance, which depend on the request. */
  raw: Json;
  postedAt: number;
  l1CategoryId: number | null;
  language: 'nl-BE' | 'fr-BE' | null;
  sellerType: string;
  expired: boolean;
  /** Replaces the generated `window.__CONFIG__.listing` of the ad page. */
  pageListing?: Json;
  /** A verbatim `window.__CONFIG__ = …;</script>` line for the ad page. */
  pageScript?: string;
  /** Its place within its day (default: the id's hash, i.e. arbitrary). */
  daySortKey?: number;
}

const MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
const DAY_MS = 86_400_000;
const RESULT_WINDOW = 5000;
const INLINE_ADMARKT_EVERY = 25;
const INLINE_ADMARKT_AT = 2;
const TOP_BLOCK_SIZE = 2;
/** The search JSON's `description` is cut (research: "truncated ~200 chars"); the ad page has it whole. */
export const SEARCH_DESCRIPTION_CHARS = 200;
const BAD_REQUEST = { error: 'Bad Request', message: 'Invalid parameter combination' };

const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Days since the epoch in the sites' time zone. */
export function dayIndex(ms: number): number {
  const [year, month, day] = dayFormatter.format(ms).split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS;
}

/** 'Vandaag', 'Gisteren', 'Eergisteren' or '10 mrt 24', as the search shows it. */
export function dayLabel(postedAt: number, now: number): string {
  const age = dayIndex(now) - dayIndex(postedAt);
  if (age <= 0) return 'Vandaag';
  if (age === 1) return 'Gisteren';
  if (age === 2) return 'Eergisteren';
  const date = new Date(dayIndex(postedAt) * DAY_MS);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${String(date.getUTCFullYear()).slice(2)}`;
}

/** Where an ad sits within its day: arbitrary (its id's hash) unless a test placed it. */
function daySortKey(listing: StoredListing): number {
  return listing.daySortKey ?? hash(listing.itemId);
}

/** FNV-1a: the "arbitrary" order within a day, stable per id. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Lowercase without accents: 'Café' → 'cafe' — how the double compares query words and text. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function attributeValue(raw: Json, key: string): string | null {
  const list = raw.attributes;
  if (!Array.isArray(list)) return null;
  const found = list.find((entry: unknown) => (entry as Json | null)?.key === key) as
    Json | undefined;
  return typeof found?.value === 'string' ? found.value : null;
}

/**
 * The search JSON of an ad, shaped like the real hosts' answers (fixtures.ts). `imageOrigin`: the
 * pictures on that origin (the double serving its own, pictures.ts) instead of the real hosts.
 */
export function buildRawListing(spec: ListingSpec, imageOrigin: string | null = null): Json {
  const admarkt = spec.itemId.startsWith('a');
  const l2 = l2Category(spec.categoryId);
  const l1 = l1Category(l2?.parentId ?? 0);
  const place =
    PLACES[spec.platform].find((candidate) => candidate.cityName === spec.cityName) ??
    PLACES[spec.platform][0]!;
  const hosts = IMAGE_HOSTS[spec.platform];
  const pictures = Array.from({ length: spec.imageCount }, (_, index) => {
    const id = `${hash(`${spec.itemId}/${index}`).toString(16).padStart(8, '0')}-${hash(`${index}/${spec.itemId}`).toString(16).padStart(8, '0')}`;
    const origin = (host: string) => imageOrigin ?? `https://${host}`;
    const base = admarkt
      ? `${origin(hosts.admarkt)}/api/v1/icas-mp-pro-admarkt/images/${id.slice(0, 2)}/${id}?rule=eps_`
      : `${origin(hosts.organic)}/api/v1/listing-mp-p/images/${id.slice(0, 2)}/${id}?rule=ecg_mp_eps$_`;
    const extension = admarkt ? '.JPG' : '.jpg';
    return {
      id: admarkt ? 0 : 9_300_000_000 + (hash(id) % 100_000_000),
      mediaId: admarkt ? '00000000-0000-0000-0000-000000000000' : '',
      url: `${base}#${extension}`,
      extraSmallUrl: `${base}14${extension}`,
      mediumUrl: `${base}82${extension}`,
      largeUrl: `${base}83${extension}`,
      extraExtraLargeUrl: `${base}85${extension}`,
      aspectRatio: { width: 4, height: 3 },
    };
  });
  const attributes = [
    { key: 'condition', value: spec.condition, values: [spec.condition] },
    { key: 'delivery', value: spec.delivery, values: [spec.delivery] },
  ];
  // Stored whole: the site searches all of it and the ad page shows it; a search answer cuts it.
  return {
    itemId: spec.itemId,
    title: spec.title,
    description: spec.description,
    categorySpecificDescription: spec.description,
    thinContent: !admarkt,
    priceInfo: { priceCents: spec.priceCents, priceType: spec.priceType },
    location: admarkt
      ? {
          distanceMeters: -1000,
          isBuyerLocation: false,
          onCountryLevel: true,
          abroad: false,
          latitude: 0,
          longitude: 0,
        }
      : {
          cityName: place.cityName,
          countryName: COUNTRY[spec.platform].name,
          countryAbbreviation: COUNTRY[spec.platform].code,
          distanceMeters: -1000,
          isBuyerLocation: false,
          onCountryLevel: false,
          abroad: false,
          latitude: place.latitude,
          longitude: place.longitude,
        },
    date: '',
    imageUrls: pictures.map((picture) => picture.mediumUrl.replace(/^https:/, '')),
    sellerInformation: {
      sellerId: spec.sellerId,
      sellerName: spec.sellerName,
      showSoiUrl: true,
      showWebsiteUrl: admarkt,
      ...(admarkt
        ? { sellerWebsiteUrl: `https://admarkt.marktplaats.nl/bside/url/${spec.itemId}` }
        : {}),
      isVerified: false,
    },
    categoryId: spec.categoryId,
    ...(admarkt ? { trackingData: `tracking-${spec.itemId}` } : {}),
    priorityProduct: spec.priorityProduct,
    videoOnVip: false,
    urgencyFeatureActive: false,
    napAvailable: false,
    attributes,
    extendedAttributes: [...attributes].reverse(),
    traits: spec.traits,
    verticals: l1 ? [l1.key.replace(/-/g, '_')] : [],
    pictures,
    searchType: 'TokenMatch',
    reserved: spec.reserved,
    vipUrl: `/v/${l1?.key ?? 'diversen'}/${l2?.key ?? 'overige'}/${spec.itemId}-${slugify(spec.title)}`,
  };
}

interface Query {
  limit: number;
  offset: number;
  words: string[];
  inDescription: boolean;
  l1CategoryId: number | null;
  l2CategoryId: number | null;
  price: { from: number | null; to: number | null } | null;
  origin: { latitude: number; longitude: number } | null;
  radiusMeters: number | null;
  deliveryIds: number[];
  conditionIds: number[];
  offeredSince: string | null;
  language: string | null;
  sortBy: string;
  sortOrder: string;
  raw: URLSearchParams;
}

export type SearchAnswer =
  { status: 200; body: Json } | { status: 204 } | { status: 400; body: Json };

function parseInteger(value: string | null): number | null | 'bad' {
  if (value === null || value === '') return null;
  return /^\d+$/.test(value) ? Number(value) : 'bad';
}

function parseQuery(platform: DoublePlatform, params: URLSearchParams): Query | null {
  const limit = parseInteger(params.get('limit'));
  const offset = parseInteger(params.get('offset'));
  const l1 = parseInteger(params.get('l1CategoryId'));
  const l2 = parseInteger(params.get('l2CategoryId'));
  const distance = parseInteger(params.get('distanceMeters'));
  if ([limit, offset, l1, l2, distance].includes('bad')) return null;
  const pageLimit = (limit as number | null) ?? 30;
  if (pageLimit < 1 || pageLimit > 100) return null;

  let price: Query['price'] = null;
  for (const range of params.getAll('attributeRanges[]')) {
    const [key, from, to] = range.split(':');
    if (key !== 'PriceCents') continue;
    const bound = (value: string | undefined) =>
      value === undefined || value === '' || value === 'null' ? null : Number(value);
    const parsed = { from: bound(from), to: bound(to) };
    if (Number.isNaN(parsed.from) || Number.isNaN(parsed.to)) return null;
    price = parsed;
  }

  const ids = params.getAll('attributesById[]').map(Number);
  const byKey = new Map<string, string>();
  for (const entry of params.getAll('attributesByKey[]')) {
    const colon = entry.indexOf(':');
    if (colon > 0) byKey.set(entry.slice(0, colon), entry.slice(colon + 1));
  }
  const postcode = params.get('postcode');
  const origin = postcode ? placeForPostcode(platform, postcode) : null;
  return {
    limit: pageLimit,
    offset: (offset as number | null) ?? 0,
    words: foldText(params.get('query') ?? '')
      .split(/\s+/)
      .filter(Boolean),
    inDescription: params.get('searchInTitleAndDescription') !== 'false',
    l1CategoryId: l1 as number | null,
    l2CategoryId: l2 as number | null,
    price,
    origin,
    // The API ignores a postcode without a distance, and a distance without a postcode.
    radiusMeters: origin !== null ? (distance as number | null) : null,
    deliveryIds: ids.filter((id) => id === 33 || id === 34),
    conditionIds: ids.filter((id) => CONDITIONS.some((condition) => condition.id === id)),
    offeredSince: byKey.get('offeredSince') ?? null,
    language: platform === '2dehands' ? (byKey.get('Language') ?? null) : null,
    sortBy: params.get('sortBy') ?? 'OPTIMIZED',
    sortOrder: params.get('sortOrder') ?? 'DECREASING',
    raw: params,
  };
}

export class DoubleMarket {
  readonly listings = new Map<string, StoredListing>();

  constructor(private readonly now: () => number) {}

  add(listing: StoredListing): void {
    this.listings.set(`${listing.platform}:${listing.itemId}`, listing);
  }

  find(platform: DoublePlatform, itemId: string): StoredListing | undefined {
    return this.listings.get(`${platform}:${itemId}`);
  }

  clear(): void {
    this.listings.clear();
  }

  private matches(listing: StoredListing, query: Query, now: number): boolean {
    const raw = listing.raw;
    const haystack = foldText(
      `${str(raw.title)} ${query.inDescription ? str(raw.description) : ''}`,
    );
    if (!query.words.every((word) => haystack.includes(word))) return false;
    if (query.l1CategoryId !== null && listing.l1CategoryId !== query.l1CategoryId) return false;
    if (query.l2CategoryId !== null && raw.categoryId !== query.l2CategoryId) return false;
    if (query.price !== null) {
      const cents = Number((raw.priceInfo as Json | undefined)?.priceCents ?? 0);
      if (query.price.from !== null && cents < query.price.from) return false;
      if (query.price.to !== null && cents > query.price.to) return false;
    }
    if (query.deliveryIds.length > 0) {
      const satisfied = DELIVERY_IDS[attributeValue(raw, 'delivery') ?? ''] ?? [];
      if (!query.deliveryIds.some((id) => satisfied.includes(id))) return false;
    }
    if (query.conditionIds.length > 0) {
      const label = attributeValue(raw, 'condition');
      const id = CONDITIONS.find((condition) => condition.label === label)?.id;
      if (id === undefined || !query.conditionIds.includes(id)) return false;
    }
    const location = raw.location as Json | undefined;
    if (query.origin !== null && query.radiusMeters !== null && location?.onCountryLevel !== true) {
      const here = {
        latitude: Number(location?.latitude ?? 0),
        longitude: Number(location?.longitude ?? 0),
      };
      if (distanceMeters(query.origin, here) > query.radiusMeters) return false;
    }
    if (query.offeredSince !== null && query.offeredSince !== 'Altijd') {
      const today = dayIndex(now);
      const since = query.offeredSince;
      if (since === 'Vandaag' && dayIndex(listing.postedAt) < today) return false;
      if (since === 'Gisteren' && dayIndex(listing.postedAt) < today - 1) return false;
      if (since === 'Een week' && listing.postedAt < now - 7 * DAY_MS) return false;
      if (/^\d+$/.test(since) && listing.postedAt < Number(since)) return false;
    }
    if (
      query.language !== null &&
      query.language !== 'all-languages' &&
      listing.language !== query.language
    ) {
      return false;
    }
    return true;
  }

  private render(
    listing: StoredListing,
    placement: 'list' | 'inline' | 'top',
    query: Query,
    now: number,
  ): Json {
    const raw = structuredClone(listing.raw);
    raw.date = dayLabel(listing.postedAt, now);
    for (const field of ['description', 'categorySpecificDescription']) {
      const text = raw[field];
      if (typeof text === 'string' && text.length > SEARCH_DESCRIPTION_CHARS) {
        raw[field] = text.slice(0, SEARCH_DESCRIPTION_CHARS);
      }
    }
    const location = raw.location as Json | undefined;
    // Stored ads say -1000 (unknown), as the API does without a postcode; verbatim fixtures keep theirs.
    if (location && location.onCountryLevel !== true && query.origin !== null) {
      location.distanceMeters = distanceMeters(query.origin, {
        latitude: Number(location.latitude ?? 0),
        longitude: Number(location.longitude ?? 0),
      });
    }
    if (placement === 'top') {
      raw.priorityProduct = 'TOPADVERTENTIE';
      raw.pageLocation = 'L0_SEARCH_TOP';
    } else if (placement === 'inline') {
      raw.priorityProduct = 'NONE';
      raw.pageLocation = 'L0_SEARCH';
    }
    return raw;
  }

  search(platform: DoublePlatform, params: URLSearchParams): SearchAnswer {
    const query = parseQuery(platform, params);
    if (query === null) return { status: 400, body: BAD_REQUEST };
    const now = this.now();
    const candidates = [...this.listings.values()].filter(
      (listing) =>
        listing.platform === platform && !listing.expired && this.matches(listing, query, now),
    );
    const admarkt = candidates
      .filter((listing) => listing.itemId.startsWith('a'))
      .sort((a, b) => hash(a.itemId) - hash(b.itemId));
    const regular = candidates.filter((listing) => !listing.itemId.startsWith('a'));
    if (regular.length === 0 && admarkt.length === 0) return { status: 204 };

    const pinned = regular.filter((listing) => listing.raw.priorityProduct !== 'NONE');
    const organic = regular.filter((listing) => listing.raw.priorityProduct === 'NONE');
    const direction = query.sortOrder === 'INCREASING' ? 1 : -1;
    const withinDay = (a: StoredListing, b: StoredListing) => daySortKey(a) - daySortKey(b);
    if (query.sortBy === 'SORT_INDEX') {
      organic.sort(
        (a, b) => direction * (dayIndex(a.postedAt) - dayIndex(b.postedAt)) || withinDay(a, b),
      );
    } else if (query.sortBy === 'PRICE') {
      const cents = (listing: StoredListing) =>
        Number((listing.raw.priceInfo as Json | undefined)?.priceCents ?? 0);
      organic.sort((a, b) => direction * (cents(a) - cents(b)) || withinDay(a, b));
    } else {
      const relevance = (listing: StoredListing) =>
        hash(`${listing.itemId}/${query.words.join(' ')}`);
      organic.sort((a, b) => relevance(a) - relevance(b));
    }
    pinned.sort(withinDay);

    const stream: Json[] = [];
    let nextAd = 0;
    for (const listing of [...pinned, ...organic]) {
      if (admarkt.length > 0 && stream.length % INLINE_ADMARKT_EVERY === INLINE_ADMARKT_AT) {
        stream.push(this.render(admarkt[nextAd++ % admarkt.length]!, 'inline', query, now));
      }
      stream.push(this.render(listing, 'list', query, now));
    }

    const maxAllowedPageNumber = Math.ceil(RESULT_WINDOW / query.limit);
    const page =
      query.offset >= maxAllowedPageNumber * query.limit
        ? []
        : stream.slice(query.offset, query.offset + query.limit);
    return {
      status: 200,
      body: this.response(platform, query, {
        listings: page,
        topBlock: admarkt
          .slice(0, TOP_BLOCK_SIZE)
          .map((listing) => this.render(listing, 'top', query, now)),
        totalResultCount: regular.length,
        maxAllowedPageNumber,
        candidates: regular,
      }),
    };
  }

  /** The top-level keys of a real search answer, with values in its shape (fixtures.ts). */
  private response(
    platform: DoublePlatform,
    query: Query,
    result: {
      listings: Json[];
      topBlock: Json[];
      totalResultCount: number;
      maxAllowedPageNumber: number;
      candidates: StoredListing[];
    },
  ): Json {
    const countWith = (key: string, values: string[]) =>
      result.candidates.filter((listing) => values.includes(attributeValue(listing.raw, key) ?? ''))
        .length;
    const facets: Json[] = [
      {
        id: 8,
        key: 'delivery',
        type: 'AttributeGroupFacet',
        label: 'Levering',
        attributeGroup: [
          {
            attributeValueKey: 'Ophalen',
            attributeValueId: 33,
            attributeValueLabel: 'Ophalen',
            histogramCount: countWith('delivery', ['Ophalen', 'Ophalen of Verzenden']),
            selected: query.deliveryIds.includes(33),
            isValuableForSeo: false,
          },
          {
            attributeValueKey: 'Verzenden',
            attributeValueId: 34,
            attributeValueLabel: 'Verzenden',
            histogramCount: countWith('delivery', ['Verzenden', 'Ophalen of Verzenden']),
            selected: query.deliveryIds.includes(34),
            isValuableForSeo: false,
          },
        ],
        singleSelect: false,
        categoryId: 0,
      },
      {
        id: 1627,
        key: 'condition',
        type: 'AttributeGroupFacet',
        label: 'Conditie',
        attributeGroup: CONDITIONS.map((condition) => ({
          attributeValueKey: condition.label,
          attributeValueId: condition.id,
          attributeValueLabel: condition.label,
          histogramCount: countWith('condition', [condition.label]),
          selected: query.conditionIds.includes(condition.id),
          isValuableForSeo: false,
        })),
        singleSelect: false,
        categoryId: 0,
      },
      {
        id: 987654321,
        key: 'offeredSince',
        type: 'AttributeGroupFacet',
        label: 'Aangeboden sinds',
        attributeGroup: ['Vandaag', 'Gisteren', 'Een week', 'Altijd'].map((key) => ({
          attributeValueKey: key,
          histogramCount: result.totalResultCount,
          selected: (query.offeredSince ?? 'Altijd') === key,
          isValuableForSeo: false,
          default: key === 'Altijd',
        })),
        singleSelect: true,
        categoryId: 0,
      },
      ...(platform === '2dehands'
        ? [
            {
              id: 0,
              key: 'Language',
              type: 'AttributeGroupFacet',
              attributeGroup: ['fr-BE', 'nl-BE', 'all-languages'].map((key) => ({
                attributeValueKey: key,
                histogramCount: result.candidates.filter(
                  (listing) => key === 'all-languages' || listing.language === key,
                ).length,
                selected: (query.language ?? 'all-languages') === key,
                isValuableForSeo: false,
                ...(key === 'all-languages' ? { default: true } : {}),
              })),
              singleSelect: true,
              categoryId: 0,
            },
          ]
        : []),
    ];
    const request = {
      categories: {
        ...(query.l1CategoryId !== null ? { l1Category: { id: query.l1CategoryId } } : {}),
        ...(query.l2CategoryId !== null ? { l2Category: { id: query.l2CategoryId } } : {}),
      },
      searchQuery: query.raw.get('query') ?? '',
      attributes: {},
      attributesById: query.raw.getAll('attributesById[]').map(Number),
      attributesByKey: query.raw.getAll('attributesByKey[]').map((entry) => {
        const [attributeKey, ...rest] = entry.split(':');
        return { attributeKey, attributeValueKey: rest.join(':') };
      }),
      attributeRanges: query.raw.getAll('attributeRanges[]').map((entry) => {
        const [attributeKey, from, to] = entry.split(':');
        return {
          attributeKey,
          from: from === 'null' ? null : Number(from),
          to: to === 'null' ? null : Number(to),
        };
      }),
      attributeLabels: [],
      sortOptions: { sortBy: query.sortBy, sortOrder: query.sortOrder, sortAttribute: '' },
      pagination: { offset: query.offset, limit: query.limit },
      distance: {
        postcode: query.raw.get('postcode') ?? '',
        ...(query.radiusMeters !== null ? { distanceMeters: query.radiusMeters } : {}),
      },
      viewOptions: { kind: query.raw.get('viewOptions') ?? 'list-view' },
      bypassSpellingSuggestion: false,
    };
    return {
      listings: result.listings,
      topBlock: result.topBlock,
      facets,
      totalResultCount: result.totalResultCount,
      maxAllowedPageNumber: result.maxAllowedPageNumber,
      correlationId: `${hash(query.raw.toString()).toString(16)}-double`,
      originalQuery: query.raw.get('query') ?? '',
      sortOptions: [
        { sortBy: 'OPTIMIZED', sortOrder: 'DECREASING' },
        { sortBy: 'SORT_INDEX', sortOrder: 'DECREASING' },
        { sortBy: 'SORT_INDEX', sortOrder: 'INCREASING' },
        { sortBy: 'PRICE', sortOrder: 'INCREASING' },
        { sortBy: 'PRICE', sortOrder: 'DECREASING' },
      ],
      isSearchSaved: false,
      hasErrors: false,
      alternativeLocales: [],
      searchRequest: { originalRequest: request, ...request },
      showSuggestionTooltip: false,
      showAttributeTooltip: false,
      searchCategory: query.l2CategoryId ?? query.l1CategoryId ?? 0,
      searchCategoryOptions: L1_CATEGORIES.map((category) => {
        const name = platform === '2dehands' ? (category.nameBe ?? category.name) : category.name;
        return {
          fullName: name,
          id: category.id,
          key: platform === '2dehands' ? (category.keyBe ?? category.key) : category.key,
          name,
        };
      }),
      seoFriendlyAttributes: [],
      seoFriendlyTextAttributes: [],
      attributeHierarchy: {},
      categoriesById: {},
      metaTags: {
        metaTitle: `${query.raw.get('query') ?? ''} | ${platform === 'marktplaats' ? 'Marktplaats' : '2dehands'}`,
        metaDescription: '',
        pageTitleH1: query.raw.get('query') ?? '',
      },
      paaContent: null,
      hubPage: false,
    };
  }

  /** `window.__CONFIG__.listing` of an ad page, shaped like a real one (fixtures.ts). */
  pageListing(listing: StoredListing): Json {
    if (listing.pageListing !== undefined) return listing.pageListing;
    const raw = listing.raw;
    const seller = (raw.sellerInformation ?? {}) as Json;
    const location = (raw.location ?? {}) as Json;
    const delivery = attributeValue(raw, 'delivery');
    const l2 = l2Category(Number(raw.categoryId));
    const l1 = l1Category(listing.l1CategoryId ?? 0);
    const pictures = Array.isArray(raw.pictures) ? (raw.pictures as Json[]) : [];
    const shippable = delivery !== null && delivery !== 'Ophalen';
    const admarkt = listing.itemId.startsWith('a');
    return {
      itemId: listing.itemId,
      title: raw.title,
      description: raw.description,
      traits: raw.traits ?? [],
      adType: admarkt ? 'TopAd' : raw.priorityProduct === 'NONE' ? 'RegularFree' : 'RegularPaid',
      priceInfo: raw.priceInfo,
      seller: {
        id: seller.sellerId,
        name: seller.sellerName,
        pageUrl: `/u/${slugify(str(seller.sellerName))}/${String(seller.sellerId)}/`,
        sellerType: listing.sellerType,
        activeYears: 3,
        location: {
          isAbroad: false,
          cityName: location.cityName,
          countryName: location.countryName,
          isOnCountryLevel: location.onCountryLevel === true,
          countryAbbreviation: location.countryAbbreviation,
          latitude: location.latitude,
          longitude: location.longitude,
        },
        contactOptions: ['asq'],
      },
      gallery: {
        imageUrls: pictures.map((picture) =>
          str(picture.extraExtraLargeUrl).replace(/^https:/, ''),
        ),
        media: { imageSizes: { XL: '84', M: '82' } },
        alt: raw.title,
      },
      shippingInformation: {
        augmentedLabels: shippable
          ? [
              {
                carrierId: 'postnl',
                labels: [
                  {
                    label: 'Thuisbezorgd via PostNL',
                    price: '€ 6,95',
                    carrierName: 'PostNL',
                    deliveryMethod: 'DELIVERY',
                  },
                ],
              },
            ]
          : [],
        deliveryType: delivery
          ? {
              attributeLabel: 'Levering',
              attributeValueLabel: delivery,
              attributeValueKey: delivery,
            }
          : undefined,
      },
      stats: {
        favoritedCount: 0,
        viewCount: 0,
        since: new Date(listing.postedAt).toISOString().replace('.000Z', 'Z'),
      },
      category: {
        id: raw.categoryId,
        name: l2?.name ?? '',
        fullName: `${l1?.name ?? ''} | ${l2?.name ?? ''}`,
        parentId: listing.l1CategoryId,
        parentName: l1?.name ?? '',
      },
      isSaved: false,
      isFreeAd: raw.priorityProduct === 'NONE',
      flags: { shippable },
      highlights: [],
      isReserved: raw.reserved === true,
      thinContent: raw.thinContent === true,
      buyItNowEnabled: false,
    };
  }
}
