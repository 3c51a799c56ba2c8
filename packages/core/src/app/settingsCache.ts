/** What a client shows when `GET /settings/public` fails (spec §4, §8, §9). */
import type { PublicSettings } from '../plans';
import { DEFAULT_SETTINGS, FALLBACK_SETTINGS } from '../plans';

/**
 * A stale cached copy wins; without one, a rate-limited request (429) means the defaults, and any
 * other failure the alternate fallback set (spec §9: used when settings could not be loaded at all).
 */
export function settingsAfterLoadFailure(
  stale: PublicSettings | null,
  status: number,
): PublicSettings {
  if (stale) return stale;
  return status === 429 ? DEFAULT_SETTINGS : FALLBACK_SETTINGS;
}
