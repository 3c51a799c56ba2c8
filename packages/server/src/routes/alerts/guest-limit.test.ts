/**
 * The guest limit is the FREE plan's alert limit of the settings, the number the free-alert page
 * shows: when an admin changes alertLimits.FREE, the server lets a guest address hold that many.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ALERT_TEXTS,
  DEFAULT_SETTINGS,
  type ApiErrorBody,
  type PublicSettings,
} from '@prijsalarm/core';
import { guestPayload } from '../../../test/alert-helpers';
import { loginAs, uniqueEmail } from '../../../test/auth-helpers';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' }, mailbox: false });
  admin = server.client();
  await loginAs(server, admin, { role: 'ADMIN' });
});
afterAll(() => server.stop());
afterEach(() => setFreeLimit(DEFAULT_SETTINGS.alertLimits.FREE));

async function setFreeLimit(limit: number | null) {
  const value = { ...DEFAULT_SETTINGS.alertLimits, FREE: limit };
  const res = await admin.put('/api/admin/settings', { key: 'alertLimits', value });
  expect(res.status).toBe(200);
}

/** The statuses of `count` guest creations for one address. */
async function createForOneAddress(count: number): Promise<number[]> {
  const email = uniqueEmail('gast');
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const res = await server
      .client()
      .post<ApiErrorBody>('/api/alerts', guestPayload({ email, searchTerm: `fiets ${index}` }));
    statuses.push(res.status);
    if (res.status === 409) expect(res.body.error).toBe(ALERT_TEXTS.guestAlertExists);
  }
  return statuses;
}

describe('the guest limit follows alertLimits.FREE', () => {
  it('allows one alert per address with the default settings', async () => {
    expect(DEFAULT_SETTINGS.alertLimits.FREE).toBe(1);
    expect(await createForOneAddress(2)).toEqual([201, 409]);
  });

  it('allows as many as the admin sets, and the page reads the same number', async () => {
    await setFreeLimit(3);
    const page = await server.client().get<PublicSettings>('/api/settings/public');
    expect(page.body.alertLimits.FREE).toBe(3);
    expect(await createForOneAddress(4)).toEqual([201, 201, 201, 409]);
  });

  it('allows none when the admin sets 0', async () => {
    await setFreeLimit(0);
    expect(await createForOneAddress(1)).toEqual([409]);
  });

  it('has no limit when the admin sets none', async () => {
    await setFreeLimit(null);
    expect(await createForOneAddress(3)).toEqual([201, 201, 201]);
  });
});
