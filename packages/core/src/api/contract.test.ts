import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_CONTRACT, API_ENDPOINTS } from './contract';
import type { EndpointBody, EndpointParams, EndpointResponse } from './endpoint';
import { buildPath, buildQueryString, defineEndpoint } from './endpoint';
import type { UpdateAlertPayload } from '../validation';
import type { AlertWithMessageResponse } from './types';

/** Every call of the API, written as METHOD /path. */
const SPECIFIED_CALLS = [
  // Alerts
  'POST /alerts',
  'GET /alerts/my-alerts',
  'GET /alerts/manage/:token',
  'PUT /alerts/manage/:token',
  'DELETE /alerts/manage/:token',
  'PATCH /alerts/manage/:token/toggle',
  'GET /alerts/manage/:token/refresh/:refreshToken',
  'GET /alerts/confirm/:token',
  'POST /alerts/parse-url',
  // The private RSS feed of an alert
  'GET /alerts/feed/:token',
  'POST /alerts/manage/:token/feed/renew',
  // The owner's edit wizard
  'GET /alerts/my-alerts/:id',
  'PUT /alerts/my-alerts/:id',
  'GET /categories',
  // Notifications
  'GET /notifications',
  'GET /notifications/:id',
  'PUT /notifications/:id/viewed',
  'GET /notifications/stats/overview',
  'GET /notifications/export',
  'POST /notifications/mark-all-viewed',
  // Auth
  'POST /auth/register',
  'GET /auth/verify/:token',
  'POST /auth/login',
  'POST /auth/logout',
  'POST /auth/force-logout',
  'POST /auth/refresh',
  'GET /auth/me',
  'GET /auth/profile',
  'PUT /auth/me',
  'POST /auth/reset-password',
  'POST /auth/reset-password/:token',
  'POST /auth/change-password',
  'DELETE /auth/account',
  'POST /auth/migrate-alerts',
  'POST /auth/delete-orphaned-alerts',
  'POST /auth/login-link',
  'GET /auth/login-link/:token',
  'GET /auth/sessions',
  'DELETE /auth/sessions/:id',
  'GET /auth/csrf',
  'POST /upgrade-to-pro',
  // Settings
  'GET /settings/public',
  'GET /enhanced/settings/feature/:name',
  'GET /user-capabilities',
  'GET /enhanced/settings/user-capabilities',
  'GET /enhanced/settings/enhanced',
  'PUT /enhanced/settings/preferences',
  // Telegram
  'GET /telegram/status',
  'POST /telegram/verify',
  'POST /telegram/disconnect',
  'POST /telegram/test',
  // Webhooks
  'GET /webhooks',
  'POST /webhooks',
  'DELETE /webhooks/:id',
  'POST /webhooks/:id/test',
  'GET /webhooks/:id/deliveries',
  // Admin
  'GET /admin/stats',
  'GET /admin/trends',
  'GET /admin/users',
  'PUT /admin/users/:id/plan',
  'GET /admin/alerts',
  'DELETE /admin/alerts/:id',
  'PUT /admin/settings',
  'GET /admin/set-aside-listings',
  // Payments
  'POST /payments/create',
  'GET /payments/status/:id',
  'POST /payments/cancel-subscription',
  // Payments: the return page, the receipt, cancelling and the admin's list
  'POST /payments/webhook',
  'GET /payments/subscription',
  'GET /admin/payments',
  // Chat (HTTP)
  'POST /chat/initialize',
  'POST /chat/check-messages',
  'POST /chat/verify-session',
  'POST /chat/validate-email',
  'POST /chat/send',
  'POST /chat/mark-read',
  'POST /chat/resolve',
  'GET /chat/unread-count',
  'POST /chat/unread-count',
  'GET /chat/online-status',
  // Support inbox
  'GET /admin/chat/sessions',
  'GET /admin/chat/sessions/:id',
  'POST /admin/chat/sessions/:id/messages',
  'POST /admin/chat/sessions/:id/resolve',
  'PUT /admin/chat/presence',
  // Newsletter and contact
  'GET /newsletter/unsubscribe',
  'POST /newsletter/unsubscribe',
  'POST /contact',
  // Error reporting: the DSN, asked after cookie consent
  'GET /error-reporting/config',
  // The home page's live figure: ads the engine checked today
  'GET /stats/listings-today',
  // Notifications on the user's phones and computers (Web Push)
  'GET /push/public-key',
  'GET /push/subscriptions',
  'POST /push/subscriptions',
  'DELETE /push/subscriptions/:id',
  'POST /push/subscriptions/:id/test',
];

const contractCalls = API_ENDPOINTS.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);

describe('API contract', () => {
  it.each(SPECIFIED_CALLS)('has %s', (call) => {
    expect(contractCalls).toContain(call);
  });

  it('has nothing beyond the specified calls, and each call once', () => {
    expect([...contractCalls].sort()).toEqual([...SPECIFIED_CALLS].sort());
  });

  it('names every endpoint by its place in the table', () => {
    expect(API_ENDPOINTS.find(({ name }) => name === 'alerts.manage.refresh')?.endpoint).toBe(
      API_CONTRACT.alerts.manage.refresh,
    );
  });

  it.each([
    ['register answers 201', API_CONTRACT.auth.register, 201, 'json'],
    ['alert creation answers 201', API_CONTRACT.alerts.create, 201, 'json'],
    ['login answers 200', API_CONTRACT.auth.login, 200, 'json'],
    ['the export is a file, read as text', API_CONTRACT.notifications.export, 200, 'text'],
  ])('%s', (_case, endpoint, status, format) => {
    expect(endpoint.successStatus).toBe(status);
    expect(endpoint.responseFormat).toBe(format);
  });

  it('types params, body and response from the table', () => {
    type Refresh = typeof API_CONTRACT.alerts.manage.refresh;
    expectTypeOf<EndpointParams<Refresh>>().toEqualTypeOf<{
      token: string | number;
      refreshToken: string | number;
    }>();
    expectTypeOf<EndpointResponse<Refresh>>().toEqualTypeOf<AlertWithMessageResponse>();
    expectTypeOf<
      EndpointBody<typeof API_CONTRACT.alerts.manage.update>
    >().toEqualTypeOf<UpdateAlertPayload>();
    expectTypeOf<EndpointBody<typeof API_CONTRACT.alerts.myAlerts>>().toEqualTypeOf<undefined>();
  });
});

describe('buildPath', () => {
  const refresh = API_CONTRACT.alerts.manage.refresh;

  it.each([
    [{ token: 'abc', refreshToken: 'def' }, '/alerts/manage/abc/refresh/def'],
    [{ token: 'a b/c', refreshToken: 'x?y#z' }, '/alerts/manage/a%20b%2Fc/refresh/x%3Fy%23z'],
    [{ token: 'ünï', refreshToken: 7 }, '/alerts/manage/%C3%BCn%C3%AF/refresh/7'],
  ])('fills %o in as %s', (params, expected) => {
    expect(buildPath(refresh, params)).toBe(expected);
  });

  it.each([{ token: 'abc' }, { token: 'abc', refreshToken: '' }])(
    'refuses a missing or empty param: %o',
    (params) => {
      expect(() => buildPath(refresh, params as never)).toThrow('refreshToken');
    },
  );

  it('leaves a path without params as it is', () => {
    expect(buildPath(defineEndpoint<{ response: null }>()('GET', '/auth/me'), {})).toBe('/auth/me');
  });
});

describe('buildQueryString', () => {
  it.each([
    [undefined, ''],
    [{}, ''],
    [{ page: 2, limit: 10 }, '?page=2&limit=10'],
    [{ alertIds: ['a', 'b', 'c'] }, '?alertIds=a,b,c'],
    [{ alertIds: [] }, ''],
    [{ searchTerm: 'a,b & c' }, '?searchTerm=a%2Cb%20%26%20c'],
    [{ isActive: true, parentId: null, type: undefined }, '?isActive=true'],
    [{ minPrice: 0 }, '?minPrice=0'],
  ])('%o → %s', (query, expected) => {
    expect(buildQueryString(query)).toBe(expected);
  });
});
