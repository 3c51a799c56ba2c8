import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TEXTS,
  API_TEXTS,
  type AdminAlertsResponse,
  type AdminPaymentsResponse,
  type AdminSetAsideListingsResponse,
  type AdminStatsResponse,
  type AdminUsersResponse,
  type CapabilitiesData,
  type PaymentStatus,
  type UserResponse,
} from '@prijsalarm/core';
import { createUser, loginAs } from '../../../test/auth-helpers';
import { createAlert, createNotification, unknownId } from '../../../test/factories';
import type { TestClient } from '../../../test/http-client';
import { requestWithoutCsrf } from '../../../test/requests';
import { startTestServer, type TestServer } from '../../../test/support';
import { localMonth } from '../../lib/calendar';
import type { Alert, User } from '../../models';

const DAY_MS = 24 * 60 * 60 * 1000;

let server: TestServer;
let admin: TestClient;
let userClient: TestClient;
let guest: TestClient;
let adminUser: User;
let plainUser: User;
let proAnna: User;
let proBram: User;
let registeredCor: User;
const alerts: Record<'active' | 'paused' | 'expired' | 'pending', Alert> = {} as never;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  userClient = server.client();
  guest = server.client();
  adminUser = await loginAs(server, admin, { role: 'ADMIN', email: 'beheer@example.nl' });
  plainUser = await loginAs(server, userClient, { email: 'gewoon@example.nl' });
  await guest.get('/api/settings/public'); // a CSRF cookie, so PUT/DELETE reach the auth check
  proAnna = await createUser(server, {
    email: 'anna.devries@example.nl',
    plan: 'PRO',
    firstName: 'Anna',
    lastName: 'de Vries',
  });
  proBram = await createUser(server, { email: 'bram@example.nl', plan: 'PRO', name: 'Bram' });
  registeredCor = await createUser(server, { email: 'cor@example.nl', plan: 'REGISTERED' });

  const now = Date.now();
  alerts.active = await createAlert(server.models, {
    userId: proAnna.id,
    searchTerm: 'Gazelle fiets',
    platforms: ['marktplaats', '2dehands'],
    createdAt: new Date(now - 4000),
  });
  alerts.paused = await createAlert(server.models, {
    userId: proAnna.id,
    searchTerm: 'eettafel',
    isActive: false,
    createdAt: new Date(now - 3000),
  });
  alerts.expired = await createAlert(server.models, {
    userId: registeredCor.id,
    searchTerm: 'lamp',
    platforms: ['2dehands'],
    expiresAt: new Date(now - DAY_MS),
    createdAt: new Date(now - 2000),
  });
  alerts.pending = await createAlert(server.models, {
    email: 'gast@example.nl',
    searchTerm: 'kinderfiets',
    confirmedAt: null,
    createdAt: new Date(now - 1000),
  });
  await createNotification(server.models, alerts.active);
  await createNotification(server.models, alerts.active);
  await createNotification(server.models, alerts.paused, { createdAt: new Date(now - 2 * DAY_MS) });
});
afterAll(() => server.stop());

describe('who may call the admin routes', () => {
  const routes: Array<[string, string, () => string, unknown?]> = [
    ['GET /admin/stats', 'GET', () => '/api/admin/stats'],
    ['GET /admin/users', 'GET', () => '/api/admin/users'],
    [
      'PUT /admin/users/{id}/plan',
      'PUT',
      () => `/api/admin/users/${registeredCor.id}/plan`,
      { plan: 'REGISTERED' },
    ],
    ['GET /admin/alerts', 'GET', () => '/api/admin/alerts'],
    ['DELETE /admin/alerts/{id}', 'DELETE', () => `/api/admin/alerts/${unknownId()}`],
    ['GET /admin/set-aside-listings', 'GET', () => '/api/admin/set-aside-listings'],
  ];

  it.each(routes)('a guest gets 401 for %s', async (_name, method, path, body) => {
    const res = await guest.request(method, path(), { body });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_TEXTS.unauthenticated });
  });

  it.each(routes)('a user gets 403 for %s', async (_name, method, path, body) => {
    const res = await userClient.request(method, path(), { body });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_TEXTS.adminOnly });
  });

  it.each(routes.slice(0, 4))('an admin gets 200 for %s', async (_name, method, path, body) => {
    const res = await admin.request(method, path(), { body });
    expect(res.status).toBe(200);
  });

  it.each([
    ['PUT', () => `/api/admin/users/${registeredCor.id}/plan`, { plan: 'PRO' }],
    ['DELETE', () => `/api/admin/alerts/${alerts.pending.id}`, undefined],
  ])('refuses %s without the CSRF token, changing nothing', async (method, path, body) => {
    const res = await requestWithoutCsrf(admin, method, path(), body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: API_TEXTS.csrfInvalid });
    await registeredCor.reload();
    expect(registeredCor.plan).toBe('REGISTERED');
    expect(await server.models.Alert.findByPk(alerts.pending.id)).not.toBeNull();
  });
});

describe('GET /admin/stats', () => {
  const HOUR_MS = 60 * 60 * 1000;

  beforeAll(async () => {
    const { BillingAccount, Payment } = server.models;
    // The Amsterdam month, computed as the server does; its first second is still last month in UTC.
    const month = localMonth(new Date());
    const at = (offsetMs: number) => new Date(month.start.getTime() + offsetMs);
    let n = 0;
    const payment = (
      user: User,
      amountCents: number,
      status: PaymentStatus,
      times: { paidAt?: Date; chargedBackAt?: Date; createdAt?: Date } = {},
    ) =>
      Payment.create({
        userId: user.id,
        product: amountCents === 795 ? 'pro' : 'extra_alerts',
        quantity: amountCents === 795 ? 1 : amountCents / 100,
        amountCents,
        currency: 'EUR',
        description: 'Prijsalarm',
        status,
        sequenceType: amountCents === 795 ? 'first' : 'oneoff',
        molliePaymentId: `tr_stats${(n += 1)}`,
        paidAt: times.paidAt ?? null,
        chargedBackAt: times.chargedBackAt ?? null,
        createdAt: times.createdAt ?? times.paidAt ?? at(HOUR_MS),
      });
    await Promise.all([
      // This month: +795 (its first second) and +300.
      payment(proAnna, 795, 'paid', { paidAt: at(1000) }),
      payment(proAnna, 300, 'paid', { paidAt: at(HOUR_MS) }),
      // Last month, paid: not this month's revenue.
      payment(proBram, 795, 'paid', { paidAt: at(-1000) }),
      // Paid last month, charged back this month: −795 now.
      payment(proBram, 795, 'paid', { paidAt: at(-10 * DAY_MS), chargedBackAt: at(2 * HOUR_MS) }),
      // Charged back last month, paid the month before: nothing now.
      payment(proBram, 500, 'paid', { paidAt: at(-40 * DAY_MS), chargedBackAt: at(-DAY_MS) }),
      // Paid and charged back this month: 0.
      payment(registeredCor, 200, 'paid', { paidAt: at(HOUR_MS), chargedBackAt: at(3 * HOUR_MS) }),
      // Never paid.
      payment(registeredCor, 400, 'failed'),
      payment(registeredCor, 795, 'canceled'),
      payment(registeredCor, 100, 'open'),
    ]);
    await BillingAccount.bulkCreate([
      { userId: proAnna.id, subscriptionStatus: 'active' },
      { userId: proBram.id, subscriptionStatus: 'past_due' },
      { userId: registeredCor.id, subscriptionStatus: 'canceled' },
      { userId: plainUser.id, subscriptionStatus: 'ended' },
    ]);
  });

  it('counts users per plan, alerts, recent notifications, Pro subscriptions and revenue', async () => {
    const res = await admin.get<AdminStatsResponse>('/api/admin/stats');
    expect(res.body).toEqual({
      users: { total: 5, byPlan: { FREE: 2, REGISTERED: 1, PRO: 2 } },
      alerts: { total: 4, active: 1 },
      notifications: { total: 3, last24h: 2 },
      // Active and past due renew; canceled and ended do not.
      // 795 + 300 paid this month, less the 795 charged back this month.
      payments: { activeProSubscriptions: 2, revenueThisMonthCents: 300 },
      // Rows held per kind; the pruner has not run.
      storage: {
        notifications: { held: 3, pruned: 0 },
        deliveries: { held: 0, pruned: 0 },
        listingSnapshots: { held: 3, pruned: 0 },
        listingPrices: { held: 0, pruned: 0 },
        webhookCalls: { held: 0, pruned: 0 },
        setAsideListings: { held: 0, pruned: 0 },
      },
    });
  });

  it('gives GET /admin/payments the same figures', async () => {
    const stats = await admin.get<AdminStatsResponse>('/api/admin/stats');
    const payments = await admin.get<AdminPaymentsResponse>('/api/admin/payments');
    expect(payments.body.stats).toEqual(stats.body.payments);
  });
});

describe('GET /admin/users', () => {
  const emails = (body: AdminUsersResponse) => body.users.map((user) => user.email);

  it('lists every user, newest first, with their counts', async () => {
    const res = await admin.get<AdminUsersResponse>('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 });
    const anna = res.body.users.find((user) => user.id === proAnna.id);
    expect(anna).toMatchObject({
      email: 'anna.devries@example.nl',
      firstName: 'Anna',
      lastName: 'de Vries',
      plan: 'PRO',
      role: 'USER',
      _count: { alerts: 2, notifications: 3 },
    });
    expect(anna).not.toHaveProperty('passwordHash');
  });

  it.each<[string, Record<string, string>, () => string[]]>([
    ['search in the e-mail address, any case', { search: 'ANNA.DEVRIES' }, () => [proAnna.email]],
    ['search in the first name', { search: 'anna' }, () => [proAnna.email]],
    ['search in the last name', { search: 'de vries' }, () => [proAnna.email]],
    ['search in the name', { search: 'bram' }, () => [proBram.email]],
    ['search with a LIKE wildcard is plain text', { search: '_' }, () => []],
    ['plan', { plan: 'PRO' }, () => [proAnna.email, proBram.email]],
    ['plan and search', { plan: 'PRO', search: 'bram' }, () => [proBram.email]],
  ])('filters by %s', async (_case, query, expected) => {
    const res = await admin.get<AdminUsersResponse>('/api/admin/users', { query });
    expect(res.status).toBe(200);
    // Sorted: users made in one millisecond share a createdAt, so their order is the id's.
    expect(emails(res.body).sort()).toEqual(expected().sort());
  });

  it.each([
    ['the first page', 1, 2],
    ['the last page', 3, 1],
    ['a page beyond the last', 4, 0],
  ])('pages: %s', async (_case, page, size) => {
    const res = await admin.get<AdminUsersResponse>('/api/admin/users', {
      query: { page, limit: 2 },
    });
    expect(res.body.users).toHaveLength(size);
    expect(res.body.pagination).toEqual({ page, limit: 2, total: 5, totalPages: 3 });
  });

  it.each<[string, Record<string, string>, string]>([
    ['a page size above 100', { limit: '101' }, 'limit'],
    ['an unknown plan', { plan: 'GOLD' }, 'plan'],
    ['page 0', { page: '0' }, 'page'],
  ])('refuses %s with a Dutch 400', async (_case, query, field) => {
    const res = await admin.get<{ error: string; fields: Record<string, string> }>(
      '/api/admin/users',
      { query },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.validationFailed);
    expect(typeof res.body.fields[field]).toBe('string');
  });

  it('accepts a page size of exactly 100', async () => {
    const res = await admin.get('/api/admin/users', { query: { limit: 100 } });
    expect(res.status).toBe(200);
  });
});

describe('PUT /admin/users/{id}/plan', () => {
  it('changes the plan, records who did it, and the user’s capabilities follow at once', async () => {
    const before = await userClient.get<CapabilitiesData>('/api/user-capabilities');
    expect(before.body.plan).toBe('FREE');

    const res = await admin.put<UserResponse>(`/api/admin/users/${plainUser.id}/plan`, {
      plan: 'PRO',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: plainUser.id, plan: 'PRO' });

    const events = await server.models.AuditEvent.findAll({
      where: { action: 'user.plan_changed', targetId: plainUser.id },
    });
    expect(events.map((event) => [event.actorUserId, event.targetType, event.data])).toEqual([
      [adminUser.id, 'user', { from: 'FREE', to: 'PRO' }],
    ]);

    // Same session, no new login: the next request sees the new plan.
    const after = await userClient.get<CapabilitiesData>('/api/user-capabilities');
    expect(after.body.plan).toBe('PRO');
    expect(after.body.alerts.limit).not.toBe(before.body.alerts.limit);

    await admin.put(`/api/admin/users/${plainUser.id}/plan`, { plan: 'FREE' });
  });

  it("speeds up the user's existing alerts to the new plan's check interval", async () => {
    const alert = await createAlert(server.models, {
      userId: plainUser.id,
      checkIntervalMinutes: 30,
    });
    await admin.put(`/api/admin/users/${plainUser.id}/plan`, { plan: 'PRO' });
    expect((await alert.reload()).checkIntervalMinutes).toBe(3);
    await admin.put(`/api/admin/users/${plainUser.id}/plan`, { plan: 'REGISTERED' });
    expect((await alert.reload()).checkIntervalMinutes).toBe(10);
    await admin.put(`/api/admin/users/${plainUser.id}/plan`, { plan: 'FREE' });
    expect((await alert.reload()).checkIntervalMinutes).toBe(30);
    await alert.destroy();
  });

  it.each([
    ['an unknown user', () => unknownId()],
    ['an id that is no UUID', () => 'iemand'],
  ])('answers 404 for %s', async (_case, id) => {
    const res = await admin.put(`/api/admin/users/${id()}/plan`, { plan: 'PRO' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: ADMIN_TEXTS.userNotFound });
  });

  it.each<[string, unknown, string]>([
    ['an unknown plan', { plan: 'GOLD' }, API_TEXTS.validationFailed],
    ['no plan', {}, API_TEXTS.validationFailed],
    ['a plan that is no string', { plan: 3 }, API_TEXTS.validationFailed],
    ['a body that is no object', '"PRO"', API_TEXTS.invalidJson],
    ['malformed JSON', '{"plan":', API_TEXTS.invalidJson],
  ])('refuses %s with a Dutch 400', async (_case, body, error) => {
    const res = await admin.put<{ error: string; fields?: Record<string, string> }>(
      `/api/admin/users/${registeredCor.id}/plan`,
      body,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    await registeredCor.reload();
    expect(registeredCor.plan).toBe('REGISTERED');
  });
});

describe('GET /admin/alerts', () => {
  const terms = (body: AdminAlertsResponse) => body.alerts.map((alert) => alert.searchTerm);

  it('lists every alert, newest first, with its owner’s address and notification count', async () => {
    const res = await admin.get<AdminAlertsResponse>('/api/admin/alerts');
    expect(res.status).toBe(200);
    expect(terms(res.body)).toEqual(['kinderfiets', 'lamp', 'eettafel', 'Gazelle fiets']);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
    const byTerm = Object.fromEntries(res.body.alerts.map((alert) => [alert.searchTerm, alert]));
    expect(byTerm['Gazelle fiets']).toMatchObject({
      id: alerts.active.id,
      status: 'active',
      platforms: ['marktplaats', '2dehands'],
      userEmail: proAnna.email,
      notificationCount: 2,
    });
    expect(byTerm.kinderfiets).toMatchObject({
      status: 'pending_confirmation',
      email: 'gast@example.nl',
      userEmail: 'gast@example.nl',
      notificationCount: 0,
    });
    expect(byTerm['Gazelle fiets']?.manageUrl).toMatch(`${server.baseUrl}/manage/`);
  });

  it.each<[string, () => Record<string, string>, string[]]>([
    ['status active', () => ({ status: 'active' }), ['Gazelle fiets']],
    ['status paused', () => ({ status: 'paused' }), ['eettafel']],
    ['status expired', () => ({ status: 'expired' }), ['lamp']],
    ['status pending_confirmation', () => ({ status: 'pending_confirmation' }), ['kinderfiets']],
    ['platform 2dehands', () => ({ platform: '2dehands' }), ['lamp', 'Gazelle fiets']],
    [
      'platform marktplaats',
      () => ({ platform: 'marktplaats' }),
      ['kinderfiets', 'eettafel', 'Gazelle fiets'],
    ],
    ['userId', () => ({ userId: proAnna.id }), ['eettafel', 'Gazelle fiets']],
    ['search in the search term', () => ({ search: 'FIETS' }), ['kinderfiets', 'Gazelle fiets']],
    ['search in the owner’s e-mail address', () => ({ search: 'cor@' }), ['lamp']],
    ['search in a guest’s e-mail address', () => ({ search: 'gast@' }), ['kinderfiets']],
    ['status and user', () => ({ status: 'paused', userId: proAnna.id }), ['eettafel']],
  ])('filters by %s', async (_case, query, expected) => {
    const res = await admin.get<AdminAlertsResponse>('/api/admin/alerts', { query: query() });
    expect(res.status).toBe(200);
    expect(terms(res.body)).toEqual(expected);
    expect(res.body.pagination.total).toBe(expected.length);
  });

  it.each([
    ['the first page', 1, ['kinderfiets', 'lamp', 'eettafel']],
    ['the last page', 2, ['Gazelle fiets']],
    ['a page beyond the last', 3, []],
  ])('pages: %s', async (_case, page, expected) => {
    const res = await admin.get<AdminAlertsResponse>('/api/admin/alerts', {
      query: { page, limit: 3 },
    });
    expect(terms(res.body)).toEqual(expected);
    expect(res.body.pagination).toEqual({ page, limit: 3, total: 4, totalPages: 2 });
  });

  it.each<[string, Record<string, string>, string]>([
    ['an unknown status', { status: 'deleted' }, 'status'],
    ['an unknown platform', { platform: 'ebay' }, 'platform'],
    ['a user id that is no UUID', { userId: '42' }, 'userId'],
    ['a page size above 100', { limit: '101' }, 'limit'],
  ])('refuses %s with a Dutch 400', async (_case, query, field) => {
    const res = await admin.get<{ error: string; fields: Record<string, string> }>(
      '/api/admin/alerts',
      { query },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.validationFailed);
    expect(typeof res.body.fields[field]).toBe('string');
  });
});

describe('DELETE /admin/alerts/{id}', () => {
  it('deletes the alert with its notifications and records who did it', async () => {
    const res = await admin.delete(`/api/admin/alerts/${alerts.paused.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ADMIN_TEXTS.alertDeleted });
    expect(await server.models.Alert.findByPk(alerts.paused.id)).toBeNull();
    expect(await server.models.Notification.count({ where: { alertId: alerts.paused.id } })).toBe(
      0,
    );
    const event = await server.models.AuditEvent.findOne({
      where: { action: 'alert.deleted', targetId: alerts.paused.id },
    });
    expect(event?.actorUserId).toBe(adminUser.id);

    const again = await admin.delete(`/api/admin/alerts/${alerts.paused.id}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: ADMIN_TEXTS.alertNotFound });
  });

  it('answers 404 for an id that is no UUID', async () => {
    const res = await admin.delete('/api/admin/alerts/abc');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: ADMIN_TEXTS.alertNotFound });
  });
});

describe('GET /admin/set-aside-listings', () => {
  it('lists what the engine set aside, newest first, with its reason and snippet', async () => {
    const { SetAsideListing } = server.models;
    const older = await SetAsideListing.create({
      platform: 'marktplaats',
      listingId: 'm2100000001',
      stage: 'feed-match',
      reason: 'SQLITE_ERROR: unrecognized token',
      snippet: '{"title":"Bakfiets\\u0000 Babboe"}',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await SetAsideListing.create({
      platform: '2dehands',
      listingId: 'm2100000002',
      stage: 'search-check',
      reason: 'Data too long',
      snippet: '{"title":"<b>Fiets</b>"}',
    });
    const res = await admin.get<AdminSetAsideListingsResponse>('/api/admin/set-aside-listings');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.listings.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(res.body.listings[1]).toEqual({
      id: older.id,
      platform: 'marktplaats',
      listingId: 'm2100000001',
      stage: 'feed-match',
      reason: 'SQLITE_ERROR: unrecognized token',
      snippet: '{"title":"Bakfiets\\u0000 Babboe"}',
      createdAt: older.createdAt.toISOString(),
    });
  });
});
