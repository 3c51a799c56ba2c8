import { describe, expect, it } from 'vitest';
import { formatDistance, formatPlace, formatPrice, isWebUrl, oneLine } from './listing-text';

describe('formatPrice', () => {
  it.each([
    ['FIXED', 125_000, '€ 1.250,00'],
    ['FIXED', 995, '€ 9,95'],
    ['FIXED', 0, '€ 0,00'],
    ['MIN_BID', 630_000, 'Bieden vanaf € 6.300,00'],
    ['MIN_BID', 0, 'Bieden'],
    ['FAST_BID', 0, 'Bieden'],
    ['FREE', 0, 'Gratis'],
    ['RESERVED', 0, 'Gereserveerd'],
    ['SEE_DESCRIPTION', 0, 'Zie omschrijving'],
    ['NOTK', 0, 'N.o.t.k.'],
    ['ON_REQUEST', 0, 'Op aanvraag'],
    ['EXCHANGE', 0, 'Ruilen'],
    ['NOT_APPLICABLE', null, 'N.v.t.'],
    ['FIXED', null, 'Prijs onbekend'],
    ['SOMETHING_NEW', 2_500, '€ 25,00'],
    ['SOMETHING_NEW', null, 'Prijs onbekend'],
  ])('%s with %s cents reads %s', (priceType, cents, expected) => {
    expect(formatPrice(cents, priceType)).toBe(expected);
  });
});

describe('formatDistance', () => {
  it.each([
    [null, null],
    [-1000, null],
    [0, 'Minder dan 1 km'],
    [999, 'Minder dan 1 km'],
    [1000, '1 km'],
    [12_400, '12 km'],
    [12_500, '13 km'],
  ])('%s m reads %s', (meters, expected) => {
    expect(formatDistance(meters)).toBe(expected);
  });
});

describe('formatPlace', () => {
  it.each([
    ['Amsterdam', 12_400, 'Amsterdam · 12 km'],
    ['Amsterdam', null, 'Amsterdam'],
    [null, 500, 'Minder dan 1 km'],
    [null, -1000, null],
    ['  Den\nHaag ', null, 'Den Haag'],
  ])('%j at %s m reads %j', (city, meters, expected) => {
    expect(formatPlace(city, meters)).toBe(expected);
  });
});

describe('oneLine', () => {
  it.each([
    ['a\nb\tc', 'a b c'],
    ['  spaced  out ', 'spaced out'],
    ['bell\u0007ring', 'bell ring'],
  ])('%j reads %j', (text, expected) => {
    expect(oneLine(text)).toBe(expected);
  });
});

describe('isWebUrl', () => {
  it.each([
    ['https://www.marktplaats.nl/v/a', true],
    ['http://example.nl', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => {
    expect(isWebUrl(url)).toBe(expected);
  });
});
