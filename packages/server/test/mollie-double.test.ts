/** The Mollie double itself (tests/doubles/mollie), through @mollie/api-client where it can be. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMollieClient, type MollieClient } from '@mollie/api-client';
import { startMollieDouble, type MollieDouble } from '../../../tests/doubles/mollie';
import { trustSelfSignedDouble } from './payments-kit';

const KEY = 'test_doubleTestKey123456';
let mollie: MollieDouble;
let client: MollieClient;
let restoreTls: () => void;
beforeAll(async () => {
  // The double's certificate is self-signed: this test process alone skips verification.
  restoreTls = trustSelfSignedDouble();
  mollie = await startMollieDouble({ apiKey: KEY, webhookDelaysMs: [0, 20, 20, 20] });
  client = createMollieClient({ apiKey: KEY, apiEndpoint: mollie.apiEndpoint });
});
afterAll(async () => {
  await mollie?.stop();
  restoreTls?.();
});

/** A webhook receiver that answers the given statuses in turn (then 200). */
async function receiver(statuses: number[]) {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      calls.push(`${req.headers['content-type']} ${body}`);
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the API', () => {
  it('refuses a wrong key with a Mollie error', async () => {
    const other = createMollieClient({
      apiKey: 'test_wrongKey1234567',
      apiEndpoint: mollie.apiEndpoint,
    });
    await expect(other.payments.get('tr_abcdefghij')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses it for another request', async () => {
    const params = {
      amount: { currency: 'EUR', value: '1.00' },
      description: 'een',
      redirectUrl: 'http://127.0.0.1/terug',
      idempotencyKey: 'same-key-1',
    };
    const first = await client.payments.create(params);
    const again = await client.payments.create(params);
    expect(again.id).toBe(first.id);
    expect(
      mollie
        .requests()
        .filter((r) => r.idempotencyKey === 'same-key-1')
        .map((r) => r.replayed),
    ).toEqual([false, true]);
    await expect(client.payments.create({ ...params, description: 'twee' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('needs a valid mandate for a subscription, which a paid first payment gives', async () => {
    const customer = await client.customers.create({ name: 'Tester', email: 't@example.nl' });
    const subscription = {
      customerId: customer.id,
      amount: { currency: 'EUR', value: '7.95' },
      interval: '1 month',
      description: 'Pro',
      startDate: '2026-12-24',
    };
    await expect(client.customerSubscriptions.create(subscription)).rejects.toMatchObject({
      statusCode: 422,
    });
    const first = await client.payments.create({
      amount: { currency: 'EUR', value: '7.95' },
      description: 'eerste',
      redirectUrl: 'http://127.0.0.1/terug',
      customerId: customer.id,
      sequenceType: 'first' as never,
    });
    mollie.settle(first.id, 'paid');
    expect(mollie.mandates(customer.id)).toMatchObject([
      { status: 'valid', method: 'directdebit' },
    ]);
    const created = await client.customerSubscriptions.create(subscription);
    expect(created).toMatchObject({ status: 'active', nextPaymentDate: '2026-12-24' });

    // The control endpoint charges the next period at once; the period moves a month on.
    const res = await fetch(`${mollie.controlUrl}/subscriptions/${created.id}/charge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'failed' }),
    });
    const renewal = (await res.json()) as {
      status: string;
      subscriptionId: string;
      sequenceType: string;
    };
    expect(renewal).toMatchObject({
      status: 'failed',
      subscriptionId: created.id,
      sequenceType: 'recurring',
    });
    expect(mollie.subscriptions().find((s) => s.id === created.id)!.nextPaymentDate).toBe(
      '2027-01-24',
    );

    await client.customerSubscriptions.cancel(created.id, { customerId: customer.id });
    expect(() => mollie.chargeSubscription(created.id, 'paid')).toThrow(/canceled/);
  });
});

describe('the checkout page and the webhook', () => {
  it('offers paid, failed, canceled and expired, redirects back and posts id=tr_… until answered 200', async () => {
    const hook = await receiver([500, 503]);
    try {
      const payment = await client.payments.create({
        amount: { currency: 'EUR', value: '7.95' },
        description: 'Prijsalarm Pro',
        redirectUrl: 'http://127.0.0.1:9/payment/callback?payment=abc',
        webhookUrl: hook.url,
      });
      const checkoutUrl = payment.getCheckoutUrl()!;
      const page = await (await fetch(checkoutUrl)).text();
      for (const outcome of ['paid', 'failed', 'canceled', 'expired']) {
        expect(page).toContain(`value="${outcome}"`);
      }
      const answer = await fetch(checkoutUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'status=paid',
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(
        'http://127.0.0.1:9/payment/callback?payment=abc',
      );
      await mollie.webhooksSettled();
      expect(hook.calls).toEqual(
        Array(3).fill(`application/x-www-form-urlencoded id=${payment.id}`),
      );
      expect(
        mollie
          .webhookCalls()
          .filter((c) => c.id === payment.id)
          .map((c) => c.status),
      ).toEqual([500, 503, 200]);
      expect((await client.payments.get(payment.id)).status).toBe('paid');
    } finally {
      await hook.close();
    }
  });

  it('gives up after its last call', async () => {
    const hook = await receiver([500, 500, 500, 500, 500]);
    try {
      const payment = await client.payments.create({
        amount: { currency: 'EUR', value: '1.00' },
        description: 'x',
        redirectUrl: 'http://127.0.0.1/terug',
        webhookUrl: hook.url,
      });
      mollie.settle(payment.id, 'expired');
      await mollie.webhooksSettled();
      expect(hook.calls).toHaveLength(4);
    } finally {
      await hook.close();
    }
  });
});
