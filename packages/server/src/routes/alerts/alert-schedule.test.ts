/**
 * An alert's delivery schedule through the running server: create, my-alerts, the
 * manage link (read and change) carry `schedule`; bad input is refused with Dutch field messages.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  SCHEDULE_TEXTS,
  VALIDATION_TEXTS,
  type AlertResponse,
  type ApiErrorBody,
  type CreateAlertResponse,
  type ManageAlertResponse,
  type MyAlertsResponse,
} from '@prijsalarm/core';
import { guestPayload, userPayload } from '../../../test/alert-helpers';
import { loginAs, uniqueEmail } from '../../../test/auth-helpers';
import { startTestServer, type TestServer } from '../../../test/support';

let server: TestServer;
beforeAll(async () => (server = await startTestServer({ env: { RATE_LIMITS: 'off' } })));
afterAll(() => server.stop());

const tokenOf = (manageUrl: string) => manageUrl.split('/').pop() as string;

it('defaults to instant; a daily digest with quiet hours is stored, listed and changed', async () => {
  const browser = server.client();
  await loginAs(server, browser, { plan: 'REGISTERED' });

  const plain = await browser.post<CreateAlertResponse>('/api/alerts', userPayload());
  expect(plain.status).toBe(201);
  const created = await browser.post<CreateAlertResponse>(
    '/api/alerts',
    userPayload({
      searchTerm: 'gazelle',
      schedule: { mode: 'daily', dailyHour: 7, quietHours: { start: '22:30', end: '06:45' } },
    }),
  );
  expect(created.status).toBe(201);

  const mine = (await browser.get<MyAlertsResponse>('/api/alerts/my-alerts')).body.alerts;
  const byId = new Map(mine.map((alert) => [alert.id, alert]));
  expect(byId.get(plain.body.alert.id)?.schedule).toEqual({ mode: 'instant', quietHours: null });
  expect(byId.get(created.body.alert.id)?.schedule).toEqual({
    mode: 'daily',
    dailyHour: 7,
    quietHours: { start: '22:30', end: '06:45' },
  });

  const token = tokenOf(created.body.alert.manageUrl);
  const changed = await browser.put<AlertResponse>(`/api/alerts/manage/${token}`, {
    schedule: { mode: 'hourly', quietHours: null },
  });
  expect(changed.status).toBe(200);
  expect(changed.body.alert.schedule).toEqual({ mode: 'hourly', quietHours: null });
  const managed = await browser.get<ManageAlertResponse>(`/api/alerts/manage/${token}`);
  expect(managed.body.alert.schedule).toEqual({ mode: 'hourly', quietHours: null });
  // Changing something else leaves the schedule alone.
  await browser.put(`/api/alerts/manage/${token}`, { maxPrice: 300 });
  const again = await browser.get<ManageAlertResponse>(`/api/alerts/manage/${token}`);
  expect(again.body.alert.schedule).toEqual({ mode: 'hourly', quietHours: null });
});

it.each([
  ['an hour out of range', { mode: 'daily', dailyHour: 24 }, SCHEDULE_TEXTS.errors.hourInvalid],
  [
    'a quiet time that is no time',
    { mode: 'instant', quietHours: { start: '7 uur', end: '08:00' } },
    SCHEDULE_TEXTS.errors.timeInvalid,
  ],
  [
    'quiet hours that start where they end',
    { mode: 'instant', quietHours: { start: '08:00', end: '08:00' } },
    SCHEDULE_TEXTS.errors.quietSameTimes,
  ],
  ['an unknown mode', { mode: 'weekly' }, VALIDATION_TEXTS.invalidChoice],
])('refuses %s with a Dutch message', async (_name, schedule, message) => {
  const browser = server.client();
  await loginAs(server, browser, { plan: 'REGISTERED' });
  const res = await browser.post<ApiErrorBody>('/api/alerts', userPayload({ schedule }));
  expect(res.status).toBe(400);
  expect(Object.values(res.body.fields ?? {})).toContain(message);
});

it('a guest alert may have a schedule too; its manage link shows and changes it', async () => {
  const browser = server.client();
  const created = await browser.post<CreateAlertResponse>(
    '/api/alerts',
    guestPayload({
      email: uniqueEmail('gast'),
      schedule: { mode: 'instant', quietHours: { start: '22:00', end: '08:00' } },
    }),
  );
  expect(created.status).toBe(201);
  const token = tokenOf(created.body.alert.manageUrl);
  const managed = await browser.get<ManageAlertResponse>(`/api/alerts/manage/${token}`);
  expect(managed.body.alert.schedule).toEqual({
    mode: 'instant',
    quietHours: { start: '22:00', end: '08:00' },
  });
  const changed = await browser.put<AlertResponse>(`/api/alerts/manage/${token}`, {
    schedule: { mode: 'daily', dailyHour: 18 },
  });
  expect(changed.body.alert.schedule).toEqual({ mode: 'daily', dailyHour: 18, quietHours: null });
});
