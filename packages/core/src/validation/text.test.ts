import { describe, expect, it } from 'vitest';
import { guestNameSchema } from '../chat/model';
import { CHAT_TEXTS } from '../chat/strings';
import { VALIDATION_TEXTS } from './strings';
import { idParamsSchema, querySearchSchema } from './common';
import { capText, cleanLine, cleanText, hasControlCharacters } from './text';

describe('cleanText', () => {
  it.each([
    ['plain text stays', 'Gazelle damesfiets', 'Gazelle damesfiets'],
    ['a NUL goes', 'Bakfiets\u0000 Babboe', 'Bakfiets Babboe'],
    ['every C0 control but tab and newline goes', 'a\u0001b\u0007c\u001bd\re', 'abcde'],
    ['tab and newline stay', 'regel 1\n\tregel 2', 'regel 1\n\tregel 2'],
    ['DEL and C1 controls go', 'a\u007fb\u0085c\u009fd', 'abcd'],
    ['a right-to-left override goes', 'foto\u202egnp.exe', 'fotognp.exe'],
    ['every embedding and override goes', '\u202aa\u202bb\u202cc\u202dd\u202e', 'abcd'],
    ['every isolate goes', '\u2066a\u2067b\u2068c\u2069', 'abc'],
    ['the marks that only hint at direction stay', 'a\u200eb\u200fc', 'a\u200eb\u200fc'],
    ['accents, euro signs and emoji stay', 'Crème brûlée € 5 🚲', 'Crème brûlée € 5 🚲'],
    ['Arabic and Hebrew text stay', 'دراجة אופניים', 'دراجة אופניים'],
  ])('%s', (_case, input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it.each([
    ['shorter than the cap', 'fiets', 10, 'fiets'],
    ['cut at the cap', 'abcdefghij', 4, 'abcd'],
    ['the cap counts what is left after cleaning', 'a\u0000b\u0000c\u0000d', 3, 'abc'],
    ['never half an emoji', 'ab🚲', 3, 'ab'],
  ])('caps: %s', (_case, input, max, expected) => {
    expect(cleanText(input, max)).toBe(expected);
  });
});

describe('capText', () => {
  it.each([
    ['fits', 'abc', 3, 'abc'],
    ['cut', 'abcdef', 2, 'ab'],
    ['a whole surrogate pair fits', 'a🚲', 3, 'a🚲'],
    ['a half pair is dropped', 'a🚲', 2, 'a'],
  ])('%s', (_case, input, max, expected) => {
    expect(capText(input, max)).toBe(expected);
  });
});

describe('cleanLine', () => {
  it.each([
    ['tabs and newlines become one space', 'Gerda\n\t Gast', 'Gerda Gast'],
    ['controls and bidi go, spaces fold', ' \u0000Jan\u202e  de\u2066 Vries ', 'Jan de Vries'],
  ])('%s', (_case, input, expected) => {
    expect(cleanLine(input)).toBe(expected);
  });

  it('caps what is left after cleaning', () => {
    expect(cleanLine('Jan\u0000 de Vries', 6)).toBe('Jan de');
  });
});

describe('hasControlCharacters', () => {
  it.each([
    ['fiets', false],
    ['fiets 28 inch – € 50', false],
    ['fiets\u0000', true],
    ['fiets\t', true],
    ['fiets\n', true],
    ['\u0085', true],
    ['\u202e', true],
    ['\u2069', true],
  ])('%j → %s', (input, expected) => {
    expect(hasControlCharacters(input)).toBe(expected);
  });
});

describe('ids and search strings refuse control characters', () => {
  it.each([
    ['an id with a NUL', { id: '\u0000' }, false],
    ['an id with an override', { id: 'abc\u202e' }, false],
    ['a UUID', { id: '0b4c5a2e-9a1f-4d4e-8c1b-2f5e8a9d7c31' }, true],
    ['a payment id', { id: 'tr_WDqYK6vllg' }, true],
    ['an empty id', { id: '' }, false],
    ['an overlong id (the resource answers 404)', { id: 'a'.repeat(300) }, true],
  ])('%s', (_case, params, valid) => {
    const result = idParamsSchema.safeParse(params);
    expect(result.success).toBe(valid);
    if (!result.success && params.id !== '') {
      expect(result.error.issues[0]!.message).toBe(VALIDATION_TEXTS.controlCharacters);
    }
  });

  it.each([
    ['fiets', 'fiets'],
    ['  fiets  ', 'fiets'],
    ['', undefined],
  ])('the search %j is kept as %j', (input, expected) => {
    expect(querySearchSchema(50).parse(input)).toBe(expected);
  });

  it.each([['fiets\u0000'], ['\u0000'], ['jan\u202e'], ['a\tb']])(
    'the search %j is refused in Dutch',
    (input) => {
      const result = querySearchSchema(50).safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(VALIDATION_TEXTS.controlCharacters);
    },
  );
});

describe("a chat guest's name", () => {
  it.each([
    ['Gerda', 'Gerda'],
    ['  Gerda Gast ', 'Gerda Gast'],
    ['Gerda\u0000 \u202eGast', 'Gerda Gast'],
    ['Jan\n\tde Vries', 'Jan de Vries'],
  ])('%j is kept as %j', (input, expected) => {
    expect(guestNameSchema.parse(input)).toBe(expected);
  });

  it.each([['\u0000\u0000'], ['J\u202e'], [' \u2066 ']])(
    '%j is too short once cleaned',
    (input) => {
      const result = guestNameSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(CHAT_TEXTS.nameTooShort);
    },
  );
});
