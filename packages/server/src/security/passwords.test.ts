import * as argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('are hashed with Argon2id at the OWASP parameters, salted', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
  });

  it.each([
    ['the same password', 'correct horse battery staple', true],
    ['another password', 'correct horse battery stapler', false],
    ['another case', 'Correct horse battery staple', false],
    ['an empty password', '', false],
  ])('verify with %s', async (_case, attempt, expected) => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(hash, attempt)).toBe(expected);
  });

  it.each([['not a hash'], [''], ['$argon2id$v=19$m=19456,t=2,p=1$broken']])(
    'verify against a malformed hash %j is false, not an error',
    async (hash) => {
      expect(await verifyPassword(hash, 'whatever')).toBe(false);
    },
  );

  it('needs a rehash only when made with weaker parameters', async () => {
    expect(needsRehash(await hashPassword('pw-0123456789'))).toBe(false);
    const weak = await argon2.hash('pw-0123456789', { type: argon2.argon2id, timeCost: 1 });
    expect(needsRehash(weak)).toBe(true);
  });

  it('handles many hashes at once (at most two run in parallel)', async () => {
    const hashes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => hashPassword(`password-${i}-abcdef`)),
    );
    const checks = await Promise.all(
      hashes.map((hash, i) => verifyPassword(hash, `password-${i}-abcdef`)),
    );
    expect(checks).toEqual([true, true, true, true, true, true]);
  });
});
