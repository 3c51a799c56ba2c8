/**
 * The real server wired to the Mollie double (tests/doubles/mollie) for the payment tests.
 *
 *   const { server, mollie } = await startPaymentsServer();
 *   const browser = server.client();
 *   const user = await loginAs(server, browser, { plan: 'REGISTERED' });
 *   const { paymentId, molliePaymentId, checkoutUrl } = await startCheckout(server, browser, { product: 'pro' });
 *   await payAtCheckout(mollie, checkoutUrl, 'paid');                // as the tester's click
 *
 * The double's certificate is self-signed and @mollie/api-client trusts only its own CA list, so
 * this test process alone turns TLS verification off (the server refuses that in production).
 */
import {
  startMollieDouble,
  type CheckoutOutcome,
  type MollieDouble,
} from '../../../tests/doubles/mollie';
import type { TestClient } from './http-client';
import { startTestServer, type TestServer, type TestServerOptions } from './support';

export const TEST_MOLLIE_KEY = 'test_prijsalarmDoubleKey1234567890';

export interface PaymentsServer {
  server: TestServer;
  mollie: MollieDouble;
  stop(): Promise<void>;
}

/**
 * Turns TLS verification off for this test process until the returned function restores it, so a
 * later test file in the same worker is not left without it.
 */
export function trustSelfSignedDouble(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}

export async function startPaymentsServer(
  options: TestServerOptions = {},
): Promise<PaymentsServer> {
  const restoreTls = trustSelfSignedDouble();
  const mollie = await startMollieDouble({
    apiKey: TEST_MOLLIE_KEY,
    webhookDelaysMs: [0, 50, 100, 200, 400, 400, 400, 400, 400, 400],
  });
  const server = await startTestServer({
    ...options,
    env: {
      MOLLIE_API_KEY: TEST_MOLLIE_KEY,
      MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
      ...options.env,
    },
  });
  return {
    server,
    mollie,
    async stop() {
      await mollie.stop();
      await server.stop();
      restoreTls();
    },
  };
}

export interface StartedCheckout {
  paymentId: string;
  checkoutUrl: string;
  molliePaymentId: string;
}

/** POST /api/payments/create as the signed-in browser; fails the test on anything but 201/200. */
export async function startCheckout(
  payments: PaymentsServer,
  browser: TestClient,
  body: Record<string, unknown>,
): Promise<StartedCheckout> {
  const res = await browser.post<{ paymentId: string; checkoutUrl: string }>(
    '/api/payments/create',
    body,
  );
  if (res.status >= 300)
    throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  const row = await payments.server.models.Payment.findByPk(res.body.paymentId);
  return { ...res.body, molliePaymentId: row!.molliePaymentId! };
}

/** Clicks an outcome on the double's checkout page, and waits for the webhook calls to finish. */
export async function payAtCheckout(
  mollie: MollieDouble,
  checkoutUrl: string,
  outcome: CheckoutOutcome,
): Promise<string | null> {
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ status: outcome }).toString(),
    redirect: 'manual',
  });
  await mollie.webhooksSettled();
  return res.headers.get('location');
}

/** Mollie's webhook call, made by a test: a form body with the id. */
export async function postWebhook(server: TestServer, id: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id }).toString(),
  });
  await res.arrayBuffer();
  return res.status;
}
