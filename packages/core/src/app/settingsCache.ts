/** What a client shows when `GET /settings/public` fails. */
import type { PublicSettings } from '../plans';
import { DEFAULT_SETTINGS, FALLBACK_SETTINGS } from '../plans';

/**
 * A stale cached copy wins; without one, a rate-limited request (429) means the defaults, and any
 * other failure the alternate fallback set (meant for settings that could not be loaded at all).
 */
export function settingsAfterLoadFailure(
  stale: PublicSettings | null,
  status: number,
): PublicSettings {
  if (stale) return stale;
  return status === 429 ? DEFAULT_SETTINGS : FALLBACK_SETTINGS;
}
