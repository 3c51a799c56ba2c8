import { describe, expect, it } from 'vitest';
import { buildCapabilities } from '../plans/capabilities';
import { DEFAULT_SETTINGS } from '../plans/settings';
import { canBuyExtraAlerts, extraAlertPlansText, vatBreakdown } from './offer';
import {
  createPaymentSchema,
  formatReceiptNumber,
  mollieAmountValue,
  priceInCents,
} from './products';

describe('prices', () => {
  it('come from the settings: Pro per month, extra alerts per alert', () => {
    expect(priceInCents(DEFAULT_SETTINGS.pricing, 'pro', 1)).toBe(795);
    expect(priceInCents(DEFAULT_SETTINGS.pricing, 'extra_alerts', 3)).toBe(300);
    expect(mollieAmountValue(795)).toBe('7.95');
    expect(mollieAmountValue(300)).toBe('3.00');
  });

  it('include 21 % VAT', () => {
    expect(vatBreakdown(795)).toEqual({ netCents: 657, vatCents: 138 });
    expect(vatBreakdown(100)).toEqual({ netCents: 83, vatCents: 17 });
  });

  it('number receipts PA-000001 onwards', () => {
    expect(formatReceiptNumber(42)).toBe('PA-000042');
  });
});

describe('createPaymentSchema', () => {
  it('drops any amount a client sends, and fixes Pro to one month', () => {
    expect(createPaymentSchema.parse({ product: 'pro', quantity: 5, amount: 0.01 })).toEqual({
      product: 'pro',
      quantity: 1,
    });
    expect(createPaymentSchema.parse({ product: 'extra_alerts' })).toEqual({
      product: 'extra_alerts',
      quantity: 1,
    });
  });

  it.each([0, 51, 1.5, 'veel'])('refuses %s extra alerts', (quantity) => {
    expect(createPaymentSchema.safeParse({ product: 'extra_alerts', quantity }).success).toBe(
      false,
    );
  });
});

describe('extra alerts in capabilities', () => {
  const user = {
    plan: 'REGISTERED' as const,
    role: 'USER' as const,
    telegramConnected: false,
    telegramUsername: null,
  };

  it('raise a limited plan by exactly the number bought', () => {
    const base = buildCapabilities({
      settings: DEFAULT_SETTINGS,
      user,
      counts: { alerts: 0, telegramAlerts: 0 },
    });
    const more = buildCapabilities({
      settings: DEFAULT_SETTINGS,
      user: { ...user, extraAlerts: 3 },
      counts: { alerts: base.alerts.limit! + 2, telegramAlerts: 0 },
    });
    expect(more.alerts.limit).toBe(base.alerts.limit! + 3);
    expect(more.alerts.canCreate).toBe(true);
  });
});

describe('who may buy extra alerts', () => {
  it('every account plan with a limit: Geregistreerd and Pro, not a guest or the free plan', () => {
    expect(canBuyExtraAlerts('REGISTERED')).toBe(true);
    expect(canBuyExtraAlerts('PRO')).toBe(true);
    expect(canBuyExtraAlerts('FREE')).toBe(false);
    expect(canBuyExtraAlerts(null)).toBe(false);
    expect(extraAlertPlansText()).toBe('Geregistreerd of Pro');
  });
});
