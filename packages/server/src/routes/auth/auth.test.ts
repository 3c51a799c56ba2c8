import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_COOKIE,
  API_TEXTS,
  AUTH_TEXTS,
  CSRF_COOKIE,
  REFRESH_COOKIE,
  REFRESH_MARKER_COOKIE,
  type AuthResponse,
  type SessionsResponse,
  type UserDto,
} from '@prijsalarm/core';
import {
  TEST_PASSWORD,
  createUser,
  linkIn,
  loginAs,
  setCookie,
  tokenOf,
  uniqueEmail,
} from '../../../test/auth-helpers';
import type { TestClient } from '../../../test/http-client';
import { startTestServer, type TestServer } from '../../../test/support';
import { REFRESH_REUSE_GRACE_MS } from '../../commands/sessions';
import type { User } from '../../models';
import { DEVICE_COOKIE } from './cookies';
import { createAccessTokenSigner } from '../../security/access-token';
import { createDeviceCookieSigner } from '../../security/device-cookie';
import { hashToken } from '../../security/tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMITS: 'off' } });
});
afterAll(() => server.stop());
beforeEach(() => server.mailbox.clear());

const NEW_PASSWORD = 'a-brand-new-password-42';
const MINUTE = 60_000;

async function me(client: TestClient) {
  return client.get<{ user: UserDto }>('/api/auth/me');
}

async function verificationLink(email: string): Promise<string> {
  const mail = await server.mailbox.waitFor({ to: email, subject: 'Bevestig' });
  return linkIn(mail, '/verify/');
}

/** Makes every one-time token of the user expire. */
async function expireTokens(user: User) {
  await server.models.OneTimeToken.update(
    { expiresAt: new Date(Date.now() - MINUTE) },
    { where: { userId: user.id } },
  );
}

let alertCounter = 0;
async function createAlert(values: {
  email?: string | null;
  userId?: string | null;
  confirmed: boolean;
}) {
  alertCounter += 1;
  const token = () => randomBytes(16).toString('hex');
  return server.models.Alert.create({
    email: values.email ?? null,
    userId: values.userId ?? null,
    searchTerm: `fiets ${alertCounter}`,
    platforms: ['marktplaats'],
    planAtCreation: 'FREE',
    checkIntervalMinutes: 30,
    validityDays: 30,
    confirmedAt: values.confirmed ? new Date() : null,
    manageTokenNonce: token(),
    manageTokenHash: token(),
    refreshTokenNonce: token(),
    refreshTokenHash: token(),
  });
}

async function createNotification(alertId: string, userId: string | null) {
  alertCounter += 1;
  const snapshot = await server.models.ListingSnapshot.create({
    platform: 'marktplaats',
    listingId: `m${alertCounter}`,
    title: 'Gazelle',
    url: 'https://www.marktplaats.nl/v/fietsen/m1',
  });
  const notification = await server.models.Notification.create({
    alertId,
    userId,
    platform: 'marktplaats',
    listingId: snapshot.listingId,
    listingSnapshotId: snapshot.id,
    priceType: 'FIXED',
  });
  await server.models.Delivery.create({ notificationId: notification.id, channel: 'email' });
  return notification;
}

describe('register and verify', () => {
  it('registers, mails a working verification link, and the link verifies and logs in once', async () => {
    const browser = server.client();
    const email = uniqueEmail('nieuw');
    const res = await browser.post('/api/auth/register', {
      email: email.toUpperCase(),
      password: TEST_PASSWORD,
      firstName: 'Anna',
      lastName: 'de Vries',
      newsletterOptIn: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: AUTH_TEXTS.registered });

    const user = await server.models.User.findByEmail(email);
    expect(user).toMatchObject({ firstName: 'Anna', newsletterOptIn: true, emailVerifiedAt: null });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);

    const unverifiedLogin = await browser.post('/api/auth/login', {
      email,
      password: TEST_PASSWORD,
    });
    expect(unverifiedLogin.status).toBe(403);
    expect(unverifiedLogin.body).toEqual({ error: AUTH_TEXTS.emailNotVerified });

    const link = await verificationLink(email);
    expect(link.startsWith(`${server.baseUrl}/verify/`)).toBe(true);
    const token = tokenOf(link);
    // Only the hash is stored.
    const stored = await server.models.OneTimeToken.findAll({ where: { userId: user!.id } });
    expect(stored.map((row) => row.tokenHash)).toEqual([hashToken(token)]);

    const verified = await browser.get<AuthResponse>(`/api/auth/verify/${token}`);
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({
      email,
      emailVerified: true,
      firstName: 'Anna',
      plan: 'REGISTERED',
    });
    expect(verified.body.csrfToken).toBe(browser.cookie(CSRF_COOKIE));
    expect((await me(browser)).body.user.email).toBe(email);

    const again = await server.client().get(`/api/auth/verify/${token}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: AUTH_TEXTS.verifyLinkInvalid });
  });

  it('re-registering an unverified address keeps the first password; the owner gets the newest link', async () => {
    const email = uniqueEmail('opnieuw');
    const first = await server.client().post('/api/auth/register', {
      email,
      password: 'first-password-1',
      firstName: 'Eigenaar',
    });
    const firstLink = await verificationLink(email);
    server.mailbox.clear();
    // Someone else registers the owner's address before the owner confirmed it.
    const second = await server.client().post('/api/auth/register', {
      email,
      password: NEW_PASSWORD,
      firstName: 'Indringer',
    });
    // The same answer as for a new address, and the link goes to the owner's mailbox again.
    expect(`${second.status} ${second.text}`).toBe(`${first.status} ${first.text}`);
    const secondLink = await verificationLink(email);

    expect((await server.client().get(`/api/auth/verify/${tokenOf(firstLink)}`)).status).toBe(404);
    expect((await server.client().get(`/api/auth/verify/${tokenOf(secondLink)}`)).status).toBe(200);
    const intruder = await server
      .client()
      .post('/api/auth/login', { email, password: NEW_PASSWORD });
    expect(intruder.status).toBe(401);
    const owner = await server.client().post('/api/auth/login', {
      email,
      password: 'first-password-1',
    });
    expect(owner.status).toBe(200);
    const user = (await server.models.User.findByEmail(email))!;
    expect(user.firstName).toBe('Eigenaar');
    expect(await server.models.User.count({ where: { email } })).toBe(1);
  });

  it('registrations of one new address at the same moment all get the new-address answer', async () => {
    const email = uniqueEmail('race');
    const register = () =>
      server.client().post('/api/auth/register', { email, password: TEST_PASSWORD });
    const first = await register();
    // The second looked the address up before the first created it (forced: SQLite serialises
    // the two requests too well for a plain Promise.all to hit the window).
    const lookup = vi.spyOn(server.models.User, 'findByEmail').mockResolvedValueOnce(null);
    try {
      const second = await register();
      expect(`${second.status} ${second.text}`).toBe(`${first.status} ${first.text}`);
    } finally {
      lookup.mockRestore();
    }
    const together = await Promise.all([register(), register()]);
    expect(together.map((res) => res.status)).toEqual([201, 201]);
    expect(await server.models.User.count({ where: { email } })).toBe(1);
  });

  it('a registration from the checkout mails a link that leads back there; one off the site is dropped', async () => {
    const email = uniqueEmail('kassa');
    const register = (redirect: string) =>
      server.client().post('/api/auth/register', { email, password: TEST_PASSWORD, redirect });
    expect((await register('/pricing?checkout=pro')).status).toBe(201);
    const mail = await server.mailbox.waitFor({ to: email, subject: 'Bevestig' });
    const link = linkIn(mail, '/verify/');
    expect(mail.text).toContain(`${link}?redirect=${encodeURIComponent('/pricing?checkout=pro')}`);

    server.mailbox.clear();
    expect((await register('//evil.example/pricing')).status).toBe(201);
    const second = await server.mailbox.waitFor({ to: email, subject: 'Bevestig' });
    const secondLink = linkIn(second, '/verify/');
    expect(second.text).toContain(secondLink);
    expect(second.text).not.toContain('redirect=');
    expect(second.text).not.toContain('evil.example');
  });

  it('an existing verified account gets an "already registered" mail and keeps its password', async () => {
    const user = await createUser(server);
    const res = await server.client().post('/api/auth/register', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: AUTH_TEXTS.registered });
    const mail = await server.mailbox.waitFor({ to: user.email, subject: 'al een account' });
    expect(mail.text).toContain(`${server.baseUrl}/forgot-password`);
    const login = await server.client().post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it('an expired verification link is refused', async () => {
    const email = uniqueEmail('verlopen');
    await server.client().post('/api/auth/register', { email, password: TEST_PASSWORD });
    const link = await verificationLink(email);
    await expireTokens((await server.models.User.findByEmail(email))!);
    const res = await server.client().get(`/api/auth/verify/${tokenOf(link)}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: AUTH_TEXTS.verifyLinkInvalid });
  });

  it.each([
    ['too short', 'abc'],
    ['bad characters', `${'a'.repeat(42)}!`],
    ['unknown', randomBytes(32).toString('base64url')],
  ])('a %s verification token answers 404', async (_case, token) => {
    const res = await server.client().get(`/api/auth/verify/${encodeURIComponent(token)}`);
    expect(res.status).toBe(404);
  });

  it.each([
    ['a short password', { email: 'kort@example.nl', password: 'kort' }, 'password'],
    ['a missing password', { email: 'leeg@example.nl' }, 'password'],
    ['a bad e-mail', { email: 'geen-email', password: TEST_PASSWORD }, 'email'],
    ['an e-mail of the wrong type', { email: 42, password: TEST_PASSWORD }, 'email'],
    [
      'a flag of the wrong type',
      { email: 'vlag@example.nl', password: TEST_PASSWORD, newsletterOptIn: 'ja' },
      'newsletterOptIn',
    ],
  ])('register refuses %s with 400 and a Dutch field message', async (_case, body, field) => {
    const res = await server
      .client()
      .post<{ error: string; fields: Record<string, string> }>('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(API_TEXTS.validationFailed);
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });
});

describe('login', () => {
  it('logs in and sets the session cookies with the agreed attributes', async () => {
    const user = await createUser(server, { firstName: 'Bram' });
    const browser = server.client();
    const res = await browser.post<AuthResponse>('/api/auth/login', {
      email: ` ${user.email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({
      id: user.id,
      email: user.email,
      name: null,
      firstName: 'Bram',
      lastName: null,
      plan: 'FREE',
      role: 'USER',
      createdAt: user.createdAt.toISOString(),
      newsletterOptIn: false,
      emailVerified: true,
      telegram: { connected: false, username: null },
      _count: { alerts: 0, notifications: 0 },
    });

    const day = 24 * 3600;
    const access = setCookie(res.headers, ACCESS_COOKIE);
    expect(access?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/' });
    expect(access?.attributes.secure).toBeUndefined();
    const refresh = setCookie(res.headers, REFRESH_COOKIE);
    expect(refresh?.attributes).toMatchObject({
      httponly: true,
      samesite: 'Lax',
      path: '/api/auth',
      'max-age': String(day),
    });
    const marker = setCookie(res.headers, REFRESH_MARKER_COOKIE);
    expect(marker?.value).toBe('1');
    expect(marker?.attributes.httponly).toBeUndefined();
    const csrf = setCookie(res.headers, CSRF_COOKIE);
    expect(csrf?.value).toBe(res.body.csrfToken);
    expect(csrf?.attributes.httponly).toBeUndefined();
    // The browser is now a device of the account (the login throttle's device cookie), for a year.
    const device = setCookie(res.headers, DEVICE_COOKIE);
    expect(device?.attributes).toMatchObject({
      httponly: true,
      samesite: 'Lax',
      path: '/api/auth',
      'max-age': String(365 * day),
    });
    expect(
      createDeviceCookieSigner(server.config.sessionSecret).deviceOf(device!.value, user),
    ).not.toBeNull();
  });

  it('a wrong password sets no device cookie', async () => {
    const user = await createUser(server);
    const res = await server.client().post('/api/auth/login', {
      email: user.email,
      password: 'wrong-password-123',
    });
    expect(res.status).toBe(401);
    expect(setCookie(res.headers, DEVICE_COOKIE)).toBeUndefined();
  });

  it('rememberMe makes the refresh cookie and session last 720 hours', async () => {
    const user = await createUser(server);
    const res = await server.client().post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
      rememberMe: true,
    });
    expect(setCookie(res.headers, REFRESH_COOKIE)?.attributes['max-age']).toBe(String(720 * 3600));
    const session = await server.models.Session.findOne({ where: { userId: user.id } });
    const hours = (session!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(719.9);
    expect(hours).toBeLessThanOrEqual(720);
  });

  it('a verified user with a wrong password, and an unknown e-mail, get the same 401', async () => {
    const user = await createUser(server);
    const wrong = await server.client().post('/api/auth/login', {
      email: user.email,
      password: 'wrong-password-123',
    });
    const unknown = await server.client().post('/api/auth/login', {
      email: uniqueEmail('onbekend'),
      password: 'wrong-password-123',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: AUTH_TEXTS.invalidCredentials });
    expect(unknown.status).toBe(401);
    expect(unknown.text).toBe(wrong.text);
  });

  it.each([
    ['malformed JSON', '{"email": ', API_TEXTS.invalidJson, undefined],
    ['a JSON array', '[1,2]', API_TEXTS.validationFailed, undefined],
    [
      'an e-mail of the wrong type',
      { email: ['a'], password: 'x' },
      API_TEXTS.validationFailed,
      'email',
    ],
    [
      'a password of the wrong type',
      { email: 'a@example.nl', password: 12345678901 },
      API_TEXTS.validationFailed,
      'password',
    ],
    [
      'rememberMe of the wrong type',
      { email: 'a@example.nl', password: 'x', rememberMe: 'yes' },
      API_TEXTS.validationFailed,
      'rememberMe',
    ],
    [
      'an empty password',
      { email: 'a@example.nl', password: '' },
      API_TEXTS.validationFailed,
      'password',
    ],
  ])('refuses %s with 400', async (_case, body, error, field) => {
    const res = await server
      .client()
      .post<{ error: string; fields?: Record<string, string> }>('/api/auth/login', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    if (field) expect(res.body.fields?.[field]).toEqual(expect.any(String));
  });
});

describe('access token', () => {
  it.each([
    [
      'expired',
      (signer: ReturnType<typeof createAccessTokenSigner>, id: string) =>
        signer.sign(id, new Date(Date.now() - 16 * MINUTE)),
    ],
    [
      'tampered',
      (signer: ReturnType<typeof createAccessTokenSigner>, id: string) =>
        `${signer.sign(id).slice(0, -2)}xx`,
    ],
    [
      'signed with another secret',
      (_signer: unknown, id: string) =>
        createAccessTokenSigner('another-secret-that-is-long-enough-0123456789').sign(id),
    ],
  ])('an %s access token is not a login', async (_case, makeToken) => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const session = await server.models.Session.findOne({ where: { userId: user.id } });
    const signer = createAccessTokenSigner(server.config.sessionSecret);
    expect((await me(browser)).status).toBe(200);
    browser.cookies.set(ACCESS_COOKIE, makeToken(signer, session!.id));
    const res = await me(browser);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: API_TEXTS.unauthenticated });
  });
});

describe('refresh', () => {
  it('rotates the refresh token and answers a new CSRF token', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const firstRefresh = browser.cookie(REFRESH_COOKIE);
    const firstCsrf = browser.cookie(CSRF_COOKIE);

    const res = await browser.post<AuthResponse>('/api/auth/refresh');
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(res.body.csrfToken).toBe(browser.cookie(CSRF_COOKIE));
    expect(res.body.csrfToken).not.toBe(firstCsrf);
    expect(browser.cookie(REFRESH_COOKIE)).not.toBe(firstRefresh);
    expect((await me(browser)).status).toBe(200);
    const rows = await server.models.Session.findAll({ where: { userId: user.id } });
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.familyId)).size).toBe(1);
  });

  it('reuse of a rotated refresh token revokes the whole family', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const stolen = browser.cookie(REFRESH_COOKIE)!;
    expect((await browser.post('/api/auth/refresh')).status).toBe(200);
    // Past the grace period for tabs that refresh at the same moment.
    await server.models.Session.update(
      { rotatedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 5000) },
      { where: { userId: user.id, refreshTokenHash: hashToken(stolen) } },
    );

    const attacker = server.client();
    attacker.cookies.set(REFRESH_COOKIE, stolen);
    const reuse = await attacker.post('/api/auth/refresh');
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ error: AUTH_TEXTS.sessionExpired });

    // The legitimate holder of the newest token is logged out as well.
    expect((await me(browser)).status).toBe(401);
    expect((await browser.post('/api/auth/refresh')).status).toBe(401);
    const live = await server.models.Session.count({ where: { userId: user.id, revokedAt: null } });
    expect(live).toBe(0);
  });

  it('two tabs refreshing with the same token at the same moment both stay logged in, as one session', async () => {
    const tabA = server.client();
    const user = await loginAs(server, tabA);
    const tabB = server.client();
    for (const [name, value] of tabA.cookies) tabB.cookies.set(name, value);
    const [a, b] = await Promise.all([
      tabA.post('/api/auth/refresh'),
      tabB.post('/api/auth/refresh'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(tabB.cookie(REFRESH_COOKIE)).toBe(tabA.cookie(REFRESH_COOKIE));
    expect(await server.models.Session.count({ where: { userId: user.id } })).toBe(2);
    expect((await me(tabA)).status).toBe(200);
    expect((await me(tabB)).status).toBe(200);
  });

  it('a second refresh with one token within the grace gets the pair of the first: one session', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const token = browser.cookie(REFRESH_COOKIE)!;
    const first = await browser.post<AuthResponse>('/api/auth/refresh');
    expect(first.status).toBe(200);
    const issued = browser.cookie(REFRESH_COOKIE);

    // The same token again (a copy of the cookie, seconds later): no second live session.
    const replay = server.client();
    replay.cookies.set(REFRESH_COOKIE, token);
    const second = await replay.post<AuthResponse>('/api/auth/refresh');
    expect(second.status).toBe(200);
    expect(replay.cookie(REFRESH_COOKIE)).toBe(issued);
    const sessionIdOf = (client: TestClient) =>
      createAccessTokenSigner(server.config.sessionSecret).read(client.cookie(ACCESS_COOKIE)!)
        ?.sessionId;
    expect(sessionIdOf(replay)).toBe(sessionIdOf(browser));
    const live = await server.models.Session.count({
      where: { userId: user.id, revokedAt: null, rotatedAt: null },
    });
    expect(live).toBe(1);
    expect(await server.models.Session.count({ where: { userId: user.id } })).toBe(2);
    // Both hold that one session: each keeps working, and it rotates on as one.
    expect((await me(browser)).status).toBe(200);
    expect((await me(replay)).status).toBe(200);
    expect((await browser.post('/api/auth/refresh')).status).toBe(200);
  });

  it('a stolen token replayed within the grace by another client gets nothing and ends the login', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const stolen = browser.cookie(REFRESH_COOKIE)!;
    expect((await browser.post('/api/auth/refresh')).status).toBe(200);

    const attacker = server.client();
    attacker.cookies.set(REFRESH_COOKIE, stolen);
    const replay = await attacker.post('/api/auth/refresh', undefined, {
      headers: { 'user-agent': 'curl/8.5.0' },
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: AUTH_TEXTS.sessionExpired });
    expect(attacker.cookie(ACCESS_COOKIE)).toBeUndefined();
    expect(await server.models.Session.count({ where: { userId: user.id } })).toBe(2);
    // Reuse detection: the login it was stolen from ends too.
    expect((await me(browser)).status).toBe(401);
  });

  it.each([
    ['no refresh cookie', undefined],
    ['an unknown refresh token', randomBytes(32).toString('base64url')],
    ['a malformed refresh token', 'abc'],
  ])('answers 401 for %s and clears the session cookies', async (_case, token) => {
    const browser = server.client();
    await browser.get('/api/auth/csrf');
    browser.cookies.set(REFRESH_MARKER_COOKIE, '1');
    if (token) browser.cookies.set(REFRESH_COOKIE, token);
    const res = await browser.post('/api/auth/refresh');
    expect(res.status).toBe(401);
    expect(browser.cookie(REFRESH_MARKER_COOKIE)).toBeUndefined();
    expect(browser.cookie(REFRESH_COOKIE)).toBeUndefined();
  });

  it('an expired session cannot be refreshed', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    await server.models.Session.update(
      { expiresAt: new Date(Date.now() - MINUTE) },
      { where: { userId: user.id } },
    );
    expect((await browser.post('/api/auth/refresh')).status).toBe(401);
    expect((await me(browser)).status).toBe(401);
  });
});

describe('logout and force-logout', () => {
  it('logout ends this session only, clears cookies, and its refresh token stops working', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const other = server.client();
    await loginAs(server, other, { email: user.email });
    const refreshToken = browser.cookie(REFRESH_COOKIE)!;

    const res = await browser.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.loggedOut });
    expect(browser.cookie(ACCESS_COOKIE)).toBeUndefined();
    expect(browser.cookie(REFRESH_MARKER_COOKIE)).toBeUndefined();
    expect(browser.cookie(CSRF_COOKIE)).toBeDefined(); // a guest token, so the next login works
    expect((await me(browser)).status).toBe(401);

    browser.cookies.set(REFRESH_COOKIE, refreshToken);
    expect((await browser.post('/api/auth/refresh')).status).toBe(401);
    expect((await me(other)).status).toBe(200);

    // And the same tab can log in again straight away.
    expect((await loginAs(server, browser, { email: user.email })).id).toBe(user.id);
  });

  it('logout with an expired access token still ends the session named by the refresh cookie', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const session = await server.models.Session.findOne({ where: { userId: user.id } });
    const signer = createAccessTokenSigner(server.config.sessionSecret);
    browser.cookies.set(
      ACCESS_COOKIE,
      signer.sign(session!.id, new Date(Date.now() - 16 * MINUTE)),
    );
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    await session!.reload();
    expect(session!.revokedAt).not.toBeNull();
  });

  it('force-logout ends every session of the user at once, not those of others', async () => {
    const first = server.client();
    const user = await loginAs(server, first);
    const second = server.client();
    await loginAs(server, second, { email: user.email });
    const stranger = server.client();
    await loginAs(server, stranger);

    const res = await first.post('/api/auth/force-logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.loggedOutEverywhere });
    expect((await me(second)).status).toBe(401);
    expect((await second.post('/api/auth/refresh')).status).toBe(401);
    expect((await me(first)).status).toBe(401);
    expect((await me(stranger)).status).toBe(200);
  });

  it('force-logout needs a login', async () => {
    const res = await server.client().post('/api/auth/force-logout');
    expect(res.status).toBe(401);
  });
});

describe('profile', () => {
  it.each(['/api/auth/me', '/api/auth/profile'])(
    '%s answers the user, and 401 for a guest',
    async (path) => {
      const browser = server.client();
      const user = await loginAs(server, browser, { plan: 'PRO', role: 'ADMIN' });
      const alert = await createAlert({ userId: user.id, confirmed: true });
      await createNotification(alert.id, user.id);
      const res = await browser.get<{ user: UserDto }>(path);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({
        id: user.id,
        plan: 'PRO',
        role: 'ADMIN',
        _count: { alerts: 1, notifications: 1 },
      });
      expect(Object.keys(res.body.user)).not.toContain('passwordHash');
      const guest = await server.client().get(path);
      expect(guest.status).toBe(401);
      expect(guest.body).toEqual({ error: API_TEXTS.unauthenticated });
    },
  );

  it('PUT /me changes the given fields only; an empty name clears it', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser, { firstName: 'Cor', lastName: 'Jansen' });
    const res = await browser.put<{ name: string | null; email: string; user: UserDto }>(
      '/api/auth/me',
      { name: 'Cor J.', lastName: '', newsletterOptIn: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Cor J.',
      email: user.email,
      user: { firstName: 'Cor', lastName: null, name: 'Cor J.', newsletterOptIn: true },
    });
    expect((await me(browser)).body.user).toMatchObject({ lastName: null, newsletterOptIn: true });
  });

  it.each([
    ['a name of the wrong type', { name: 5 }, 'name'],
    ['a too long first name', { firstName: 'x'.repeat(500) }, 'firstName'],
    ['a flag of the wrong type', { newsletterOptIn: 'nee' }, 'newsletterOptIn'],
  ])('PUT /me refuses %s with 400', async (_case, body, field) => {
    const browser = server.client();
    await loginAs(server, browser);
    const res = await browser.put<{ fields: Record<string, string> }>('/api/auth/me', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
  });

  it('PUT /me needs a login', async () => {
    expect((await server.client().put('/api/auth/me', { name: 'x' })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password once and ends every session', async () => {
    const user = await createUser(server);
    const loggedIn = server.client();
    await loginAs(server, loggedIn, { email: user.email });

    const browser = server.client();
    const res = await browser.post('/api/auth/reset-password', { email: user.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.resetRequested });
    const mail = await server.mailbox.waitFor({ to: user.email, subject: 'wachtwoord' });
    const link = linkIn(mail, '/reset-password/');
    expect(link.startsWith(`${server.baseUrl}/reset-password/`)).toBe(true);
    const path = `/api/auth/reset-password/${tokenOf(link)}`;

    // A refused password does not use up the link.
    const short = await browser.post<{ fields: Record<string, string> }>(path, {
      password: 'kort',
    });
    expect(short.status).toBe(400);
    expect(Object.keys(short.body.fields)).toEqual(['password']);

    const done = await browser.post(path, { password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: AUTH_TEXTS.passwordReset });
    expect((await me(loggedIn)).status).toBe(401);
    expect((await me(browser)).status).toBe(401); // a reset does not log in

    const again = await browser.post(path, { password: 'yet-another-password-7' });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: AUTH_TEXTS.resetLinkInvalid });

    const oldLogin = await server.client().post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await server.client().post('/api/auth/login', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(newLogin.status).toBe(200);
  });

  it('an expired reset link is refused', async () => {
    const user = await createUser(server);
    await server.client().post('/api/auth/reset-password', { email: user.email });
    const mail = await server.mailbox.waitFor({ to: user.email, subject: 'wachtwoord' });
    await expireTokens(user);
    const res = await server
      .client()
      .post(`/api/auth/reset-password/${tokenOf(linkIn(mail, '/reset-password/'))}`, {
        password: NEW_PASSWORD,
      });
    expect(res.status).toBe(404);
  });

  it('a reset link verifies an unverified address', async () => {
    const user = await createUser(server, { verified: false });
    await server.client().post('/api/auth/reset-password', { email: user.email });
    const mail = await server.mailbox.waitFor({ to: user.email, subject: 'wachtwoord' });
    const path = `/api/auth/reset-password/${tokenOf(linkIn(mail, '/reset-password/'))}`;
    expect((await server.client().post(path, { password: NEW_PASSWORD })).status).toBe(200);
    const login = await server.client().post('/api/auth/login', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it.each([
    ['no e-mail', {}],
    ['an e-mail of the wrong type', { email: true }],
  ])('a reset request with %s is a 400', async (_case, body) => {
    expect((await server.client().post('/api/auth/reset-password', body)).status).toBe(400);
  });
});

describe('change password', () => {
  it('changes the password and ends every session, this one included', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const other = server.client();
    await loginAs(server, other, { email: user.email });

    const res = await browser.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.passwordChanged });
    expect((await me(other)).status).toBe(401);
    expect((await me(browser)).status).toBe(401);
    const login = await server.client().post('/api/auth/login', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it.each([
    [
      'a wrong current password',
      { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD },
      'currentPassword',
      AUTH_TEXTS.currentPasswordWrong,
    ],
    [
      'a too short new password',
      { currentPassword: TEST_PASSWORD, newPassword: 'kort' },
      'newPassword',
      undefined,
    ],
    [
      'the same password again',
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      'newPassword',
      undefined,
    ],
    ['a missing current password', { newPassword: NEW_PASSWORD }, 'currentPassword', undefined],
  ])('refuses %s with 400 and keeps the session', async (_case, body, field, error) => {
    const browser = server.client();
    await loginAs(server, browser);
    const res = await browser.post<{ error: string; fields: Record<string, string> }>(
      '/api/auth/change-password',
      body,
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    if (error) expect(res.body.error).toBe(error);
    expect((await me(browser)).status).toBe(200);
  });

  it('needs a login', async () => {
    const res = await server.client().post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(401);
  });
});

describe('login link', () => {
  it('mails a link that logs in exactly once', async () => {
    const user = await createUser(server);
    const res = await server.client().post('/api/auth/login-link', { email: user.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.loginLinkSent });
    const mail = await server.mailbox.waitFor({ to: user.email, subject: 'inloglink' });
    const link = linkIn(mail, '/login/callback/');
    expect(link.startsWith(`${server.baseUrl}/login/callback/`)).toBe(true);

    const browser = server.client();
    const login = await browser.get<AuthResponse>(`/api/auth/login-link/${tokenOf(link)}`);
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(user.id);
    const device = browser.cookie(DEVICE_COOKIE)!;
    expect(
      createDeviceCookieSigner(server.config.sessionSecret).deviceOf(device, user),
    ).not.toBeNull();
    expect(login.body.csrfToken).toBe(browser.cookie(CSRF_COOKIE));
    expect((await me(browser)).status).toBe(200);

    const again = await server.client().get(`/api/auth/login-link/${tokenOf(link)}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: AUTH_TEXTS.loginLinkInvalid });
  });

  it('an expired login link is refused', async () => {
    const user = await createUser(server);
    await server.client().post('/api/auth/login-link', { email: user.email });
    const mail = await server.mailbox.waitFor({ to: user.email, subject: 'inloglink' });
    await expireTokens(user);
    const res = await server
      .client()
      .get(`/api/auth/login-link/${tokenOf(linkIn(mail, '/login/callback/'))}`);
    expect(res.status).toBe(404);
  });

  it('expires 15 minutes after it was sent', async () => {
    const user = await createUser(server);
    await server.client().post('/api/auth/login-link', { email: user.email });
    await server.mailbox.waitFor({ to: user.email, subject: 'inloglink' });
    const row = await server.models.OneTimeToken.findOne({ where: { userId: user.id } });
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / MINUTE;
    expect(Math.round(minutes)).toBe(15);
  });
});

describe('delete account', () => {
  it('removes the user with their alerts, notifications, deliveries, sessions and tokens', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const other = server.client();
    await loginAs(server, other, { email: user.email });
    const alert = await createAlert({ userId: user.id, confirmed: true });
    const notification = await createNotification(alert.id, user.id);
    await server.client().post('/api/auth/reset-password', { email: user.email });
    await server.mailbox.waitFor({ to: user.email, subject: 'wachtwoord' });
    // A guest alert of the same address is not the account's, and stays.
    const guestAlert = await createAlert({ email: user.email, confirmed: true });

    const res = await browser.delete('/api/auth/account', { password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: AUTH_TEXTS.accountDeleted });

    const { User, Alert, Notification, Delivery, Session, OneTimeToken } = server.models;
    expect(await User.findByPk(user.id)).toBeNull();
    expect(await Alert.count({ where: { userId: user.id } })).toBe(0);
    expect(await Alert.findByPk(alert.id)).toBeNull();
    expect(await Notification.findByPk(notification.id)).toBeNull();
    expect(await Delivery.count({ where: { notificationId: notification.id } })).toBe(0);
    expect(await Session.count({ where: { userId: user.id } })).toBe(0);
    expect(await OneTimeToken.count({ where: { userId: user.id } })).toBe(0);
    expect(await Alert.findByPk(guestAlert.id)).not.toBeNull();

    expect((await me(browser)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    const login = await server.client().post('/api/auth/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(login.status).toBe(401);
  });

  it.each([
    ['a wrong password', { password: 'not-the-password' }],
    ['no password', {}],
    ['a password of the wrong type', { password: 123 }],
  ])('refuses %s with 400 and deletes nothing', async (_case, body) => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const res = await browser.delete<{ fields: Record<string, string> }>('/api/auth/account', body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(['password']);
    expect(await server.models.User.findByPk(user.id)).not.toBeNull();
  });

  it('needs a login', async () => {
    const res = await server.client().delete('/api/auth/account', { password: TEST_PASSWORD });
    expect(res.status).toBe(401);
  });
});

describe('guest alerts of the account e-mail', () => {
  async function guestAlertsFor(user: User, stranger: User) {
    return {
      confirmed: await createAlert({ email: user.email, confirmed: true }),
      unconfirmed: await createAlert({ email: user.email, confirmed: false }),
      otherEmail: await createAlert({ email: uniqueEmail('ander'), confirmed: true }),
      owned: await createAlert({ email: user.email, userId: stranger.id, confirmed: true }),
    };
  }

  it('migrate-alerts adopts the confirmed guest alerts of the verified e-mail, with their notifications', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const stranger = await createUser(server);
    const alerts = await guestAlertsFor(user, stranger);
    const notification = await createNotification(alerts.confirmed.id, null);

    const res = await browser.post('/api/auth/migrate-alerts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ migrated: 1 });
    await Promise.all(Object.values(alerts).map((alert) => alert.reload()));
    expect(alerts.confirmed.userId).toBe(user.id);
    expect(alerts.unconfirmed.userId).toBeNull();
    expect(alerts.otherEmail.userId).toBeNull();
    expect(alerts.owned.userId).toBe(stranger.id);
    await notification.reload();
    expect(notification.userId).toBe(user.id);
    expect((await me(browser)).body.user._count).toEqual({ alerts: 1, notifications: 1 });

    expect((await browser.post('/api/auth/migrate-alerts')).body).toEqual({ migrated: 0 });
  });

  it('delete-orphaned-alerts deletes those guest alerts instead', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const stranger = await createUser(server);
    const alerts = await guestAlertsFor(user, stranger);

    const res = await browser.post('/api/auth/delete-orphaned-alerts');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 1 });
    const { Alert } = server.models;
    expect(await Alert.findByPk(alerts.confirmed.id)).toBeNull();
    expect(await Alert.findByPk(alerts.unconfirmed.id)).not.toBeNull();
    expect(await Alert.findByPk(alerts.otherEmail.id)).not.toBeNull();
    expect(await Alert.findByPk(alerts.owned.id)).not.toBeNull();
  });

  it.each(['/api/auth/migrate-alerts', '/api/auth/delete-orphaned-alerts'])(
    '%s needs a login',
    async (path) => {
      expect((await server.client().post(path)).status).toBe(401);
    },
  );
});

describe('sessions', () => {
  it('lists the live sessions of the caller only, marking the current one', async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const phone = server.client();
    await loginAs(server, phone, { email: user.email });
    await phone.post('/api/auth/refresh'); // a rotation is still one session
    const stranger = server.client();
    await loginAs(server, stranger);

    const res = await browser.get<SessionsResponse>('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    expect(res.body.sessions.filter((session) => session.current)).toHaveLength(1);
    const strangerSessions = await stranger.get<SessionsResponse>('/api/auth/sessions');
    const strangerIds = strangerSessions.body.sessions.map((session) => session.id);
    expect(res.body.sessions.map((session) => session.id)).not.toContain(strangerIds[0]);
    expect(res.body.sessions[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      userAgent: expect.any(String),
      current: expect.any(Boolean),
    });
  });

  it("ends one of the caller's sessions, but never another user's", async () => {
    const browser = server.client();
    const user = await loginAs(server, browser);
    const phone = server.client();
    await loginAs(server, phone, { email: user.email });
    const stranger = server.client();
    await loginAs(server, stranger);
    const strangerId = (await stranger.get<SessionsResponse>('/api/auth/sessions')).body
      .sessions[0]!.id;

    const foreign = await browser.delete(`/api/auth/sessions/${strangerId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: AUTH_TEXTS.sessionNotFound });
    expect((await me(stranger)).status).toBe(200);

    const list = (await browser.get<SessionsResponse>('/api/auth/sessions')).body.sessions;
    const phoneSession = list.find((session) => !session.current)!;
    const ended = await browser.delete(`/api/auth/sessions/${phoneSession.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ message: AUTH_TEXTS.sessionEnded });
    expect((await me(phone)).status).toBe(401);
    expect((await me(browser)).status).toBe(200);

    expect((await browser.delete('/api/auth/sessions/not-a-session')).status).toBe(404);
  });

  it('needs a login', async () => {
    expect((await server.client().get('/api/auth/sessions')).status).toBe(401);
  });
});

describe('no account enumeration', () => {
  /**
   * Median duration of each side's request, in ms, over a few rounds that take turns between the
   * sides: a burst of load from elsewhere on the machine then falls on every side alike instead of
   * on whichever was being measured at the time.
   */
  async function mediansMs<Side extends string>(
    sides: Record<Side, () => Promise<unknown>>,
    rounds = 7,
  ): Promise<Record<Side, number>> {
    const names = Object.keys(sides) as Side[];
    const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
      Side,
      number[]
    >;
    for (let round = 0; round < rounds; round += 1) {
      for (const name of names) {
        const start = performance.now();
        await sides[name]();
        times[name].push(performance.now() - start);
        // Mail goes out after the answer, and the test's SMTP server shares this process: let it
        // finish so it does not slow down the next measured request.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(rounds / 2)]!;
    return Object.fromEntries(names.map((name) => [name, median(times[name])])) as Record<
      Side,
      number
    >;
  }
  /**
   * Generous, and robust to a busy machine: close in absolute terms or within a factor 3.
   * Skipping the password hash for unknown e-mails (~50 ms vs ~5 ms) fails both. Requests that
   * hash nothing (reset, login link) are a few queries either way, where scheduler noise on a
   * 2-core machine reaches tens of ms, so they get a wider absolute margin.
   */
  function similarTimes(a: number, b: number, marginMs: number): boolean {
    return Math.abs(a - b) < marginMs || Math.max(a, b) / Math.min(a, b) < 3;
  }

  it.each([
    ['login', '/api/auth/login', (email: string) => ({ email, password: 'wrong-password-1' }), 15],
    ['register', '/api/auth/register', (email: string) => ({ email, password: TEST_PASSWORD }), 15],
    ['reset request', '/api/auth/reset-password', (email: string) => ({ email }), 40],
    ['login link request', '/api/auth/login-link', (email: string) => ({ email }), 40],
  ])(
    '%s answers byte-identically, in similar time, for known and unknown e-mails',
    async (_case, path, body, marginMs) => {
      const verified = await createUser(server);
      const unverified = await createUser(server, { verified: false });
      const browser = server.client();
      await browser.get('/api/auth/csrf');
      const answers = await Promise.all(
        [verified.email, unverified.email, uniqueEmail('niemand')].map(async (email) => {
          const res = await browser.post(path, body(email));
          return `${res.status} ${res.text}`;
        }),
      );
      expect(new Set(answers).size).toBe(1);

      // A registered address that is not yet verified too: it resends the owner's link.
      const { known, unknown, pending } = await mediansMs({
        known: () => browser.post(path, body(verified.email)),
        unknown: () => browser.post(path, body(uniqueEmail('niemand'))),
        pending: () => browser.post(path, body(unverified.email)),
      });
      expect(
        similarTimes(known, unknown, marginMs),
        `known ${known} ms, unknown ${unknown} ms`,
      ).toBe(true);
      expect(
        similarTimes(pending, unknown, marginMs),
        `unverified ${pending} ms, unknown ${unknown} ms`,
      ).toBe(true);
    },
  );

  /**
   * Back to back, as someone probing addresses sends them: whatever an existing account's request
   * leaves to do (a token, a mail) must show neither in its own answer nor in the next one. Blocks
   * of known and unknown addresses take turns, so a burst of load from elsewhere on the machine
   * falls on both, and each side's median of 20 is compared as a ratio: on a quiet machine the
   * mail sent after the answer made known addresses ~2.3 times slower (9.0 vs 3.9 ms), while on a
   * machine loaded ten times over its cores the medians of equal answers still drift up to ~17 %
   * apart.
   */
  it.each([
    ['reset request', '/api/auth/reset-password'],
    ['login link request', '/api/auth/login-link'],
  ])(
    '%s back to back takes as long for a known address as for an unknown one',
    async (_case, path) => {
      const known = await createUser(server);
      const browser = server.client();
      await browser.get('/api/auth/csrf');
      const times = { known: [] as number[], unknown: [] as number[] };
      async function block(side: 'known' | 'unknown', count: number) {
        for (let request = 0; request < count; request += 1) {
          const email = side === 'known' ? known.email : uniqueEmail('niemand');
          const start = performance.now();
          const res = await browser.post(path, { email });
          times[side].push(performance.now() - start);
          expect(res.status).toBe(200);
        }
      }
      await block('unknown', 3); // warm-up, not counted
      times.unknown = [];
      for (let round = 0; round < 4; round += 1) {
        await block('known', 5);
        await block('unknown', 5);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length / 2]!;
      const [knownMs, unknownMs] = [median(times.known), median(times.unknown)];
      expect(
        Math.max(knownMs, unknownMs) / Math.min(knownMs, unknownMs),
        `median known ${knownMs.toFixed(1)} ms, unknown ${unknownMs.toFixed(1)} ms`,
      ).toBeLessThan(1.3);
    },
  );

  it('no mail goes to an unknown address on a reset or login-link request', async () => {
    const email = uniqueEmail('niemand');
    await server.client().post('/api/auth/reset-password', { email });
    await server.client().post('/api/auth/login-link', { email });
    const known = await createUser(server);
    await server.client().post('/api/auth/reset-password', { email: known.email });
    await server.mailbox.waitFor({ to: known.email });
    expect(server.mailbox.messages.filter((mail) => mail.to.includes(email))).toEqual([]);
  });
});
