import { describe, expect, it } from 'vitest';
import { createDeviceCookieSigner } from './device-cookie';

const SECRET = 'a-secret-that-is-long-enough-for-tests-0123456789';
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const USER = { id: '0b8c3f5e-8a55-4d0f-a4c8-2f1d7d6b9e01', passwordHash: HASH };
const OTHER_USER = { id: '0b8c3f5e-8a55-4d0f-a4c8-2f1d7d6b9e02', passwordHash: HASH };
const NEW_PASSWORD = { ...USER, passwordHash: `${HASH.slice(0, -1)}B` };
const NO_PASSWORD = { ...USER, passwordHash: null };

describe('device cookies', () => {
  const signer = createDeviceCookieSigner(SECRET);

  it('name a device of the account they were issued for, a new one each time', () => {
    const value = signer.issue(USER);
    const device = signer.deviceOf(value, USER);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(value.startsWith(`${device}.`)).toBe(true);
    const again = signer.issue(USER);
    expect(signer.deviceOf(again, USER)).not.toBe(device);
  });

  const value = signer.issue(USER);
  const [device, mac] = value.split('.');
  it.each([
    ['another account', value, OTHER_USER],
    ['the account after a new password', value, NEW_PASSWORD],
    ['the account after its password was removed', value, NO_PASSWORD],
    ['another device id', `${'A'.repeat(22)}.${mac}`, USER],
    [
      'a changed signature',
      `${device}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      USER,
    ],
    ['a missing signature', `${device}`, USER],
    ['an extra part', `${value}.x`, USER],
    ['another secret', createDeviceCookieSigner(`${SECRET}x`).issue(USER), USER],
    ['garbage', 'hello', USER],
  ])('do not count for %s', (_case, forged, account) => {
    expect(signer.deviceOf(forged, account)).toBeNull();
  });
});
