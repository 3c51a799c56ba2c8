/** The search term rule: required, at most 500 characters, no angle brackets. */
import { SEARCH_TERM_MAX_LENGTH } from '../constants';
import { STRINGS } from '../strings';

const ANGLE_BRACKET = /[<>]/;

/** The Dutch error for a search term, or `null` when it is fine. Judged after trimming. */
export function searchTermError(value: string): string | null {
  const term = value.trim();
  if (term === '') return STRINGS.alertForm.searchTermRequired;
  if (ANGLE_BRACKET.test(term)) return STRINGS.alertForm.searchTermNoAngleBrackets;
  if (term.length > SEARCH_TERM_MAX_LENGTH) return STRINGS.alertForm.searchTermTooLong;
  return null;
}
