/**
 * The zod schema of an alert's delivery schedule (./schema), apart from its plain helpers: a
 * client that only shows or edits a schedule loads no zod until it validates, which keeps the
 * home page's first load within its JavaScript budget.
 */
import { z } from 'zod';
import { dutch } from '../validation/messages';
import { DELIVERY_MODES, TIME_OF_DAY, normalizeSchedule } from './schedule';
import { SCHEDULE_TEXTS } from './strings';

const texts = SCHEDULE_TEXTS.errors;

const timeSchema = z
  .string(dutch({ invalid: texts.timeInvalid }))
  .trim()
  .regex(TIME_OF_DAY, texts.timeInvalid);

const quietHoursSchema = z
  .strictObject({ start: timeSchema, end: timeSchema }, dutch())
  .refine((quiet) => quiet.start !== quiet.end, { error: texts.quietSameTimes, path: ['end'] });

/** Create, update and manage: `schedule`. Absent parts take the defaults. */
export const deliveryScheduleSchema = z
  .strictObject(
    {
      mode: z.enum(DELIVERY_MODES, dutch()).default('instant'),
      dailyHour: z
        .number(dutch({ invalid: texts.hourInvalid }))
        .int(texts.hourInvalid)
        .min(0, texts.hourInvalid)
        .max(23, texts.hourInvalid)
        .nullable()
        .optional(),
      quietHours: quietHoursSchema.nullable().optional(),
    },
    dutch(),
  )
  .superRefine((schedule, ctx) => {
    if (schedule.mode !== 'daily' && schedule.dailyHour != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['dailyHour'],
        message: texts.dailyHourOnlyForDaily,
        input: schedule.dailyHour,
      });
    }
  })
  .transform((schedule) => normalizeSchedule(schedule));

export type DeliveryScheduleInput = z.input<typeof deliveryScheduleSchema>;
