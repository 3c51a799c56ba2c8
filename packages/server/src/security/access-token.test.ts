import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_LIFETIME_SECONDS, createAccessTokenSigner } from './access-token';

const SECRET = 'a-secret-that-is-long-enough-for-tests-0123456789';
const SESSION_ID = '0b8c3f5e-8a55-4d0f-a4c8-2f1d7d6b9e01';

describe('access tokens', () => {
  const signer = createAccessTokenSigner(SECRET);

  it('names the session and expires 15 minutes after signing', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    const claims = signer.read(signer.sign(SESSION_ID, now));
    expect(claims).toEqual({
      sessionId: SESSION_ID,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000),
    });
    expect(ACCESS_TOKEN_LIFETIME_SECONDS).toBe(15 * 60);
  });

  const token = signer.sign(SESSION_ID);
  const [id, expires, mac] = token.split('.');
  it.each([
    ['another session id', `0b8c3f5e-8a55-4d0f-a4c8-2f1d7d6b9e02.${expires}.${mac}`],
    ['a later expiry', `${id}.${Number(expires) + 3600}.${mac}`],
    [
      'a changed signature',
      `${id}.${expires}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
    ],
    ['a missing part', `${id}.${expires}`],
    ['an extra part', `${token}.x`],
    ['not a session id', `../../etc.${expires}.${mac}`],
    ['another secret', createAccessTokenSigner(`${SECRET}x`).sign(SESSION_ID)],
    ['garbage', 'hello'],
  ])('refuses %s', (_case, forged) => {
    expect(signer.read(forged)).toBeNull();
  });
});
