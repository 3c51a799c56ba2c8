import { describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import { parsePrice, priceError, priceRangeError } from './price';
import { priceSchema } from './priceSchema';

const t = STRINGS.alertForm;

describe('parsePrice', () => {
  it.each<[string | number | null | undefined, number | null]>([
    ['12,50', 12.5],
    ['12.50', 12.5],
    [' 7 ', 7],
    [',5', 0.5],
    ['12,', 12],
    [12, 12],
    ['-0.01', -0.01],
    ['abc', null],
    ['12abc', null],
    ['1.234,50', null],
    ['', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%j → %j', (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });
});

describe('priceError', () => {
  it.each<[number | null, string | null]>([
    [0, null],
    [9_999_999, null],
    [10_000_000, t.priceTooHigh],
    [-0.01, t.priceTooLow],
    [null, null],
  ])('%j → %j', (price, expected) => {
    expect(priceError(price)).toBe(expected);
  });
});

describe('priceRangeError', () => {
  it.each<[number | null, number | null, string | null]>([
    [10, 5, t.minAboveMax],
    [5, 5, null],
    [5, 10, null],
    [5, null, null],
    [null, 5, null],
  ])('min %j, max %j → %j', (min, max, expected) => {
    expect(priceRangeError(min, max)).toBe(expected);
  });
});

describe('priceSchema', () => {
  it.each<[unknown, number | null | undefined]>([
    ['12,50', 12.5],
    [12.5, 12.5],
    ['', null],
    [null, null],
    [undefined, undefined],
    [0, 0],
    [9_999_999, 9_999_999],
  ])('accepts %j as %j', (input, expected) => {
    expect(priceSchema.parse(input)).toBe(expected);
  });

  it.each<[unknown, string]>([
    ['abc', t.priceInvalid],
    [true, t.priceInvalid],
    [10_000_000, t.priceTooHigh],
    ['10000000', t.priceTooHigh],
    [-0.01, t.priceTooLow],
  ])('rejects %j', (input, message) => {
    const result = priceSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
