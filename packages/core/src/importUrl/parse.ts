/**
 * A Marktplaats or 2dehands search link, as copied from the browser's address bar, turned into
 * create-alert fields. The site keeps the search in the path (`/q/<query>/`,
 * `/l/<l1-key>/<l2-key>/`, `/f/<name>/<value-id>/`) and its filters in the fragment
 * (`#q:…|postcode:…|distanceMeters:…|PriceCentsFrom:…`). Whatever the alert cannot do is named in
 * `unsupported`; what an alert does not need (sorting, paging) in `ignored`: nothing is dropped
 * without a word.
 */
import type { CategoryDto } from '../api/types';
import { CAR_CATEGORY_MARKTPLAATS_ID, DISTANCE_OPTIONS_KM, type DistanceKm } from '../constants';
import {
  ALL_AD_LANGUAGES,
  PLATFORM_IDS,
  PLATFORMS,
  hasLanguageFilter,
  type PlatformId,
} from '../domain';
import { centsToEuros } from '../money';
import {
  CONDITION_ATTRIBUTE_IDS,
  DELIVERY_METHOD_ATTRIBUTE_IDS,
  type Condition,
  type CustomFilters,
  type DeliveryMethod,
} from '../validation/filters';
import { CAR_MILEAGE_MAX_KM, CAR_YEAR_MAX, CAR_YEAR_MIN } from '../validation/limits';
import { canonicalPostalCode } from '../validation/postalCode';
import { priceError } from '../validation/price';
import { L1_CATEGORY_KEYS, categoryKey } from './categoryKeys';
import { IMPORT_URL_TEXTS as texts } from './strings';

/** Longer than any real search link; a guard against pasting a whole page. */
export const SEARCH_URL_MAX_LENGTH = 2000;

/** What the converter needs of a category (a CategoryDto fits). */
export type ImportCategory = Pick<
  CategoryDto,
  'id' | 'name' | 'marktplaatsId' | 'type' | 'parentId'
>;

/** One part of the link that was not taken over, and why, in Dutch. */
export interface ImportNote {
  /** The part as it stood in the link, e.g. 'Language:fr-BE' or '/f/carbon/3584/'. */
  part: string;
  message: string;
}

/** The car filters a link can carry (`mileageFrom/To`, `constructionYearFrom/To`). */
export type ImportedCarFilters = Pick<
  CustomFilters,
  'mileageMin' | 'mileageMax' | 'yearMin' | 'yearMax'
>;

/** The create-alert fields a link filled in, named and typed as the create payload has them. */
export interface ImportedAlertFields {
  searchTerm?: string;
  platforms?: PlatformId[];
  /** Euros. */
  minPrice?: number;
  maxPrice?: number;
  postalCode?: string;
  distance?: DistanceKm | null;
  /** Our category ids (not the marketplaces'). */
  l1CategoryId?: number;
  l2CategoryId?: number;
  deliveryMethod?: DeliveryMethod;
  customFilters?: ImportedCarFilters & { conditions?: Condition[] };
}

export interface MarketplaceSearchImport {
  platform: PlatformId;
  fields: ImportedAlertFields;
  unsupported: ImportNote[];
  ignored: ImportNote[];
}

export type MarketplaceUrlResult =
  ({ ok: true } & MarketplaceSearchImport) | { ok: false; error: string };

/** Each platform's host names (the platform table's `hosts`) → the platform. */
const HOSTS: ReadonlyMap<string, PlatformId> = new Map(
  PLATFORM_IDS.flatMap((id) => PLATFORMS[id].hosts.map((host) => [host, id] as const)),
);

/** `scheme://authority path ?query #fragment`; the scheme may be left out when pasting. */
const URL_PARTS = /^(?:([a-z][a-z0-9+.-]*):\/\/)?([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/i;

/** A host name with at least one dot, and maybe a port. */
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+\.?(:\d+)?$/i;

/** The path words that start a segment of their own. */
const PATH_MARKERS = new Set(['q', 'l', 'f', 'p']);

/** Meaningless to an alert that reports every new ad (`|` in the fragment, `?` in the query). */
const SORT_KEYS = new Set(['sortBy', 'sortOrder', 'sortAttribute']);
const HARMLESS_QUERY_PARAMETER = /^(utm_\w+|gclid|fbclid)$/;

/** The marketplaces' "no distance limit". */
const NO_DISTANCE_LIMIT_METERS = 1_000_000;

const VALUE_ID_LABELS: Readonly<Record<number, string>> = {
  14055: 'Direct Kopen',
};

const CAR_RANGE_KEYS = {
  mileageFrom: 'mileageMin',
  mileageTo: 'mileageMax',
  constructionYearFrom: 'yearMin',
  constructionYearTo: 'yearMax',
} as const satisfies Record<string, keyof ImportedCarFilters>;
type CarRangeKey = keyof typeof CAR_RANGE_KEYS;

function decode(text: string, plusIsSpace: boolean): string {
  const spaced = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray '%' (typed by hand) is kept as it is rather than refusing the whole link.
    return spaced;
  }
}

function platformOfHost(authority: string): PlatformId | null {
  if (authority.includes('@')) return null;
  const host = authority
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^(www|m)\./, '');
  return HOSTS.get(host) ?? null;
}

const CONDITION_BY_ID = new Map<number, Condition>(
  Object.entries(CONDITION_ATTRIBUTE_IDS).map(([condition, id]) => [id, condition as Condition]),
);
const DELIVERY_BY_ID = new Map<number, Exclude<DeliveryMethod, 'both'>>(
  Object.entries(DELIVERY_METHOD_ATTRIBUTE_IDS).map(([method, id]) => [
    id,
    method as Exclude<DeliveryMethod, 'both'>,
  ]),
);

/** An attribute value id with how the link named it (`/f/<name>/<id>/` or `f:<id>`). */
interface AttributeValue {
  id: string;
  name: string | null;
  part: string;
}

interface SearchPath {
  /** Whether the path is a search page (`/q/…` or `/l/…`). */
  isSearch: boolean;
  query: string | null;
  l1Key: string | null;
  l2Key: string | null;
  attributes: AttributeValue[];
  page: string | null;
  /** Path words that fit no known shape. */
  unknown: string[];
}

/** Reads `/l/<l1>/<l2>/q/<query>/f/<names>/<ids>/p/<n>/` in any order the sites use. */
function readPath(path: string): SearchPath {
  const words = path.split('/').filter((word) => word !== '');
  const result: SearchPath = {
    isSearch: false,
    query: null,
    l1Key: null,
    l2Key: null,
    attributes: [],
    page: null,
    unknown: [],
  };
  for (let index = 0; index < words.length;) {
    const marker = words[index]!;
    const next = (offset: number) => {
      const word = words[index + offset];
      return word === undefined || PATH_MARKERS.has(word) ? null : word;
    };
    if (marker === 'q' && next(1) !== null) {
      result.query = decode(next(1)!, true).trim();
      result.isSearch = true;
      index += 2;
    } else if (marker === 'l' && next(1) !== null) {
      result.l1Key = decode(next(1)!, false).toLowerCase();
      result.l2Key = next(2) === null ? null : decode(next(2)!, false).toLowerCase();
      result.isSearch = true;
      index += result.l2Key === null ? 2 : 3;
    } else if (marker === 'f' && next(1) !== null && next(2) !== null) {
      // Several values of one filter share a segment: /f/nieuw+gebruikt/30+32/.
      const names = decode(next(1)!, false).split(/[+ ,]/);
      const ids = decode(next(2)!, false).split(/[+ ,]/);
      ids.forEach((id, position) => {
        result.attributes.push({
          id,
          name: names[position] ?? null,
          part: `/f/${next(1)!}/${next(2)!}/`,
        });
      });
      index += 3;
    } else if (marker === 'p' && next(1) !== null) {
      result.page = next(1);
      index += 2;
    } else {
      result.unknown.push(marker);
      index += 1;
    }
  }
  return result;
}

/** `k:v|k:v`, also when the browser percent-encoded the separators. */
function readFragment(fragment: string): Array<{ key: string; value: string; part: string }> {
  const raw = /[|:]/.test(fragment) ? fragment : decode(fragment, false);
  return raw
    .split('|')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      const key = decode(colon < 0 ? part : part.slice(0, colon), false).trim();
      const value = colon < 0 ? '' : part.slice(colon + 1);
      return { key, value, part: decode(part, false) };
    });
}

/** A whole number of cents, metres, kilometres or years; null when it is no such number. */
function wholeNumber(value: string): number | null {
  const text = value.trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

function isOpenEnd(value: string): boolean {
  const text = value.trim().toLowerCase();
  return text === '' || text === 'null';
}

/** The smallest offered distance that still covers `km`; null beyond the largest. */
function distanceCovering(km: number): DistanceKm | null {
  return DISTANCE_OPTIONS_KM.find((option) => option >= km) ?? null;
}

class Collector {
  readonly fields: ImportedAlertFields = {};
  readonly unsupported: ImportNote[] = [];
  readonly ignored: ImportNote[] = [];
  readonly carFilters: Array<{ key: CarRangeKey; value: string; part: string }> = [];
  readonly attributes: AttributeValue[] = [];
  query: string | null = null;
  postcode: { value: string; part: string } | null = null;
  distanceMeters: { value: string; part: string } | null = null;

  unsupportedPart(part: string, message: string): void {
    this.unsupported.push({ part, message });
  }

  ignoredPart(part: string, message: string): void {
    this.ignored.push({ part, message });
  }

  /** The sort keys come in pairs (sortBy, sortOrder): one note names them together. */
  sortPart(part: string): void {
    const note = this.ignored.find((ignored) => ignored.message === texts.sortIgnored);
    if (note) note.part = `${note.part}|${part}`;
    else this.ignoredPart(part, texts.sortIgnored);
  }
}

function readFragmentEntry(
  entry: { key: string; value: string; part: string },
  out: Collector,
  platform: PlatformId,
): void {
  const { key, value, part } = entry;
  switch (key) {
    case 'q':
      out.query = decode(value, true).trim();
      return;
    case 'postcode':
      out.postcode = { value: decode(value, true).trim(), part };
      return;
    case 'distanceMeters':
      out.distanceMeters = { value, part };
      return;
    case 'PriceCentsFrom':
    case 'PriceCentsTo': {
      if (isOpenEnd(value)) return;
      const field = key === 'PriceCentsFrom' ? 'minPrice' : 'maxPrice';
      const name = texts.fieldNames[field];
      const cents = wholeNumber(value);
      if (cents === null) return out.unsupportedPart(part, texts.valueUnreadable(name, value));
      // From € 0 is no lower bound: left out, so no plan's minimum-price lock is touched.
      if (cents === 0 && field === 'minPrice') return;
      const euros = centsToEuros(cents);
      const error = priceError(euros);
      if (error !== null) return out.unsupportedPart(part, texts.priceOutOfRange(name, error));
      out.fields[field] = euros;
      return;
    }
    case 'offeredSince':
      return out.ignoredPart(part, texts.offeredSinceIgnored);
    case 'Language':
      // All languages is the site's default: it narrows nothing.
      if (value === ALL_AD_LANGUAGES && hasLanguageFilter(platform)) return;
      return out.unsupportedPart(part, texts.languageUnsupported(decode(value, false)));
    case 'searchInTitleAndDescription':
      if (value === 'true') return;
      return out.unsupportedPart(part, texts.titleOnlyUnsupported);
    case 'f':
      for (const id of value.split(/[,+]/).filter(Boolean)) {
        out.attributes.push({ id, name: null, part });
      }
      return;
    case 'mileageFrom':
    case 'mileageTo':
    case 'constructionYearFrom':
    case 'constructionYearTo':
      if (!isOpenEnd(value)) out.carFilters.push({ key, value, part });
      return;
    default:
      if (SORT_KEYS.has(key)) return out.sortPart(part);
      return out.unsupportedPart(part, texts.filterUnsupported(key || part));
  }
}

function applyLocation(out: Collector, platform: PlatformId): void {
  const { postcode, distanceMeters } = out;
  if (postcode !== null && postcode.value !== '') {
    const code = canonicalPostalCode(platform, postcode.value);
    if (code === null) {
      out.unsupportedPart(
        postcode.part,
        texts.postalCodeInvalid(postcode.value, PLATFORMS[platform].name),
      );
    } else {
      out.fields.postalCode = code;
    }
  }
  if (distanceMeters === null) return;
  const meters = wholeNumber(distanceMeters.value);
  if (meters === null) {
    out.unsupportedPart(
      distanceMeters.part,
      texts.valueUnreadable('distanceMeters', distanceMeters.value),
    );
    return;
  }
  if (meters >= NO_DISTANCE_LIMIT_METERS) return;
  if (out.fields.postalCode === undefined) {
    out.unsupportedPart(distanceMeters.part, texts.distanceWithoutPostalCode);
    return;
  }
  const km = meters / 1000;
  const distance = distanceCovering(km);
  out.fields.distance = distance;
  if (distance === null) out.unsupportedPart(distanceMeters.part, texts.distanceTooLarge(km));
  else if (distance !== km)
    out.unsupportedPart(distanceMeters.part, texts.distanceRounded(km, distance));
}

function applyCategory(
  out: Collector,
  path: SearchPath,
  categories: readonly ImportCategory[] | undefined,
): ImportCategory | null {
  if (path.l1Key === null) return null;
  const l1Part = `/l/${path.l1Key}/`;
  const marktplaatsId = L1_CATEGORY_KEYS[path.l1Key];
  const l1 =
    marktplaatsId === undefined
      ? undefined
      : categories?.find((c) => c.type === 'L1' && c.marktplaatsId === marktplaatsId);
  if (l1 === undefined) {
    out.unsupportedPart(l1Part, texts.categoryUnknown(path.l1Key));
    return null;
  }
  out.fields.l1CategoryId = l1.id;
  if (path.l2Key === null) return l1;
  const l2 = categories?.find(
    (c) => c.type === 'L2' && c.parentId === l1.id && categoryKey(c.name) === path.l2Key,
  );
  if (l2 === undefined) {
    out.unsupportedPart(
      `/l/${path.l1Key}/${path.l2Key}/`,
      texts.subcategoryUnsupported(path.l2Key, l1.name),
    );
  } else {
    out.fields.l2CategoryId = l2.id;
  }
  return l1;
}

function applyAttributes(out: Collector, attributes: readonly AttributeValue[]): void {
  const conditions: Condition[] = [];
  const delivery = new Set<Exclude<DeliveryMethod, 'both'>>();
  for (const { id, name, part } of attributes) {
    const valueId = wholeNumber(id);
    const condition = valueId === null ? undefined : CONDITION_BY_ID.get(valueId);
    const method = valueId === null ? undefined : DELIVERY_BY_ID.get(valueId);
    if (condition !== undefined) {
      if (!conditions.includes(condition)) conditions.push(condition);
    } else if (method !== undefined) {
      delivery.add(method);
    } else {
      const label = (valueId !== null ? VALUE_ID_LABELS[valueId] : undefined) ?? name;
      out.unsupportedPart(part, texts.filterUnsupported(label ? `${label} (${id})` : id));
    }
  }
  if (conditions.length > 0) out.fields.customFilters = { ...out.fields.customFilters, conditions };
  // Both ways of delivery is what an alert does without the filter.
  if (delivery.size === 1) out.fields.deliveryMethod = [...delivery][0]!;
}

function applyCarFilters(out: Collector, l1: ImportCategory | null): void {
  const isCars = l1?.marktplaatsId === CAR_CATEGORY_MARKTPLAATS_ID;
  for (const { key, value, part } of out.carFilters) {
    const name = texts.fieldNames[key];
    if (!isCars) {
      out.unsupportedPart(part, texts.carFilterOutsideCars(name));
      continue;
    }
    const number = wholeNumber(value);
    const isYear = key.startsWith('constructionYear');
    const valid =
      number !== null &&
      (isYear ? number >= CAR_YEAR_MIN && number <= CAR_YEAR_MAX : number <= CAR_MILEAGE_MAX_KM);
    if (!valid) {
      out.unsupportedPart(part, texts.valueUnreadable(name, value));
      continue;
    }
    out.fields.customFilters = { ...out.fields.customFilters, [CAR_RANGE_KEYS[key]]: number };
  }
}

/**
 * The create-alert fields of a marketplace search link. `categories` (ours, as GET /categories
 * lists them) turn the link's category keys into our category ids; without them a category is
 * named as not taken over. A link of another site, or no search page, is refused in Dutch.
 */
export function parseMarketplaceSearchUrl(
  input: string,
  categories?: readonly ImportCategory[],
): MarketplaceUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: texts.empty };
  if (text.length > SEARCH_URL_MAX_LENGTH) return { ok: false, error: texts.tooLong };
  const match = URL_PARTS.exec(text);
  if (match === null || /\s/.test(text)) return { ok: false, error: texts.notAUrl };
  const [, scheme, authority = '', path = '', query, fragment] = match;
  if (scheme !== undefined && !/^https?$/i.test(scheme)) return { ok: false, error: texts.notAUrl };
  if (!authority.includes('@') && !HOST.test(authority)) return { ok: false, error: texts.notAUrl };
  const platform = platformOfHost(authority);
  if (platform === null) return { ok: false, error: texts.notMarketplace };

  const out = new Collector();
  const entries = fragment ? readFragment(fragment) : [];
  for (const entry of entries) readFragmentEntry(entry, out, platform);

  // A search page, or the home page with a query in its fragment.
  const found = readPath(path);
  if (!found.isSearch && !(found.unknown.length === 0 && out.query)) {
    return { ok: false, error: texts.notASearch };
  }
  out.fields.platforms = [platform];
  const searchTerm = out.query || found.query;
  if (searchTerm) out.fields.searchTerm = searchTerm;
  for (const word of found.unknown) {
    out.unsupportedPart(`/${word}/`, texts.filterUnsupported(decode(word, false)));
  }
  if (found.page !== null) out.ignoredPart(`/p/${found.page}/`, texts.pageIgnored);
  for (const pair of (query ?? '').split('&').filter(Boolean)) {
    const name = decode(pair.split('=')[0] ?? '', true);
    if (!HARMLESS_QUERY_PARAMETER.test(name)) {
      out.ignoredPart(`?${decode(pair, true)}`, texts.queryParameterIgnored(name));
    }
  }

  const l1 = applyCategory(out, found, categories);
  applyLocation(out, platform);
  applyAttributes(out, [...found.attributes, ...out.attributes]);
  applyCarFilters(out, l1);

  return {
    ok: true,
    platform,
    fields: out.fields,
    unsupported: out.unsupported,
    ignored: out.ignored,
  };
}
