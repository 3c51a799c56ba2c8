/** The zod schema of the admin's `retention` setting, with its Dutch messages. */
import { z } from 'zod';
import { dutch } from '../validation/messages';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from './retention';
import type { RetentionSetting } from './retention';
import { RETENTION_TEXTS } from './strings';

const texts = RETENTION_TEXTS.errors;

/** A whole number of days within the bounds. */
export const retentionDaysSchema = z
  .number(dutch({ invalid: texts.wholeDays }))
  .int(texts.wholeDays)
  .min(RETENTION_DAYS_MIN, texts.tooShort)
  .max(RETENTION_DAYS_MAX, texts.tooLong);

export const retentionSettingSchema = z.strictObject(
  {
    notifications: z.strictObject(
      {
        FREE: retentionDaysSchema,
        REGISTERED: retentionDaysSchema,
        PRO: retentionDaysSchema,
      },
      dutch(),
    ),
    priceHistory: retentionDaysSchema,
    webhookCalls: retentionDaysSchema,
    setAside: retentionDaysSchema,
  },
  dutch(),
) satisfies z.ZodType<RetentionSetting>;
