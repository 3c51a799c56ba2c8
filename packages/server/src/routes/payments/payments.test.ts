/**
 * Payments end to end through the real server and the Mollie double: paying for Pro and extra
 * alerts, the webhook applied once, forged ids, renewals, dunning, cancel, and prices that come
 * from the settings only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMollieClient } from '@mollie/api-client';
import {
  PAYMENT_TEXTS,
  formatPeriod,
  receiptPath,
  type AdminPaymentsResponse,
  type CapabilitiesData,
  type PaymentStatusResponse,
  type SubscriptionOverview,
  type UserResponse,
} from '@prijsalarm/core';
import { settleLapsedSubscriptions } from '../../commands/payments';
import { updateSetting } from '../../commands/settings';
import { createUser, loginAs } from '../../../test/auth-helpers';
import { userPayload } from '../../../test/alert-helpers';
import { createAlert } from '../../../test/factories';
import {
  TEST_MOLLIE_KEY,
  payAtCheckout,
  postWebhook,
  startCheckout,
  startPaymentsServer,
  type PaymentsServer,
} from '../../../test/payments-kit';
import { startTestServer } from '../../../test/support';

const DAY_MS = 24 * 60 * 60 * 1000;
let payments: PaymentsServer;
beforeAll(async () => (payments = await startPaymentsServer()));
afterAll(() => payments?.stop());

const at = (date: Date) => ({ now: () => date });

async function registeredUser() {
  const browser = payments.server.client();
  const user = await loginAs(payments.server, browser, { plan: 'REGISTERED' });
  return { browser, user };
}

async function billingOf(userId: string) {
  return payments.server.models.BillingAccount.findByPk(userId);
}

/** A REGISTERED user who paid for Pro through the checkout page. */
async function proUser() {
  const { browser, user } = await registeredUser();
  const checkout = await startCheckout(payments, browser, { product: 'pro' });
  await payAtCheckout(payments.mollie, checkout.checkoutUrl, 'paid');
  await user.reload();
  expect(user.plan).toBe('PRO');
  return { browser, user, checkout };
}

describe('POST /payments/create', () => {
  it('answers 401 to a guest', async () => {
    const res = await payments.server.client().post('/api/payments/create', { product: 'pro' });
    expect(res.status).toBe(401);
  });

  it('makes a Mollie customer once and a first iDEAL payment for Pro, priced by the settings', async () => {
    const { browser, user } = await registeredUser();
    const res = await browser.post<{ paymentId: string; checkoutUrl: string }>(
      '/api/payments/create',
      { product: 'pro' },
    );
    expect(res.status).toBe(200);
    expect(res.body.checkoutUrl).toMatch(
      new RegExp(`^${payments.mollie.checkoutBaseUrl}/checkout/tr_`),
    );
    const row = (await payments.server.models.Payment.findByPk(res.body.paymentId))!;
    const mollie = payments.mollie.payment(row.molliePaymentId!)!;
    expect(mollie).toMatchObject({
      amount: { currency: 'EUR', value: '7.95' },
      sequenceType: 'first',
      method: 'ideal',
      description: PAYMENT_TEXTS.products.pro,
      redirectUrl: `${payments.server.baseUrl}/payment/callback?payment=${row.id}`,
      webhookUrl: `${payments.server.baseUrl}/api/payments/webhook`,
      metadata: { paymentId: row.id, userId: user.id, product: 'pro', quantity: 1 },
    });
    const customerId = (await billingOf(user.id))!.mollieCustomerId;
    expect(mollie.customerId).toBe(customerId);

    // The key is our row's: a retried call is a replay at Mollie, never a second payment.
    const create = payments.mollie
      .requests()
      .find(
        (request) =>
          request.path === '/v2/payments' && request.idempotencyKey === `payment-${row.id}`,
      );
    expect(create?.status).toBe(201);

    await browser.post('/api/payments/create', { product: 'extra_alerts', quantity: 2 });
    expect((await billingOf(user.id))!.mollieCustomerId).toBe(customerId);
    expect(payments.mollie.customers().filter((c) => c.email === user.email)).toHaveLength(1);
  });

  it('never takes the amount from the client, and follows a changed price', async () => {
    const { browser } = await registeredUser();
    const first = await startCheckout(payments, browser, {
      product: 'extra_alerts',
      quantity: 3,
      amount: { currency: 'EUR', value: '0.01' },
      amountCents: 1,
    });
    expect(payments.mollie.payment(first.molliePaymentId)!.amount).toEqual({
      currency: 'EUR',
      value: '3.00',
    });

    const admin = await createUser(payments.server, { role: 'ADMIN' });
    const pricing = (PRO: number) => ({
      key: 'pricing' as const,
      value: {
        model: 'per_alert' as const,
        currency: 'EUR',
        pricePerAlert: 1,
        subscriptionPrices: { FREE: 0, REGISTERED: 0, PRO },
      },
    });
    await updateSetting(payments.server.ctx, pricing(9.99), admin);
    try {
      const pro = await startCheckout(payments, browser, { product: 'pro', amount: '0.01' });
      expect(payments.mollie.payment(pro.molliePaymentId)!.amount.value).toBe('9.99');
    } finally {
      await updateSetting(payments.server.ctx, pricing(7.95), admin);
    }
  });

  it.each([0, 51, 2.5])('refuses %s extra alerts', async (quantity) => {
    const { browser } = await registeredUser();
    const res = await browser.post('/api/payments/create', { product: 'extra_alerts', quantity });
    expect(res.status).toBe(400);
  });

  it('offers the same open checkout again on a double click', async () => {
    const { browser } = await registeredUser();
    const one = await startCheckout(payments, browser, { product: 'pro' });
    const two = await startCheckout(payments, browser, { product: 'pro' });
    expect(two.paymentId).toBe(one.paymentId);
  });

  it('refuses Pro to a user whose subscription is running', async () => {
    const { browser } = await proUser();
    const res = await browser.post('/api/payments/create', { product: 'pro' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: PAYMENT_TEXTS.errors.alreadyPro });
  });
});

describe('upgrading to Pro', () => {
  it('makes a REGISTERED user Pro at once when paid, with a monthly subscription, a receipt and 2dehands', async () => {
    const { browser, user } = await registeredUser();
    const checkout = await startCheckout(payments, browser, { product: 'pro' });
    const before = await browser.get<PaymentStatusResponse>(
      `/api/payments/status/${checkout.paymentId}`,
    );
    expect(before.body).toMatchObject({ status: 'open', plan: 'REGISTERED', product: 'pro' });

    const location = await payAtCheckout(payments.mollie, checkout.checkoutUrl, 'paid');
    expect(location).toBe(
      `${payments.server.baseUrl}/payment/callback?payment=${checkout.paymentId}`,
    );

    const status = await browser.get<PaymentStatusResponse>(
      `/api/payments/status/${checkout.paymentId}`,
    );
    expect(status.body).toMatchObject({ status: 'paid', plan: 'PRO' });
    const upgraded = await browser.post<UserResponse>('/api/upgrade-to-pro');
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.user.plan).toBe('PRO');
    const caps = await browser.get<CapabilitiesData>('/api/user-capabilities');
    expect(caps.body.plan).toBe('PRO');
    expect(caps.body.allowedPlatforms).toContain('2dehands');

    const billing = (await billingOf(user.id))!;
    expect(billing.subscriptionStatus).toBe('active');
    const paidAt = (await payments.server.models.Payment.findByPk(checkout.paymentId))!.paidAt!;
    const monthLater = new Date(paidAt);
    monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
    expect(billing.paidUntil!.getTime()).toBe(monthLater.getTime());
    const subscription = payments.mollie
      .subscriptions()
      .find((s) => s.id === billing.mollieSubscriptionId)!;
    expect(subscription).toMatchObject({
      status: 'active',
      interval: '1 month',
      amount: { currency: 'EUR', value: '7.95' },
      startDate: monthLater.toISOString().slice(0, 10),
      customerId: billing.mollieCustomerId,
    });
    expect(
      payments.mollie
        .requests()
        .some((r) => r.idempotencyKey === `subscription-${checkout.paymentId}`),
    ).toBe(true);

    const receipt = await payments.server.mailbox.waitFor({
      to: user.email,
      subject: 'betalingsbewijs',
    });
    expect(receipt.text).toMatch(/Bonnummer: PA-\d{6}/);
    expect(receipt.text).toContain(PAYMENT_TEXTS.products.pro);
    expect(receipt.text).toMatch(/Btw 21%: €\s1,38/);
    expect(receipt.text).toMatch(/Totaal: €\s7,95/);
    expect(receipt.text).toContain('KvK 90125148');
    // The month it paid for, and a link to the receipt's own page to view and print.
    expect(receipt.text).toContain(`Periode: ${formatPeriod(paidAt, billing.paidUntil!)}`);
    expect(receipt.text).toContain(`${payments.server.baseUrl}${receiptPath(checkout.paymentId)}`);

    const overview = await browser.get<SubscriptionOverview>('/api/payments/subscription');
    expect(overview.body).toMatchObject({
      plan: 'PRO',
      paymentsAvailable: true,
      subscription: { status: 'active', nextChargeAt: billing.paidUntil!.toISOString() },
    });
    expect(overview.body.payments[0]!.receipt).toMatchObject({ amountCents: 795, vatCents: 138 });
  });

  it('answers the return page what was bought: amount with its btw, the month paid for, the next charge and the receipt', async () => {
    const { browser, user } = await registeredUser();
    const checkout = await startCheckout(payments, browser, { product: 'pro' });
    const open = await browser.get<PaymentStatusResponse>(
      `/api/payments/status/${checkout.paymentId}`,
    );
    expect(open.body).toMatchObject({ status: 'open', period: null, receipt: null });

    await payAtCheckout(payments.mollie, checkout.checkoutUrl, 'paid');
    const billing = (await billingOf(user.id))!;
    const row = (await payments.server.models.Payment.findByPk(checkout.paymentId))!;
    const status = await browser.get<PaymentStatusResponse>(
      `/api/payments/status/${checkout.paymentId}`,
    );
    expect(status.body).toMatchObject({
      status: 'paid',
      plan: 'PRO',
      product: 'pro',
      description: PAYMENT_TEXTS.products.pro,
      amountCents: 795,
      currency: 'EUR',
      period: { start: row.paidAt!.toISOString(), end: billing.paidUntil!.toISOString() },
      nextChargeAt: billing.paidUntil!.toISOString(),
      receipt: { amountCents: 795, netCents: 657, vatCents: 138 },
    });
    expect(status.body.receipt!.number).toMatch(/^PA-\d{6}$/);

    // Canceled: Pro runs to the end of the period, and nothing more is charged.
    await browser.post('/api/payments/cancel-subscription');
    const canceled = await browser.get<PaymentStatusResponse>(
      `/api/payments/status/${checkout.paymentId}`,
    );
    expect(canceled.body).toMatchObject({ nextChargeAt: null, period: status.body.period });
  });

  it.each(['failed', 'canceled', 'expired'] as const)(
    'leaves the plan unchanged when the first payment is %s',
    async (outcome) => {
      const { browser, user } = await registeredUser();
      const checkout = await startCheckout(payments, browser, { product: 'pro' });
      await payAtCheckout(payments.mollie, checkout.checkoutUrl, outcome);
      await user.reload();
      expect(user.plan).toBe('REGISTERED');
      const status = await browser.get<PaymentStatusResponse>(
        `/api/payments/status/${checkout.paymentId}`,
      );
      expect(status.body).toMatchObject({ status: outcome, plan: 'REGISTERED' });
      expect((await billingOf(user.id))!.subscriptionStatus).toBeNull();
      expect(
        payments.mollie
          .subscriptions()
          .filter(
            (s) => s.customerId === payments.mollie.payment(checkout.molliePaymentId)!.customerId,
          ),
      ).toHaveLength(0);
    },
  );

  it('POST /upgrade-to-pro never grants Pro without a paid payment', async () => {
    const { browser } = await registeredUser();
    const res = await browser.post<UserResponse>('/api/upgrade-to-pro');
    expect(res.status).toBe(200);
    expect(res.body.user.plan).toBe('REGISTERED');
  });
});

describe('the webhook', () => {
  it('applies one payment once, delivered five times and twice at the same moment', async () => {
    const { browser, user } = await registeredUser();
    const checkout = await startCheckout(payments, browser, {
      product: 'extra_alerts',
      quantity: 2,
    });
    payments.mollie.settle(checkout.molliePaymentId, 'paid', { notify: false });

    const together = await Promise.all([
      postWebhook(payments.server, checkout.molliePaymentId),
      postWebhook(payments.server, checkout.molliePaymentId),
    ]);
    expect(together).toEqual([200, 200]);
    for (let i = 0; i < 5; i += 1) {
      expect(await postWebhook(payments.server, checkout.molliePaymentId)).toBe(200);
    }
    expect((await billingOf(user.id))!.extraAlerts).toBe(2);
    const row = (await payments.server.models.Payment.findByPk(checkout.paymentId))!;
    expect(row.status).toBe('paid');
    expect(row.receiptNumber).not.toBeNull();
    await payments.server.mailbox.waitFor({ to: user.email, subject: 'betalingsbewijs' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(payments.server.mailbox.messages.filter((m) => m.to.includes(user.email))).toHaveLength(
      1,
    );
  });

  it('makes one subscription for a Pro payment delivered twice at once', async () => {
    const { browser, user } = await registeredUser();
    const checkout = await startCheckout(payments, browser, { product: 'pro' });
    payments.mollie.settle(checkout.molliePaymentId, 'paid', { notify: false });
    await Promise.all([
      postWebhook(payments.server, checkout.molliePaymentId),
      postWebhook(payments.server, checkout.molliePaymentId),
      postWebhook(payments.server, checkout.molliePaymentId),
    ]);
    const billing = (await billingOf(user.id))!;
    expect(
      payments.mollie.subscriptions().filter((s) => s.customerId === billing.mollieCustomerId),
    ).toHaveLength(1);
    const monthLater = new Date(
      (await payments.server.models.Payment.findByPk(checkout.paymentId))!.paidAt!,
    );
    monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
    expect(billing.paidUntil!.getTime()).toBe(monthLater.getTime());
  });

  it('answers 200 to unknown, malformed and foreign ids and changes nothing', async () => {
    const { user } = await registeredUser();
    const countBefore = await payments.server.models.Payment.count();
    const foreign = payments.mollie.createForeignPayment('paid');
    for (const id of ['tr_DoesNotExist1', 'not-a-mollie-id', '', foreign.id]) {
      expect(await postWebhook(payments.server, id)).toBe(id === '' ? 400 : 200);
    }
    expect(await payments.server.models.Payment.count()).toBe(countBefore);
    await user.reload();
    expect(user.plan).toBe('REGISTERED');
  });

  it('ignores a payment made to look like ours with another amount', async () => {
    const { browser, user } = await registeredUser();
    const checkout = await startCheckout(payments, browser, { product: 'pro' });
    // Someone with a Mollie key of their own copies our metadata onto a one-cent payment.
    const client = createMollieClient({
      apiKey: TEST_MOLLIE_KEY,
      apiEndpoint: payments.mollie.apiEndpoint,
    });
    const forged = await client.payments.create({
      amount: { currency: 'EUR', value: '0.01' },
      description: 'vervalst',
      redirectUrl: 'https://example.invalid/',
      metadata: { paymentId: checkout.paymentId, userId: user.id, product: 'pro', quantity: 1 },
    });
    payments.mollie.settle(forged.id, 'paid', { notify: false });
    expect(await postWebhook(payments.server, forged.id)).toBe(200);
    await user.reload();
    expect(user.plan).toBe('REGISTERED');
    const row = (await payments.server.models.Payment.findByPk(checkout.paymentId))!;
    expect(row).toMatchObject({ status: 'open', molliePaymentId: checkout.molliePaymentId });
  });

  it('asks Mollie itself when the return page polls and the webhook is late', async () => {
    const { browser, user } = await registeredUser();
    const checkout = await startCheckout(payments, browser, {
      product: 'extra_alerts',
      quantity: 1,
    });
    payments.mollie.settle(checkout.molliePaymentId, 'paid', { notify: false });
    const status = await browser.get<PaymentStatusResponse>(
      `/api/payments/status/${checkout.paymentId}`,
    );
    expect(status.body).toMatchObject({
      status: 'paid',
      product: 'extra_alerts',
      period: null,
      nextChargeAt: null,
      receipt: { amountCents: status.body.amountCents },
    });
    expect((await billingOf(user.id))!.extraAlerts).toBe(1);
    // The webhook that comes after changes nothing more.
    expect(await postWebhook(payments.server, checkout.molliePaymentId)).toBe(200);
    expect((await billingOf(user.id))!.extraAlerts).toBe(1);
  });

  it('lets a user see only their own payments', async () => {
    const { browser } = await registeredUser();
    const mine = await startCheckout(payments, browser, { product: 'pro' });
    const other = (await registeredUser()).browser;
    const res = await other.get(`/api/payments/status/${mine.paymentId}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: PAYMENT_TEXTS.errors.paymentNotFound });
  });
});

describe('the subscription over time', () => {
  it('extends Pro by a month for each paid renewal, with a receipt', async () => {
    const { user } = await proUser();
    const billing = (await billingOf(user.id))!;
    const paidUntil = billing.paidUntil!;
    const renewal = payments.mollie.chargeSubscription(billing.mollieSubscriptionId!, 'paid');
    await payments.mollie.webhooksSettled();
    await billing.reload();
    const expected = new Date(paidUntil);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(billing.paidUntil!.getTime()).toBe(expected.getTime());
    const row = (await payments.server.models.Payment.findOne({
      where: { molliePaymentId: renewal.id },
    }))!;
    expect(row).toMatchObject({
      sequenceType: 'recurring',
      status: 'paid',
      userId: user.id,
      amountCents: 795,
      // The month it paid for follows the first one.
      periodStart: paidUntil,
      periodEnd: expected,
    });
    expect(row.receiptNumber).not.toBeNull();
  });

  it('keeps Pro for the grace after a failed renewal, then falls back and pauses the extra alerts', async () => {
    const { browser, user } = await proUser();
    const extra = await startCheckout(payments, browser, { product: 'extra_alerts', quantity: 2 });
    await payAtCheckout(payments.mollie, extra.checkoutUrl, 'paid');
    const caps = await browser.get<CapabilitiesData>('/api/user-capabilities');
    const proLimit = caps.body.alerts.limit!;
    for (let i = 0; i < proLimit; i += 1) {
      await createAlert(payments.server.models, {
        userId: user.id,
        planAtCreation: 'PRO',
        createdAt: new Date(Date.now() - (proLimit - i) * 1000),
      });
    }

    const billing = (await billingOf(user.id))!;
    payments.mollie.chargeSubscription(billing.mollieSubscriptionId!, 'failed');
    await payments.mollie.webhooksSettled();
    await billing.reload();
    expect(billing.subscriptionStatus).toBe('past_due');
    const graceUntil = billing.graceUntil!;
    expect(Math.abs(graceUntil.getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    await payments.server.mailbox.waitFor({
      to: user.email,
      subject: PAYMENT_TEXTS.dunning.subject,
    });

    expect(
      await settleLapsedSubscriptions(
        payments.server.ctx,
        at(new Date(graceUntil.getTime() - 60_000)),
      ),
    ).toEqual([]);
    await user.reload();
    expect(user.plan).toBe('PRO');

    expect(
      await settleLapsedSubscriptions(
        payments.server.ctx,
        at(new Date(graceUntil.getTime() + 60_000)),
      ),
    ).toEqual([user.id]);
    await user.reload();
    expect(user.plan).toBe('REGISTERED');
    const registered = await browser.get<CapabilitiesData>('/api/user-capabilities');
    const registeredLimit = registered.body.alerts.limit!;
    const { Alert } = payments.server.models;
    expect(await Alert.count({ where: { userId: user.id } })).toBe(proLimit);
    expect(await Alert.count({ where: { userId: user.id, isActive: true } })).toBe(registeredLimit);
    // The newest are the ones paused; the Mollie subscription no longer charges.
    const paused = await Alert.findAll({
      where: { userId: user.id, isActive: false },
      order: [['createdAt', 'ASC']],
    });
    const all = await Alert.findAll({ where: { userId: user.id }, order: [['createdAt', 'ASC']] });
    expect(paused.map((a) => a.id)).toEqual(all.slice(registeredLimit).map((a) => a.id));
    await billing.reload();
    expect(
      payments.mollie.subscriptions().find((s) => s.id === billing.mollieSubscriptionId)!.status,
    ).toBe('canceled');

    // Paying again brings Pro back and resumes what was paused.
    const again = await startCheckout(payments, browser, { product: 'pro' });
    await payAtCheckout(payments.mollie, again.checkoutUrl, 'paid');
    await user.reload();
    expect(user.plan).toBe('PRO');
    expect(await Alert.count({ where: { userId: user.id, isActive: true } })).toBe(proLimit);
  });

  it('treats a charged-back renewal like a failed one: Pro for the grace, then a mail', async () => {
    const { user } = await proUser();
    const billing = (await billingOf(user.id))!;
    const renewal = payments.mollie.chargeSubscription(billing.mollieSubscriptionId!, 'paid');
    await payments.mollie.webhooksSettled();
    payments.mollie.chargeBack(renewal.id);
    await payments.mollie.webhooksSettled();
    await billing.reload();
    expect(billing.subscriptionStatus).toBe('past_due');
    expect(billing.graceUntil).not.toBeNull();
    await user.reload();
    expect(user.plan).toBe('PRO');
    await payments.server.mailbox.waitFor({
      to: user.email,
      subject: PAYMENT_TEXTS.dunning.subject,
    });
    const row = (await payments.server.models.Payment.findOne({
      where: { molliePaymentId: renewal.id },
    }))!;
    expect(row.chargedBackAt).not.toBeNull();
  });

  it('keeps Pro until the end of the paid period after a cancel', async () => {
    const { browser, user } = await proUser();
    const res = await browser.post('/api/payments/cancel-subscription');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: PAYMENT_TEXTS.subscription.canceled });
    const billing = (await billingOf(user.id))!;
    expect(
      payments.mollie.subscriptions().find((s) => s.id === billing.mollieSubscriptionId)!.status,
    ).toBe('canceled');
    const overview = await browser.get<SubscriptionOverview>('/api/payments/subscription');
    expect(overview.body.subscription).toMatchObject({ status: 'canceled', nextChargeAt: null });

    const end = billing.paidUntil!;
    await settleLapsedSubscriptions(payments.server.ctx, at(new Date(end.getTime() - 60_000)));
    await user.reload();
    expect(user.plan).toBe('PRO');
    await settleLapsedSubscriptions(payments.server.ctx, at(new Date(end.getTime() + 60_000)));
    await user.reload();
    expect(user.plan).toBe('REGISTERED');
    expect((await browser.post('/api/payments/cancel-subscription')).status).toBe(409);
  });
});

describe('extra alerts', () => {
  it('raise the alert limit by exactly the quantity paid, enforced on creation', async () => {
    const { browser, user } = await registeredUser();
    const before = (await browser.get<CapabilitiesData>('/api/user-capabilities')).body.alerts
      .limit!;
    const checkout = await startCheckout(payments, browser, {
      product: 'extra_alerts',
      quantity: 3,
    });
    await payAtCheckout(payments.mollie, checkout.checkoutUrl, 'paid');
    const after = (await browser.get<CapabilitiesData>('/api/user-capabilities')).body.alerts;
    expect(after.limit).toBe(before + 3);

    for (let i = 0; i < before + 2; i += 1) {
      await createAlert(payments.server.models, { userId: user.id, planAtCreation: 'REGISTERED' });
    }
    const last = await browser.post('/api/alerts', userPayload({ searchTerm: 'laatste past nog' }));
    expect(last.status).toBe(201);
    const over = await browser.post('/api/alerts', userPayload({ searchTerm: 'een te veel' }));
    expect(over.status).toBe(403);
  });
});

describe('who may buy extra alerts', () => {
  it('refuses an account on the Gratis plan with a Dutch 403, and opens no checkout', async () => {
    const browser = payments.server.client();
    await loginAs(payments.server, browser, { plan: 'FREE' });
    const before = payments.mollie.requests().length;
    const res = await browser.post<{ error: string }>('/api/payments/create', {
      product: 'extra_alerts',
      quantity: 2,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(PAYMENT_TEXTS.errors.extraAlertsNotForPlan('Geregistreerd of Pro'));
    expect(payments.mollie.requests().length).toBe(before);
  });

  it('sells them to Pro as well', async () => {
    const { browser } = await proUser();
    const res = await browser.post('/api/payments/create', { product: 'extra_alerts' });
    expect(res.status).toBe(200);
  });
});

describe('GET /admin/payments', () => {
  it('shows admins every payment with its user, active Pro subscriptions and revenue this month', async () => {
    const { user } = await proUser();
    const { browser } = await registeredUser();
    expect((await browser.get('/api/admin/payments')).status).toBe(403);

    const admin = payments.server.client();
    await loginAs(payments.server, admin, { role: 'ADMIN' });
    const res = await admin.get<AdminPaymentsResponse>('/api/admin/payments');
    expect(res.status).toBe(200);
    expect(res.body.payments.find((p) => p.user?.email === user.email)).toMatchObject({
      status: 'paid',
      amountCents: 795,
      product: 'pro',
    });
    const { BillingAccount, Payment } = payments.server.models;
    expect(res.body.stats.activeProSubscriptions).toBe(
      await BillingAccount.count({ where: { subscriptionStatus: ['active', 'past_due'] } }),
    );
    const paid = await Payment.findAll({ where: { status: 'paid', chargedBackAt: null } });
    expect(res.body.stats.revenueThisMonthCents).toBe(
      paid.reduce((sum, payment) => sum + payment.amountCents, 0),
    );
    expect(res.body.stats.revenueThisMonthCents).toBeGreaterThanOrEqual(795);
  });
});

describe('without MOLLIE_API_KEY', () => {
  it('answers the Dutch 503 and says payments are unavailable', async () => {
    const server = await startTestServer();
    try {
      const browser = server.client();
      await loginAs(server, browser, { plan: 'REGISTERED' });
      const res = await browser.post('/api/payments/create', { product: 'pro' });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: PAYMENT_TEXTS.errors.unavailable });
      const overview = await browser.get<SubscriptionOverview>('/api/payments/subscription');
      expect(overview.body.paymentsAvailable).toBe(false);
    } finally {
      await server.stop();
    }
  });
});
