/** The scheduler's payment sweep ends Pro once its paid period is over. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginAs } from '../../test/auth-helpers';
import {
  payAtCheckout,
  startCheckout,
  startPaymentsServer,
  type PaymentsServer,
} from '../../test/payments-kit';
import { startPaymentSweep } from './payment-sweep';

let payments: PaymentsServer;
beforeAll(async () => (payments = await startPaymentsServer()));
afterAll(() => payments?.stop());

it('moves a canceled Pro whose period has passed back to REGISTERED on its next round', async () => {
  const browser = payments.server.client();
  const user = await loginAs(payments.server, browser, { plan: 'REGISTERED' });
  const checkout = await startCheckout(payments, browser, { product: 'pro' });
  await payAtCheckout(payments.mollie, checkout.checkoutUrl, 'paid');
  expect((await browser.post('/api/payments/cancel-subscription')).status).toBe(200);
  // The paid month is over.
  await payments.server.models.BillingAccount.update(
    { paidUntil: new Date(Date.now() - 1000) },
    { where: { userId: user.id } },
  );

  const sweep = startPaymentSweep(payments.server.ctx, 50);
  try {
    await expect.poll(async () => (await user.reload()).plan, { timeout: 5000 }).toBe('REGISTERED');
  } finally {
    await sweep.stop();
  }
});
