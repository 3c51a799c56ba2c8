import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TEXTS } from '@prijsalarm/core';
import {
  TEST_PASSWORD,
  createUser,
  linkIn,
  loginAs,
  tokenOf,
  uniqueEmail,
} from '../../../test/auth-helpers';
import type { TestClient, TestResponse } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { loginDelayMs } from './limits';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      // Each test speaks from its own addresses (X-Forwarded-For), so limits per IP stay apart.
      TRUST_PROXY: 'true',
      RATE_LIMITS: [
        'login-account=3/900',
        'login-device=3/900',
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
  return postFrom(server.client(), path, body, ip);
}

/** A request from one browser (its cookies, a device cookie among them) at an address. */
function postFrom(browser: TestClient, path: string, body: unknown, ip: string = nextIp()) {
  return browser.post(path, body, { headers: { 'x-forwarded-for': ip } });
}

function expectTooManyRequests(res: TestResponse, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect(res.body).toEqual({ error: API_TEXTS.tooManyRequests, retryAfter });
}

describe('login', () => {
  const wrongFor = (email: string) => ({ email, password: 'wrong-password-1' });
  const rightFor = (email: string) => ({ email, password: TEST_PASSWORD });

  it.each([
    ['an existing account', true],
    ['an unknown e-mail (the same, so it reveals nothing)', false],
  ])(
    '3 failures (RATE_LIMITS) for %s block every client without its device cookie, from any address',
    async (_case, exists) => {
      const email = exists ? (await createUser(server)).email : uniqueEmail('onbekend');
      const attacker = nextIp();
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await post('/api/auth/login', wrongFor(email), attacker)).status).toBe(401);
      }
      // Blocked even with the right password, from that address and from any other.
      expectTooManyRequests(await post('/api/auth/login', rightFor(email), attacker), 900);
      expectTooManyRequests(await post('/api/auth/login', rightFor(email)), 900);
    },
  );

  it("an attacker on the owner's network does not lock the owner's browser out: its device cookie from an earlier login lets it in", async () => {
    const user = await createUser(server);
    const network = nextIp();
    const owner = server.client();
    expect((await postFrom(owner, '/api/auth/login', rightFor(user.email), network)).status).toBe(
      200,
    );
    expect((await postFrom(owner, '/api/auth/logout', undefined, network)).status).toBe(200);

    const attacker = server.client();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await postFrom(attacker, '/api/auth/login', wrongFor(user.email), network);
      expect(res.status).toBe(401);
    }
    expectTooManyRequests(
      await postFrom(attacker, '/api/auth/login', rightFor(user.email), network),
      900,
    );

    const start = performance.now();
    const back = await postFrom(owner, '/api/auth/login', rightFor(user.email), network);
    expect(back.status).toBe(200);
    // Not slowed down by the attacker's failures either (the first step alone is 250 ms).
    expect(performance.now() - start).toBeLessThan(loginDelayMs(3));
  });

  it('a new password ends the device cookies issued before it: a browser that knew the old one counts as anyone', async () => {
    const user = await createUser(server);
    const formerDevice = server.client();
    await loginAs(server, formerDevice, { email: user.email });
    const owner = server.client();
    await loginAs(server, owner, { email: user.email });
    const newPassword = 'a-new-password-123';
    const body = { currentPassword: TEST_PASSWORD, newPassword };
    expect((await owner.post('/api/auth/change-password', body)).status).toBe(200);

    const wrong = wrongFor(user.email);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postFrom(formerDevice, '/api/auth/login', wrong)).status).toBe(401);
    }
    // Its failures counted on the account: every client without a device cookie is stopped …
    expectTooManyRequests(
      await post('/api/auth/login', { email: user.email, password: newPassword }),
      900,
    );
    // … but the browser that changed the password is the owner's device under the new one.
    const back = await postFrom(owner, '/api/auth/login', {
      email: user.email,
      password: newPassword,
    });
    expect(back.status).toBe(200);
  });

  it('guesses spread over many addresses are stopped as well', async () => {
    const email = (await createUser(server)).email;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/auth/login', wrongFor(email))).status).toBe(401);
    }
    expectTooManyRequests(await post('/api/auth/login', wrongFor(email)), 900);
  });

  it('a device cookie of another account, or a forged one, is no device: its failures count as anyone’s', async () => {
    const victim = await createUser(server);
    const attacker = server.client();
    await loginAs(server, attacker); // the attacker's own account: a device cookie for that one
    const forged = server.client();
    forged.cookies.set('pa_device', `${'A'.repeat(22)}.${'B'.repeat(43)}`);
    for (const client of [attacker, attacker, forged]) {
      expect((await postFrom(client, '/api/auth/login', wrongFor(victim.email))).status).toBe(401);
    }
    expectTooManyRequests(await postFrom(attacker, '/api/auth/login', rightFor(victim.email)), 900);
  });

  it("the owner's browser counts its own failures on its device: it locks itself, not other clients", async () => {
    const user = await createUser(server);
    const owner = server.client();
    await loginAs(server, owner, { email: user.email });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postFrom(owner, '/api/auth/login', wrongFor(user.email))).status).toBe(401);
    }
    expectTooManyRequests(await postFrom(owner, '/api/auth/login', rightFor(user.email)), 900);
    expect((await post('/api/auth/login', rightFor(user.email))).status).toBe(200);
  });

  it('after signing in, a browser’s slips count on its device and its next sign-in clears them', async () => {
    const user = await createUser(server);
    const browser = server.client();
    await postFrom(browser, '/api/auth/login', wrongFor(user.email));
    await postFrom(browser, '/api/auth/login', wrongFor(user.email));
    expect((await postFrom(browser, '/api/auth/login', rightFor(user.email))).status).toBe(200);
    // The account's count (2) stays: one more guess from anyone else and they are stopped.
    expect((await post('/api/auth/login', wrongFor(user.email))).status).toBe(401);
    expectTooManyRequests(await post('/api/auth/login', rightFor(user.email)), 900);
    for (let round = 0; round < 2; round += 1) {
      await postFrom(browser, '/api/auth/login', wrongFor(user.email));
      await postFrom(browser, '/api/auth/login', wrongFor(user.email));
      expect((await postFrom(browser, '/api/auth/login', rightFor(user.email))).status).toBe(200);
    }
  });

  it('slows down each next attempt on the same account, from any address', async () => {
    const email = uniqueEmail('traag');
    await post('/api/auth/login', wrongFor(email));
    await post('/api/auth/login', wrongFor(email));
    const start = performance.now();
    expect((await post('/api/auth/login', wrongFor(email))).status).toBe(401);
    expect(performance.now() - start).toBeGreaterThanOrEqual(loginDelayMs(2) - 5);
    expect(loginDelayMs(1)).toBeLessThan(loginDelayMs(2));
  });

  it("failures on many accounts from one address block that address — except for an account's own browser", async () => {
    const ip = nextIp();
    const user = await createUser(server);
    const owner = server.client();
    expect((await postFrom(owner, '/api/auth/login', rightFor(user.email), ip)).status).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const res = await post('/api/auth/login', wrongFor(uniqueEmail('spray')), ip);
      expect(res.status).toBe(401);
    }
    expectTooManyRequests(await post('/api/auth/login', rightFor(user.email), ip), 900);
    expect((await post('/api/auth/login', rightFor(user.email))).status).toBe(200);
    expect((await postFrom(owner, '/api/auth/login', rightFor(user.email), ip)).status).toBe(200);
  });

  it('a new password by a reset link lifts the lock for its owner', async () => {
    const user = await createUser(server);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('/api/auth/login', wrongFor(user.email))).status).toBe(401);
    }
    expect((await post('/api/auth/login', rightFor(user.email))).status).toBe(429);
    expect((await post('/api/auth/reset-password', { email: user.email })).status).toBe(200);
    const mail = await server.mailbox.waitFor({ to: user.email });
    const token = tokenOf(linkIn(mail, '/reset-password/'));
    const newPassword = 'a-brand-new-password-42';
    const reset = await post(`/api/auth/reset-password/${token}`, { password: newPassword });
    expect(reset.status).toBe(200);
    const login = await post('/api/auth/login', { email: user.email, password: newPassword });
    expect(login.status).toBe(200);
  });

  it('wrong current passwords on change-password count on the browser’s device', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const body = { currentPassword: 'wrong-password-1', newPassword: 'a-new-password-123' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await browser.post('/api/auth/change-password', body)).status).toBe(400);
    }
    expectTooManyRequests(await browser.post('/api/auth/change-password', body), 900);
    // That browser is stopped from signing in too; another client is not.
    expect((await browser.post('/api/auth/login', rightFor(user.email))).status).toBe(429);
    expect((await post('/api/auth/login', rightFor(user.email))).status).toBe(200);
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
