import { describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS } from './strings';
import { fieldErrors } from './fieldErrors';
import { searchTermError } from './searchTerm';
import { searchTermSchema } from './searchTermSchema';

const t = ALERT_FIELD_TEXTS;

describe('searchTermError', () => {
  it.each([
    ['empty', '', t.searchTermRequired],
    ['only spaces', '   ', t.searchTermRequired],
    ['500 characters', 'a'.repeat(500), null],
    ['501 characters', 'a'.repeat(501), t.searchTermTooLong],
    ['500 characters plus surrounding spaces', ` ${'a'.repeat(500)} `, null],
    ['a <', 'fiets <b', t.searchTermNoAngleBrackets],
    ['a >', 'fiets>', t.searchTermNoAngleBrackets],
    ['an ordinary term', 'gazelle fiets', null],
  ])('%s', (_case, input, expected) => {
    expect(searchTermError(input)).toBe(expected);
  });
});

describe('searchTermSchema', () => {
  it('sends the term trimmed', () => {
    expect(searchTermSchema.parse('  gazelle  ')).toBe('gazelle');
  });

  it.each([
    ['missing', undefined, t.searchTermRequired],
    ['blank', ' ', t.searchTermRequired],
    ['501 characters', 'b'.repeat(501), t.searchTermTooLong],
    ['angle bracket', '<script>', t.searchTermNoAngleBrackets],
  ])('rejects %s with the Dutch message', (_case, input, message) => {
    const result = searchTermSchema.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ _form: message });
  });
});
