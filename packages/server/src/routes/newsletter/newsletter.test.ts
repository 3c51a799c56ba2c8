import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_TEXTS, type NewsletterUnsubscribeResponse } from '@prijsalarm/core';
import { createUser } from '../../../test/auth-helpers';
import { bareRequest } from '../../../test/requests';
import { startTestServer, type TestServer } from '../../../test/support';
import type { User } from '../../models';
import { createUnsubscribeToken, listUnsubscribeHeaders } from '../../security/unsubscribe';

let server: TestServer;
let user: User;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server, { email: 'lezer@example.nl', newsletterOptIn: true });
  token = createUnsubscribeToken(server.config.sessionSecret, user);
});
afterAll(() => server.stop());
beforeEach(async () => {
  await user.update({ newsletterOptIn: true });
});

async function optedIn(): Promise<boolean> {
  await user.reload();
  return user.newsletterOptIn;
}

const UNSUBSCRIBED: NewsletterUnsubscribeResponse = {
  message: NEWSLETTER_TEXTS.unsubscribed,
  email: 'lezer@example.nl',
};

/** An RFC 8058 one-click POST as a mail provider sends it: no cookies, no CSRF token. */
function oneClick(url: string) {
  return bareRequest(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

const api = (path: string) => `${server.baseUrl}/api/newsletter/unsubscribe${path}`;

describe('unsubscribing from the newsletter', () => {
  it('GET (the /uitschrijven page’s call) unsubscribes and names the address', async () => {
    const res = await server.client().get('/api/newsletter/unsubscribe', { query: { token } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(UNSUBSCRIBED);
    expect(await optedIn()).toBe(false);
  });

  it('is idempotent: a second call answers the same', async () => {
    await server.client().get('/api/newsletter/unsubscribe', { query: { token } });
    const again = await server.client().get('/api/newsletter/unsubscribe', { query: { token } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(UNSUBSCRIBED);
    expect(await optedIn()).toBe(false);
  });

  it('one-click POST to the API works without cookies or a CSRF token', async () => {
    const res = await oneClick(api(`?token=${token}`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(UNSUBSCRIBED);
    expect(await optedIn()).toBe(false);
  });

  it('one-click POST to the List-Unsubscribe URL itself works, without a redirect', async () => {
    const header = listUnsubscribeHeaders(server.config, user)['List-Unsubscribe'];
    const url = /<(https?:[^>]+)>/.exec(header)?.[1];
    expect(url).toBe(`${server.baseUrl}/uitschrijven?token=${token}`);
    const res = await oneClick(url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.body).toEqual(UNSUBSCRIBED);
    expect(await optedIn()).toBe(false);
  });

  it('one-click POST also works with a multipart body (RFC 8058 allows both)', async () => {
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const response = await fetch(api(`?token=${token}`), { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(await optedIn()).toBe(false);
  });
});

describe('a bad unsubscribe link', () => {
  const tampered: Array<[string, () => string]> = [
    ['no token', () => ''],
    ['a garbage token', () => '?token=hallo'],
    [
      'a signature with one character changed',
      () => {
        const [id, mac = ''] = token.split('.');
        return `?token=${id}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
      },
    ],
    [
      'another user’s id with this signature',
      () => {
        const [, mac] = token.split('.');
        return `?token=00000000-0000-4000-8000-000000000000.${mac}`;
      },
    ],
    [
      'a token signed with another secret',
      () =>
        `?token=${createUnsubscribeToken('another-secret-that-is-long-enough-0123456789', user)}`,
    ],
    ['two tokens', () => `?token=${token}&token=${token}`],
  ];

  it.each(tampered)('is refused with a Dutch 400 on GET: %s', async (_case, query) => {
    const res = await bareRequest(api(query()), { method: 'GET' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NEWSLETTER_TEXTS.invalidLink });
    expect(await optedIn()).toBe(true);
  });

  it.each(tampered)('is refused with a Dutch 400 on one-click POST: %s', async (_case, query) => {
    const res = await oneClick(api(query()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NEWSLETTER_TEXTS.invalidLink });
    expect(await optedIn()).toBe(true);
  });

  it('stops working once the user changes their e-mail address', async () => {
    const other = await createUser(server, { email: 'oud@example.nl', newsletterOptIn: true });
    const oldToken = createUnsubscribeToken(server.config.sessionSecret, other);
    await other.update({ email: 'nieuw@example.nl' });
    const res = await oneClick(api(`?token=${oldToken}`));
    expect(res.status).toBe(400);
    await other.reload();
    expect(other.newsletterOptIn).toBe(true);
  });

  it('is refused for a deleted account', async () => {
    const gone = await createUser(server, { newsletterOptIn: true });
    const goneToken = createUnsubscribeToken(server.config.sessionSecret, gone);
    await gone.destroy();
    const res = await oneClick(api(`?token=${goneToken}`));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NEWSLETTER_TEXTS.invalidLink });
  });
});
