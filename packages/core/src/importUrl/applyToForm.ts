/**
 * An imported search link put into an alert form's state. The guest form and the wizard take
 * different fields, and a plan may lock some: what a form cannot take is named, never dropped.
 */
import { PLATFORMS, isOpenToGuests, type PlatformId } from '../domain';
import type { FeatureName } from '../plans/features';
import { ACCESS_TEXTS } from '../plans/strings';
import {
  initialAlertFormState,
  initialGuestAlertFormState,
  type AlertFormCategory,
  type AlertFormState,
} from '../validation/alertForm';
import { normalizePostalCode } from '../validation/postalCode';
import { priceInputText } from '../validation/price';
import type { ImportCategory, ImportNote, MarketplaceSearchImport } from './parse';
import { IMPORT_URL_TEXTS as texts } from './strings';

export type ImportFormKind = 'guest' | 'wizard';

export interface ImportTarget {
  form: ImportFormKind;
  /** Our categories, to show the link's category by name. */
  categories: readonly ImportCategory[];
  /** Core's plan message when the platform is not open to the user; null when it is. */
  platformMessage(platform: PlatformId): string | null;
  /** Core's message beside a locked control; null when the plan allows the feature. */
  featureLock(feature: FeatureName): string | null;
}

export type FormImportResult =
  { ok: true; state: AlertFormState; notes: ImportNote[] } | { ok: false; error: string };

function asFormCategory(category: ImportCategory | undefined): AlertFormCategory | null {
  return category
    ? { id: category.id, name: category.name, marktplaatsId: category.marktplaatsId }
    : null;
}

/**
 * The form state after importing `imported` into `current`: the link describes a whole search,
 * so the search fields start afresh; the e-mail address and notification channels stay. A link to
 * a platform the user may not use changes nothing and answers core's plan message.
 */
export function importSearchIntoForm(
  current: AlertFormState,
  imported: MarketplaceSearchImport,
  target: ImportTarget,
): FormImportResult {
  const { platform, fields } = imported;
  const guest = target.form === 'guest';
  const refusal =
    target.platformMessage(platform) ??
    (guest && !isOpenToGuests(platform)
      ? ACCESS_TEXTS.accountRequiredForPlatform(PLATFORMS[platform].name)
      : null);
  if (refusal !== null) return { ok: false, error: refusal };

  const notes: ImportNote[] = [...imported.unsupported];
  const names = texts.fieldNames;
  const notTaken = (name: string) =>
    notes.push({ part: name, message: texts.notInGuestForm(name) });
  const locked = (feature: FeatureName, name: string): boolean => {
    const message = target.featureLock(feature);
    if (message !== null) notes.push({ part: name, message: texts.locked(name, message) });
    return message !== null;
  };

  const state: AlertFormState = {
    ...(guest ? initialGuestAlertFormState : initialAlertFormState),
    platform,
    email: current.email,
    notifyEmail: current.notifyEmail,
    notifyTelegram: current.notifyTelegram,
    notifyPush: current.notifyPush,
    searchTerm: fields.searchTerm ?? '',
    maxPrice: fields.maxPrice === undefined ? '' : priceInputText(fields.maxPrice),
    postalCode:
      fields.postalCode === undefined ? '' : normalizePostalCode(platform, fields.postalCode),
    distance: fields.postalCode === undefined ? null : (fields.distance ?? null),
  };
  if (fields.searchTerm === undefined) {
    notes.push({ part: names.searchTerm, message: texts.searchTermMissing });
  }

  if (fields.minPrice !== undefined) {
    if (guest) notTaken(names.minPrice);
    else if (!locked('minPrice', names.minPrice)) state.minPrice = priceInputText(fields.minPrice);
  }
  if (fields.l1CategoryId !== undefined) {
    if (guest) notTaken(names.category);
    else {
      const byId = (id: number | undefined) => target.categories.find((c) => c.id === id);
      state.category = {
        l1: asFormCategory(byId(fields.l1CategoryId)),
        l2: asFormCategory(byId(fields.l2CategoryId)),
      };
    }
  }
  const { conditions, ...carFilters } = fields.customFilters ?? {};
  if (conditions !== undefined) {
    if (guest) notTaken(names.conditions);
    else state.conditions = conditions;
  }
  if (Object.keys(carFilters).length > 0) {
    if (guest) notTaken(names.carFilters);
    else state.categoryFilters = carFilters;
  }
  if (fields.deliveryMethod !== undefined) {
    if (guest) notTaken(names.deliveryMethod);
    else if (!locked('deliveryMethodFilter', names.deliveryMethod)) {
      state.deliveryMethod = fields.deliveryMethod;
    }
  }
  return { ok: true, state, notes: [...notes, ...imported.ignored] };
}
