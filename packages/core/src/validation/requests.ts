/**
 * The other requests the server validates: contact form, notification list query, admin
 * queries and plan change, Telegram link code. Query schemas coerce query-string text.
 */
import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE, SEARCH_TERM_MAX_LENGTH } from '../constants';
import { ALERT_STATUSES, PLANS, PLATFORM_IDS, type PlatformId } from '../domain';
import { VALIDATION_TEXTS } from './strings';
import {
  emailSchema,
  emptyAsUndefined,
  idSchema,
  pageSchema,
  pageSizeSchema,
  querySearchSchema,
} from './common';
import {
  ADMIN_PAGE_SIZE,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_SEARCH_MAX_LENGTH,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  NOTIFICATION_PAGE_SIZE_MAX,
  PERSON_NAME_MAX_LENGTH,
  TELEGRAM_CODE_MAX_LENGTH,
} from './limits';
import { BESIDE_FIELD_ERRORS, refusedFields } from './fieldErrors';
import { dutch } from './messages';
import { priceRangeError } from './price';
import { priceSchema } from './priceSchema';
import { NOTIFICATION_KINDS, type NotificationKind } from '../priceDrops/priceDrop';

const texts = VALIDATION_TEXTS;

function requiredText(required: string, max: number, tooLong: string = texts.tooLong(max)) {
  return z.string(dutch({ required })).trim().min(1, required).max(max, tooLong);
}

/** POST /contact. */
export const contactSchema = z.object(
  {
    name: requiredText(texts.nameRequired, PERSON_NAME_MAX_LENGTH),
    email: emailSchema(),
    subject: requiredText(texts.subjectRequired, CONTACT_SUBJECT_MAX_LENGTH),
    message: requiredText(
      texts.messageRequired,
      CONTACT_MESSAGE_MAX_LENGTH,
      texts.messageTooLong(CONTACT_MESSAGE_MAX_LENGTH),
    ),
  },
  dutch(),
);
export type ContactPayload = z.input<typeof contactSchema>;

/** POST /telegram/verify: the code the bot gave. */
export const telegramVerifySchema = z.object(
  { code: requiredText(texts.telegramCodeRequired, TELEGRAM_CODE_MAX_LENGTH) },
  dutch(),
);
export type TelegramVerifyPayload = z.input<typeof telegramVerifySchema>;

/** PUT /admin/users/{id}/plan. */
export const adminPlanChangeSchema = z.object(
  { plan: z.enum(PLANS, { error: texts.planInvalid }) },
  dutch(),
);
export type AdminPlanChangePayload = z.input<typeof adminPlanChangeSchema>;

/* ---------- Query strings ---------- */

function optionalQueryEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(emptyAsUndefined, z.enum(values, dutch()).optional());
}

function queryEnumWithDefault<const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
) {
  return z.preprocess(emptyAsUndefined, z.enum(values, dutch()).default(fallback));
}

const queryDate = z.preprocess(
  emptyAsUndefined,
  z.iso.date({ error: texts.invalidDate }).optional(),
);
const queryPrice = z.preprocess(emptyAsUndefined, priceSchema);

/** `?alertIds=a,b`, `?alertIds=a&alertIds=b` or an array: one list of trimmed, non-empty ids. */
function commaSeparatedList(value: unknown): unknown {
  const values = Array.isArray(value) ? value : [value];
  const items = values
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item) => (typeof item === 'string' ? item.trim() : item))
    .filter((item) => item !== '' && item !== undefined && item !== null);
  return items.length === 0 ? undefined : items;
}

export const NOTIFICATION_SORT_FIELDS = ['createdAt', 'price', 'title', 'platform'] as const;
export type NotificationSortField = (typeof NOTIFICATION_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** GET /notifications and /notifications/export as a client sends it. */
export interface NotificationQuery {
  page?: number;
  /** Default NOTIFICATION_PAGE_SIZE, at most 100. */
  limit?: number;
  sortBy?: NotificationSortField;
  sortOrder?: SortOrder;
  searchTerm?: string;
  /** Sent comma-separated in the query string. */
  alertIds?: string[];
  alertId?: string;
  platform?: PlatformId;
  minPrice?: number;
  maxPrice?: number;
  /** YYYY-MM-DD. */
  startDate?: string;
  endDate?: string;
  /** 'new' or 'price_drop'; absent: both. */
  kind?: NotificationKind;
}

/**
 * The notification list query as the server reads it: numbers coerced, defaults filled in,
 * `alertId` folded into `alertIds`, newest first by default.
 */
export const notificationQuerySchema = z
  .object(
    {
      page: pageSchema,
      limit: pageSizeSchema(NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE_MAX),
      sortBy: queryEnumWithDefault(NOTIFICATION_SORT_FIELDS, 'createdAt'),
      sortOrder: queryEnumWithDefault(SORT_ORDERS, 'desc'),
      searchTerm: querySearchSchema(SEARCH_TERM_MAX_LENGTH),
      alertIds: z.preprocess(commaSeparatedList, z.array(idSchema, dutch()).optional()),
      alertId: z.preprocess(emptyAsUndefined, idSchema.optional()),
      platform: optionalQueryEnum(PLATFORM_IDS),
      minPrice: queryPrice,
      maxPrice: queryPrice,
      startDate: queryDate,
      endDate: queryDate,
      kind: optionalQueryEnum(NOTIFICATION_KINDS),
    },
    dutch(),
  )
  .superRefine((query, ctx) => {
    // Each range is judged once both its ends passed their own check, beside those messages.
    const refused = refusedFields(ctx.issues);
    const judged = (...keys: string[]) => !keys.some((key) => refused.has(key));
    if (judged('minPrice', 'maxPrice')) {
      const priceMessage = priceRangeError(query.minPrice ?? null, query.maxPrice ?? null);
      if (priceMessage !== null) {
        ctx.addIssue({ code: 'custom', path: ['minPrice'], message: priceMessage, input: query });
      }
    }
    if (!judged('startDate', 'endDate')) return;
    if (query.startDate !== undefined && query.endDate !== undefined) {
      // ISO dates compare correctly as text.
      if (query.endDate < query.startDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: texts.dateRangeInverted,
          input: query,
        });
      }
    }
  }, BESIDE_FIELD_ERRORS)
  .transform(({ alertId, alertIds, minPrice, maxPrice, ...query }) => {
    const ids = [...new Set([...(alertIds ?? []), ...(alertId === undefined ? [] : [alertId])])];
    return {
      ...query,
      alertIds: ids.length === 0 ? undefined : ids,
      minPrice: minPrice ?? undefined,
      maxPrice: maxPrice ?? undefined,
    };
  });
export type ParsedNotificationQuery = z.output<typeof notificationQuerySchema>;

/** GET /admin/users. */
export const adminUserQuerySchema = z.object(
  {
    search: querySearchSchema(ADMIN_SEARCH_MAX_LENGTH),
    page: pageSchema,
    limit: pageSizeSchema(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX),
    plan: optionalQueryEnum(PLANS),
  },
  dutch(),
);
export type ParsedAdminUserQuery = z.output<typeof adminUserQuerySchema>;

/** GET /admin/alerts. */
export const adminAlertQuerySchema = z.object(
  {
    search: querySearchSchema(ADMIN_SEARCH_MAX_LENGTH),
    status: optionalQueryEnum(ALERT_STATUSES),
    platform: optionalQueryEnum(PLATFORM_IDS),
    userId: z.preprocess(emptyAsUndefined, idSchema.optional()),
    page: pageSchema,
    limit: pageSizeSchema(ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE_MAX),
  },
  dutch(),
);
export type ParsedAdminAlertQuery = z.output<typeof adminAlertQuerySchema>;
