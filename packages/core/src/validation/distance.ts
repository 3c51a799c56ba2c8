/** Search radius (spec §5): one of the offered options in km, or none for the whole country. */
import { z } from 'zod';
import { DISTANCE_OPTIONS_KM, type DistanceKm } from '../constants';
import { STRINGS } from '../strings';

export function isDistanceOption(value: unknown): value is DistanceKm {
  return (DISTANCE_OPTIONS_KM as readonly unknown[]).includes(value);
}

/** The distance select is enabled once a postal code is filled in (spec §5). */
export function distanceEnabled(postalCode: string | null | undefined): boolean {
  return (postalCode ?? '').trim() !== '';
}

/**
 * An optional distance in a request: an offered option (a select may send it as a string), or
 * `null`/empty for the whole country.
 */
export const distanceSchema = z
  .union([z.number(), z.string(), z.null()], { error: STRINGS.alertForm.distanceInvalid })
  .transform((value) => {
    if (typeof value !== 'string') return value;
    return value.trim() === '' ? null : Number(value);
  })
  .pipe(z.literal(DISTANCE_OPTIONS_KM, { error: STRINGS.alertForm.distanceInvalid }).nullable())
  .optional();
