/** Payments in the web app: the subscription tab and the payment return page. */
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COMPANY,
  PAYMENT_TEXTS,
  SCREEN_TEXTS,
  maxAlertsWarning,
  type PaymentDto,
  type PaymentStatusResponse,
} from '@prijsalarm/core';
import { startHttpDouble, subscriptionOverview, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { appNavigator, renderApp } from '../../test/render';
import { capabilities, signedInStore } from '../../test/screens';
import { StoreProvider } from '../../stores/context';
import { MaxAlertsNotice } from './MaxAlertsNotice';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted.map((r) => `${r.method} ${r.path}`)).toEqual([]));

const texts = PAYMENT_TEXTS;
const PAYMENT_ID = '33333333-3333-4333-8333-333333333333';
/** The first visit to a scene loads its code: on a busy machine that takes more than a second. */
const SCENE_LOAD = { timeout: 5000 };

/** A paid month of Pro, with its receipt. */
const PAID_PRO: PaymentDto = {
  id: PAYMENT_ID,
  product: 'pro',
  quantity: 1,
  description: texts.products.pro,
  amountCents: 795,
  currency: 'EUR',
  status: 'paid',
  renewal: false,
  createdAt: '2026-11-29T10:00:00.000Z',
  paidAt: '2026-11-29T10:01:00.000Z',
  period: { start: '2026-11-29T10:01:00.000Z', end: '2026-12-29T10:01:00.000Z' },
  receipt: {
    number: 'PA-000007',
    issuedAt: '2026-11-29T10:01:00.000Z',
    description: texts.products.pro,
    amountCents: 795,
    netCents: 657,
    vatCents: 138,
  },
};

/** GET /payments/status/{id}: a payment as the return page reads it. */
function statusOf(overrides: Partial<PaymentStatusResponse> = {}): PaymentStatusResponse {
  return {
    ...PAID_PRO,
    status: 'open',
    paidAt: null,
    period: null,
    receipt: null,
    plan: 'REGISTERED',
    nextChargeAt: null,
    ...overrides,
  };
}
const paidProStatus = () =>
  statusOf({ ...PAID_PRO, plan: 'PRO', nextChargeAt: '2026-12-29T10:01:00.000Z' });

async function open(path: string, user = userDto()) {
  const navigator = appNavigator(path);
  const { store } = await signedInStore(server, { navigator, user });
  renderApp(store, navigator, path);
  return { store, navigator, user: userEvent.setup() };
}

describe('the subscription tab', () => {
  it('shows a Pro user when Pro is paid until and the next charge, and cancels after a confirmation', async () => {
    const paid = { ...PAID_PRO, paidAt: '2026-11-24T10:01:00.000Z' };
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
    expect(
      await screen.findByText(texts.subscription.nextCharge, undefined, SCENE_LOAD),
    ).toBeTruthy();
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

describe("extra alerts follow core's rule", () => {
  it('the subscription tab offers them to Geregistreerd, not to an account on Gratis', async () => {
    server.script('GET', '/api/payments/subscription', { body: subscriptionOverview() });
    await open('/my-account?tab=subscription');
    expect(await screen.findByLabelText(texts.subscription.quantityLabel)).toBeTruthy();
  });

  it('an account on Gratis gets no extra alerts form', async () => {
    server.script('GET', '/api/payments/subscription', {
      body: subscriptionOverview({ plan: 'FREE' }),
    });
    await open('/my-account?tab=subscription', userDto({ plan: 'FREE' }));
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('Gratis');
    expect(screen.queryByLabelText(texts.subscription.quantityLabel)).toBeNull();
    expect(screen.queryByRole('heading', { name: texts.subscription.extraAlerts })).toBeNull();
  });

  it.each([
    ['REGISTERED', true],
    ['PRO', true],
    ['FREE', false],
  ] as const)('the limit notice for %s offers extra alerts: %s', async (plan, offered) => {
    const { store } = await signedInStore(server, { user: userDto({ plan }) });
    const warning = maxAlertsWarning({
      isAuthenticated: true,
      canCreateAlerts: false,
      userPlan: plan,
    })!;
    render(
      <StoreProvider store={store}>
        <MemoryRouter>
          <MaxAlertsNotice warning={warning} />
        </MemoryRouter>
      </StoreProvider>,
    );
    expect(screen.queryByRole('link', { name: texts.maxAlerts.buy }) !== null).toBe(offered);
  });

  it('each receipt in the list links to its printable page', async () => {
    server.script('GET', '/api/payments/subscription', {
      body: subscriptionOverview({ plan: 'PRO', payments: [PAID_PRO] }),
    });
    await open('/my-account?tab=subscription', userDto({ plan: 'PRO' }));
    const link = await screen.findByRole('link', { name: /Bon bekijken PA-000007/ });
    expect(link.getAttribute('href')).toBe(`/payment/receipt/${PAYMENT_ID}`);
  });
});

describe('/payment/callback', () => {
  it('after paying Pro: amount with btw, the period, the next charge, the receipt and the seller', async () => {
    server.script('GET', `/api/payments/status/${PAYMENT_ID}`, { body: paidProStatus() });
    server.script('POST', '/api/upgrade-to-pro', { body: { user: userDto({ plan: 'PRO' }) } });
    server.script(
      'GET',
      '/api/user-capabilities',
      { body: capabilities('PRO') },
      { body: capabilities('PRO') },
    );
    await open(`/payment/callback?payment=${PAYMENT_ID}`);
    const purchase = await screen.findByTestId('purchase');
    const text = (purchase.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain(texts.products.pro);
    expect(text).toContain('€ 7,95 incl. btw (waarvan € 1,38 btw)');
    expect(text).toContain('29 november – 29 december 2026');
    expect(text).toContain('29 december 2026, € 7,95');
    const receipt = screen.getByRole('region', { name: /Bon PA-000007/ });
    for (const detail of [COMPANY.legalName, 'Oudegracht 231', 'KvK-nummer 90125148']) {
      expect(receipt.textContent).toContain(detail);
    }
    expect(receipt.textContent).toContain(`Btw-nummer ${COMPANY.vatNumber}`);
    expect(
      within(receipt).getByRole('link', { name: texts.callback.viewReceipt }).getAttribute('href'),
    ).toBe(`/payment/receipt/${PAYMENT_ID}`);
    expect(
      screen.getByRole('link', { name: texts.callback.nextStepPro }).getAttribute('href'),
    ).toBe('/dashboard/create');
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('after buying extra alerts: eenmalig, no next charge', async () => {
    server.script('GET', `/api/payments/status/${PAYMENT_ID}`, {
      body: statusOf({
        ...PAID_PRO,
        product: 'extra_alerts',
        quantity: 2,
        description: texts.products.extraAlerts(2),
        amountCents: 200,
        period: null,
        receipt: { ...PAID_PRO.receipt!, amountCents: 200, netCents: 165, vatCents: 35 },
      }),
    });
    // The raised limit refetches capabilities (once or twice, as the stores see it).
    server.script(
      'GET',
      '/api/user-capabilities',
      { body: capabilities('REGISTERED') },
      { body: capabilities('REGISTERED') },
    );
    await open(`/payment/callback?payment=${PAYMENT_ID}`);
    const purchase = await screen.findByTestId('purchase');
    const text = (purchase.textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain('€ 2,00 incl. btw (waarvan € 0,35 btw)');
    expect(text).toContain(texts.callback.oneOff);
    expect(text).not.toContain(texts.callback.nextCharge);
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  it('shows processing until the webhook decided, then replaces the user and tells the other tabs', async () => {
    server.script(
      'GET',
      `/api/payments/status/${PAYMENT_ID}`,
      { body: statusOf() },
      { body: paidProStatus() },
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
      body: statusOf({ status: 'failed' }),
    });
    await open(`/payment/callback?payment=${PAYMENT_ID}`);
    expect(await screen.findByText(texts.callback.failed)).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.callback.retry })).toBeTruthy();
  });
});

describe('/payment/receipt/{id}', () => {
  it("shows the receipt with the seller's address, KvK and btw-nummer, and prints it", async () => {
    server.script('GET', `/api/payments/status/${PAYMENT_ID}`, { body: paidProStatus() });
    await open(`/payment/receipt/${PAYMENT_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betalingsbewijs PA-000007' }),
    ).toBeTruthy();
    const page = (document.body.textContent ?? '').replace(/\u00a0/g, ' ');
    for (const detail of [
      COMPANY.legalName,
      'Oudegracht 231',
      '3511 NK Utrecht',
      'KvK-nummer 90125148',
      `Btw-nummer ${COMPANY.vatNumber}`,
      '29 november – 29 december 2026',
      '€ 6,57',
      '€ 1,38',
      '€ 7,95',
    ]) {
      expect(page).toContain(detail);
    }
    let printed = 0;
    window.print = () => (printed += 1);
    await userEvent.setup().click(screen.getByRole('button', { name: texts.receipt.print }));
    expect(printed).toBe(1);
  });
});

describe('/admin/payments', () => {
  it("is the admin area's Betalingen tab: the payments with their users", async () => {
    server.script('GET', '/api/auth/me', { body: { user: userDto({ role: 'ADMIN' }) } });
    server.script('GET', '/api/admin/payments', {
      body: {
        payments: [
          {
            ...PAID_PRO,
            period: null,
            receipt: null,
            user: { id: 'u1', email: 'klant@example.nl' },
          },
        ],
        stats: { activeProSubscriptions: 3, revenueThisMonthCents: 2385 },
      },
    });
    await open('/admin/payments', userDto({ role: 'ADMIN' }));
    expect(await screen.findByText('klant@example.nl', undefined, SCENE_LOAD)).toBeTruthy();
    expect(
      screen.getByRole('tab', { name: SCREEN_TEXTS.admin.tabs.payments, selected: true }),
    ).toBeTruthy();
    expect(screen.getByText(texts.status.paid)).toBeTruthy();
  });
});
