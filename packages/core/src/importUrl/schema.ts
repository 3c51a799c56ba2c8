/** POST /alerts/parse-url: the link to convert. */
import { z } from 'zod';
import { dutch } from '../validation/messages';
import { SEARCH_URL_MAX_LENGTH } from './parse';
import { IMPORT_URL_TEXTS as texts } from './strings';

export const parseSearchUrlSchema = z.strictObject(
  {
    url: z
      .string(dutch({ required: texts.empty, invalid: texts.notAUrl }))
      .trim()
      .min(1, texts.empty)
      .max(SEARCH_URL_MAX_LENGTH, texts.tooLong),
  },
  dutch(),
);

export type ParseSearchUrlPayload = z.input<typeof parseSearchUrlSchema>;
