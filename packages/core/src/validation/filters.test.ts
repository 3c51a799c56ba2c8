import { describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS, VALIDATION_TEXTS } from './strings';
import { fieldErrors } from './fieldErrors';
import { CONDITION_ATTRIBUTE_IDS, hasCarFilters, isCarCategory } from './filters';
import { customFiltersSchema, deliveryMethodSchema, sellerTypeSchema } from './filtersSchema';

const t = ALERT_FIELD_TEXTS;

function errorsOf(input: unknown): Record<string, string> {
  const result = customFiltersSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('customFiltersSchema', () => {
  it('accepts every known filter', () => {
    const filters = {
      adverteerder: 'private',
      mileageMin: 0,
      mileageMax: 150_000,
      yearMin: 2010,
      yearMax: 2020,
      fuel: ['petrol', 'hybrid_petrol'],
      conditions: ['new', 'as_good_as_new', 'used', 'refurbished', 'not_working'],
      excludeWords: ['  kapot ', 'onderdelen'],
      hideReserved: true,
    };
    expect(customFiltersSchema.parse(filters)).toEqual({
      ...filters,
      excludeWords: ['kapot', 'onderdelen'],
    });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['an unknown key', { colour: 'red' }, { colour: VALIDATION_TEXTS.unknownField }],
    [
      'an unknown condition',
      { conditions: ['mint'] },
      { 'conditions.0': VALIDATION_TEXTS.invalidChoice },
    ],
    [
      'a repeated condition',
      { conditions: ['new', 'new'] },
      { conditions: VALIDATION_TEXTS.duplicateItems },
    ],
    ['an unknown fuel', { fuel: ['steam'] }, { 'fuel.0': VALIDATION_TEXTS.invalidChoice }],
    [
      'an unknown advertiser',
      { adverteerder: 'dealer' },
      { adverteerder: VALIDATION_TEXTS.invalidChoice },
    ],
    ['a negative mileage', { mileageMin: -1 }, { mileageMin: t.mileageInvalid }],
    ['a fractional mileage', { mileageMax: 1.5 }, { mileageMax: t.mileageInvalid }],
    ['mileage as text', { mileageMax: 'veel' }, { mileageMax: t.mileageInvalid }],
    [
      'min mileage above max',
      { mileageMin: 2, mileageMax: 1 },
      { mileageMin: t.mileageMinAboveMax },
    ],
    ['a year before 1900', { yearMin: 1899 }, { yearMin: t.yearInvalid }],
    ['min year above max', { yearMin: 2021, yearMax: 2020 }, { yearMin: t.yearMinAboveMax }],
    [
      'an excluded word of 51 characters',
      { excludeWords: ['x'.repeat(51)] },
      { 'excludeWords.0': t.excludeWordTooLong(50) },
    ],
    ['an empty excluded word', { excludeWords: ['  '] }, { 'excludeWords.0': t.excludeWordEmpty }],
    [
      '21 excluded words',
      { excludeWords: Array.from({ length: 21 }, (_, i) => `w${i}`) },
      { excludeWords: t.excludeWordsTooMany(20) },
    ],
    [
      'hideReserved as text',
      { hideReserved: 'ja' },
      { hideReserved: VALIDATION_TEXTS.invalidValue },
    ],
  ])('rejects %s', (_case, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ['an excluded word of 50 characters', { excludeWords: ['x'.repeat(50)] }],
    ['20 excluded words', { excludeWords: Array.from({ length: 20 }, (_, i) => `w${i}`) }],
    ['equal min and max mileage', { mileageMin: 5, mileageMax: 5 }],
    ['equal min and max year', { yearMin: 2020, yearMax: 2020 }],
    ['nothing', {}],
  ])('accepts %s', (_case, input) => {
    expect(customFiltersSchema.safeParse(input).success).toBe(true);
  });
});

describe('enumerations', () => {
  it.each(['both', 'pickup', 'shipping'])('delivery method %s', (value) => {
    expect(deliveryMethodSchema.parse(value)).toBe(value);
  });
  it.each(['all', 'private', 'business'])('seller type %s', (value) => {
    expect(sellerTypeSchema.parse(value)).toBe(value);
  });
  it.each([['delivery'], ['pick-up']])('rejects delivery method %s', (value) => {
    expect(deliveryMethodSchema.safeParse(value).success).toBe(false);
  });

  it('maps conditions to the marketplaces’ attribute ids', () => {
    expect(CONDITION_ATTRIBUTE_IDS).toEqual({
      new: 30,
      as_good_as_new: 31,
      used: 32,
      refurbished: 14050,
      not_working: 13940,
    });
  });
});

describe('car category', () => {
  it.each<[{ marktplaatsId: number } | null, boolean]>([
    [{ marktplaatsId: 91 }, true],
    [{ marktplaatsId: 92 }, false],
    [null, false],
  ])('%j is the car category: %j', (category, expected) => {
    expect(isCarCategory(category)).toBe(expected);
  });

  it.each<[Record<string, unknown>, boolean]>([
    [{ yearMin: 2000 }, true],
    [{ adverteerder: 'private' }, true],
    [{ conditions: ['new'], hideReserved: true }, false],
  ])('%j has car filters: %j', (filters, expected) => {
    expect(hasCarFilters(filters)).toBe(expected);
  });
});
