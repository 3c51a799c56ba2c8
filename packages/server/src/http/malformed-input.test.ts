/**
 * Malformed input is the client's mistake: a Dutch 4xx, never a 500. Bad
 * percent-encoding in a path parameter, and request bodies that do not inflate.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TEXTS, VALIDATION_TEXTS } from '@prijsalarm/core';
import { loginAs } from '../../test/auth-helpers';
import type { TestClient } from '../../test/http-client';
import { startTestServer, type TestServer } from '../../test/support';

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
  admin = server.client();
  await loginAs(server, admin, { role: 'ADMIN' });
});
afterAll(() => server.stop());

const BAD = '%E0%A4%A';

describe('bad percent-encoding in a path parameter', () => {
  it.each([
    ['GET', `/api/alerts/manage/${BAD}`],
    ['PUT', `/api/alerts/manage/${BAD}`],
    ['PATCH', `/api/alerts/manage/${BAD}/toggle`],
    ['GET', `/api/alerts/manage/x/refresh/${BAD}`],
    ['GET', `/api/alerts/confirm/${BAD}`],
    ['GET', `/api/notifications/${BAD}`],
    ['PUT', `/api/notifications/${BAD}/viewed`],
    ['GET', `/api/auth/verify/${BAD}`],
    ['GET', `/api/auth/login-link/${BAD}`],
    ['POST', `/api/auth/reset-password/${BAD}`],
    ['DELETE', `/api/auth/sessions/${BAD}`],
    ['GET', `/api/enhanced/settings/feature/${BAD}`],
    ['PUT', `/api/admin/users/${BAD}/plan`],
    ['DELETE', `/api/admin/alerts/${BAD}`],
  ])('%s %s → 400 in Dutch', async (method, path) => {
    const res = await admin.request(method, path, method === 'GET' ? undefined : {});
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ error: API_TEXTS.invalidPath });
  });
});

describe('a request body that does not inflate', () => {
  const json = JSON.stringify({ email: 'jan@example.nl', password: 'wrong-password-1' });
  it.each([
    ['gzip', 'not gzip at all'],
    ['gzip', gzipSync(json).subarray(0, 20)],
    ['deflate', 'not deflate at all'],
    ['br', 'not brotli at all'],
  ])('Content-Encoding %s with a broken body → 400 in Dutch', async (encoding, body) => {
    const res = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: API_TEXTS.unreadableBody });
  });
});

describe('a NUL byte (%00) as an id or in a search string', () => {
  let member: TestClient;
  beforeAll(async () => {
    member = server.client();
    await loginAs(server, member, { plan: 'REGISTERED' });
  });

  it.each([
    ['DELETE', '/api/webhooks/%00'],
    ['POST', '/api/webhooks/%00/test'],
    ['GET', '/api/webhooks/%00/deliveries'],
    ['GET', '/api/notifications?searchTerm=fiets%00'],
    ['GET', '/api/notifications/export?searchTerm=%00'],
  ])('%s %s → 400 in Dutch, before anything is sent', async (method, path) => {
    const res = await member.request(method, path, method === 'GET' ? undefined : {});
    expect(res.status, res.text).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ error: API_TEXTS.validationFailed });
    expect(Object.values((res.body as { fields: Record<string, string> }).fields)).toContain(
      VALIDATION_TEXTS.controlCharacters,
    );
  });

  it.each([['/api/admin/users?search=%00'], ['/api/admin/alerts?search=jan%00']])(
    'GET %s → 400 in Dutch',
    async (path) => {
      const res = await admin.get(path);
      expect(res.status, res.text).toBe(400);
      expect((res.body as { fields: Record<string, string> }).fields).toEqual({
        search: VALIDATION_TEXTS.controlCharacters,
      });
    },
  );
});
