/**
 * Create- and update-alert payloads. The guest schema takes the whole create-alert payload but
 * accepts only the guest form's values (Marktplaats, e-mail, no filters); the user schema the
 * whole wizard. Postal codes come out normalised.
 */
import { z } from 'zod';
import type { DistanceKm } from '../constants';
import { PLATFORM_IDS, PLATFORMS, isOpenToGuests, type PlatformId } from '../domain';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import { ACCESS_TEXTS, PLAN_LABELS } from '../plans/strings';
import { emailSchema, optionalEmailSchema } from './common';
import { distanceSchema } from './distanceSchema';
import { customFiltersSchema, deliveryMethodSchema, sellerTypeSchema } from './filtersSchema';
import { BESIDE_FIELD_ERRORS, refusedFields } from './fieldErrors';
import { dutch } from './messages';
import { canonicalAlertPostalCode, postalCodeMessage } from './postalCode';
import { priceRangeError } from './price';
import { priceSchema } from './priceSchema';
import { searchTermSchema } from './searchTermSchema';
import { featureLockedMessage, type FeatureName } from '../plans/features';
import { priceDropSchema } from '../priceDrops/priceDropSchema';
import { deliveryScheduleSchema } from '../schedule/scheduleSchema';

const texts = ALERT_FIELD_TEXTS;

export const platformSchema = z.enum(PLATFORM_IDS, dutch({ required: texts.platformRequired }));

/** One or both platforms, each once. */
export const platformsSchema = z
  .array(platformSchema, dutch({ required: texts.platformRequired }))
  .min(1, texts.platformRequired)
  .max(PLATFORM_IDS.length, texts.platformsTooMany)
  .refine((platforms) => new Set(platforms).size === platforms.length, texts.platformsDuplicate);

/** Raw postal code; checked and formatted per platform once the platforms are known. */
const postalCodeInputSchema = z
  .string(dutch({ invalid: texts.postalCodeInvalid }))
  .trim()
  .transform((code) => (code === '' ? null : code))
  .nullable()
  .optional();

const categoryIdSchema = z
  .number(dutch())
  .int(VALIDATION_TEXTS.invalidValue)
  .positive(VALIDATION_TEXTS.invalidValue)
  .nullable()
  .optional();

const flag = z.boolean(dutch());

/** The fields an alert's filters share between create and update; none has a default here. */
interface AlertCrossFields {
  platforms?: PlatformId[] | undefined;
  minPrice?: number | null | undefined;
  maxPrice?: number | null | undefined;
  postalCode?: string | null | undefined;
  distance?: DistanceKm | null | undefined;
  l1CategoryId?: number | null | undefined;
  l2CategoryId?: number | null | undefined;
  notifyEmail?: boolean | undefined;
  notifyTelegram?: boolean | undefined;
  notifyPush?: boolean | undefined;
}

/** 'guest': the guest form (always notified by e-mail); 'update': absent means unchanged. */
export type AlertPayloadMode = 'guest' | 'create' | 'update';

/**
 * The rules between fields, as `{ path, message }`. On create, an absent field means "none"; on
 * update it means "unchanged", so a rule is only judged when the payload itself settles it (the
 * server checks the merged alert again with mode 'create'). A field named in `refused` already
 * has its own message: the rules that need its value wait for it (platforms that were refused
 * count as unknown, so a postal code no platform accepts is still named).
 */
export function alertCrossFieldErrors(
  alert: AlertCrossFields,
  mode: AlertPayloadMode,
  refused: ReadonlySet<string> = new Set(),
): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  const settled = (value: unknown) => mode !== 'update' || value !== undefined;
  const usable = (...keys: (keyof AlertCrossFields)[]) => !keys.some((key) => refused.has(key));

  if (usable('minPrice', 'maxPrice')) {
    const priceMessage = priceRangeError(alert.minPrice ?? null, alert.maxPrice ?? null);
    if (priceMessage !== null) errors.push({ path: 'minPrice', message: priceMessage });
  }

  if (usable('postalCode') && alert.postalCode !== undefined && alert.postalCode !== null) {
    const platforms = usable('platforms') ? alert.platforms : undefined;
    if (canonicalAlertPostalCode(platforms, alert.postalCode) === null) {
      errors.push({ path: 'postalCode', message: postalCodeMessage(platforms) });
    }
  }
  const hasDistance = alert.distance !== undefined && alert.distance !== null;
  if (usable('distance', 'postalCode') && hasDistance && settled(alert.postalCode)) {
    if ((alert.postalCode ?? null) === null) {
      errors.push({ path: 'distance', message: texts.distanceNeedsPostalCode });
    }
  }

  const hasL2 = alert.l2CategoryId !== undefined && alert.l2CategoryId !== null;
  if (usable('l1CategoryId', 'l2CategoryId') && hasL2 && settled(alert.l1CategoryId)) {
    if ((alert.l1CategoryId ?? null) === null) {
      errors.push({ path: 'l1CategoryId', message: texts.categoryParentRequired });
    }
  }

  const notifySettled =
    settled(alert.notifyEmail) && settled(alert.notifyTelegram) && settled(alert.notifyPush);
  if (mode !== 'guest' && usable('notifyEmail', 'notifyTelegram', 'notifyPush') && notifySettled) {
    if (alert.notifyEmail !== true && alert.notifyTelegram !== true && alert.notifyPush !== true) {
      errors.push({ path: 'notifyEmail', message: texts.notificationMethodRequired });
    }
  }
  return errors;
}

/**
 * Reports the cross-field errors (and, with `rules`, a schema's own rules between its values)
 * beside whatever the fields' own schemas refused, so every message shows at once rather than
 * one round after another. zod skips a check after a refused field unless asked: this one is.
 */
function checkAlert(
  mode: AlertPayloadMode,
  rules: (alert: Record<string, unknown>) => { path: string; message: string }[] = () => [],
) {
  return z.superRefine<unknown>((input, ctx) => {
    if (typeof input !== 'object' || input === null) return;
    const alert = input as Record<string, unknown>;
    const refused = refusedFields(ctx.issues);
    const errors = [
      ...rules(alert),
      ...alertCrossFieldErrors(crossFieldsOf(alert, mode), mode, refused),
    ];
    for (const { path, message } of errors) {
      if (refused.has(path)) continue;
      ctx.addIssue({ code: 'custom', path: [path], message, input });
    }
  }, BESIDE_FIELD_ERRORS);
}

/** What the cross-field rules see: a guest's alert only has the guest form's own fields. */
function crossFieldsOf(input: Record<string, unknown>, mode: AlertPayloadMode): AlertCrossFields {
  if (mode !== 'guest') return input as AlertCrossFields;
  const { platforms, maxPrice, postalCode, distance } = input as AlertCrossFields;
  return { platforms, maxPrice, postalCode, distance };
}

/** Formats the postal code for the platform(s), once every check passed. */
function withCanonicalPostalCode<T extends AlertCrossFields>(alert: T): T {
  if (typeof alert.postalCode !== 'string') return alert;
  return { ...alert, postalCode: canonicalAlertPostalCode(alert.platforms, alert.postalCode) };
}

/**
 * What a guest alert always is: e-mail only, no filters. A guest's create-alert payload has the
 * account's shape and may carry every field; a guest may send each with this value (or leave it
 * out), any other value is refused with the plan message of the feature it needs.
 */
const registeredOnly = ACCESS_TEXTS.availableFromPlan(PLAN_LABELS.REGISTERED);
const GUEST_VALUE_RULES: readonly {
  path: keyof z.input<typeof guestOptionsShape>;
  locked: (value: unknown) => boolean;
  message: string;
}[] = [
  { path: 'minPrice', locked: (v) => typeof v === 'number' && v > 0, message: locked('minPrice') },
  { path: 'l1CategoryId', locked: (v) => v != null, message: registeredOnly },
  { path: 'l2CategoryId', locked: (v) => v != null, message: registeredOnly },
  {
    path: 'customFilters',
    locked: (v) => v != null && Object.keys(v).length > 0,
    message: registeredOnly,
  },
  {
    path: 'deliveryMethod',
    locked: (v) => v != null && v !== 'both',
    message: locked('deliveryMethodFilter'),
  },
  { path: 'onlyWithImages', locked: (v) => v === true, message: locked('imageFilter') },
  { path: 'includePaidAds', locked: (v) => v === true, message: locked('paidAdsFilter') },
  { path: 'sellerType', locked: (v) => v === 'business', message: locked('businessFilter') },
  { path: 'sellerType', locked: (v) => v === 'private', message: locked('sellerTypeFilter') },
  { path: 'notifyTelegram', locked: (v) => v === true, message: locked('telegram') },
  { path: 'notifyPush', locked: (v) => v === true, message: locked('push') },
  {
    path: 'priceDrop',
    locked: (v) => (v as { enabled?: unknown } | undefined)?.enabled === true,
    message: locked('priceHistory'),
  },
  // A guest alert is only ever mailed: switching e-mail off would leave no way to notify.
  { path: 'notifyEmail', locked: (v) => v === false, message: texts.notificationMethodRequired },
];

function locked(feature: FeatureName): string {
  return featureLockedMessage(feature, null);
}

/** The guest's fields that carry a value only a plan (or an account) allows. */
function guestValueErrors(alert: Record<string, unknown>): { path: string; message: string }[] {
  return GUEST_VALUE_RULES.filter((rule) => rule.locked(alert[rule.path])).map((rule) => ({
    path: rule.path,
    message: rule.message,
  }));
}

/** The create-alert payload's fields beyond the guest form: read, checked, and then left out. */
const guestOptionsShape = z.strictObject({
  minPrice: priceSchema,
  l1CategoryId: categoryIdSchema,
  l2CategoryId: categoryIdSchema,
  customFilters: customFiltersSchema.optional(),
  deliveryMethod: deliveryMethodSchema.optional(),
  onlyWithImages: flag.optional(),
  includePaidAds: flag.optional(),
  sellerType: sellerTypeSchema.optional(),
  notifyEmail: flag.optional(),
  notifyTelegram: flag.optional(),
  notifyPush: flag.optional(),
  priceDrop: priceDropSchema.optional(),
});

/** The home page's form: search term, max price, postal code with distance, e-mail; Marktplaats only. */
export const guestCreateAlertSchema = z
  .strictObject(
    {
      searchTerm: searchTermSchema,
      platforms: z
        .array(platformSchema, dutch())
        .refine((platforms) => platforms.every(isOpenToGuests), {
          error: (issue) => {
            const closed = (issue.input as PlatformId[]).find((id) => !isOpenToGuests(id))!;
            return ACCESS_TEXTS.accountRequiredForPlatform(PLATFORMS[closed].name);
          },
          abort: true,
        })
        .refine((platforms) => platforms.length === 1, texts.guestOnlyMarktplaats)
        .transform((): ['marktplaats'] => ['marktplaats'])
        .optional()
        .transform((platforms): ['marktplaats'] => platforms ?? ['marktplaats']),
      maxPrice: priceSchema,
      postalCode: postalCodeInputSchema,
      distance: distanceSchema,
      email: emailSchema(),
      schedule: deliveryScheduleSchema.optional(),
      ...guestOptionsShape.shape,
    },
    dutch(),
  )
  .check(checkAlert('guest', guestValueErrors))
  .transform(({ searchTerm, platforms, maxPrice, postalCode, distance, email, schedule }) =>
    withCanonicalPostalCode({
      searchTerm,
      platforms,
      maxPrice,
      postalCode,
      distance,
      email,
      ...(schedule ? { schedule } : {}),
    }),
  );

/** The authenticated wizard's payload. Defaults are those of a fresh form. */
export const userCreateAlertSchema = z
  .strictObject(
    {
      searchTerm: searchTermSchema,
      platforms: platformsSchema,
      maxPrice: priceSchema,
      minPrice: priceSchema,
      postalCode: postalCodeInputSchema,
      distance: distanceSchema,
      l1CategoryId: categoryIdSchema,
      l2CategoryId: categoryIdSchema,
      customFilters: customFiltersSchema.default({}),
      email: optionalEmailSchema(),
      deliveryMethod: deliveryMethodSchema.default('both'),
      onlyWithImages: flag.default(false),
      includePaidAds: flag.default(false),
      sellerType: sellerTypeSchema.default('all'),
      notifyEmail: flag.default(true),
      notifyTelegram: flag.default(false),
      notifyPush: flag.default(false),
      priceDrop: priceDropSchema.default({ enabled: false }),
      schedule: deliveryScheduleSchema.optional(),
    },
    dutch(),
  )
  .check(checkAlert('create'))
  .transform(withCanonicalPostalCode);

/** PUT /alerts/manage/{token}: the create fields, all optional; absent means unchanged. */
export const updateAlertSchema = z
  .strictObject(
    {
      searchTerm: searchTermSchema.optional(),
      platforms: platformsSchema.optional(),
      maxPrice: priceSchema,
      minPrice: priceSchema,
      postalCode: postalCodeInputSchema,
      distance: distanceSchema,
      l1CategoryId: categoryIdSchema,
      l2CategoryId: categoryIdSchema,
      customFilters: customFiltersSchema.optional(),
      email: optionalEmailSchema(),
      deliveryMethod: deliveryMethodSchema.optional(),
      onlyWithImages: flag.optional(),
      includePaidAds: flag.optional(),
      sellerType: sellerTypeSchema.optional(),
      notifyEmail: flag.optional(),
      notifyTelegram: flag.optional(),
      notifyPush: flag.optional(),
      priceDrop: priceDropSchema.optional(),
      schedule: deliveryScheduleSchema.optional(),
    },
    dutch(),
  )
  .check(checkAlert('update'))
  .transform(withCanonicalPostalCode);

/** What a client sends (prices may be strings like '12,50'; defaults may be left out). */
export type CreateAlertPayload = z.input<typeof userCreateAlertSchema>;
export type GuestCreateAlertPayload = z.input<typeof guestCreateAlertSchema>;
export type UpdateAlertPayload = z.input<typeof updateAlertSchema>;
/** What the server gets after parsing: numbers, defaults filled in, postal code normalised. */
export type ParsedCreateAlert = z.output<typeof userCreateAlertSchema>;
export type ParsedGuestCreateAlert = z.output<typeof guestCreateAlertSchema>;
export type ParsedUpdateAlert = z.output<typeof updateAlertSchema>;
