/**
 * A user's UI preferences (PUT /enhanced/settings/preferences): a flat record of short values,
 * bounded so it stays a preference bag. Values are flat on purpose: no nesting to walk.
 */
import { z } from 'zod';
import { VALIDATION_TEXTS } from './strings';
import { SETTINGS_TEXTS } from '../plans/strings';
import {
  PREFERENCE_KEY_MAX_LENGTH,
  PREFERENCE_LIST_MAX_ITEMS,
  PREFERENCE_TEXT_MAX_LENGTH,
  PREFERENCES_MAX_JSON_LENGTH,
  PREFERENCES_MAX_KEYS,
} from './limits';
import { dutch } from './messages';

/** Starts with a letter, so no `__proto__`-like names reach an object. */
const PREFERENCE_KEY = new RegExp(`^[A-Za-z][A-Za-z0-9_-]{0,${PREFERENCE_KEY_MAX_LENGTH - 1}}$`);

const preferenceScalar = z.union(
  [
    z
      .string()
      .max(PREFERENCE_TEXT_MAX_LENGTH, VALIDATION_TEXTS.tooLong(PREFERENCE_TEXT_MAX_LENGTH)),
    z.number().finite(),
    z.boolean(),
    z.null(),
  ],
  dutch(),
);

const preferenceValue = z.union(
  [preferenceScalar, z.array(preferenceScalar, dutch()).max(PREFERENCE_LIST_MAX_ITEMS)],
  dutch(),
);

export type PreferenceValue = z.output<typeof preferenceValue>;

export const preferencesSchema = z
  .record(
    z
      .string()
      .regex(PREFERENCE_KEY, SETTINGS_TEXTS.preferenceKeyInvalid(PREFERENCE_KEY_MAX_LENGTH)),
    preferenceValue,
    dutch(),
  )
  .refine((preferences) => Object.keys(preferences).length <= PREFERENCES_MAX_KEYS, {
    error: VALIDATION_TEXTS.tooManyItems(PREFERENCES_MAX_KEYS),
  })
  .refine((preferences) => JSON.stringify(preferences).length <= PREFERENCES_MAX_JSON_LENGTH, {
    error: SETTINGS_TEXTS.preferencesTooLarge(PREFERENCES_MAX_JSON_LENGTH),
  });

export type Preferences = z.output<typeof preferencesSchema>;
