/** The search term rule: required, at most 500 characters, no angle brackets. */
import { SEARCH_TERM_MAX_LENGTH } from '../constants';
import { ALERT_FIELD_TEXTS } from './strings';

const ANGLE_BRACKET = /[<>]/;

/** The Dutch error for a search term, or `null` when it is fine. Judged after trimming. */
export function searchTermError(value: string): string | null {
  const term = value.trim();
  if (term === '') return ALERT_FIELD_TEXTS.searchTermRequired;
  if (ANGLE_BRACKET.test(term)) return ALERT_FIELD_TEXTS.searchTermNoAngleBrackets;
  if (term.length > SEARCH_TERM_MAX_LENGTH) return ALERT_FIELD_TEXTS.searchTermTooLong;
  return null;
}
