import { describe, expect, it } from 'vitest';
import { ALERT_FIELD_TEXTS } from './strings';
import {
  parsePrice,
  priceError,
  priceForPayload,
  priceInputText,
  priceRangeError,
  type ParsedPrice,
} from './price';
import { priceSchema } from './priceSchema';

const t = ALERT_FIELD_TEXTS;

const amount = (euros: number): ParsedPrice => ({ kind: 'amount', euros });
const refused = (message: string): ParsedPrice => ({ kind: 'invalid', message });
const empty: ParsedPrice = { kind: 'empty' };

describe('parsePrice reads a price the way a Dutch user writes it', () => {
  it.each<[string, number]>([
    // The issue's cases.
    ['1.000', 1000],
    ['1.000,50', 1000.5],
    ['400,-', 400],
    ['€ 400', 400],
    ['400', 400],
    ['12,5', 12.5],
    // Thousands with dots (or spaces), cents with a comma.
    ['9.999.999', 9_999_999],
    ['1.234.567,89', 1_234_567.89],
    ['1 000', 1000],
    ['1 000,50', 1000.5],
    ['2\u00a0500', 2500],
    ['1000', 1000],
    ['1000,50', 1000.5],
    ['12,50', 12.5],
    ['0,99', 0.99],
    [',5', 0.5],
    ['12,', 12],
    ['0', 0],
    ['007', 7],
    // Whole euros: ',-', ',--' and the dash a phone makes of '--'.
    ['400,--', 400],
    ['400,—', 400],
    ['1.250,-', 1250],
    // Currency marks before or after, with or without a space.
    ['€400', 400],
    ['€ 1.000,50', 1000.5],
    ['€ 400,-', 400],
    ['EUR 400', 400],
    ['eur 400', 400],
    ['400 euro', 400],
    ['400 €', 400],
    ['400€', 400],
    // Spaces around the whole and around a separator.
    [' 7 ', 7],
    ['1 . 000 , 50', 1000.5],
    // One dot before one or two digits at the end can only be a decimal point.
    ['12.50', 12.5],
    ['12.5', 12.5],
    ['1.5', 1.5],
    ['1000.5', 1000.5],
  ])('%j is € %d', (input, euros) => {
    expect(parsePrice(input)).toEqual(amount(euros));
  });

  it.each<[string | null | undefined]>([[''], ['   '], [null], [undefined]])(
    '%j is no price (the only input that is)',
    (input) => {
      expect(parsePrice(input)).toEqual(empty);
    },
  );

  it.each<[string, string]>([
    // Not an amount at all.
    ['abc', t.priceInvalid],
    ['12abc', t.priceInvalid],
    ['veel', t.priceInvalid],
    ['$ 5', t.priceInvalid],
    ['€', t.priceInvalid],
    [',-', t.priceInvalid],
    [',', t.priceInvalid],
    ['.', t.priceInvalid],
    ['+5', t.priceInvalid],
    ['€ 400 €', t.priceInvalid],
    ['€ -400 €', t.priceInvalid],
    ['400 €€', t.priceInvalid],
    ['1e3', t.priceInvalid],
    ['0x10', t.priceInvalid],
    ['1'.repeat(41), t.priceInvalid],
    // Digits with separators a Dutch reader cannot read one way.
    ['1,500', t.priceSeparators],
    ['12,345', t.priceSeparators],
    ['1,000.50', t.priceSeparators],
    ['1,000,000', t.priceSeparators],
    ['1.00.000', t.priceSeparators],
    ['10.0000', t.priceSeparators],
    ['1.000.5', t.priceSeparators],
    ['1.000.50', t.priceSeparators],
    ['1000.000.000', t.priceSeparators],
    ['.5', t.priceSeparators],
    ['12 5', t.priceSeparators],
    ['1.000 000', t.priceSeparators],
    // Out of range.
    ['-5', t.priceTooLow],
    ['- 5', t.priceTooLow],
    ['−5', t.priceTooLow],
    ['€ -400', t.priceTooLow],
    ['-€ 400', t.priceTooLow],
    ['-400 €', t.priceTooLow],
    ['-0,01', t.priceTooLow],
    ['10.000.000', t.priceTooHigh],
    ['9.999.999,01', t.priceTooHigh],
    ['10000000', t.priceTooHigh],
    ['99999999999999999999999', t.priceTooHigh],
  ])('%j is refused: %s', (input, message) => {
    expect(parsePrice(input)).toEqual(refused(message));
  });

  it('takes a number (a JSON body) as euros, within the range', () => {
    expect(parsePrice(12.5)).toEqual(amount(12.5));
    expect(parsePrice(0)).toEqual(amount(0));
    expect(parsePrice(-0.01)).toEqual(refused(t.priceTooLow));
    expect(parsePrice(10_000_000)).toEqual(refused(t.priceTooHigh));
    expect(parsePrice(Number.NaN)).toEqual(refused(t.priceInvalid));
    expect(parsePrice(Number.POSITIVE_INFINITY)).toEqual(refused(t.priceInvalid));
  });

  it('reads a number a program wrote as text the same as the number', () => {
    for (const euros of [0, 0.5, 12.5, 99.99, 1000, 1000.5, 9_999_999]) {
      expect(parsePrice(String(euros))).toEqual(amount(euros));
    }
  });
});

describe('priceInputText', () => {
  it.each<[number, string]>([
    [250, '250'],
    [2500, '2500'],
    [1000.5, '1000,50'],
    [12.5, '12,50'],
    [0.99, '0,99'],
    [9_999_999, '9999999'],
  ])('%d → %j, which parsePrice reads back', (euros, text) => {
    expect(priceInputText(euros)).toBe(text);
    expect(parsePrice(text)).toEqual(amount(euros));
  });
});

describe('priceForPayload', () => {
  it.each<[string, number | string | null]>([
    ['1.000', 1000],
    ['€ 400', 400],
    ['', null],
    ['  ', null],
    // Unreadable text stays text, so the request's schema refuses it instead of dropping it.
    [' abc ', 'abc'],
    ['1,500', '1,500'],
  ])('%j → %j', (text, sent) => {
    expect(priceForPayload(text)).toBe(sent);
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
    ['1.000', 1000],
    ['1.000,50', 1000.5],
    ['€ 400', 400],
    ['400,-', 400],
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
    ['1,500', t.priceSeparators],
    [10_000_000, t.priceTooHigh],
    ['10000000', t.priceTooHigh],
    ['10.000.000', t.priceTooHigh],
    [-0.01, t.priceTooLow],
    ['-5', t.priceTooLow],
  ])('rejects %j', (input, message) => {
    const result = priceSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
