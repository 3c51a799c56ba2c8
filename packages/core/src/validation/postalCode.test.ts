import { describe, expect, it } from 'vitest';
import type { PlatformId } from '../domain';
import {
  canonicalAlertPostalCode,
  canonicalPostalCode,
  isCompletePostalCode,
  normalizePostalCode,
  postalCodeMessage,
} from './postalCode';
import { postalCodeSchema } from './postalCodeSchema';

describe('normalizePostalCode', () => {
  it.each<[PlatformId, string, string]>([
    ['2dehands', '12345', '1234'],
    ['2dehands', '10a0', '100'],
    ['2dehands', ' 2000 ', '2000'],
    ['marktplaats', '1234ab', '1234 AB'],
    ['marktplaats', ' 3511ab ', '3511 AB'],
    ['marktplaats', '3511 ab', '3511 AB'],
    ['marktplaats', '12', '12'],
    ['marktplaats', '1234', '1234'],
    ['marktplaats', '12345', '1234 5'],
    ['marktplaats', '1234abc', '1234 AB'],
    ['marktplaats', '1234-ab', '1234 AB'],
  ])('%s: %j → %j', (platform, input, expected) => {
    expect(normalizePostalCode(platform, input)).toBe(expected);
  });

  it('never makes a Dutch code longer than 7 characters', () => {
    expect(normalizePostalCode('marktplaats', '1234 ABCDEFG')).toHaveLength(7);
  });
});

describe('isCompletePostalCode', () => {
  it.each<[PlatformId, string, boolean]>([
    ['marktplaats', '1234 AB', true],
    ['marktplaats', '1234AB', false],
    ['marktplaats', '0123 AB', false],
    ['marktplaats', '1234 A', false],
    ['marktplaats', '1234', false],
    ['2dehands', '2000', true],
    ['2dehands', '0200', false],
    ['2dehands', '200', false],
    ['2dehands', '1234 AB', false],
  ])('%s: %j → %j', (platform, value, expected) => {
    expect(isCompletePostalCode(platform, value)).toBe(expected);
  });
});

describe('canonicalPostalCode', () => {
  it.each<[PlatformId, string, string | null]>([
    ['marktplaats', ' 3511ab ', '3511 AB'],
    ['marktplaats', '3511abc', null],
    ['marktplaats', '12', null],
    ['2dehands', ' 2000 ', '2000'],
    ['2dehands', '12345', null],
    ['2dehands', '1234 AB', null],
  ])('%s: %j → %j', (platform, input, expected) => {
    expect(canonicalPostalCode(platform, input)).toBe(expected);
  });
});

describe('canonicalAlertPostalCode', () => {
  it.each<[PlatformId[] | undefined, string, string | null]>([
    [['2dehands'], '1234 AB', null],
    [['marktplaats'], '2000', null],
    [['marktplaats', '2dehands'], '1234ab', '1234 AB'],
    [['marktplaats', '2dehands'], '2000', '2000'],
    [undefined, '2000', '2000'],
    [undefined, '1234ab', '1234 AB'],
  ])('%j: %j → %j', (platforms, input, expected) => {
    expect(canonicalAlertPostalCode(platforms, input)).toBe(expected);
  });
});

describe('postalCodeSchema', () => {
  it.each<[PlatformId, string, string]>([
    ['marktplaats', '3511ab', '3511 AB'],
    ['2dehands', '2000', '2000'],
  ])('%s accepts %j as %j', (platform, input, expected) => {
    expect(postalCodeSchema(platform).parse(input)).toBe(expected);
  });

  it.each<[PlatformId, unknown]>([
    ['marktplaats', '3511'],
    ['2dehands', '20000'],
    ['2dehands', 2000],
  ])('%s rejects %j', (platform, input) => {
    const result = postalCodeSchema(platform).safeParse(input);
    expect(result.error?.issues[0]?.message).toBe(postalCodeMessage([platform]));
  });
});

describe('postalCodeMessage', () => {
  it.each<[PlatformId[] | undefined, string]>([
    [['marktplaats'], 'Ongeldige postcode, bijv. 1234 AB'],
    [['2dehands'], 'Ongeldige postcode, bijv. 1000'],
    [['marktplaats', '2dehands'], 'Ongeldige postcode, bijv. 1234 AB of 1000'],
    [undefined, 'Ongeldige postcode, bijv. 1234 AB of 1000'],
  ])('%j: %j', (platforms, message) => {
    expect(postalCodeMessage(platforms)).toBe(message);
  });
});
