import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenService, hashToken, randomToken, safeEqual, TOKEN_PURPOSES } from './tokens';

const SECRET = 'a-session-secret-of-at-least-32-characters!';
const tokens = createTokenService(SECRET);

describe('derived tokens (manage and refresh links)', () => {
  it('are base64url(HMAC-SHA256(secret, purpose:nonce)) with their sha256 hex as hash', () => {
    const issued = tokens.issueToken(TOKEN_PURPOSES.alertManage);
    const expected = createHmac('sha256', SECRET)
      .update(`alert_manage:${issued.nonce}`)
      .digest('base64url');
    expect(issued.token).toBe(expected);
    expect(issued.hash).toBe(createHash('sha256').update(expected).digest('hex'));
  });

  it('come from a 128-bit random nonce and carry 256 bits', () => {
    const issued = tokens.issueToken(TOKEN_PURPOSES.alertRefresh);
    expect(Buffer.from(issued.nonce, 'base64url')).toHaveLength(16);
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('can be derived again from the stored nonce (to show the owner the link)', () => {
    const issued = tokens.issueToken(TOKEN_PURPOSES.alertManage);
    expect(tokens.tokenFor(TOKEN_PURPOSES.alertManage, issued.nonce)).toBe(issued.token);
  });

  it.each([
    ['another purpose', () => tokens.tokenFor(TOKEN_PURPOSES.alertRefresh, 'n'), 'alert_manage'],
    [
      'another secret',
      () => createTokenService(`${SECRET}-rotated`).tokenFor(TOKEN_PURPOSES.alertManage, 'n'),
      'alert_manage',
    ],
  ])('differ for %s', (_case, derive) => {
    expect(derive()).not.toBe(tokens.tokenFor(TOKEN_PURPOSES.alertManage, 'n'));
  });

  it('differ on every issue (a new nonce revokes the old link)', () => {
    const issued = new Set(
      Array.from({ length: 100 }, () => tokens.issueToken(TOKEN_PURPOSES.alertManage).token),
    );
    expect(issued.size).toBe(100);
  });

  it('refuse a secret shorter than 32 characters', () => {
    expect(() => createTokenService('short')).toThrow(/32/);
  });
});

describe('random one-time tokens', () => {
  it('carry 256 random bits as 43 base64url characters and differ every time', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(token);
  });

  it('are looked up by their sha256 hex', () => {
    const token = randomToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(`${token}`));
    expect(hashToken(token)).not.toBe(hashToken(randomToken()));
  });
});

describe('safeEqual', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['', '', true],
    ['é', 'e', false],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(safeEqual(a, b)).toBe(expected);
  });
});
