/**
 * Dutch texts for zod's own issues. Every schema in this folder passes `dutch()` so that even a
 * plain `schema.safeParse()` answers in Dutch; rule-specific messages override it per check.
 */
import type { z } from 'zod';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';

type RawIssue = z.core.$ZodRawIssue;

const texts = VALIDATION_TEXTS;

function isMissing(issue: RawIssue): boolean {
  return issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
}

/** The generic Dutch text for an issue no rule gave its own message. */
export function dutchIssueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (isMissing(issue)) return texts.required;
      return issue.expected === 'int' ? texts.wholeNumber : texts.invalidValue;
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? texts.required : texts.tooShort(minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return texts.tooFewItems(minimum);
      return texts.numberTooSmall(minimum);
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return texts.tooLong(maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return texts.tooManyItems(maximum);
      return texts.numberTooBig(maximum);
    }
    case 'invalid_value':
    case 'invalid_union':
      return texts.invalidChoice;
    case 'invalid_format':
      if (issue.format === 'email') return ALERT_FIELD_TEXTS.emailInvalid;
      if (issue.format === 'date') return texts.invalidDate;
      return texts.invalidValue;
    case 'unrecognized_keys':
      return texts.unknownField;
    default:
      return texts.invalidValue;
  }
}

export interface DutchOverrides {
  /** Shown when the value is missing (undefined or null). */
  required?: string;
  /** Shown when the value has the wrong type (a word where a number belongs). */
  invalid?: string;
}

/**
 * zod params that make a schema answer in Dutch: `z.string(dutch({ required: '…' }))`.
 * Checks without their own message fall back to this too.
 */
export function dutch(overrides: DutchOverrides = {}): { error: (issue: RawIssue) => string } {
  return {
    error: (issue) => {
      if (overrides.required !== undefined && isMissing(issue)) return overrides.required;
      if (overrides.invalid !== undefined && issue.code === 'invalid_type' && !isMissing(issue)) {
        return overrides.invalid;
      }
      return dutchIssueMessage(issue);
    },
  };
}
