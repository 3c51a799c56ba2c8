/**
 * An alert's settings in Dutch words with units ('tot 150.000 km', 'bouwjaar vanaf 2015',
 * 'alleen particuliere verkopers', 'tot € 1.000'): the one way the wizard's summary, the manage
 * page and the dashboard show what an alert searches for and how it notifies.
 */
import { CHANNELS, type AlertChannelSwitch, type NotificationChannel } from '../channels/channels';
import { platformNames, type PlatformId } from '../domain';
import type { PriceDropOption } from '../priceDrops/priceDrop';
import { PRICE_DROP_TEXTS } from '../priceDrops/strings';
import { describeSchedule, type DeliverySchedule } from '../schedule/schedule';
import { SCHEDULE_TEXTS } from '../schedule/strings';
import { ALERT_FIELD_TEXTS } from '../validation/strings';
import { ALERT_FORM_TEXTS } from '../alertFlow/strings';
import type {
  Condition,
  CustomFilters,
  DeliveryMethod,
  FuelType,
  SellerType,
} from '../validation/filters';
import { formatPrice } from './format';
import { onFirstUse } from '../intl';

const numbers = onFirstUse(() => new Intl.NumberFormat('nl-NL'));

/** Fuels as they read inside a sentence ('brandstof: benzine, LPG'). */
const FUEL_WORDS: Record<FuelType, string> = {
  petrol: 'benzine',
  diesel: 'diesel',
  electric: 'elektrisch',
  hybrid_petrol: 'hybride (benzine)',
  hybrid_diesel: 'hybride (diesel)',
  lpg: 'LPG',
  cng: 'CNG',
  hydrogen: 'waterstof',
  other: 'overige brandstoffen',
};

const CONDITION_WORDS: Record<Condition, string> = {
  new: 'nieuw',
  as_good_as_new: 'zo goed als nieuw',
  used: 'gebruikt',
  refurbished: 'refurbished',
  not_working: 'niet werkend',
};

export const ALERT_DESCRIPTION_TEXTS = {
  km: (km: number) => `${numbers().format(km)} km`,
  range: (from: string, to: string) => `${from} – ${to}`,
  from: (value: string) => `vanaf ${value}`,
  to: (value: string) => `tot ${value}`,
  year: (years: string) => `bouwjaar ${years}`,
  fuel: (fuels: string) => `brandstof: ${fuels}`,
  conditions: (conditions: string) => `staat: ${conditions}`,
  excludeWords: (words: string) => `zonder de woorden: ${words}`,
  sellers: {
    all: 'alle verkopers',
    private: 'alleen particuliere verkopers',
    business: 'alleen zakelijke verkopers',
  } satisfies Record<SellerType, string>,
  deliveryMethods: {
    both: 'ophalen of verzenden',
    pickup: 'alleen ophalen',
    shipping: 'alleen verzenden',
  } satisfies Record<DeliveryMethod, string>,
  onlyWithImages: 'alleen met foto',
  includePaidAds: 'ook betaalde advertenties',
  hideReserved: 'geen gereserveerde advertenties',
  noFilters: 'geen',
  noPriceLimit: 'geen prijsgrens',
  /** Each alert switch's channel as the summary names it ("Meldingen via e-mail en Telegram"). */
  notifyBy: { email: 'e-mail', telegram: 'Telegram', push: 'pushmelding' } satisfies Record<
    NotificationChannel,
    string
  >,
  priceDropOff: 'niet melden',
  labels: {
    filters: 'Filters',
    notifyBy: 'Meldingen via',
    priceDrop: PRICE_DROP_TEXTS.form.legend,
    schedule: SCHEDULE_TEXTS.form.modeLabel,
  },
} as const;

const texts = ALERT_DESCRIPTION_TEXTS;

/** The filters of an alert (a payload, a form's values or an AlertDto all fit). */
export interface AlertFilterValues {
  customFilters?: Partial<CustomFilters> | null | undefined;
  deliveryMethod?: DeliveryMethod | undefined;
  onlyWithImages?: boolean | undefined;
  includePaidAds?: boolean | undefined;
  sellerType?: SellerType | undefined;
}

/** 'tot X', 'vanaf X' or 'X – Y' of a range either end of which may be open; null when both are. */
function rangeText(
  from: number | null | undefined,
  to: number | null | undefined,
  show: (value: number) => string,
): string | null {
  if (from != null && to != null) {
    return from === to ? show(from) : texts.range(show(from), show(to));
  }
  if (to != null) return texts.to(show(to));
  if (from != null) return texts.from(show(from));
  return null;
}

/** A price range in words: 'tot € 400', 'vanaf € 12,50', '€ 100 – € 400', 'geen prijsgrens'. */
export function formatPriceRange(minPrice: number | null, maxPrice: number | null): string {
  return rangeText(minPrice, maxPrice, formatPrice) ?? texts.noPriceLimit;
}

/** Whom the alert hears from: the car category's advertiser filter stands in for seller type. */
function sellerOf(values: AlertFilterValues): SellerType {
  const advertiser = values.customFilters?.adverteerder;
  if (advertiser !== undefined && advertiser !== 'all') return advertiser;
  return values.sellerType ?? 'all';
}

/** The filters apart from the seller type, in the order of the wizard's steps. */
function listingFilterPhrases(values: AlertFilterValues): string[] {
  const filters = values.customFilters ?? {};
  const years = rangeText(filters.yearMin, filters.yearMax, String);
  const phrases: (string | null)[] = [
    rangeText(filters.mileageMin, filters.mileageMax, texts.km),
    years === null ? null : texts.year(years),
  ];
  if (filters.fuel?.length) {
    phrases.push(texts.fuel(filters.fuel.map((fuel) => FUEL_WORDS[fuel]).join(', ')));
  }
  const delivery = values.deliveryMethod ?? 'both';
  if (delivery !== 'both') phrases.push(texts.deliveryMethods[delivery]);
  if (values.onlyWithImages) phrases.push(texts.onlyWithImages);
  if (values.includePaidAds) phrases.push(texts.includePaidAds);
  if (filters.conditions?.length) {
    const words = filters.conditions.map((condition) => CONDITION_WORDS[condition]);
    phrases.push(texts.conditions(words.join(', ')));
  }
  if (filters.excludeWords?.length)
    phrases.push(texts.excludeWords(filters.excludeWords.join(', ')));
  if (filters.hideReserved) phrases.push(texts.hideReserved);
  return phrases.filter((phrase): phrase is string => phrase !== null);
}

/**
 * Every filter the alert sets, each as a short Dutch phrase with its unit; none for a filter that
 * lets everything through ('alle verkopers', 'ophalen of verzenden').
 */
export function alertFilterPhrases(values: AlertFilterValues): string[] {
  const seller = sellerOf(values);
  return [...listingFilterPhrases(values), ...(seller === 'all' ? [] : [texts.sellers[seller]])];
}

/** What `describeAlert` reads: an AlertDto, or what a form is about to save, with names. */
export interface DescribedAlert extends AlertFilterValues {
  platforms: readonly PlatformId[];
  searchTerm: string;
  /** The names of the top category and the subcategory; null for all. */
  categoryNames: { l1: string | null; l2: string | null };
  minPrice: number | null | undefined;
  maxPrice: number | null | undefined;
  postalCode: string | null | undefined;
  distance: number | null | undefined;
  notifyEmail: boolean;
  notifyTelegram: boolean;
  notifyPush: boolean;
  priceDrop: PriceDropOption | null | undefined;
  schedule: DeliverySchedule;
}

/** One line of an alert's description; a list value is shown as a list. */
export interface AlertDescriptionRow {
  label: string;
  value: string | readonly string[];
}

/** The switched-on channels, "e-mail, Telegram en pushmelding"; e-mail when none is on. */
function notifyByText(alert: Pick<DescribedAlert, AlertChannelSwitch>): string {
  const names = CHANNELS.flatMap((channel) =>
    channel.alertSwitch !== null && alert[channel.alertSwitch] ? [texts.notifyBy[channel.id]] : [],
  );
  if (names.length === 0) return texts.notifyBy.email;
  const last = names.pop()!;
  return names.length === 0 ? last : `${names.join(', ')} en ${last}`;
}

/**
 * Everything an alert stores, a row each: platform, search term, category, price, location,
 * seller type, the other filters, channels, price drops and the schedule.
 */
export function describeAlert(alert: DescribedAlert): AlertDescriptionRow[] {
  const labels = ALERT_FORM_TEXTS.summary;
  const { l1, l2 } = alert.categoryNames;
  const filters = listingFilterPhrases(alert);
  const postalCode = alert.postalCode ?? null;
  const priceDrop = alert.priceDrop;
  return [
    {
      label: labels.platform,
      value: platformNames(alert.platforms) || labels.notSet,
    },
    { label: labels.searchTerm, value: alert.searchTerm.trim() || labels.notSet },
    {
      label: labels.category,
      value: l1 === null ? ALERT_FORM_TEXTS.category.all : [l1, l2].filter(Boolean).join(' › '),
    },
    {
      label: labels.price,
      value: formatPriceRange(alert.minPrice ?? null, alert.maxPrice ?? null),
    },
    {
      label: labels.location,
      value: ALERT_FORM_TEXTS.location(
        postalCode,
        postalCode === null ? null : (alert.distance ?? null),
        ALERT_FIELD_TEXTS.wholeCountry,
      ),
    },
    { label: labels.sellerType, value: texts.sellers[sellerOf(alert)] },
    { label: texts.labels.filters, value: filters.length > 0 ? filters : texts.noFilters },
    { label: texts.labels.notifyBy, value: notifyByText(alert) },
    {
      label: texts.labels.priceDrop,
      value: priceDrop?.enabled
        ? PRICE_DROP_TEXTS.form.summary(priceDrop.percent)
        : texts.priceDropOff,
    },
    { label: texts.labels.schedule, value: describeSchedule(alert.schedule) },
  ];
}
