import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRINGS } from '@prijsalarm/core';
import { TEST_PASSWORD, createUser, loginAs, uniqueEmail } from '../../../test/auth-helpers';
import type { TestResponse } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { loginDelayMs } from './limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      // Each test speaks from its own addresses (X-Forwarded-For), so limits per IP stay apart.
      TRUST_PROXY: 'true',
      RATE_LIMITS: [
        'login-account-ip=3/900',
        'login-ip=5/900',
        'register-ip=2/3600',
        'register-account=2/3600',
        'reset-ip=2/3600',
        'reset-account=2/3600',
        'login-link-ip=2/3600',
        'login-link-account=2/3600',
      ].join(','),
    },
  });
});
afterAll(() => server.stop());

let lastIp = 0;
/** A fresh client address. */
function nextIp(): string {
  lastIp += 1;
  return `10.1.${Math.floor(lastIp / 250)}.${lastIp % 250}`;
}

function post(path: string, body: unknown, ip: string = nextIp()) {
  return server.client().post(path, body, { headers: { 'x-forwarded-for': ip } });
}

function expectTooManyRequests(res: TestResponse, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.body).toEqual({ error: STRINGS.api.tooManyRequests, retryAfter });
}

describe('login', () => {
  it.each([
    ['an existing account', true],
    ['an unknown e-mail (the same, so it reveals nothing)', false],
  ])(
    '3 failures (RATE_LIMITS) for %s from one address block the next attempt from there',
    async (_case, exists) => {
      const email = exists ? (await createUser(server)).email : uniqueEmail('onbekend');
      const attacker = nextIp();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const res = await post(
          '/api/auth/login',
          { email, password: 'wrong-password-1' },
          attacker,
        );
        expect(res.status).toBe(401);
      }
      // Blocked even with the right password, from that address.
      const blocked = await post('/api/auth/login', { email, password: TEST_PASSWORD }, attacker);
      expectTooManyRequests(blocked, 900);
    },
  );

  it("an attacker's failures do not lock the owner out: the owner signs in at once from elsewhere", async () => {
    const user = await createUser(server);
    const attacker = nextIp();
    const wrong = { email: user.email, password: 'wrong-password-1' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/auth/login', wrong, attacker)).status).toBe(401);
    }
    expectTooManyRequests(await post('/api/auth/login', wrong, attacker), 900);

    const start = performance.now();
    const owner = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(owner.status).toBe(200);
    // No slow-down carried over from the attacker's address (the first step alone is 250 ms).
    expect(performance.now() - start).toBeLessThan(loginDelayMs(3));
  });

  it('slows down each next attempt from the same address on the same account', async () => {
    const email = uniqueEmail('traag');
    const ip = nextIp();
    const wrong = { email, password: 'wrong-password-1' };
    await post('/api/auth/login', wrong, ip);
    await post('/api/auth/login', wrong, ip);
    const start = performance.now();
    expect((await post('/api/auth/login', wrong, ip)).status).toBe(401);
    expect(performance.now() - start).toBeGreaterThanOrEqual(loginDelayMs(2) - 5);
    expect(loginDelayMs(1)).toBeLessThan(loginDelayMs(2));
  });

  it('a successful login clears the failures of the account from that address', async () => {
    const user = await createUser(server);
    const ip = nextIp();
    const wrong = { email: user.email, password: 'wrong-password-1' };
    const right = { email: user.email, password: TEST_PASSWORD };
    await post('/api/auth/login', wrong, ip);
    await post('/api/auth/login', wrong, ip);
    expect((await post('/api/auth/login', right, ip)).status).toBe(200);
    await post('/api/auth/login', wrong, ip);
    await post('/api/auth/login', wrong, ip);
    expect((await post('/api/auth/login', right, ip)).status).toBe(200);
  });

  it('failures on many accounts from one address block that address only', async () => {
    const ip = nextIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await post(
        '/api/auth/login',
        { email: uniqueEmail('spray'), password: 'wrong-password-1' },
        ip,
      );
      expect(res.status).toBe(401);
    }
    const user = await createUser(server);
    const right = { email: user.email, password: TEST_PASSWORD };
    expectTooManyRequests(await post('/api/auth/login', right, ip), 900);
    expect((await post('/api/auth/login', right)).status).toBe(200);
  });

  it('wrong current passwords on change-password count as failed logins', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const body = { currentPassword: 'wrong-password-1', newPassword: 'a-new-password-123' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await browser.post('/api/auth/change-password', body)).status).toBe(400);
    }
    expectTooManyRequests(await browser.post('/api/auth/change-password', body), 900);
    // From the same address (the browser's own, no X-Forwarded-For): refused; from another: fine.
    const right = { email: user.email, password: TEST_PASSWORD };
    expect((await server.client().post('/api/auth/login', right)).status).toBe(429);
    expect((await post('/api/auth/login', right)).status).toBe(200);
  });
});

describe.each([
  ['register', '/api/auth/register', (email: string) => ({ email, password: TEST_PASSWORD }), 201],
  ['reset request', '/api/auth/reset-password', (email: string) => ({ email }), 200],
  ['login-link request', '/api/auth/login-link', (email: string) => ({ email }), 200],
])('%s', (_name, path, body, okStatus) => {
  it('allows 2 per address, then 429', async () => {
    const ip = nextIp();
    expect((await post(path, body(uniqueEmail('a')), ip)).status).toBe(okStatus);
    expect((await post(path, body(uniqueEmail('b')), ip)).status).toBe(okStatus);
    expectTooManyRequests(await post(path, body(uniqueEmail('c')), ip), 3600);
    expect((await post(path, body(uniqueEmail('d')))).status).toBe(okStatus);
  });

  it('allows 2 per account from any address, then 429 — for known and unknown e-mails alike', async () => {
    for (const email of [(await createUser(server)).email, uniqueEmail('onbekend')]) {
      expect((await post(path, body(email))).status).toBe(okStatus);
      expect((await post(path, body(email))).status).toBe(okStatus);
      expectTooManyRequests(await post(path, body(email)), 3600);
    }
  });
});
