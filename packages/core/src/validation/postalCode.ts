/**
 * Postal codes per platform (spec §5): Belgian (2dehands) 4 digits, Dutch (Marktplaats) `1234 AB`.
 * `normalizePostalCode` formats while typing; `canonicalPostalCode` is the strict check the
 * server uses, which never silently drops what the user typed.
 */
import { POSTAL_CODE_LENGTHS } from '../constants';
import { PLATFORM_IDS, type PlatformId } from '../domain';
import { STRINGS } from '../strings';

const COMPLETE_POSTAL_CODE: Record<PlatformId, RegExp> = {
  marktplaats: /^[1-9][0-9]{3} [A-Z]{2}$/,
  '2dehands': /^[1-9][0-9]{3}$/,
};

/** A complete code of each platform's country, as the fields show it and messages cite it. */
export const POSTAL_CODE_EXAMPLES: Readonly<Record<PlatformId, string>> = {
  marktplaats: '1234 AB',
  '2dehands': '1000',
};

/** Dutch codes are 4 + 2 characters; the space between them is added by formatting. */
const DUTCH_DIGITS_PART = 4;

/**
 * As-you-type formatting. 2dehands: digits only, at most 4 (`'10a0'` → `'100'`).
 * Marktplaats: upper case, without spaces or other separators, `4 + ' ' + 2`, at most 7
 * (`' 3511ab '` → `'3511 AB'`); a partial code stays partial (`'12'` → `'12'`).
 */
export function normalizePostalCode(platform: PlatformId, input: string): string {
  if (platform === '2dehands') {
    return input.replace(/\D/g, '').slice(0, POSTAL_CODE_LENGTHS['2dehands']);
  }
  const compact = input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, POSTAL_CODE_LENGTHS.marktplaats - 1);
  if (compact.length <= DUTCH_DIGITS_PART) return compact;
  return `${compact.slice(0, DUTCH_DIGITS_PART)} ${compact.slice(DUTCH_DIGITS_PART)}`;
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
  return STRINGS.alertForm.postalCodeInvalidExample(examples.join(' of '));
}
