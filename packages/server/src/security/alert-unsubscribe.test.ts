import { describe, expect, it } from 'vitest';
import {
  alertUnsubscribeUrl,
  createAlertUnsubscribeToken,
  MAX_UNSUBSCRIBE_ALERTS,
  readAlertUnsubscribeToken,
} from './alert-unsubscribe';

const SECRET = 'a-session-secret-that-is-long-enough-for-tests-0123';
const A = '3f0c7a52-6a4e-4e8e-9a51-1f3a0c2b9d11';
const B = 'b7d1e2c4-0000-4abc-8def-123456789abc';

describe('alert unsubscribe tokens', () => {
  it.each([
    ['one alert', [A]],
    ['two alerts', [A, B]],
    ['upper-case ids', [A.toUpperCase()]],
  ])('%s: the token names exactly its alerts', (_case, ids) => {
    const token = createAlertUnsubscribeToken(SECRET, ids);
    expect(readAlertUnsubscribeToken(SECRET, token)).toEqual(ids.map((id) => id.toLowerCase()));
  });

  it('names the same alerts in any order with the same signature', () => {
    const [, forward] = createAlertUnsubscribeToken(SECRET, [A, B]).split('.');
    const [, backward] = createAlertUnsubscribeToken(SECRET, [B, A]).split('.');
    expect(forward).toBe(backward);
  });

  const token = createAlertUnsubscribeToken(SECRET, [A, B]);
  const [packed = '', signature = ''] = token.split('.');
  const onlyFirst = packed.slice(0, 22);
  it.each([
    ['another secret', 'another-session-secret-that-is-long-enough-9876543', token],
    ['an alert dropped from the list', SECRET, `${onlyFirst}.${signature}`],
    ['an alert added to the list', SECRET, `${packed}${onlyFirst}.${signature}`],
    ['a changed signature', SECRET, `${packed}.${signature.slice(0, -1)}A`],
    ['no signature', SECRET, packed],
    ['an extra part', SECRET, `${token}.x`],
    ['a torn id', SECRET, `${packed.slice(1)}.${signature}`],
    ['not a string', SECRET, 42],
    ['an empty string', SECRET, ''],
  ])('refuses %s', (_case, secret, candidate) => {
    expect(readAlertUnsubscribeToken(secret, candidate)).toBeNull();
  });

  it.each([
    ['no alerts', []],
    ['a non-uuid', ['alert-1']],
    [
      'too many alerts',
      Array.from(
        { length: MAX_UNSUBSCRIBE_ALERTS + 1 },
        (_, n) => `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
      ),
    ],
  ])('cannot be made for %s', (_case, ids) => {
    expect(() => createAlertUnsubscribeToken(SECRET, ids)).toThrow();
  });

  it('go into an /api/alerts/unsubscribe link under PUBLIC_URL', () => {
    const url = new URL(
      alertUnsubscribeUrl({ publicUrl: 'https://prijsalarm.example', sessionSecret: SECRET }, [A]),
    );
    expect(url.origin + url.pathname).toBe('https://prijsalarm.example/api/alerts/unsubscribe');
    expect(readAlertUnsubscribeToken(SECRET, url.searchParams.get('token'))).toEqual([A]);
  });
});
