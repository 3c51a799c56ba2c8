/**
 * Alert routes under small rate limits (RATE_LIMITS overrides the rules by name) and with
 * CHECK_INTERVAL_SECONDS, the one check interval for demos and tests.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_TEXTS, type ApiErrorBody, type CreateAlertResponse } from '@prijsalarm/core';
import { guestPayload, userPayload } from '../../../test/alert-helpers';
import { loginAs, uniqueEmail } from '../../../test/auth-helpers';
import { startTestServer, type TestServer } from '../../../test/support';

let server: TestServer;
beforeAll(
  async () =>
    (server = await startTestServer({
      env: {
        RATE_LIMITS: 'alert-create-ip=5/3600,alert-create-account=2/3600,alert-token-ip=3/900',
        CHECK_INTERVAL_SECONDS: '90',
      },
    })),
);
afterAll(() => server.stop());

// First, while this IP has creations left (the limit tests below use them up).
it("stores the plan's interval, which the pages state, whatever CHECK_INTERVAL_SECONDS", async () => {
  const browser = server.client();
  await loginAs(server, browser, { plan: 'FREE' });
  const created = await browser.post<CreateAlertResponse>('/api/alerts', userPayload());
  expect(created.status).toBe(201);
  const alert = await server.models.Alert.findByPk(created.body.alert.id);
  // FREE checks every 30 minutes; the engine checks this server's alerts every 90 s all the same.
  expect(alert?.checkIntervalMinutes).toBe(30);
});

it('limits alert creation per account, then per IP, with Retry-After', async () => {
  const browser = server.client();
  await loginAs(server, browser, { plan: 'PRO' });
  const statuses: number[] = [];
  for (let index = 0; index < 3; index += 1) {
    statuses.push(
      (await browser.post('/api/alerts', userPayload({ searchTerm: `a${index}` }))).status,
    );
  }
  expect(statuses).toEqual([201, 201, 429]);

  // Four requests counted for this IP so far; the fifth is the last one allowed.
  const guest = server.client();
  expect((await guest.post('/api/alerts', guestPayload({ email: uniqueEmail() }))).status).toBe(
    201,
  );
  const refused = await guest.post<ApiErrorBody>(
    '/api/alerts',
    guestPayload({ email: uniqueEmail() }),
  );
  expect(refused.status).toBe(429);
  expect(refused.body.error).toBe(API_TEXTS.tooManyRequests);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused.body.retryAfter).toBe(Number(refused.headers.get('retry-after')));
});

it('limits token lookups per IP', async () => {
  const browser = server.client();
  const statuses: number[] = [];
  for (let index = 0; index < 4; index += 1) {
    statuses.push((await browser.get(`/api/alerts/manage/${'g'.repeat(43)}`)).status);
  }
  expect(statuses).toEqual([404, 404, 404, 429]);
});
