/** Search radius: one of the offered options in km, or none for the whole country. */
import { DISTANCE_OPTIONS_KM, type DistanceKm } from '../constants';

export function isDistanceOption(value: unknown): value is DistanceKm {
  return (DISTANCE_OPTIONS_KM as readonly unknown[]).includes(value);
}

/** The distance select is enabled once a postal code is filled in. */
export function distanceEnabled(postalCode: string | null | undefined): boolean {
  return (postalCode ?? '').trim() !== '';
}
