import { describe, expect, it } from 'vitest';
import { DISTANCE_OPTIONS_KM } from '../constants';
import { ALERT_FIELD_TEXTS } from './strings';
import { distanceEnabled, isDistanceOption } from './distance';
import { distanceSchema } from './distanceSchema';

describe('distanceSchema', () => {
  it.each(DISTANCE_OPTIONS_KM.map((km) => [km]))('accepts %i km', (km) => {
    expect(distanceSchema.parse(km)).toBe(km);
    expect(isDistanceOption(km)).toBe(true);
  });

  it.each<[unknown, number | null | undefined]>([
    ['25', 25],
    ['', null],
    [null, null],
    [undefined, undefined],
  ])('reads %j as %j', (input, expected) => {
    expect(distanceSchema.parse(input)).toBe(expected);
  });

  it.each<[unknown]>([[20], [0], ['20'], ['ver'], [-5]])('rejects %j', (input) => {
    const result = distanceSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ALERT_FIELD_TEXTS.distanceInvalid);
  });

  it('20 is no option', () => {
    expect(isDistanceOption(20)).toBe(false);
  });
});

describe('distanceEnabled', () => {
  it.each<[string | null | undefined, boolean]>([
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
    ['1234', true],
    ['1234 AB', true],
  ])('postal code %j → %j', (postalCode, expected) => {
    expect(distanceEnabled(postalCode)).toBe(expected);
  });
});
