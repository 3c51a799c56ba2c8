/**
 * Query strings of the alert pages: the category list the wizard loads (GET /categories) and the
 * notification page of an alert's manage page (GET /alerts/manage/{token}).
 */
import { z } from 'zod';
import { CATEGORY_TYPES } from '../domain';
import { NOTIFICATION_PAGE_SIZE } from '../constants';
import { VALIDATION_TEXTS } from './strings';
import { emptyAsUndefined, pageSchema, pageSizeSchema } from './common';
import { NOTIFICATION_PAGE_SIZE_MAX } from './limits';
import { dutch } from './messages';

const queryBoolean = z.preprocess(
  emptyAsUndefined,
  z
    .enum(['true', 'false'], dutch())
    .transform((value) => value === 'true')
    .optional(),
);

/** GET /categories?type=L1|L2&parentId&isActive=true; `parentId` is our id of the L1 category. */
export const categoryQuerySchema = z.object(
  {
    type: z.preprocess(emptyAsUndefined, z.enum(CATEGORY_TYPES, dutch()).optional()),
    parentId: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number(dutch())
        .int(VALIDATION_TEXTS.wholeNumber)
        .positive(VALIDATION_TEXTS.invalidValue)
        .optional(),
    ),
    isActive: queryBoolean,
  },
  dutch(),
);
export type ParsedCategoryQuery = z.output<typeof categoryQuerySchema>;

/** GET /alerts/manage/{token}?notificationsPage&notificationsLimit. */
export const manageAlertQuerySchema = z.object(
  {
    notificationsPage: pageSchema,
    notificationsLimit: pageSizeSchema(NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE_MAX),
  },
  dutch(),
);
export type ParsedManageAlertQuery = z.output<typeof manageAlertQuerySchema>;
