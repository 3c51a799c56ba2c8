import { describe, expect, it } from 'vitest';
import { isNotifiablePriceDrop, normalizePriceDrop } from './priceDrop';
import { priceDropSchema } from './priceDropSchema';
import { PRICE_DROP_TEXTS } from './strings';

const alert = (maxPriceCents: number | null, percent?: number) => ({
  maxPriceCents,
  priceDrop: percent === undefined ? { enabled: true } : { enabled: true, percent },
});

describe('isNotifiablePriceDrop', () => {
  it('tells a listing that falls to or below the max price from above it', () => {
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 12000, priceCents: 10000 }, alert(10000)),
    ).toBe(true);
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 12000, priceCents: 10001 }, alert(10000)),
    ).toBe(false);
  });

  it('never tells a rise, an equal price or a price without an amount', () => {
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 8000, priceCents: 9000 }, alert(10000)),
    ).toBe(false);
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 8000, priceCents: 8000 }, alert(10000)),
    ).toBe(false);
    expect(
      isNotifiablePriceDrop({ previousPriceCents: null, priceCents: 8000 }, alert(10000)),
    ).toBe(false);
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 8000, priceCents: null }, alert(10000)),
    ).toBe(false);
  });

  it('with a percent, tells only drops of at least that percent (or a crossing of the max price)', () => {
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 10000, priceCents: 9000 }, alert(null, 10)),
    ).toBe(true);
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 10000, priceCents: 9001 }, alert(null, 10)),
    ).toBe(false);
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 10100, priceCents: 10000 }, alert(10000, 10)),
    ).toBe(true);
  });

  it('without a percent, tells any drop within the max price', () => {
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 9000, priceCents: 8900 }, alert(10000)),
    ).toBe(true);
    expect(
      isNotifiablePriceDrop({ previousPriceCents: 30000, priceCents: 20000 }, alert(10000)),
    ).toBe(false);
  });

  it('tells nothing when the alert did not opt in', () => {
    const off = { maxPriceCents: 10000, priceDrop: { enabled: false } };
    expect(isNotifiablePriceDrop({ previousPriceCents: 12000, priceCents: 9000 }, off)).toBe(false);
  });
});

describe('priceDropSchema', () => {
  it('takes the option and refuses a percent outside 1–99 in Dutch', () => {
    expect(priceDropSchema.parse({ enabled: true, percent: 15 })).toEqual({
      enabled: true,
      percent: 15,
    });
    const result = priceDropSchema.safeParse({ enabled: true, percent: 150 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PRICE_DROP_TEXTS.form.percentInvalid);
    expect(priceDropSchema.safeParse({ enabled: 'ja' }).success).toBe(false);
  });

  it('stores a percent only while enabled', () => {
    expect(normalizePriceDrop({ enabled: false, percent: 20 })).toEqual({ enabled: false });
    expect(normalizePriceDrop({ enabled: true, percent: null })).toEqual({ enabled: true });
  });
});

describe('PRICE_DROP_TEXTS.title', () => {
  it('reads "Prijsdaling: <titel> van €X naar €Y"', () => {
    expect(PRICE_DROP_TEXTS.title('Fiets', 12000, 9950)).toBe(
      'Prijsdaling: Fiets van € 120,00 naar € 99,50',
    );
  });
});
