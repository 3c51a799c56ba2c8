import { describe, expect, it } from 'vitest';
import { addMonth, paymentPolicy, proEndsAt } from './payment';
import type { MolliePaymentView } from '../payments/mollie';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-24T12:00:00Z');
const billing = (overrides: Record<string, unknown> = {}) => ({
  subscriptionStatus: 'active' as const,
  paidUntil: new Date(now.getTime() + 10 * DAY),
  graceUntil: null as Date | null,
  canceledAt: null as Date | null,
  mollieSubscriptionId: 'sub_abcdef',
  ...overrides,
});

describe('paymentPolicy.canBuy', () => {
  const registered = { plan: 'REGISTERED' as const };

  it('sells Pro unless a subscription is running', () => {
    expect(paymentPolicy.canBuy('pro', registered, null, now)).toBe(true);
    expect(paymentPolicy.canBuy('pro', registered, billing(), now)).toBe(false);
    for (const subscriptionStatus of ['past_due', 'canceled', 'ended'] as const) {
      expect(paymentPolicy.canBuy('pro', registered, billing({ subscriptionStatus }), now)).toBe(
        true,
      );
    }
  });

  it('sells extra alerts to Geregistreerd and Pro, with or without a subscription, not to Gratis', () => {
    expect(paymentPolicy.canBuy('extra_alerts', registered, null, now)).toBe(true);
    expect(paymentPolicy.canBuy('extra_alerts', { plan: 'PRO' }, billing(), now)).toBe(true);
    expect(paymentPolicy.canBuy('extra_alerts', { plan: 'FREE' }, null, now)).toBe(false);
  });
});

describe('paymentPolicy.nextChargeAt', () => {
  it('is the end of the paid period while the subscription runs, and none once canceled or failed', () => {
    const b = billing();
    expect(paymentPolicy.nextChargeAt(b)).toEqual(b.paidUntil);
    for (const subscriptionStatus of ['past_due', 'canceled', 'ended'] as const) {
      expect(paymentPolicy.nextChargeAt(billing({ subscriptionStatus }))).toBeNull();
    }
    expect(paymentPolicy.nextChargeAt({ subscriptionStatus: null, paidUntil: null })).toBeNull();
  });
});

describe('when Pro ends', () => {
  it('ends at the paid-until date once canceled', () => {
    const b = billing({ canceledAt: now, subscriptionStatus: 'canceled' });
    expect(proEndsAt(b)).toEqual(b.paidUntil);
    expect(paymentPolicy.proHasLapsed(b, new Date(b.paidUntil.getTime() - 1))).toBe(false);
    expect(paymentPolicy.proHasLapsed(b, b.paidUntil)).toBe(true);
  });

  it('ends at the grace after a failed renewal, and 7 days after the period when none came', () => {
    const grace = new Date(now.getTime() + 7 * DAY);
    expect(proEndsAt(billing({ graceUntil: grace }))).toEqual(grace);
    const b = billing();
    expect(proEndsAt(b)).toEqual(new Date(b.paidUntil.getTime() + 7 * DAY));
    expect(proEndsAt(billing({ paidUntil: null }))).toBeNull();
  });

  it('adds a calendar month', () => {
    expect(addMonth(new Date('2026-01-15T10:00:00Z'))).toEqual(new Date('2026-02-15T10:00:00Z'));
  });
});

describe('paymentPolicy.alertsToPause', () => {
  const alerts = [3, 1, 2, 4].map((n) => ({ id: `a${n}`, createdAt: new Date(n * 1000) }));

  it('pauses the newest beyond the limit, none when within it or unlimited', () => {
    expect(paymentPolicy.alertsToPause(alerts, 2)).toEqual(['a3', 'a4']);
    expect(paymentPolicy.alertsToPause(alerts, 4)).toEqual([]);
    expect(paymentPolicy.alertsToPause(alerts, null)).toEqual([]);
  });
});

describe('paymentPolicy.matchesOurPayment', () => {
  const row = {
    id: 'p1',
    userId: 'u1',
    amountCents: 795,
    currency: 'EUR',
    molliePaymentId: 'tr_abcdef',
  };
  const mollie = (overrides: Partial<MolliePaymentView> = {}): MolliePaymentView => ({
    id: 'tr_abcdef',
    status: 'paid',
    amount: { currency: 'EUR', value: '7.95' },
    amountChargedBack: null,
    metadata: { paymentId: 'p1', userId: 'u1' },
    customerId: 'cst_abcdef',
    subscriptionId: null,
    sequenceType: 'first',
    checkoutUrl: null,
    ...overrides,
  });

  it('accepts only the same id, amount, currency and our ids in the metadata', () => {
    expect(paymentPolicy.matchesOurPayment(row, mollie())).toBe(true);
    expect(paymentPolicy.matchesOurPayment(row, mollie({ id: 'tr_other1' }))).toBe(false);
    expect(
      paymentPolicy.matchesOurPayment(row, mollie({ amount: { currency: 'EUR', value: '0.01' } })),
    ).toBe(false);
    expect(
      paymentPolicy.matchesOurPayment(row, mollie({ amount: { currency: 'USD', value: '7.95' } })),
    ).toBe(false);
    expect(
      paymentPolicy.matchesOurPayment(row, mollie({ metadata: { paymentId: 'p2', userId: 'u1' } })),
    ).toBe(false);
    expect(paymentPolicy.matchesOurPayment(row, mollie({ metadata: null }))).toBe(false);
  });
});
