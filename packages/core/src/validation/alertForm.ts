/**
 * The alert form's state and rules (the guest form, the wizard, the plan-gated fields): pure
 * functions the web and desktop forms share, so both build the same payload.
 */
import {
  ALERT_CHANNEL_SWITCHES,
  channelSpec,
  type NotificationChannel,
} from '../channels/channels';
import type { DistanceKm } from '../constants';
import type { PlatformId } from '../domain';
import type { CreateAlertPayload, GuestCreateAlertPayload, UpdateAlertPayload } from './alert';
import { distanceEnabled, isDistanceOption } from './distance';
import {
  isCarCategory,
  type Condition,
  type CustomFilters,
  type DeliveryMethod,
  type SellerType,
} from './filters';
import { canonicalPostalCode, normalizePostalCode } from './postalCode';
import { priceForPayload, priceInputText } from './price';
import { PRICE_DROP_OFF } from '../priceDrops/priceDrop';

/** What the form needs of a category (a CategoryDto fits). */
export interface AlertFormCategory {
  id: number;
  name: string;
  marktplaatsId: number;
}

/** The filters that depend on the category (the car filters) plus the other custom filters. */
export type CategoryFilters = {
  [Key in Exclude<keyof CustomFilters, 'conditions'>]?: CustomFilters[Key] | null;
};

export interface AlertFormState {
  /** `null` until chosen in the wizard's first step. */
  platform: PlatformId | null;
  category: { l1: AlertFormCategory | null; l2: AlertFormCategory | null };
  searchTerm: string;
  email: string;
  /** As typed; read by core's price parser when the payload is built and checked. */
  minPrice: string;
  maxPrice: string;
  postalCode: string;
  /** `null` = the whole country. */
  distance: DistanceKm | null;
  deliveryMethod: DeliveryMethod;
  onlyWithImages: boolean;
  includePaidAds: boolean;
  notifyEmail: boolean;
  notifyTelegram: boolean;
  notifyPush: boolean;
  categoryFilters: CategoryFilters;
  sellerType: SellerType;
  conditions: Condition[];
}

export const initialAlertFormState: Readonly<AlertFormState> = Object.freeze({
  platform: null,
  category: Object.freeze({ l1: null, l2: null }),
  searchTerm: '',
  email: '',
  minPrice: '',
  maxPrice: '',
  postalCode: '',
  distance: null,
  deliveryMethod: 'both',
  onlyWithImages: false,
  // Paid (sponsored) ads are filtered by default; showing them is the Pro paid-ads toggle.
  includePaidAds: false,
  notifyEmail: true,
  notifyTelegram: false,
  notifyPush: false,
  categoryFilters: Object.freeze({}),
  sellerType: 'all',
  conditions: Object.freeze([]) as unknown as Condition[],
});

/** The guest form on the home page has no platform step: it is always Marktplaats. */
export const initialGuestAlertFormState: Readonly<AlertFormState> = Object.freeze({
  ...initialAlertFormState,
  platform: 'marktplaats',
});

function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** A filter that says nothing: empty, false, an empty list, or "all" for the advertiser. */
function isEmptyFilter(key: string, value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return true;
  if (Array.isArray(value) && value.length === 0) return true;
  return key === 'adverteerder' && value === 'all';
}

/** `customFilters` for the payload: the category filters and conditions, empty ones left out. */
export function buildCustomFilters(state: AlertFormState): CustomFilters {
  const all: Record<string, unknown> = { ...state.categoryFilters, conditions: state.conditions };
  const filters: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    if (!isEmptyFilter(key, value)) filters[key] = value;
  }
  return filters as CustomFilters;
}

function postalCodeFor(state: AlertFormState): string | null {
  if (state.platform === null) return state.postalCode.trim() || null;
  return normalizePostalCode(state.platform, state.postalCode) || null;
}

/** The POST /alerts body of the authenticated wizard. */
export function buildCreateAlertPayload(state: AlertFormState): CreateAlertPayload {
  const postalCode = postalCodeFor(state);
  const payload: CreateAlertPayload = {
    searchTerm: state.searchTerm.trim(),
    platforms: state.platform === null ? [] : [state.platform],
    maxPrice: priceForPayload(state.maxPrice),
    minPrice: priceForPayload(state.minPrice),
    postalCode,
    distance: distanceEnabled(postalCode) ? state.distance : null,
    l1CategoryId: state.category.l1?.id ?? null,
    l2CategoryId: state.category.l2?.id ?? null,
    customFilters: buildCustomFilters(state),
    deliveryMethod: state.deliveryMethod,
    onlyWithImages: state.onlyWithImages,
    includePaidAds: state.includePaidAds,
    notifyEmail: state.notifyEmail,
    notifyTelegram: state.notifyTelegram,
    notifyPush: state.notifyPush,
  };
  // The car category's advertiser filter replaces seller type; 'all' is the server's default.
  if (state.sellerType !== 'all' && !isCarCategory(state.category.l1)) {
    payload.sellerType = state.sellerType;
  }
  if (!isBlank(state.email)) payload.email = state.email.trim();
  return payload;
}

/** The POST /alerts body of the guest form: only its own fields. */
export function buildGuestCreateAlertPayload(state: AlertFormState): GuestCreateAlertPayload {
  const postalCode = normalizePostalCode('marktplaats', state.postalCode) || null;
  return {
    searchTerm: state.searchTerm.trim(),
    platforms: ['marktplaats'],
    maxPrice: priceForPayload(state.maxPrice),
    postalCode,
    distance: distanceEnabled(postalCode) ? state.distance : null,
    email: state.email.trim(),
  };
}

/**
 * Switches a notification channel. An alert always reaches its owner somehow: turning the last
 * other channel off turns e-mail on, and e-mail can only be turned off while another channel is
 * on. A refused change returns the same state.
 */
export function applyNotificationToggle(
  state: AlertFormState,
  channel: NotificationChannel,
  on: boolean,
): AlertFormState {
  const next: AlertFormState = { ...state, [channelSpec(channel).alertSwitch]: on };
  if (ALERT_CHANNEL_SWITCHES.some((channelSwitch) => next[channelSwitch])) return next;
  return channel === 'email' ? state : { ...next, notifyEmail: true };
}

/** The guest form may be sent with a platform, a search term and an e-mail address. */
export function canSubmitGuest(state: AlertFormState): boolean {
  return state.platform !== null && !isBlank(state.searchTerm) && !isBlank(state.email);
}

/** The wizard may be sent with a platform, a search term, room for an alert and a notification channel. */
export function canSubmitAuthenticated(state: AlertFormState, canCreateAlerts: boolean): boolean {
  return (
    state.platform !== null &&
    !isBlank(state.searchTerm) &&
    canCreateAlerts &&
    ALERT_CHANNEL_SWITCHES.some((channelSwitch) => state[channelSwitch])
  );
}

/** Picks a category; its filters are cleared unless the top category stays the same. */
export function changeCategory(
  state: AlertFormState,
  next: { l1: AlertFormCategory | null; l2: AlertFormCategory | null },
): AlertFormState {
  const sameTop = (state.category.l1?.id ?? null) === (next.l1?.id ?? null);
  return {
    ...state,
    category: { l1: next.l1, l2: next.l2 },
    categoryFilters: sameTop ? state.categoryFilters : {},
  };
}

/**
 * Picks a platform. An unavailable one changes nothing. A postal code that is no valid
 * code in the new platform's country is cleared, and with it the distance.
 */
export function changePlatform(
  state: AlertFormState,
  platform: PlatformId,
  available = true,
): AlertFormState {
  if (!available || state.platform === platform) return state;
  if (isBlank(state.postalCode)) return { ...state, platform };
  const postalCode = canonicalPostalCode(platform, state.postalCode);
  return postalCode === null
    ? { ...state, platform, postalCode: '', distance: null }
    : { ...state, platform, postalCode };
}

/** What prefilling a form reads of a stored alert (an AlertDto fits). */
export interface AlertFormSource {
  platforms: readonly PlatformId[];
  searchTerm: string;
  minPrice: number | null;
  maxPrice: number | null;
  postalCode: string | null;
  distance: number | null;
  customFilters: Record<string, unknown>;
  deliveryMethod: DeliveryMethod;
  onlyWithImages: boolean;
  includePaidAds: boolean;
  sellerType: SellerType;
  notifyEmail: boolean;
  notifyTelegram: boolean;
  notifyPush: boolean;
}

/**
 * The form state of a stored alert, to change it with the same form that made it: the filters
 * go back to the fields they came from (conditions apart, the rest per category), the category
 * is the one the caller found for the alert's ids.
 */
export function alertFormStateOf(
  alert: AlertFormSource,
  category: AlertFormState['category'],
): AlertFormState {
  const { conditions, ...categoryFilters } = alert.customFilters as Partial<CustomFilters>;
  return {
    ...initialAlertFormState,
    platform: alert.platforms[0] ?? null,
    category: { l1: category.l1, l2: category.l1 ? category.l2 : null },
    searchTerm: alert.searchTerm,
    minPrice: alert.minPrice === null ? '' : priceInputText(alert.minPrice),
    maxPrice: alert.maxPrice === null ? '' : priceInputText(alert.maxPrice),
    postalCode: alert.postalCode ?? '',
    distance: isDistanceOption(alert.distance) ? alert.distance : null,
    deliveryMethod: alert.deliveryMethod,
    onlyWithImages: alert.onlyWithImages,
    includePaidAds: alert.includePaidAds,
    notifyEmail: alert.notifyEmail,
    notifyTelegram: alert.notifyTelegram,
    notifyPush: alert.notifyPush,
    categoryFilters,
    sellerType: alert.sellerType,
    conditions: [...(conditions ?? [])],
  };
}

/** JSON with the keys of every object sorted, so two equal values read the same. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** What a create payload means by leaving a field out, where an update has to say it. */
const LEFT_OUT: Partial<Record<string, unknown>> = {
  sellerType: 'all',
  priceDrop: PRICE_DROP_OFF,
};

/**
 * The PUT body that turns the alert saved as `before` into `after` (both built by the same form,
 * so an untouched field reads the same): only what changed, so a setting the owner's plan no
 * longer offers is kept unless the owner changes it.
 */
export function alertChanges(
  before: CreateAlertPayload,
  after: CreateAlertPayload,
): UpdateAlertPayload {
  const changes: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const value = (after as Record<string, unknown>)[key] ?? LEFT_OUT[key] ?? null;
    const previous = (before as Record<string, unknown>)[key] ?? LEFT_OUT[key] ?? null;
    if (canonical(previous) !== canonical(value)) changes[key] = value;
  }
  return changes as UpdateAlertPayload;
}
