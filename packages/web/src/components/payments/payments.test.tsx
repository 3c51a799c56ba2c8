/** Issue 10 in the web app: the subscription tab and the payment return page. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_STRINGS, SCREEN_TEXTS } from '@prijsalarm/core';
import { startHttpDouble, subscriptionOverview, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';
import { capabilities, signedInStore } from '../../test/screens';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted.map((r) => `${r.method} ${r.path}`)).toEqual([]));

const texts = PAYMENT_STRINGS;
const PAYMENT_ID = '33333333-3333-4333-8333-333333333333';

async function open(path: string, user = userDto()) {
  const navigator = appNavigator(path);
  const { store } = await signedInStore(server, { navigator, user });
  renderApp(store, navigator, path);
  return { store, navigator, user: userEvent.setup() };
}

describe('the subscription tab', () => {
  it('shows a Pro user when Pro is paid until and the next charge, and cancels after a confirmation', async () => {
    const paid = {
      id: PAYMENT_ID,
      product: 'pro' as const,
      quantity: 1,
      description: texts.products.pro,
      amountCents: 795,
      currency: 'EUR',
      status: 'paid' as const,
      renewal: false,
      createdAt: '2026-11-24T10:00:00.000Z',
      paidAt: '2026-11-24T10:01:00.000Z',
      receipt: {
        number: 'PA-000007',
        issuedAt: '2026-11-24T10:01:00.000Z',
        description: texts.products.pro,
        amountCents: 795,
        netCents: 657,
        vatCents: 138,
      },
    };
    const pro = subscriptionOverview({
      plan: 'PRO',
      subscription: {
        status: 'active',
        paidUntil: '2026-12-24T10:01:00.000Z',
        nextChargeAt: '2026-12-24T10:01:00.000Z',
        graceUntil: null,
        canceledAt: null,
        amountCents: 795,
      },
      payments: [paid],
    });
    server.script('GET', '/api/payments/subscription', { body: pro });
    const { user } = await open('/my-account?tab=subscription', userDto({ plan: 'PRO' }));
    expect(await screen.findByText(texts.subscription.nextCharge)).toBeTruthy();
    expect(screen.getByText(/24 december 2026 · € 7,95/)).toBeTruthy();
    expect(screen.getAllByText(/PA-000007/).length).toBeGreaterThan(0);

    server.script('POST', '/api/payments/cancel-subscription', {
      body: { message: texts.subscription.canceled },
    });
    server.script('GET', '/api/payments/subscription', {
      body: {
        ...pro,
        subscription: { ...pro.subscription!, status: 'canceled', nextChargeAt: null },
      },
    });
    await user.click(screen.getByRole('button', { name: texts.subscription.cancel }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: texts.subscription.cancelYes }));
    expect(
      await screen.findByText(texts.subscription.canceledNote('24 december 2026')),
    ).toBeTruthy();
  });

  it('says payments are unavailable instead of offering a button that fails', async () => {
    server.script('GET', '/api/payments/subscription', {
      body: subscriptionOverview({ paymentsAvailable: false }),
    });
    await open('/my-account?tab=subscription');
    expect(await screen.findByText(texts.errors.unavailable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.pricing.buyPro })).toBeNull();
  });
});

describe('/payment/callback', () => {
  it('shows processing until the webhook decided, then replaces the user and tells the other tabs', async () => {
    server.script(
      'GET',
      `/api/payments/status/${PAYMENT_ID}`,
      { body: { id: PAYMENT_ID, status: 'open', product: 'pro', quantity: 1, plan: 'REGISTERED' } },
      { body: { id: PAYMENT_ID, status: 'paid', product: 'pro', quantity: 1, plan: 'PRO' } },
    );
    server.script('POST', '/api/upgrade-to-pro', { body: { user: userDto({ plan: 'PRO' }) } });
    // The plan change refetches capabilities (once or twice, as the stores see it).
    server.script(
      'GET',
      '/api/user-capabilities',
      { body: capabilities('PRO') },
      { body: capabilities('PRO') },
    );
    const { store } = await open(`/payment/callback?payment=${PAYMENT_ID}`);
    expect(await screen.findByText(texts.callback.processing)).toBeTruthy();
    expect(
      await screen.findByText(texts.callback.successPro, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    await waitFor(() => expect(store.auth.plan).toBe('PRO'));
    await waitFor(() =>
      expect(server.requestsTo('GET', '/api/user-capabilities').length).toBeGreaterThan(0),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('offers a retry after a failed payment', async () => {
    server.script('GET', `/api/payments/status/${PAYMENT_ID}`, {
      body: { id: PAYMENT_ID, status: 'failed', product: 'pro', quantity: 1, plan: 'REGISTERED' },
    });
    await open(`/payment/callback?payment=${PAYMENT_ID}`);
    expect(await screen.findByText(texts.callback.failed)).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.callback.retry })).toBeTruthy();
  });
});

describe('/admin/payments', () => {
  it("is the admin area's Betalingen tab: the payments with their users", async () => {
    server.script('GET', '/api/auth/me', { body: { user: userDto({ role: 'ADMIN' }) } });
    server.script('GET', '/api/admin/payments', {
      body: {
        payments: [
          {
            id: PAYMENT_ID,
            product: 'pro',
            quantity: 1,
            description: texts.products.pro,
            amountCents: 795,
            currency: 'EUR',
            status: 'paid',
            renewal: false,
            createdAt: '2026-11-24T10:00:00.000Z',
            paidAt: '2026-11-24T10:01:00.000Z',
            receipt: null,
            user: { id: 'u1', email: 'klant@example.nl' },
          },
        ],
        stats: { activeProSubscriptions: 3, revenueThisMonthCents: 2385 },
      },
    });
    await open('/admin/payments', userDto({ role: 'ADMIN' }));
    expect(await screen.findByText('klant@example.nl')).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: SCREEN_TEXTS.admin.tabs.payments, selected: true }),
    ).toBeTruthy();
    expect(screen.getByText(texts.status.paid)).toBeTruthy();
  });
});
