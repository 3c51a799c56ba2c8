import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { startHttpDouble, userDto } from '../../test/helpers';
import type { HttpDouble } from '../../test/helpers';
import { signedInStore } from '../../test/screens';
import { POLL_LIMIT_MS, PaymentCallbackStore } from './PaymentCallbackStore';

let server: HttpDouble;
beforeAll(async () => {
  server = await startHttpDouble();
});
afterAll(() => server.close());
beforeEach(() => server.reset());
afterEach(() => expect(server.unscripted.map((r) => `${r.method} ${r.path}`)).toEqual([]));

const ID = '44444444-4444-4444-8444-444444444444';
const open = { id: ID, status: 'open', product: 'pro', quantity: 1, plan: 'REGISTERED' };

it('stops asking after the time limit and lets the user try again', async () => {
  const { store: root } = await signedInStore(server, { user: userDto() });
  let now = 1_000_000;
  const store = new PaymentCallbackStore(root, ID, () => now);
  server.script('GET', `/api/payments/status/${ID}`, { body: open });
  store.start();
  now += POLL_LIMIT_MS;
  await waitFor(() => expect(store.gaveUp).toBe(true));
  expect(store.outcome).toBe('processing');
  expect(server.requestsTo('GET', `/api/payments/status/${ID}`)).toHaveLength(1);

  server.script('GET', `/api/payments/status/${ID}`, { body: { ...open, status: 'expired' } });
  store.start();
  await waitFor(() => expect(store.outcome).toBe('expired'));
  expect(store.gaveUp).toBe(false);
  store.stop();
});
