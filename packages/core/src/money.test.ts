import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents } from './money';

describe('money', () => {
  it('rounds euros to whole cents, the way a price is stored', () => {
    expect(eurosToCents(399.99)).toBe(39_999);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(1.005)).toBe(100);
    expect(eurosToCents(null)).toBeNull();
    expect(eurosToCents(undefined)).toBeNull();
  });

  it('gives cents back as euros', () => {
    expect(centsToEuros(39_999)).toBe(399.99);
    expect(centsToEuros(0)).toBe(0);
    expect(centsToEuros(null)).toBeNull();
  });
});
