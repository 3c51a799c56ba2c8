/**
 * Postal codes per platform, in the format of its country (the platform table's `postalCode`:
 * Dutch `1234 AB`, Belgian `1000`). `normalizePostalCode` formats while typing;
 * `canonicalPostalCode` is the strict check the server uses, which never silently drops what the
 * user typed.
 */
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '../domain';
import { ALERT_FIELD_TEXTS } from './strings';

const formatOf = (platform: PlatformId) => PLATFORMS[platform].postalCode;

/** Whole codes of each platform's country; none starts with 0. */
const COMPLETE_POSTAL_CODE = Object.fromEntries(
  PLATFORM_IDS.map((platform) => {
    const { digits, letters } = formatOf(platform);
    const letterPart = letters > 0 ? ` [A-Z]{${letters}}` : '';
    return [platform, new RegExp(`^[1-9][0-9]{${digits - 1}}${letterPart}$`)];
  }),
) as Record<PlatformId, RegExp>;

/** A complete code of each platform's country, as the fields show it and messages cite it. */
export const POSTAL_CODE_EXAMPLES = Object.fromEntries(
  PLATFORM_IDS.map((platform) => [platform, formatOf(platform).example]),
) as Readonly<Record<PlatformId, string>>;

/** The most characters a platform's code has, as typed in the field (with the space). */
export function postalCodeMaxLength(platform: PlatformId): number {
  const { digits, letters } = formatOf(platform);
  return letters > 0 ? digits + 1 + letters : digits;
}

/** The keyboard a phone offers for a platform's codes: digits only where there are no letters. */
export function postalCodeInputMode(platform: PlatformId): 'numeric' | 'text' {
  return formatOf(platform).letters > 0 ? 'text' : 'numeric';
}

/**
 * As-you-type formatting. Digits only (2dehands): digits, at most 4 (`'10a0'` → `'100'`).
 * With letters (Marktplaats): upper case, without spaces or other separators, `4 + ' ' + 2`, at
 * most 7 (`' 3511ab '` → `'3511 AB'`); a partial code stays partial (`'12'` → `'12'`).
 */
export function normalizePostalCode(platform: PlatformId, input: string): string {
  const { digits, letters } = formatOf(platform);
  if (letters === 0) return input.replace(/\D/g, '').slice(0, digits);
  const compact = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, digits + letters);
  if (compact.length <= digits) return compact;
  return `${compact.slice(0, digits)} ${compact.slice(digits)}`;
}

/** Whether a (normalised) value is a whole postal code of the platform's country. */
export function isCompletePostalCode(platform: PlatformId, value: string): boolean {
  return COMPLETE_POSTAL_CODE[platform].test(value);
}

const significant = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * The stored form of a postal code when `input` is a complete code for the platform, else `null`.
 * Stricter than the formatter: `'1234 AB'` is no Belgian code and `'12345'` no Dutch one.
 */
export function canonicalPostalCode(platform: PlatformId, input: string): string | null {
  const normalized = normalizePostalCode(platform, input);
  if (!isCompletePostalCode(platform, normalized)) return null;
  return significant(normalized) === significant(input) ? normalized : null;
}

/**
 * The stored form for an alert on these platforms: validated against the first platform; an
 * alert on both accepts either country's format. No platforms (an update) also accepts either.
 */
export function canonicalAlertPostalCode(
  platforms: readonly PlatformId[] | undefined,
  input: string,
): string | null {
  for (const platform of candidatePlatforms(platforms)) {
    const code = canonicalPostalCode(platform, input);
    if (code !== null) return code;
  }
  return null;
}

/** The postal codes an alert on these platforms accepts: each given one, or either without. */
function candidatePlatforms(platforms: readonly PlatformId[] | undefined): readonly PlatformId[] {
  return platforms !== undefined && platforms.length > 0 ? platforms : PLATFORM_IDS;
}

/**
 * The message for a postal code an alert on these platforms refuses, with an example of the
 * format it wants ('bijv. 1234 AB'; '1000' for 2dehands; both when either would do).
 */
export function postalCodeMessage(platforms?: readonly PlatformId[]): string {
  const examples = candidatePlatforms(platforms).map((platform) => POSTAL_CODE_EXAMPLES[platform]);
  return ALERT_FIELD_TEXTS.postalCodeInvalidExample(examples.join(' of '));
}
